"""IRIs minted by the project (the policy: docs/iris.md).

Every IRI is derived from what does not change from build to build: an
edition document from its witness and chapter (``doc/KR1d0038-WYG/5``), its
passages and notes from their order in that document, a canonical passage
from its locator (``passage/5.1.2``), an event of the work from its passage's
locator and its place among that passage's events, a term from its key in
``mappings/``. No file name, file hash or order of files enters an IRI, and
``--base`` moves every one of them, the vocabulary included.
"""
from __future__ import annotations

from urllib.parse import quote

DEFAULT_BASE = "http://localhost:8000/"
# The vocabulary keeps one namespace whatever base the data is published
# under, so that queries written against it work on every copy.
ONTOLOGY = DEFAULT_BASE + "ontology#"


def _slug(text: str) -> str:
    return quote(text, safe="-_.~")


def _segment(text: str) -> str:
    """A path segment of an IRI (RFC 3987): Chinese characters stay as they
    are, so that ``id/role/司射`` reads as what it names; ASCII that is not
    unreserved is percent-encoded."""
    return "".join(c if ord(c) > 127 or c.isalnum() or c in "-_.~" else quote(c, safe="") for c in text)


class Minter:
    def __init__(self, base: str = DEFAULT_BASE):
        self.base = base if base.endswith("/") else base + "/"
        self._documents: dict[str, str] = {}

    def work(self) -> str:
        return f"{self.base}id/work/yili"

    def chapter(self, number: int) -> str:
        return f"{self.base}id/chapter/{number}"

    def edition(self, key: str) -> str:
        return f"{self.base}id/edition/{_slug(key)}"

    def layer(self, key: str) -> str:
        return f"{self.base}id/layer/{_slug(key)}"

    def person(self, key: str) -> str:
        return f"{self.base}id/person/{_slug(key)}"

    def document(self, key: str) -> str:
        """An edition's document of one chapter, by ``WITNESS/CHAPTER``."""
        iri = self._documents.get(key)
        if iri is None:  # asked for every passage, note and event: made once
            iri = self._documents[key] = f"{self.base}id/doc/{'/'.join(_slug(part) for part in key.split('/'))}"
        return iri

    def passage(self, key: str, index: int) -> str:
        return f"{self.document(key)}/passage/{index + 1}"

    def note(self, key: str, index: int) -> str:
        return f"{self.document(key)}/note/{index + 1}"

    def attestation(self, key: str, passage: int, anchor: str) -> str:
        """An event as one edition passage reports it (``anchor``: where its
        act is written in that passage, kg.extract.work.event_anchors)."""
        return f"{self.passage(key, passage)}/event/{anchor}"

    def canonical(self, locator: str) -> str:
        """A canonical passage of the work, by locator (``5.1.2``)."""
        return f"{self.base}id/passage/{locator}"

    def work_section(self, chapter: int, section: int) -> str:
        return f"{self.base}id/section/{chapter}.{section}"

    def work_event(self, locator: str, anchor: str) -> str:
        """An event of the work: its passage and where its act is written
        there (``c17``; kg.extract.work.event_anchors)."""
        return f"{self.canonical(locator)}/event/{anchor}"

    def parallel(self, first: str, second: str) -> str:
        return f"{self.base}id/parallel/{first}_{second}"

    def vocabulary(self) -> str:
        """The namespace of the ontology: it moves with the base."""
        return f"{self.base}ontology#"

    def term(self, kind: str, label: str) -> str:
        """A role, object, place, facing or act, by its canonical label."""
        return f"{self.base}id/{kind}/{_segment(label)}"

    def graph(self, kind: str, key: str | None = None) -> str:
        """A named graph of the dataset: ontology, links, edition/KEY."""
        return f"{self.base}graph/{kind}" + (f"/{_slug(key)}" if key else "")

    def scheme(self, kind: str) -> str:
        return f"{self.base}id/scheme/{kind}"

    def section(self, key: str, index: int) -> str:
        return f"{self.document(key)}/section/{index + 1}"
