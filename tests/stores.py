"""Real triplestores started for the tests on 127.0.0.1 and stopped after:
the Oxigraph server (PyPI ``oxigraph``) and Virtuoso Open Source 7 (Debian
``virtuoso-opensource-7-bin``). .ci/run installs both."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from kg.publish.abuse import free_port




def wait_for(url: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            process.log.seek(0)
            raise RuntimeError(f"the server stopped: {process.log.read().decode(errors='replace')[-2000:]}")
        try:
            if requests.get(url, timeout=2).status_code < 500:
                return
        except requests.RequestException:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer in {seconds} s")


def _launch(command: list[str], url: str, query_path: str, seconds: float,
            cwd: Path | None = None) -> tuple[subprocess.Popen, str]:
    """Start a store and wait until its SPARQL endpoint answers; a store that
    does not is killed before the error goes up. Its output goes to a file,
    not a pipe nobody reads: a pipe that fills (Virtuoso logs every
    checkpoint and recovery) would stop the store mid-test."""
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
    process.log = log
    try:
        wait_for(url + query_path + "?query=ASK%7B%7D", process, seconds=seconds)
    except BaseException:
        process.kill()
        process.wait(timeout=60)
        raise
    finally:
        log.close()  # read only if it fails to start; the store keeps writing to its own copy
    return process, url


@contextmanager
def _running(started: tuple[subprocess.Popen, str], seconds: float = 20):
    """Yield the URL of a started store; stop the store afterwards."""
    process, url = started
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=seconds)


def start_oxigraph(directory: Path) -> tuple[subprocess.Popen, str]:
    """``oxigraph serve`` with a store in ``directory``, answering; returns the
    process (for a test to kill) and its base URL."""
    binary = shutil.which("oxigraph")
    if binary is None:
        pytest.skip("the oxigraph server is not installed (pip install oxigraph)")
    port = free_port()
    return _launch([binary, "serve", "--location", str(directory), "--bind", f"127.0.0.1:{port}",
                    "--union-default-graph"], f"http://127.0.0.1:{port}", "/query", seconds=300)


@contextmanager
def oxigraph_server(directory: Path):
    """``oxigraph serve`` with a store in ``directory``; yields its base URL."""
    with _running(start_oxigraph(directory)) as url:
        yield url


VIRTUOSO_INI = """[Database]
DatabaseFile = {dir}/virtuoso.db
ErrorLogFile = {dir}/virtuoso.log
LockFile = {dir}/virtuoso.lck
TransactionFile = {dir}/virtuoso.trx
xa_persistent_file = {dir}/virtuoso.pxa
TempStorage = TempDatabase

[TempDatabase]
DatabaseFile = {dir}/virtuoso-temp.db
TransactionFile = {dir}/virtuoso-temp.trx

[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DirsAllowed = ., {dir}
NumberOfBuffers = 20000
MaxDirtyBuffers = 15000

[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {dir}
ServerThreads = 4
MaxClientConnections = 4

[SPARQL]
ResultSetMaxRows = 1000000
MaxQueryExecutionTime = 120
"""


def start_virtuoso(directory: Path) -> tuple[subprocess.Popen, str]:
    """Virtuoso 7 on the database in ``directory`` (a fresh one, whose ``dba``
    password is ``dba``, if there is none), answering; returns the process and
    the HTTP base URL."""
    binary = shutil.which("virtuoso-t")
    if binary is None:
        pytest.skip("Virtuoso is not installed (apt-get install virtuoso-opensource-7-bin)")
    directory.mkdir(parents=True, exist_ok=True)
    http_port, sql_port = free_port(), free_port()
    ini = directory / "virtuoso.ini"
    ini.write_text(VIRTUOSO_INI.format(dir=directory, sql_port=sql_port, http_port=http_port))
    return _launch([binary, "-c", str(ini), "+foreground"], f"http://127.0.0.1:{http_port}", "/sparql",
                   seconds=300, cwd=directory)


@contextmanager
def virtuoso_server(directory: Path):
    """A fresh Virtuoso 7 database in ``directory`` (its ``dba`` password is
    ``dba``); yields the HTTP base URL."""
    with _running(start_virtuoso(directory), seconds=60) as url:
        yield url
