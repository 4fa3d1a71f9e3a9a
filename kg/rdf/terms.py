"""The ritual vocabulary as OWL classes and SKOS concepts, from ``mappings/``.

Every role, object, place, facing and act of the term tables is an OWL class
(so that 觶 ⊑ 酒器 ⊑ 器 holds as a hierarchy) and, by OWL 2 punning, the same
IRI is a ``skos:Concept`` that events point to as a value. Labels: zh-Hant
(the canonical label, GUIDELINES rule 12), zh-Hans (OpenCC t2s unless the
table gives one) and English: from the table's row, or, for a term the
extractor mints from the text, from ``mappings/glosses.tsv`` (composed places
are glossed from their head and direction, 三耦南 → "south of the three
pairs"). Classes and table terms are ``rdfs:isDefinedBy`` the ontology; the
terms minted from the text are not, as the ontology does not define them.
"""
from __future__ import annotations

import functools
import re
from typing import Iterator

from pyoxigraph import Literal, NamedNode, Triple

from kg.mappings import load_table, split_variants
from kg.rdf.graph import yili
from kg.rdf.iris import ONTOLOGY, Minter

from kg.rdf.namespaces import RDF, dct, owl, rdfs, skos, xsd

Y = ONTOLOGY
ONTOLOGY_IRI = ONTOLOGY.rstrip("#")
A = NamedNode(RDF + "type")

# kind of term -> (mappings table, top class of the kind)
KINDS = {
    "role": ("roles", "Role"),
    "object": ("objects", "RitualObject"),
    "place": ("places", "Place"),
    "facing": ("facings", "Facing"),
    "action": ("actions", "Action"),
}


@functools.lru_cache(maxsize=1)
def _t2s():
    import opencc

    return opencc.OpenCC("t2s")


def simplified(text: str) -> str:
    return _t2s().convert(text)


def _n(iri: str) -> NamedNode:
    return NamedNode(iri)


def _label(node: NamedNode, zh: str, en: str | None, zh_hans: str | None = None) -> Iterator[Triple]:
    yield Triple(node, skos.prefLabel, Literal(zh, language="zh-Hant"))
    yield Triple(node, skos.prefLabel, Literal(zh_hans or simplified(zh), language="zh-Hans"))
    if en:
        yield Triple(node, skos.prefLabel, Literal(en, language="en"))


def known_terms(kind: str) -> dict[str, dict[str, str]]:
    return {row["label"]: row for row in load_table(KINDS[kind][0])}


@functools.lru_cache(maxsize=1)
def _glosses() -> dict[tuple[str, str], str]:
    return {(row["kind"], row["label"]): row["en"] for row in load_table("glosses")}


def _variants_of(kind: str, label: str) -> list[str]:
    row = known_terms(kind).get(label) if kind in KINDS else None
    return split_variants((row or {}).get("variants", ""))


def english(kind: str, label: str) -> str | None:
    """The English label of a term: its table row's, else glosses.tsv's,
    else, for a participant written X者 where X is an act (受者, 弔者), "the
    one who" and the act's English."""
    row = known_terms(kind).get(label)
    found = (row or {}).get("en") or _glosses().get((kind, label))
    if found or kind != "role" or not label.endswith("者"):
        return found
    act = english("action", label[:-1])
    return f"the one who {_third_person(act)}" if act else None


IRREGULAR = {"have": "has", "be": "is"}


def _third_person(phrase: str) -> str:
    """'receive' → 'receives', 'to condole' → 'condoles', 'see off' → 'sees off'."""
    phrase = phrase.removeprefix("to ").split(";")[0].strip()
    verb, _, rest = phrase.partition(" ")
    if verb in IRREGULAR:
        verb = IRREGULAR[verb]
    elif verb.endswith(("s", "sh", "ch", "x", "o")):
        verb += "es"
    elif verb.endswith("y") and verb[-2:-1] not in set("aeiou"):
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb} {rest}".strip()


