"""The graph written as it is made, so that no copy of a big graph is
held:

- :class:`StatementStream`: the union's N-Triples for the build's validator,
  a process of its own that follows the file as it grows
  (:func:`follow_statements`);
- :class:`DumpWriter`: every other dump of the registry
  (:mod:`kg.rdf.formats`), a batch of pieces at a time, each file
  replaced whole when it is done.

Turtle and JSON-LD are written by one pyoxigraph serialisation per piece:
Turtle's prefix block is kept from the first piece only, JSON-LD's arrays
are spliced into one. A subject whose statements cross two pieces is
written twice (two blocks, two node objects): the same graph.
"""
from __future__ import annotations

import io
import os
from contextlib import ExitStack, nullcontext
from pathlib import Path
from typing import BinaryIO, Callable, Iterator, NamedTuple

from pyoxigraph import NamedNode, RdfFormat, Triple, serialize

from kg.atomic import Syncer, atomic_write
from kg.rdf.formats import FORMATS
from kg.rdf.io import IriMover, write_graph_nquads, copy_ntriples_as_nquads


class _Piece(NamedTuple):
    graph: NamedNode
    triples: list[Triple]
    union: list[Triple]  # the triples new to the union formats
    span: tuple[int, int] | None  # where its N-Triples are, in the file written already


