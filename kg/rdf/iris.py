"""IRIs minted by the project.

Every IRI is derived from things that do not change when the rest of the
corpus changes: a document's IRI from its file name, a passage's from its
document and its order there, a term's from its key in ``mappings/``. So the
same passage of the same file gets the same IRI on every build.
"""
from __future__ import annotations

from pathlib import PurePath
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

    def document(self, file_name: str) -> str:
        return f"{self.base}id/doc/{_slug(PurePath(file_name).stem)}"

    def passage(self, file_name: str, index: int) -> str:
        return f"{self.document(file_name)}/passage/{index + 1}"

    def note(self, file_name: str, index: int) -> str:
        return f"{self.document(file_name)}/note/{index + 1}"

    def event(self, file_name: str, seq: int) -> str:
        return f"{self.document(file_name)}/event/{seq}"

    def term(self, kind: str, label: str) -> str:
        """A role, object, place, facing or act, by its canonical label."""
        return f"{self.base}id/{kind}/{_segment(label)}"

    def graph(self, kind: str, key: str | None = None) -> str:
        """A named graph of the dataset: ontology, links, edition/KEY."""
        return f"{self.base}graph/{kind}" + (f"/{_slug(key)}" if key else "")

    def scheme(self, kind: str) -> str:
        return f"{self.base}id/scheme/{kind}"

    def section(self, file_name: str, index: int) -> str:
        return f"{self.document(file_name)}/section/{index + 1}"