def place_english(label: str, head_kind: str, head: str) -> str | None:
    """A composed place glossed from its head and its direction (三耦南 →
    "south of the three pairs"; the head as written may be a variant of the
    term: 頌磬西, "west of the chime stone"), unless glosses.tsv glosses it whole."""
    whole = _glosses().get(("place", label))
    written = max((form for form in [head] + _variants_of(head_kind, head) if form in label), key=len, default=None)
    if whole or written is None:
        return whole
    owner, rest = label.split(written, 1)  # (頌磬西: the head as written, a variant of 磬)
    template = _glosses().get(("direction", rest))
    head_en = english(head_kind, head)
    if not head_en:
        return None
    if owner:  # 羊俎西: the sheep's stand (the victim, and what of it, written before the head)
        owner_en = [english("object", ch) for ch in owner]
        if not all(owner_en):
            return whole
        plain = " ".join(re.sub(r"\s*\(.*?\)", "", en) for en in owner_en)  # "sheep (the victim)": sheep
        head_en = f"{_the(head_en)} of the {plain}"
    other = rest[:-1] if rest.endswith("間") else ""
    other_en = next((en for kind in ("place", "object") if other and (en := english(kind, other))), None)
    if other_en:  # 房戶間: between two things, named from the first
        return f"between {_the(head_en)} and {_the(other_en)}"
    if template is None:
        return _owned_side(rest, head_en) or _two_sides(rest, head_en)
    return template.format(_the(head_en))


def _owned_side(rest: str, head_en: str) -> str | None:
    """主人席北: a side of a thing of the head ("north of the host's mat")."""
    for n in (2, 1):
        template = _glosses().get(("direction", rest[-n:])) if len(rest) > n else None
        thing_en = english("object", rest[:-n]) if template else None
        if thing_en:
            plain = re.sub(r"\s*\(.*?\)", "", thing_en)
            return template.format(f"{_the(head_en)}'s {plain}")
    return None


def _two_sides(rest: str, head_en: str) -> str | None:
    """几東席上: a side of the head, then a side of a second thing ("east of
    the armrest, on the mat")."""
    if len(rest) < 3:
        return None
    first = _glosses().get(("direction", rest[0]))
    second = _glosses().get(("direction", rest[-1]))
    other = rest[1:-1]
    other_en = next((en for kind in ("object", "place") if (en := english(kind, other))), None)
    if not (first and second and other_en):
        return None
    return f"{first.format(_the(head_en))}, {second.format(_the(other_en))}"


def _the(noun: str) -> str:
    """"the" before a common noun (basin, guest), not before a name (Fubu)."""
    return noun if noun.startswith("the ") or noun[0].isupper() else "the " + noun


