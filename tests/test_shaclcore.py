"""The core SHACL engine (kg.shaclcore) against pySHACL, component by
component, on shapes and data inline: the project's own shapes use only
some of SHACL Core (tests/test_shapes.py runs those on every engine); these
cases cover the rest the engine claims to check, each broken and valid, and
what it refuses."""
from __future__ import annotations

import pytest
import rdflib
from pyoxigraph import RdfFormat, parse

from kg.shaclcore import Program, Unsupported
from kg.validate import validate

HEAD = """
@prefix sh: <http://www.w3.org/ns/shacl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix ex: <http://example.org/> .
"""


def run(shapes: str, data: str) -> dict:
    shapes_graph = rdflib.Graph().parse(data=HEAD + shapes, format="turtle")
    data_graph = rdflib.Graph().parse(data=HEAD + data, format="turtle")
    quads = list(parse(data_graph.serialize(format="nt", encoding="utf-8"), format=RdfFormat.N_TRIPLES))
    return {"pyshacl": validate(data_graph, shapes_graph, engine="pyshacl"),
            "core": validate(quads, shapes_graph, engine="core")}


def verdict(report) -> tuple:
    return report.conforms, sorted((v.focus, v.shape, v.constraint, v.path or "", v.value or "")
                                   for v in report.violations)


