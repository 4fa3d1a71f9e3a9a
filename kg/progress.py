"""Progress of long commands, phase by phase: on a terminal a tqdm bar per
phase on stderr (items where a phase counts them, elapsed time where it
cannot); when stderr is not a terminal, one line per finished phase on
stdout, beside the command's summary, so that a log says where the time
went — and stderr keeps the one-line error of a failed command alone."""
from __future__ import annotations

import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterable, Iterator, TextIO


class Phases:
    """Report the phases of one command (``kg build: read 56 files 1.1 s``)."""

    def __init__(self, command: str, stream: TextIO | None = None, enabled: bool = True):
        self.command = command
        self.tty = enabled and sys.stderr.isatty() and stream is None
        self.stream = sys.stderr if self.tty else (stream or sys.stdout)
        self.enabled = enabled
        self.seconds: dict[str, float] = {}
        self._lock = threading.Lock()  # a phase may run in a thread beside another

    @contextmanager
    def phase(self, name: str, total: int | None = None, unit: str = "") -> Iterator["_Phase"]:
        bar = None
        if self.tty:
            from tqdm import tqdm

            bar = tqdm(total=total, desc=f"{self.command}: {name}", unit=unit or "it", file=self.stream,
                       leave=True, bar_format=None if total else "{desc}: {elapsed}")
        started = time.perf_counter()
        step = _Phase(bar)
        try:
            yield step
        finally:
            if bar is not None:
                bar.close()
        seconds = time.perf_counter() - started
        self.seconds[name] = seconds
        if bar is None and self.enabled:
            done = f" {step.count} {unit}" if unit and step.count else ""
            with self._lock:
                print(f"{self.command}: {name}{done} {seconds:.1f} s", file=self.stream, flush=True)

    def over(self, name: str, items: Iterable, unit: str = "") -> Iterator:
        """Iterate ``items`` as one phase, a step per item."""
        items = list(items)
        with self.phase(name, len(items), unit) as step:
            for item in items:
                yield item
                step.advance()


class _Phase:
    def __init__(self, bar):
        self.bar = bar
        self.count = 0

    def advance(self, n: int = 1) -> None:
        self.count += n
        if self.bar is not None:
            self.bar.update(n)


QUIET = Phases("kg", enabled=False)