class DumpWriter:
    """The dumps ``paths`` (format name → file) written from the pieces of
    a dataset whose graphs share no triple (:meth:`Dataset.stated`), so that
    a union format is the graphs one after another. Call it with each
    piece's graph and triples, inside ``with``: leaving the block on an
    error leaves no file behind; ``counts`` then gives each file's number
    of statements. ``move``: the IRIs moved (``--base``) as they are
    written.

    Pieces are held and written in batches of about ``hold`` statements:
    kg build's whole work is one batch, written after the graph is made
    (:meth:`finish`, or the block's end) while its validator checks it on
    the other core, a file at a time, each sent to disk by the ``syncer``
    while the next is written; a bigger graph is written a batch at a time as it is
    made, so that the build never holds much more than ``hold`` statements.
    (Each piece written as it came, nothing held, measured slower at ×100:
    graph phase 85 s against 55 s in batches of two million. Objects freed
    right after they are made leave holes the allocator then fills, piece
    by piece.)"""

    def __init__(self, paths: dict[str, Path], gz: bool = False, prefixes: dict[str, str] | None = None,
                 move: IriMover | None = None, hold: int = 0, distinct: bool = True,
                 syncer: Syncer | None = None, ntriples: Path | None = None):
        self.paths, self.gz, self.prefixes, self.move, self.hold = paths, gz, prefixes or {}, move, hold
        self.syncer = syncer  # each file, once finished, goes to disk in its thread while the next is written
        # the pieces' N-Triples, written already (kg build's stream), where
        # each piece given with its span is read back for the N-Quads
        self.ntriples = ntriples
        self.files: dict[str, BinaryIO] = {}
        self.count = 0  # statements of the dataset formats
        self.union_count = 0  # of the union formats
        # graphs that may share triples (a dataset read back, not kg build's):
        # the union formats write each triple once
        self._seen: set[Triple] | None = None if distinct else set()
        self.held: list[_Piece] = []
        self._held_count = 0
        self.wrote_early = False  # a batch was written before the graph was made
        self.finished = False
        self._turtle_header: bytes | None = None
        self._jsonld_started = False
        self._stack = ExitStack()

    def __enter__(self) -> "DumpWriter":
        with ExitStack() as opening:
            for name, path in self.paths.items():
                self.files[name] = opening.enter_context(atomic_write(path, self.gz))
            self._stack = opening.pop_all()
        return self

    def __call__(self, graph: NamedNode, triples: list[Triple], span: tuple[int, int] | None = None) -> None:
        """A piece; ``span``: where its N-Triples are in the ``ntriples`` file."""
        if self.finished:
            raise ValueError("a piece after the dumps were finished")
        if not triples:
            return
        if span is not None and (self.ntriples is None or self.move is not None or self._seen is not None):
            raise ValueError("a piece's N-Triples span, where no N-Triples of the pieces as written are read")
        if self.move is not None:  # moved once here, not once per format
            graph, triples = self.move.term(graph), list(map(self.move, triples))
        union = triples
        if self._seen is not None:
            union = [t for t in triples if t not in self._seen]
            self._seen.update(union)
        self.count += len(triples)
        self.union_count += len(union)
        self.held.append(_Piece(graph, triples, union, span))
        self._held_count += len(triples)
        if self._held_count > self.hold:
            self._write_held(self.files.items())
            self.wrote_early = True

    def finish(self) -> None:
        """Write the pieces held and end every file: a file at a time, each
        sent to disk (the ``syncer``) while the next is written. The block's
        end finishes them, if not before."""
        # Turtle last: the most compact, so the shortest wait for the disk after it
        self._write_held(sorted(self.files.items(), key=lambda item: FORMATS[item[0]].rdf_format == RdfFormat.TURTLE),
                         ending=True)
        self.finished = True

    def _write_held(self, files, ending: bool = False) -> None:
        held, self.held, self._held_count = self.held, [], 0
        with open(self.ntriples, "rb") if self.ntriples is not None else nullcontext() as written:
            for name, out in files:
                for piece in held:
                    self._write(name, out, piece, written)
                if not ending:
                    continue
                if FORMATS[name].rdf_format == RdfFormat.JSON_LD:
                    out.write(b"]" if self._jsonld_started else b"[]")
                if self.syncer is not None and not self.gz:  # (a gzip file's end is written when it is closed)
                    self.syncer.file(out)

    def _write(self, name: str, out: BinaryIO, piece: "_Piece", written: BinaryIO | None) -> None:
        fmt = FORMATS[name].rdf_format
        if fmt == RdfFormat.N_QUADS:
            if piece.span is None:
                write_graph_nquads(out, piece.graph, piece.triples)
            else:  # the N-Triples as written, each line named: no second serialisation
                copy_ntriples_as_nquads(out, piece.graph, written.fileno(), *piece.span)
        elif not piece.union:
            return
        elif fmt == RdfFormat.TURTLE:
            self._turtle(out, piece.union)
        elif fmt == RdfFormat.JSON_LD:
            self._jsonld(out, piece.union)
        elif fmt == RdfFormat.N_TRIPLES:
            serialize(piece.union, out, fmt)
        else:
            raise ValueError(f"{name}: a format DumpWriter cannot write a piece at a time")

    def _turtle(self, out: BinaryIO, triples: list[Triple]) -> None:
        if self._turtle_header is None:
            # pyoxigraph writes every prefix given, before the first statement
            text = serialize(triples[:1], format=RdfFormat.TURTLE, prefixes=self.prefixes)
            self._turtle_header = text[:_prefix_block_end(text)]
            serialize(triples, out, RdfFormat.TURTLE, prefixes=self.prefixes)
            return
        trimmed = _Trimmed(out, head=self._turtle_header)
        serialize(triples, trimmed, RdfFormat.TURTLE, prefixes=self.prefixes)
        trimmed.close()

    def _jsonld(self, out: BinaryIO, triples: list[Triple]) -> None:
        out.write(b"," if self._jsonld_started else b"[")
        trimmed = _Trimmed(out, head=b"[", tail=b"]")  # the piece's node objects, spliced into one array
        serialize(triples, trimmed, RdfFormat.JSON_LD)
        trimmed.close()
        self._jsonld_started = True

    def __exit__(self, *failure) -> bool:
        error = None  # the writer's own end failed: raised in the block's stead
        if failure[0] is None and not self.finished:
            try:
                self.finish()
            except BaseException as exc:
                error = exc
        if self.syncer is not None:
            try:
                self.syncer.wait()  # the files it syncs stay open until it is done, failure or not
            except BaseException as exc:
                if failure[0] is None and error is None:  # (a failure on its way is the one to report)
                    error = exc
        if error is not None:
            self._stack.__exit__(type(error), error, error.__traceback__)  # no file is left
            raise error
        return self._stack.__exit__(*failure)

    @property
    def counts(self) -> dict[Path, int]:
        """Each file's number of statements."""
        return {path: self.count if FORMATS[name].datasets else self.union_count for name, path in self.paths.items()}