# (component, shapes, data that breaks it, data that keeps it)
CASES = [
    ("in", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:in ( ex:a 1 \"x\" ) ] .",
     "ex:n a ex:C ; ex:p ex:b, 2 .", "ex:n a ex:C ; ex:p ex:a, 1, \"x\" ."),
    ("maxLength", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:maxLength 3 ] .",
     "ex:n a ex:C ; ex:p \"abcd\", _:b, ex:a .", "ex:n a ex:C ; ex:p \"abc\" ."),
    ("minLength of escaped text", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:minLength 3 ] .",
     "ex:n a ex:C ; ex:p \"a\\n\", \"\\\"\\\"\" .", "ex:n a ex:C ; ex:p \"a\\nb\", \"\\\"\\u00e9\\\"\" ."),
    ("pattern with flags", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:pattern \"^ab\" ; sh:flags \"i\" ] .",
     "ex:n a ex:C ; ex:p \"xAB\" .", "ex:n a ex:C ; ex:p \"ABc\" ."),
    ("datatype, ill-formed", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:datatype xsd:integer ] .",
     "ex:n a ex:C ; ex:p \"1.5\"^^xsd:integer, \"2\", 3.0 .", "ex:n a ex:C ; ex:p 7, -2 ."),
    ("datatype langString", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; "
     "sh:datatype <http://www.w3.org/1999/02/22-rdf-syntax-ns#langString> ] .",
     "ex:n a ex:C ; ex:p \"a\", 1 .", "ex:n a ex:C ; ex:p \"a\"@en, \"b\"@zh-Hant ."),
    ("datatype string against language", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:datatype xsd:string ] .",
     "ex:n a ex:C ; ex:p \"a\"@en .", "ex:n a ex:C ; ex:p \"a\" ."),
    ("exclusive bounds", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:minExclusive 0 ; sh:maxExclusive 10 ] .",
     "ex:n a ex:C ; ex:p 0, 10, \"5\" .", "ex:n a ex:C ; ex:p 1, 9.5 ."),
    ("equals", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:equals ex:q ] .",
     "ex:n a ex:C ; ex:p ex:a ; ex:q ex:b .", "ex:n a ex:C ; ex:p ex:a ; ex:q ex:a ."),
    ("disjoint", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:disjoint ex:q ] .",
     "ex:n a ex:C ; ex:p ex:a ; ex:q ex:a .", "ex:n a ex:C ; ex:p ex:a ; ex:q ex:b ."),
    ("lessThanOrEquals", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:lessThanOrEquals ex:q ] .",
     "ex:n a ex:C ; ex:p 3 ; ex:q 2 .", "ex:n a ex:C ; ex:p 2 ; ex:q 2 ."),
    ("not", "ex:S sh:targetClass ex:C ; sh:not [ sh:class ex:D ] .", "ex:n a ex:C, ex:D .", "ex:n a ex:C ."),
    ("and", "ex:S sh:targetClass ex:C ; sh:and ( [ sh:class ex:D ] [ sh:class ex:E ] ) .",
     "ex:n a ex:C, ex:D .", "ex:n a ex:C, ex:D, ex:E ."),
    ("xone", "ex:S sh:targetClass ex:C ; sh:xone ( [ sh:class ex:D ] [ sh:class ex:E ] ) .",
     "ex:n a ex:C, ex:D, ex:E .", "ex:n a ex:C, ex:E ."),
    ("qualifiedMaxCount", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; "
     "sh:qualifiedValueShape [ sh:class ex:D ] ; sh:qualifiedMaxCount 1 ] .",
     "ex:n a ex:C ; ex:p ex:a, ex:b . ex:a a ex:D . ex:b a ex:D .", "ex:n a ex:C ; ex:p ex:a, ex:b . ex:a a ex:D ."),
    ("languageIn", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:languageIn ( \"zh\" ) ] .",
     "ex:n a ex:C ; ex:p \"a\"@en, \"b\" .", "ex:n a ex:C ; ex:p \"a\"@zh-Hant, \"b\"@ZH ."),
    ("inverse path", "ex:S sh:targetClass ex:C ; sh:property [ sh:path [ sh:inversePath ex:p ] ; sh:minCount 1 ] .",
     "ex:n a ex:C .", "ex:n a ex:C . ex:m ex:p ex:n ."),
    ("alternative path", "ex:S sh:targetClass ex:C ; sh:property [ sh:path [ sh:alternativePath ( ex:p ex:q ) ] ; "
     "sh:maxCount 1 ] .", "ex:n a ex:C ; ex:p ex:a ; ex:q ex:b .", "ex:n a ex:C ; ex:p ex:a ; ex:q ex:a ."),
    ("zero or more path", "ex:S sh:targetClass ex:C ; sh:property [ sh:path [ sh:zeroOrMorePath ex:p ] ; "
     "sh:nodeKind sh:IRI ] .", "ex:n a ex:C ; ex:p ex:a . ex:a ex:p \"lit\" .", "ex:n a ex:C ; ex:p ex:a . ex:a ex:p ex:n ."),
    ("zero or one path", "ex:S sh:targetClass ex:C ; sh:property [ sh:path [ sh:zeroOrOnePath ex:p ] ; sh:maxCount 1 ] .",
     "ex:n a ex:C ; ex:p ex:a .", "ex:n a ex:C ."),
    ("targetNode and targetSubjectsOf", "ex:S sh:targetNode ex:x ; sh:targetSubjectsOf ex:q ; sh:class ex:K .",
     "ex:y ex:q 1 .", "ex:x a ex:K . ex:y ex:q 1 ; a ex:K ."),
    ("implicit class target, subclasses", "ex:C a rdfs:Class, sh:NodeShape ; sh:property [ sh:path ex:p ; sh:minCount 1 ] .",
     "ex:D rdfs:subClassOf ex:C . ex:n a ex:D .", "ex:D rdfs:subClassOf ex:C . ex:n a ex:D ; ex:p 1 ."),
    ("deactivated and severity", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:minCount 1 ; "
     "sh:severity sh:Warning ] ; sh:property [ sh:path ex:q ; sh:minCount 1 ; sh:deactivated true ] .",
     "ex:n a ex:C .", "ex:n a ex:C ; ex:p 1 ."),
    ("property of a property shape", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; "
     "sh:property [ sh:path ex:q ; sh:minCount 1 ] ] .", "ex:n a ex:C ; ex:p ex:a .", "ex:n a ex:C ; ex:p ex:a . ex:a ex:q 1 ."),
    ("uniqueLang, case", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:uniqueLang true ] .",
     "ex:n a ex:C ; ex:p \"a\"@en, \"b\"@EN, \"c\"@zh, \"d\"@zh .", "ex:n a ex:C ; ex:p \"a\"@en, \"b\"@zh, \"c\" ."),
    # counts are compared inline, not as checks: at the top, under sh:node and inside sh:or
    ("counts, nested and in sh:or", "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:minCount 1 ; "
     "sh:maxCount 2 ; sh:node [ sh:property [ sh:path ex:q ; sh:maxCount 1 ] ] ] ; "
     "sh:or ( [ sh:path ex:r ; sh:minCount 1 ] [ sh:path ex:s ; sh:minCount 2 ] ) .",
     "ex:n a ex:C ; ex:p ex:a, ex:b, ex:c ; ex:s 1 . ex:a ex:q 1, 2 . ex:m a ex:C ; ex:r 1 .",
     "ex:n a ex:C ; ex:p ex:a ; ex:s 1, 2 . ex:a ex:q 1 ."),
]


