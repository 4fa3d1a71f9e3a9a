"""Run a function in a forked child process while the caller goes on.

``kg build`` validates (Python that holds the GIL) while it writes the
dumps: in a thread the two took turns; a forked child runs on the other
core. With fork the child shares the built graph with its parent (copy on
write): nothing is pickled on the way in, only the result on the way out.
Where fork is not available the function runs in the caller, when its
result is asked for."""
from __future__ import annotations

import multiprocessing
from typing import Any, Callable


class ChildFailed(RuntimeError):
    """The child raised, or died without a result."""


def _run(send, function, args) -> None:
    try:
        result = ("ok", function(*args))
    except BaseException as exc:  # noqa: BLE001 — every failure goes back to the parent
        result = ("error", f"{type(exc).__name__}: {exc}", exc if _picklable(exc) else None)
    send.send(result)
    send.close()


def _picklable(exc: BaseException) -> bool:
    import pickle

    try:
        pickle.dumps(exc)
        return True
    except Exception:  # noqa: BLE001
        return False


class Forked:
    """``function(*args)`` started in a child now; :meth:`result` waits for it."""

    def __init__(self, function: Callable[..., Any], *args: Any):
        self.function, self.args = function, args
        self.child = None
        if "fork" in multiprocessing.get_all_start_methods():
            context = multiprocessing.get_context("fork")
            self.receive, send = context.Pipe(duplex=False)
            self.child = context.Process(target=_run, args=(send, function, args), daemon=True)
            self.child.start()
            send.close()  # the child's end: recv() sees EOF if the child dies

    def result(self) -> Any:
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
        if outcome[0] == "error":
            if outcome[2] is not None:
                raise outcome[2]
            raise ChildFailed(outcome[1])
        return outcome[1]

    def cancel(self) -> None:
        """Stop the child if it still runs (the caller failed meanwhile)."""
        if self.child is not None and self.child.is_alive():
            self.child.terminate()
            self.child.join()
