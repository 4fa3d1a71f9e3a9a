"""Who may use a query worker, and for how long one may wait for it.

With a few workers and queries that may each run up to the timeout, an
unbounded queue lets a handful of slow queries make every other client wait
for minutes (16 cartesian queries made a trivial ASK wait 116 s). So:

* the queue is bounded: when it is full a query is refused at once (503 with
  Retry-After) instead of waiting behind work that cannot finish in time;
* a query waits for a worker at most ``max_wait`` seconds (and never past its
  deadline, which counts from its arrival), so an answer — the result, or a
  503 — comes quickly even under load;
* one client (a remote address) has at most ``per_client`` queries in flight,
  so one client cannot take every worker and the whole queue.
"""
from __future__ import annotations

import threading
import time
from collections import Counter
from contextlib import contextmanager


class Busy(Exception):
    """No worker for this query now: answered with 503 and Retry-After."""

    def __init__(self, message: str, retry_after: int = 1):
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


class Admission:
    def __init__(self, slots: int, queue: int, per_client: int, max_wait: float):
        self.slots, self.queue, self.per_client, self.max_wait = slots, queue, per_client, max_wait
        self.running = 0
        self.waiting = 0
        self.by_client: Counter[str] = Counter()
        self.changed = threading.Condition()

    @contextmanager
    def slot(self, client: str, deadline: float):
        """Hold one worker slot for the body of the ``with``, or raise Busy."""
        with self.changed:
            if self.by_client[client] >= self.per_client:
                raise Busy(f"{self.per_client} of your queries are already running or waiting here: "
                           "wait for their answers before sending more")
            if self.running >= self.slots and self.waiting >= self.queue:
                raise Busy(f"the server is busy ({self.running} queries running, {self.waiting} waiting)")
            self.by_client[client] += 1
            self.waiting += 1
            got = False
            try:
                wait = max(0.0, min(self.max_wait, deadline - time.monotonic()))
                got = self.changed.wait_for(lambda: self.running < self.slots, timeout=wait)
                if got:
                    self.running += 1
            finally:
                self.waiting -= 1
                if not got:
                    self._leave(client)
            if not got:
                raise Busy(f"the server is busy: no worker came free within {wait:.1f} s")
        try:
            yield
        finally:
            with self.changed:
                self.running -= 1
                self._leave(client)
                self.changed.notify()

    def _leave(self, client: str) -> None:
        self.by_client[client] -= 1
        if self.by_client[client] <= 0:
            del self.by_client[client]  # the counter holds only clients with queries in flight
