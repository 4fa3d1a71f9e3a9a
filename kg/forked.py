"""Run a function in a child process while the caller goes on.

``kg build`` aligns and extracts half the documents in a forked child, and
validates (Python that holds the GIL) while it writes the dumps: in a
thread the two took turns; in a child they run on two cores.

- ``start="fork"``: the child shares the parent's memory copy-on-write,
  so nothing is pickled on the way in, only the result on the way out.
  Where fork is not available the function runs in the caller, when its
  result is asked for.
- ``start="spawn"``: a fresh interpreter (``python -m kg.forked``) is
  given the pickled function and arguments. It is slower to start, but it
  holds only what it makes, where a forked child counts every page of its
  parent in its resident memory from the start (kg build's validator, on
  the whole work: 1.9 GB forked, against the parent's 1.1 GB). It is not
  multiprocessing's spawn, which imports the caller's ``__main__`` again
  (a script without a main guard would build twice).
"""
from __future__ import annotations

import multiprocessing
import os
import pickle
import subprocess
import sys
from typing import Any, Callable


class ChildFailed(RuntimeError):
    """The child raised, or died without a result."""


def _outcome(function, args) -> tuple:
    try:
        return ("ok", function(*args))
    except BaseException as exc:  # noqa: BLE001 — every failure goes back to the parent
        return ("error", f"{type(exc).__name__}: {exc}", exc if _picklable(exc) else None)


def _run(send, function, args) -> None:
    send.send(_outcome(function, args))
    send.close()


def _picklable(exc: BaseException) -> bool:
    try:
        pickle.dumps(exc)
        return True
    except Exception:  # noqa: BLE001
        return False


class Forked:
    """``function(*args)`` started in a child now; :meth:`result` waits for it."""

    def __init__(self, function: Callable[..., Any], *args: Any, start: str = "fork", pass_fds: tuple[int, ...] = ()):
        """``pass_fds`` (spawn): file descriptors the child keeps, under the
        same numbers (the read end of a pipe the caller signals on)."""
        self.function, self.args = function, args
        self.child = self.process = None
        if start == "spawn":
            # The child finds kg where the parent did, installed or not.
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
            self.process = subprocess.Popen([sys.executable, "-m", "kg.forked"], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, env=env, pass_fds=pass_fds)
            self.process.stdin.write(pickle.dumps((function, args)))
            self.process.stdin.close()
        elif start in multiprocessing.get_all_start_methods():
            context = multiprocessing.get_context(start)
            self.receive, send = context.Pipe(duplex=False)
            self.child = context.Process(target=_run, args=(send, function, args), daemon=True)
            self.child.start()
            send.close()  # the child's end: recv() sees EOF if the child dies

    def result(self) -> Any:
        if self.process is not None:
            data = self.process.stdout.read()
            code = self.process.wait()
            if not data:
                raise ChildFailed(f"the child process ended without a result (exit code {code})")
            return self._unpack(pickle.loads(data))
        if self.child is None:
            return self.function(*self.args)
        try:
            outcome = self.receive.recv()
        except EOFError:
            self.child.join()
            raise ChildFailed(f"the child process ended without a result (exit code {self.child.exitcode})") from None
        finally:
            self.receive.close()
        self.child.join()
        return self._unpack(outcome)

    @staticmethod
    def _unpack(outcome: tuple) -> Any:
        if outcome[0] == "error":
            if outcome[2] is not None:
                raise outcome[2]
            raise ChildFailed(outcome[1])
        return outcome[1]

    def cancel(self) -> None:
        """Stop the child if it still runs (the caller failed meanwhile)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.child is not None and self.child.is_alive():
            self.child.terminate()
            self.child.join()


def _main() -> None:
    """The spawned child: the pickled call on stdin, its pickled outcome on
    stdout. Anything the call itself prints goes to stderr, so that stdout
    carries the outcome alone."""
    function, args = pickle.load(sys.stdin.buffer)
    result = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    outcome = _outcome(function, args)
    try:
        data = pickle.dumps(outcome)
    except Exception as exc:  # noqa: BLE001 — a result that cannot travel is a failure to report
        data = pickle.dumps(("error", f"{type(exc).__name__}: the result cannot be sent back: {exc}", None))
    result.write(data)
    result.close()
    # The caller reads the outcome until the process ends: ending here, without
    # freeing what the call left for it (keep), is 0.3 s sooner for kg build's
    # validator of the whole work, whose index is millions of objects.
    sys.stderr.flush()
    os._exit(0)


_KEPT: list = []  # what a spawned child leaves to its end (keep)
_SPAWNED = False


def keep(thing: Any) -> None:
    """Leave ``thing`` for the end of a spawned child, which ends without
    freeing it; anywhere else, nothing is kept."""
    if _SPAWNED:
        _KEPT.append(thing)


if __name__ == "__main__":
    from kg import forked  # this file runs as __main__: the module the call's code imports is another copy

    forked._SPAWNED = True
    forked._main()
