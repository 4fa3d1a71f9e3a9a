"""``dist/`` published as one unit.

A build writes its files into a folder of its own, ``dist/builds/<id>/``,
named ``.<id>.partial`` until every file is complete. One symlink,
``dist/current``, names the published build and is switched by a single
``rename`` — atomic on POSIX — so a reader sees the whole old build or the
whole new one, never a mix, whatever moment the build is killed at. The
files users know (``dist/yili.nq``, ``dist/void.ttl`` …) are fixed links
through ``current``; a reader that needs several files of one build resolves
``current`` once (:func:`current_build`) and reads them all from there.

Leftovers of a killed build (a ``.partial`` folder whose process is gone, a
half-made link) are removed by the next build; the build that was just
replaced is kept, so a server still reading it is not cut off, and older
ones are removed.
"""
from __future__ import annotations

import os
import secrets
import shutil
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from kg.atomic import sync_file

BUILDS = "builds"
CURRENT = "current"
PARTIAL = ".partial"


def current_build(dist: Path) -> Path:
    """The folder holding the published build's files: the target of
    ``dist/current``, or ``dist`` itself for a folder not written by a build
    (files put there by hand)."""
    dist = Path(dist)
    pointer = dist / CURRENT
    if pointer.is_symlink():
        return pointer.resolve()
    return dist


@contextmanager
def new_build(dist: Path) -> Iterator[Path]:
    """A fresh folder to write a build into; published as a whole when the
    block ends without an exception, removed otherwise. Call
    :func:`clean_leftovers` first to remove what killed builds left."""
    dist = Path(dist)
    builds = dist / BUILDS
    builds.mkdir(parents=True, exist_ok=True)
    build_id = f"{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{os.getpid()}-{secrets.token_hex(3)}"
    partial = builds / f".{build_id}{PARTIAL}"
    partial.mkdir()
    try:
        yield partial
        _sync_folder(partial)
        final = builds / build_id
        partial.rename(final)
        publish(dist, final)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise


def publish(dist: Path, build: Path) -> None:
    """Point ``dist/current`` at ``build`` (one rename), then make sure every
    file of it has its fixed link in ``dist/`` and no link names a file the
    build lacks; finally remove builds older than the one just replaced."""
    previous = current_build(dist) if (dist / CURRENT).is_symlink() else None
    _replace_with_link(dist / CURRENT, Path(BUILDS) / build.name)
    names = {p.name for p in build.iterdir() if not p.name.startswith(".")}
    for name in sorted(names):
        _replace_with_link(dist / name, Path(CURRENT) / name)
    for entry in dist.iterdir():
        if entry.is_symlink() and entry.name not in names and entry.name != CURRENT \
                and os.readlink(entry).startswith(CURRENT + os.sep):
            entry.unlink()
    keep = {build.resolve()} | ({previous} if previous else set())
    for folder in (dist / BUILDS).iterdir():
        if folder.resolve() not in keep and not folder.name.endswith(PARTIAL):
            shutil.rmtree(folder, ignore_errors=True)


def clean_leftovers(dist: Path) -> list[Path]:
    """Remove what a killed build left behind: ``.partial`` folders whose
    process is gone, temporary links and temporary files. Returns them."""
    dist = Path(dist)
    removed = []
    builds = dist / BUILDS
    if builds.is_dir():
        for folder in builds.iterdir():
            if folder.name.endswith(PARTIAL) and not _alive(folder.name):
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
    if dist.is_dir():
        for entry in dist.iterdir():
            if entry.name.startswith(".") and (entry.name.endswith(".tmp") or ".link-" in entry.name):
                entry.unlink(missing_ok=True)
                removed.append(entry)
    return removed


def _alive(partial_name: str) -> bool:
    """Whether the process that named this ``.partial`` folder still runs."""
    try:
        pid = int(partial_name[: -len(PARTIAL)].split("-")[1])
    except (IndexError, ValueError):
        return False
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _replace_with_link(path: Path, target: Path) -> None:
    """Make ``path`` a symlink to ``target`` in one rename (a regular file of
    an older layout is replaced as well)."""
    if path.is_symlink() and os.readlink(path) == str(target):
        return
    tmp = path.with_name(f".{path.name}.link-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    os.symlink(target, tmp)
    os.replace(tmp, path)


def _sync_folder(folder: Path) -> None:
    """Flush the build's files to disk before it is published, so that a
    crash of the machine, not only of the process, cannot publish a hole
    (quick for the dumps :func:`kg.publish.dump.write_dist` synced already)."""
    for path in folder.iterdir():
        if path.is_file():
            sync_file(path)