class TermGraph:
    """Triples of the class hierarchy and of every term in the tables."""

    def __init__(self, mint: Minter):
        self.mint = mint

    def triples(self) -> Iterator[Triple]:
        yield from self.class_triples()
        for kind in KINDS:
            scheme = _n(self.mint.scheme(kind))
            yield Triple(scheme, A, skos.ConceptScheme)
            yield Triple(scheme, rdfs.label, Literal(f"yili-kg {kind}s", language="en"))
            for label, row in known_terms(kind).items():
                yield from self.term_triples(kind, label, row)
        yield from self.retired_triples()

    def retired_triples(self) -> Iterator[Triple]:
        """The terms of mappings/retired.tsv: IRIs once published, kept
        resolving, deprecated and pointing to the term that now has their
        reading (docs/iris.md)."""
        for row in load_table("retired"):
            kind, label = row["kind"], row["label"]
            if label in known_terms(kind):
                raise ValueError(f"retired.tsv: {kind} {label} is still a row of {KINDS[kind][0]}.tsv")
            if row["replaced_by"] not in known_terms(kind):
                raise ValueError(f"retired.tsv: {kind} {label} is replaced by {row['replaced_by']}, not a term")
            node = _n(self.mint.term(kind, label))
            yield from self.concept_triples(node, kind, row["class"], label, row["en"])
            yield Triple(node, rdfs.isDefinedBy, _n(ONTOLOGY_IRI))
            yield Triple(node, owl.deprecated, Literal("true", datatype=xsd.boolean))
            yield Triple(node, dct.isReplacedBy, _n(self.mint.term(kind, row["replaced_by"])))
            yield Triple(node, skos.historyNote,
                         Literal(f"retired {row['retired']}: {row['note']}", language="en"))

    def class_triples(self) -> Iterator[Triple]:
        top = {"Role", "RitualObject", "Place", "Facing", "Action"}
        for row in load_table("classes"):
            node = _n(Y + row["key"])
            yield Triple(node, A, owl.Class)
            yield Triple(node, rdfs.isDefinedBy, _n(ONTOLOGY_IRI))
            yield Triple(node, rdfs.label, Literal(row["en"], language="en"))
            yield Triple(node, rdfs.label, Literal(row["label"], language="zh-Hant"))
            yield Triple(node, rdfs.label, Literal(simplified(row["label"]), language="zh-Hans"))
            yield from _label(node, row["label"], row["en"])
            if row["parent"]:
                yield Triple(node, rdfs.subClassOf, _n(Y + row["parent"]))
            elif row["key"] not in top:
                raise ValueError(f"classes.tsv: {row['key']} has no parent")
            if row["note"]:
                yield Triple(node, skos.scopeNote, Literal(row["note"], language="en"))

    def concept_triples(self, node: NamedNode, kind: str, parent: str, label: str, en: str | None,
                        zh_hans: str | None = None) -> Iterator[Triple]:
        """A term as a class and a concept of its kind's scheme, under ``parent``, with its labels."""
        yield Triple(node, A, owl.Class)
        yield Triple(node, A, skos.Concept)
        yield Triple(node, skos.inScheme, _n(self.mint.scheme(kind)))
        yield Triple(node, rdfs.subClassOf, _n(Y + parent))
        yield from _label(node, label, en, zh_hans or None)

    def term_triples(self, kind: str, label: str, row: dict[str, str] | None) -> Iterator[Triple]:
        """A term of the tables, or (row None) one found in the text only
        (a participant in 者, a place composed from a head and directions)."""
        node = _n(self.mint.term(kind, label))
        parent = (row or {}).get("class") or KINDS[kind][1]
        yield from self.concept_triples(node, kind, parent, label, english(kind, label), (row or {}).get("zh_hans"))
        if row is not None:
            yield Triple(node, rdfs.isDefinedBy, _n(ONTOLOGY_IRI))
        else:
            yield Triple(node, skos.editorialNote,
                         Literal("found in the text; not (yet) in the term tables of mappings/", language="en"))
            return
        for variant in split_variants(row.get("variants", "")):
            yield Triple(node, skos.altLabel, Literal(variant.lstrip("~"), language="zh-Hant"))
        if row.get("definition"):
            yield Triple(node, skos.definition, Literal(row["definition"], language="lzh"))
        for other in split_variants(row.get("same_function", "")):
            yield Triple(node, yili.sameFunctionAs, _n(self.mint.term(kind, other)))
        if kind == "action" and row.get("grammar"):
            yield Triple(node, yili.grammar, Literal(row["grammar"]))

    def relative_place(self, label: str, head_kind: str, head: str) -> Iterator[Triple]:
        """A place composed in the text (三耦南, 豐上): its own individual,
        related to the thing, role or place it is named from."""
        node = _n(self.mint.term("place", label))
        yield Triple(node, A, owl.Class)
        yield Triple(node, A, skos.Concept)
        yield Triple(node, skos.inScheme, _n(self.mint.scheme("place")))
        yield Triple(node, rdfs.subClassOf, yili.RelativePlace)
        yield from _label(node, label, place_english(label, head_kind, head))
        yield Triple(node, yili.relativeTo, _n(self.mint.term(head_kind, head)))
        if head in label:  # 三耦南, 羊俎西 (the victim's stand)
            yield Triple(node, yili.direction, Literal(label.split(head, 1)[1], language="zh-Hant"))