@pytest.mark.parametrize("what, shapes, bad, good", CASES, ids=[c[0] for c in CASES])
def test_the_core_engine_reports_what_pyshacl_does(what, shapes, bad, good):
    broken = run(shapes, bad)
    assert not broken["pyshacl"].conforms, what  # the case does break the constraint
    assert verdict(broken["core"]) == verdict(broken["pyshacl"]), what
    kept = run(shapes, good)
    assert kept["pyshacl"].conforms and kept["core"].conforms, what


@pytest.mark.parametrize("feature", [
    "sh:closed true",
    "sh:sparql [ sh:select \"SELECT $this WHERE { }\" ]",
    "sh:property [ sh:path ex:p ; sh:qualifiedValueShape [ sh:class ex:D ] ; sh:qualifiedMinCount 1 ; "
    "sh:qualifiedValueShapesDisjoint true ]",
])
def test_the_core_engine_refuses_what_it_does_not_check(feature):
    shapes = rdflib.Graph().parse(data=HEAD + f"ex:S a sh:NodeShape ; sh:targetClass ex:C ; {feature} .",
                                  format="turtle")
    with pytest.raises(Unsupported):
        Program(shapes)


def test_validation_falls_back_to_the_rust_engine_on_shapes_core_refuses():
    """A scholar's new shape with sh:closed still validates (on pyshacl-turbo)."""
    shapes = rdflib.Graph().parse(data=HEAD + "ex:S a sh:NodeShape ; sh:targetClass ex:C ; sh:closed true ; "
                                  "sh:ignoredProperties ( <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> ) .",
                                  format="turtle")
    data = rdflib.Graph().parse(data=HEAD + "ex:n a ex:C ; ex:p 1 .", format="turtle")
    quads = list(parse(data.serialize(format="nt", encoding="utf-8"), format=RdfFormat.N_TRIPLES))
    with pytest.warns(UserWarning, match="shacl#closed"):
        report = validate(quads, shapes, engine="core")
    assert not report.conforms and [v.constraint for v in report.violations] == ["sh:ClosedConstraintComponent"]


def test_the_index_reads_lines_as_oxigraph_writes_them_and_skips_what_is_no_statement():
    """Objects may hold spaces and " ."; a comment, a blank line and a last
    line without its line break are read as N-Triples says."""
    from kg.shaclcore.index import Index

    lines = [b"# <http://ex/p> <http://ex/q> .\n", b"\n", b'<http://ex/a> <http://ex/p> "x y ." .\n',
             b"<http://ex/a> <http://ex/p> <http://ex/b> ."]
    assert Index(lines, {b"<http://ex/p>"}).tables == {b"<http://ex/p>": {b"<http://ex/a>": [b'"x y ."', b"<http://ex/b>"]}}
    assert Index(lines, None).tables == {b"<http://ex/p>": {b"<http://ex/a>": [b'"x y ."', b"<http://ex/b>"]}}


def test_the_index_holds_each_term_once_however_many_lines_name_it():
    """Half the validator's memory on the whole work: a subject is a key of
    several tables, a class the object of thousands of lines; each is one
    bytes object, not one per line it is read from."""
    from kg.shaclcore.index import Index

    lines = [b"<http://ex/n%d> <http://ex/%s> <http://ex/C> .\n" % (n, p) for n in range(3) for p in (b"p", b"q")]
    index = Index(iter(lines), None)
    objects = [o for table in index.tables.values() for values in table.values() for o in values]
    assert len(objects) == 6 and len({id(o) for o in objects}) == 1
    keys = [s for table in index.tables.values() for s in table]
    assert len(keys) == 6 and len({id(s) for s in keys}) == 3


def test_a_triple_written_twice_counts_once():
    """kg build streams its graphs to the validator one after another without
    hashing away repeats (they share none); were one written twice, it is
    still one statement for sh:maxCount, as in any RDF graph."""
    shapes = rdflib.Graph().parse(data=HEAD + "ex:S sh:targetClass ex:C ; sh:property [ sh:path ex:p ; sh:maxCount 1 ] .",
                                  format="turtle")
    line = b"<http://example.org/n> <http://example.org/p> <http://example.org/a> .\n"
    typed = b"<http://example.org/n> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/C> .\n"
    other = b"<http://example.org/n> <http://example.org/p> <http://example.org/b> .\n"
    assert Program(shapes).validate(typed + line + typed + line)[0]
    assert not Program(shapes).validate(typed + line + other)[0]

