"""Propose links to Wikidata (and, through Wikidata's CBDB ID property, to
CBDB) for the commentators and the work, for a person to review.

Nothing is linked automatically: ``propose`` writes candidates with their
evidence (label, description, birth and death dates) into a review file, one
row per candidate, marking names that more than one item carries as
``ambiguous``; a reviewer writes ``yes`` in the ``accept`` column of the rows
that are right, and ``accept`` moves those rows into ``mappings/links.tsv``.
"""
from __future__ import annotations

import csv
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kg.mappings import MAPPINGS_DIR, load_table
from kg.rdf.terms import simplified

WIKIDATA = "https://query.wikidata.org/sparql"
ENTITY = "http://www.wikidata.org/entity/"
CBDB_PERSON = "https://cbdb.fas.harvard.edu/cbdbapi/person.php?id="
REVIEW_COLUMNS = ["subject", "name", "candidate", "dataset", "label", "description", "birth", "death",
                  "status", "accept"]
LABEL_LANGUAGES = ("zh", "zh-hant", "zh-tw", "zh-hans", "zh-cn")


class LinkError(Exception):
    """The endpoint could not be queried; nothing was changed."""


@dataclass
class Candidate:
    subject: str  # person:zheng-xuan, work:yili
    name: str
    candidate: str  # IRI
    dataset: str
    label: str = ""
    description: str = ""
    birth: str = ""
    death: str = ""
    status: str = ""
    accept: str = ""


def things_to_link() -> list[tuple[str, str]]:
    """(subject, Chinese name) of the commentators and of the work."""
    return [(f"person:{row['key']}", row["name_zh"]) for row in load_table("commentators")] + [("work:yili", "儀禮")]


def candidate_query(name: str) -> str:
    forms = sorted({name, simplified(name)})
    values = " ".join(f'"{form}"@{lang}' for form in forms for lang in LABEL_LANGUAGES)
    return f"""PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX schema: <http://schema.org/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
SELECT ?item (SAMPLE(?l) AS ?label) (SAMPLE(?d) AS ?description) (MIN(?b) AS ?birth) (MIN(?x) AS ?death)
       (SAMPLE(?c) AS ?cbdb) WHERE {{
  VALUES ?l {{ {values} }}
  ?item rdfs:label ?l .
  OPTIONAL {{ ?item schema:description ?d FILTER(LANG(?d) IN ("zh", "zh-hant", "zh-tw", "en")) }}
  OPTIONAL {{ ?item wdt:P569 ?b }}
  OPTIONAL {{ ?item wdt:P570 ?x }}
  OPTIONAL {{ ?item wdt:P497 ?c }}
}} GROUP BY ?item ORDER BY ?item"""


def propose(endpoint: str = WIKIDATA, timeout: float = 60) -> list[Candidate]:
    from urllib.error import URLError

    from SPARQLWrapper import JSON, POST, SPARQLWrapper
    from SPARQLWrapper.SPARQLExceptions import SPARQLWrapperException

    client = SPARQLWrapper(endpoint, agent="yili-kg link proposer (kg link)")
    client.setReturnFormat(JSON)
    client.setMethod(POST)
    client.setTimeout(timeout)
    candidates: list[Candidate] = []
    for subject, name in things_to_link():
        client.setQuery(candidate_query(name))
        try:
            rows = client.query().convert()["results"]["bindings"]
        except (URLError, OSError, SPARQLWrapperException) as exc:
            raise LinkError(f"cannot query {endpoint} ({exc.__class__.__name__}): offline? nothing was changed") from None
        found = []
        for row in rows:
            value = {k: v["value"] for k, v in row.items()}
            found.append(Candidate(subject, name, value["item"], "wikidata", value.get("label", ""),
                                   value.get("description", ""), value.get("birth", "")[:10],
                                   value.get("death", "")[:10]))
            if value.get("cbdb"):
                found.append(Candidate(subject, name, CBDB_PERSON + value["cbdb"], "cbdb", value.get("label", ""),
                                       f"CBDB ID of {value['item']} (Wikidata P497)",
                                       value.get("birth", "")[:10], value.get("death", "")[:10]))
        items = {c.candidate for c in found if c.dataset == "wikidata"}
        for c in found:
            c.status = "ambiguous" if len(items) > 1 else "single match"
        candidates += found
    return candidates


def write_review(candidates: list[Candidate], path: Path) -> None:
    _write_tsv(path, REVIEW_COLUMNS, [[getattr(c, col) for col in REVIEW_COLUMNS] for c in candidates],
               "# Candidates proposed by `kg link`. Check each against its evidence; write yes in the accept\n"
               "# column of the rows that are right, then run `kg link --accept THIS_FILE`.\n")


def accept(review: Path, links: Path | None = None) -> int:
    """Move the accepted rows of ``review`` into the links table; returns how many."""
    links = links or MAPPINGS_DIR / "links.tsv"
    lines = [line for line in review.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t"))
    taken = [r for r in rows if r.get("accept", "").strip().lower() == "yes"]
    if not taken:
        return 0
    existing = links.read_text(encoding="utf-8")
    known = {line.split("\t")[2] for line in existing.splitlines() if line.count("\t") >= 4}
    added = []
    for r in taken:
        if r["candidate"] in known:
            continue
        evidence = (f"kg link: {r['dataset']} label {r['label']}, {r['description'] or 'no description'}, "
                    f"{r['birth'] or '?'}–{r['death'] or '?'}; {r['status']}; accepted by a reviewer")
        added.append("\t".join([r["subject"], "skos:exactMatch", r["candidate"], r["dataset"], evidence]))
    text = existing.rstrip("\n") + "\n" + "".join(line + "\n" for line in added)
    _atomic_text(links, text)
    left = [r for r in rows if r not in taken]
    write_review([Candidate(**{k: r.get(k, "") for k in REVIEW_COLUMNS}) for r in left], review)
    return len(added)


def _write_tsv(path: Path, columns: list[str], rows: list[list[str]], header: str = "") -> None:
    import io

    out = io.StringIO()
    out.write(header)
    writer = csv.writer(out, delimiter="\t", lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    _atomic_text(path, out.getvalue())


def _atomic_text(path: Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
