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


def test_a_spawned_validator_waits_for_the_word_that_its_input_is_written(tmp_path):
    """kg build starts its validator before the graph exists: the child
    reads the shapes, then waits on a pipe; one byte says the file is
    complete, the pipe's end without it that the build stopped."""
    from kg.validate import validate_file

    data = tmp_path / "union.nt"
    wait, go = os.pipe()
    child = Forked(validate_file, data, None, "core", wait, start="spawn", pass_fds=(wait,))
    os.close(wait)
    time.sleep(0.5)
    assert child.process.poll() is None  # waiting, though the file is not there yet
    data.write_bytes(b"<http://example.org/a> <http://example.org/p> \"x\" .\n")
    os.write(go, b"1")
    os.close(go)
    report, cached = child.result()
    assert report.conforms and not cached

    wait, go = os.pipe()
    child = Forked(validate_file, tmp_path / "never-written.nt", None, "core", wait, start="spawn", pass_fds=(wait,))
    os.close(wait)
    os.close(go)  # the build failed before it wrote the graph
    with pytest.raises(RuntimeError, match="the build stopped before the graph to validate was written"):
        child.result()
