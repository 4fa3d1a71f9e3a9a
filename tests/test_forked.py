"""kg.forked: a function run in a forked child, as kg build validates
beside its dumps."""
from __future__ import annotations

import os
import time

import pytest

from kg.forked import ChildFailed, Forked


def pid_and_sum(numbers):
    return os.getpid(), sum(numbers)


def fails():
    raise ValueError("the shapes are wrong")


def dies():
    os._exit(3)


def sleeps():
    time.sleep(60)


def test_the_result_comes_from_another_process_with_the_parents_data():
    data = list(range(100_000))  # shared with the child by fork, never pickled on the way in
    pid, total = Forked(pid_and_sum, data).result()
    assert pid != os.getpid() and total == sum(data)


def test_the_childs_exception_is_raised_in_the_parent():
    with pytest.raises(ValueError, match="the shapes are wrong"):
        Forked(fails).result()


def test_a_child_that_dies_without_a_result_is_an_error_not_a_hang():
    with pytest.raises(ChildFailed, match="exit code 3"):
        Forked(dies).result()


def test_cancel_stops_a_running_child():
    job = Forked(sleeps)
    job.cancel()
    assert job.child.exitcode is not None and not job.child.is_alive()


def test_a_spawned_child_runs_apart_and_sends_back_its_result_or_error():
    pid, total = Forked(pid_and_sum, [1, 2, 3], start="spawn").result()
    assert pid != os.getpid() and total == 6
    with pytest.raises(ValueError, match="the shapes are wrong"):
        Forked(fails, start="spawn").result()
    with pytest.raises(ChildFailed, match="exit code 3"):
        Forked(dies, start="spawn").result()
    job = Forked(sleeps, start="spawn")
    job.cancel()
    assert job.process.returncode is not None


def test_what_a_spawned_child_prints_does_not_spoil_its_result():
    assert Forked(print, "noise on stdout", start="spawn").result() is None


def test_a_spawned_validator_follows_the_statements_as_they_are_written(tmp_path):
    """kg build starts its validator before the graph exists: the child
    reads the shapes, then indexes each piece of N-Triples the build's
    StatementStream announces on a pipe, until the word that the last is
    written; the pipe's end without it says the build stopped."""
    from pyoxigraph import Literal, NamedNode, Triple

    from kg.rdf.stream import StatementStream
    from kg.validate import validate_file

    data = tmp_path / "union.nt"
    wait, signal = os.pipe()
    child = Forked(validate_file, data, None, "core", wait, start="spawn", pass_fds=(wait,))
    os.close(wait)
    stream = StatementStream(data, signal)
    time.sleep(0.5)
    assert child.process.poll() is None  # waiting for the first piece
    stream([Triple(NamedNode("http://example.org/a"), NamedNode("http://example.org/p"), Literal("x"))])
    time.sleep(0.2)
    assert child.process.poll() is None  # and for the next
    # a chapter with no number, title or work: the second piece is read too
    stream([Triple(NamedNode("http://example.org/c"), NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
                   NamedNode("http://localhost:8000/ontology#Chapter"))])
    assert stream.finish() == 2
    report, cached = child.result()
    assert not report.conforms and not cached
    assert {v.focus for v in report.violations} == {"http://example.org/c"}

    wait, signal = os.pipe()
    child = Forked(validate_file, tmp_path / "cut.nt", None, "core", wait, start="spawn", pass_fds=(wait,))
    os.close(wait)
    stream = StatementStream(tmp_path / "cut.nt", signal)
    stream([Triple(NamedNode("http://example.org/a"), NamedNode("http://example.org/p"), Literal("x"))])
    stream.close()  # the build failed before the last piece
    with pytest.raises(RuntimeError, match="the build stopped before the graph to validate was written"):
        child.result()