class _Trimmed:
    """A binary file that passes on what a serialiser writes into it but for
    an expected beginning (checked and dropped) and end (checked and held
    back), so that a piece goes straight to its file and its whole text is
    never held (the whole work's JSON-LD is 211 MB in some 190 pieces)."""

    def __init__(self, out: BinaryIO, head: bytes = b"", tail: bytes = b""):
        self.out, self.head, self.tail = out, head, tail
        self.start: bytes | None = b"" if head else None  # what came of the head so far
        self.held = b""

    def write(self, data) -> int:
        size = len(data)
        if self.start is not None:
            self.start += bytes(data)
            if len(self.start) < len(self.head):
                return size
            if not self.start.startswith(self.head):
                raise ValueError(f"a piece that does not begin with {self.head[:40]!r}")
            data, self.start = self.start[len(self.head):], None
        if self.tail:
            cut = len(self.tail)
            if len(data) < cut:
                data = self.held + bytes(data)
                self.held, data = data[-cut:], data[:-cut]
            elif data:
                held, self.held = self.held, bytes(data[-cut:])
                if held:
                    self.out.write(held)
                data = memoryview(data)[:-cut]
        if data:
            self.out.write(data)
        return size

    def flush(self) -> None:
        pass  # the file underneath is flushed by whoever owns it

    def close(self) -> None:
        if self.start is not None or self.held != self.tail:
            raise ValueError(f"a piece that does not end with {self.tail!r} after {self.head[:40]!r}")


def _prefix_block_end(text: bytes) -> int:
    """Where the leading ``@prefix`` lines of a Turtle text end."""
    end = 0
    while text.startswith(b"@prefix ", end):
        end = text.index(b"\n", end) + 1
    return end


class StatementStream:
    """N-Triples written piece by piece into ``path`` for a reader in another
    process that follows the file as it grows (:func:`follow_statements`):
    after each piece, the file's length so far goes down the pipe ``signal``
    as a line of digits, and ``end`` after the last. A pipe closed without
    it tells the reader the writer stopped. Call the stream with each
    piece's triples (it is :meth:`Dataset.stated`'s sink)."""

    def __init__(self, path: Path, signal: int):
        self.pipe = os.fdopen(signal, "wb", buffering=0)
        try:
            self.file = open(path, "wb")
        except BaseException:
            self.pipe.close()
            raise
        self.count = 0

    def __call__(self, triples: list[Triple]) -> tuple[int, int]:
        """Write a piece; returns where it is in the file (start, end)."""
        start = self.file.tell()
        if triples:
            serialize(triples, self.file, RdfFormat.N_TRIPLES)
            self.file.flush()
            self.count += len(triples)
            self._tell(b"%d\n" % self.file.tell())
        return start, self.file.tell()

    def finish(self) -> int:
        """The last piece is written; returns the number of triples."""
        self.file.close()
        self._tell(b"end\n")
        self.pipe.close()
        return self.count

    def _tell(self, line: bytes) -> None:
        try:
            self.pipe.write(line)
        except BrokenPipeError:  # not an OSError to the caller: click takes EPIPE for its own stdout closed
            raise ReaderStopped("the process reading the statements ended before they were all written") from None

    def close(self) -> None:
        """Stop without ``end`` (the writer failed): the reader gives up."""
        self.file.close()
        if not self.pipe.closed:
            self.pipe.close()


class WriterStopped(RuntimeError):
    """The statements followed stopped before their end."""


class ReaderStopped(RuntimeError):
    """The process following the statements ended before their end."""


def follow_statements(path: Path, signal: int, seen: Callable[[bytes], object] | None = None) -> Iterator[bytes]:
    """The lines of the N-Triples a :class:`StatementStream` writes into
    ``path``, as each piece is announced on the pipe ``signal``; ``seen``
    is given every piece's bytes (a digest's ``update``)."""
    with os.fdopen(signal, "rb") as pipe:
        handle = None
        try:
            for line in pipe:
                if line == b"end\n":
                    return
                if handle is None:
                    handle = open(path, "rb")
                piece = handle.read(int(line) - handle.tell())
                if seen is not None:
                    seen(piece)
                yield from io.BytesIO(piece)
        finally:
            if handle is not None:
                handle.close()
    raise WriterStopped("the build stopped before the graph to validate was written")


