"""RDF terms as the N-Triples bytes Oxigraph writes them: what they are,
their lexical forms, datatypes and languages, and how they compare; and
the conversions to and from the shapes graph's rdflib terms."""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Callable

import rdflib
from pyoxigraph import BlankNode as OxBlank, Literal as OxLiteral, NamedNode as OxNamed
from rdflib.namespace import RDF, RDFS, XSD

RDF_TYPE = b"<" + str(RDF.type).encode() + b">"
SUBCLASS_OF = b"<" + str(RDFS.subClassOf).encode() + b">"
XSD_STRING = str(XSD.string).encode()
LANG_STRING = str(RDF.langString).encode()


# --- terms: N-Triples bytes -------------------------------------------------------


def is_iri(t: bytes) -> bool:
    return t[:1] == b"<"


def is_blank(t: bytes) -> bool:
    return t[:2] == b"_:"


def is_literal(t: bytes) -> bool:
    return t[:1] == b'"'


_ESCAPE = re.compile(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)")
_SIMPLE = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "f": "\f", '"': '"', "'": "'", "\\": "\\"}


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    return _ESCAPE.sub(lambda m: chr(int(m.group(1)[1:], 16)) if m.group(1)[0] in "uU"
                       else _SIMPLE.get(m.group(1), m.group(1)), text)


def literal_parts(t: bytes) -> tuple[str, bytes, str | None]:
    """A literal's lexical form, datatype IRI and language tag."""
    end = t.rindex(b'"')
    lexical = _unescape(t[1:end].decode("utf-8"))
    tail = t[end + 1:]
    if tail[:1] == b"@":
        return lexical, LANG_STRING, tail[1:].decode()
    if tail[:3] == b"^^<":
        return lexical, tail[3:-1], None
    return lexical, XSD_STRING, None


def string_of(t: bytes) -> str | None:
    """SHACL's str(): an IRI's text or a literal's lexical form (None: a blank node)."""
    if is_iri(t):
        return _unescape(t[1:-1].decode("utf-8"))
    return literal_parts(t)[0] if is_literal(t) else None


def to_rdflib(t: bytes):
    if is_iri(t):
        return rdflib.URIRef(_unescape(t[1:-1].decode("utf-8")))
    if is_blank(t):
        return rdflib.BNode(t[2:].decode())
    lexical, datatype, language = literal_parts(t)
    if language:
        return rdflib.Literal(lexical, lang=language)
    return rdflib.Literal(lexical, datatype=rdflib.URIRef(datatype.decode()))


def from_rdflib(term) -> bytes:
    """A shapes-graph term written as Oxigraph writes it in the data."""
    if isinstance(term, rdflib.URIRef):
        return str(OxNamed(str(term))).encode()
    if isinstance(term, rdflib.BNode):
        return str(OxBlank(str(term))).encode()
    if term.language:
        return str(OxLiteral(str(term), language=term.language)).encode()
    return str(OxLiteral(str(term), datatype=OxNamed(str(term.datatype or XSD.string)))).encode()


# Lexical forms of the datatypes sh:datatype is asked about most; a literal of
# another datatype is taken as well formed (as pySHACL does for unknown ones).
_X = "http://www.w3.org/2001/XMLSchema#"
_INTEGER = re.compile(r"[+-]?[0-9]+\Z")
WELL_FORMED: dict[bytes, Callable[[str], bool]] = {
    **{(_X + name).encode(): (lambda s: bool(_INTEGER.match(s))) for name in
       ("integer", "long", "int", "short", "byte", "unsignedLong", "unsignedInt", "unsignedShort",
        "unsignedByte")},
    (_X + "nonNegativeInteger").encode(): lambda s: bool(_INTEGER.match(s)) and int(s) >= 0,
    (_X + "positiveInteger").encode(): lambda s: bool(_INTEGER.match(s)) and int(s) > 0,
    (_X + "nonPositiveInteger").encode(): lambda s: bool(_INTEGER.match(s)) and int(s) <= 0,
    (_X + "negativeInteger").encode(): lambda s: bool(_INTEGER.match(s)) and int(s) < 0,
    (_X + "decimal").encode(): lambda s: bool(re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)", s)),
    (_X + "boolean").encode(): lambda s: s in ("true", "false", "1", "0"),
    (_X + "double").encode(): lambda s: _is_float(s),
    (_X + "float").encode(): lambda s: _is_float(s),
    (_X + "date").encode(): lambda s: bool(re.fullmatch(r"-?[0-9]{4,}-[0-9]{2}-[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})?", s)),
    (_X + "dateTime").encode(): lambda s: bool(re.fullmatch(
        r"-?[0-9]{4,}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})?", s)),
}


def _is_float(s: str) -> bool:
    return s in ("INF", "-INF", "+INF", "NaN") or bool(re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", s))


_NUMERIC = {(_X + name).encode() for name in (
    "decimal", "double", "float", "integer", "long", "int", "short", "byte", "unsignedLong", "unsignedInt",
    "unsignedShort", "unsignedByte", "nonNegativeInteger", "positiveInteger", "nonPositiveInteger",
    "negativeInteger")}


@lru_cache(maxsize=1 << 16)
def comparable(t: bytes):
    """A literal as a value sh:minInclusive & co. can compare: numbers with
    numbers, other literals with their own datatype; None when not a literal."""
    if not is_literal(t):
        return None
    lexical, datatype, language = literal_parts(t)
    if datatype in _NUMERIC:
        try:
            return ("number", Decimal(lexical.replace("INF", "Infinity")))
        except InvalidOperation:
            return None
    return (datatype, language, lexical)


def less(a, b, or_equal: bool = False) -> bool | None:
    """a < b (or ≤) for two comparable() values; None when they cannot be compared."""
    if a is None or b is None or a[0] != b[0] or (a[0] != "number" and a[1] != b[1]):
        return None
    x, y = a[-1], b[-1]
    if a[0] == "number" and (x.is_nan() or y.is_nan()):
        return False
    return x <= y if or_equal else x < y


def lang_matches(tag: str | None, wanted: str) -> bool:
    if tag is None:
        return False
    tag, wanted = tag.lower(), wanted.lower()
    return wanted == "*" or tag == wanted or tag.startswith(wanted + "-")
