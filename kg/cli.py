"""The ``kg`` command: thin click commands over the library."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from kg.mappings import MappingError
from kg.rdf.formats import FORMATS  # the one registry of RDF formats (light: no rdflib)
from kg.readers import MAX_INPUT_BYTES, InputError, read_file, readers


def _fail(message: str) -> None:
    click.echo(f"kg: error: {message}", err=True)
    sys.exit(1)


@click.group()
@click.version_option(package_name="yili-kg")
def main() -> None:
    """yili-kg: the 儀禮 (Yili) and its commentaries as linked data."""


@main.command()
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(sorted(readers())), help="Reader to use instead of detecting it.")
@click.option("--chapter", type=click.IntRange(1, 17), help="Chapter number (1–17) where the file does not say.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("dist"), show_default=True)
@click.option("--base", default=None, help="IRI base of the minted IRIs (default http://localhost:8000/).")
@click.option("--gzip", "gz", is_flag=True, help="Write the dumps gzipped (yili.nt.gz …).")
@click.option("--max-input-bytes", "max_bytes", type=click.IntRange(1), default=MAX_INPUT_BYTES, show_default=True,
              help="Refuse an input file larger than this.")
@click.option("--add", "added", multiple=True, type=click.Path(path_type=Path),
              help="Build the default corpus plus this file (repeatable; --format/--chapter apply to it).")
@click.option("--rebuild", is_flag=True,
              help="Build and validate even if nothing changed since the published build.")
def build(files, fmt, chapter, out_dir, base, gz, max_bytes, added, rebuild):
    """Build the graph from FILES (default: the project's corpus) into dist/.

    dist/ is replaced as a whole: the new build is written into
    dist/builds/ and published by switching the dist/current link."""
    from kg.build import BuildFailed, InvalidGraph, sources
    from kg.build import build as run_build
    from kg.forked import ChildFailed
    from kg.progress import Phases
    from kg.rdf.io import one_line
    from kg.validate import format_text

    try:
        items = sources(files, added, fmt, chapter)
        summary = run_build(items, out_dir, base, phases=Phases("kg build"), gz=gz, max_bytes=max_bytes,
                            cache=not rebuild)
    except (InputError, MappingError) as exc:
        _fail(str(exc))
    except InvalidGraph as exc:
        for line in format_text(exc.report):
            click.echo(line, err=True)
        _fail(f"{exc}; {out_dir}/ left as it was")
    except (BuildFailed, ChildFailed, OSError) as exc:  # a validator that ended, a full disk …
        _fail(f"{one_line(exc)}; {out_dir}/ left as it was")
    click.echo(str(summary))


@main.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(sorted(readers())))
@click.option("--chapter", type=click.IntRange(1, 17))
@click.option("--max-input-bytes", "max_bytes", type=click.IntRange(1), default=MAX_INPUT_BYTES, show_default=True,
              help="Refuse an input file larger than this.")
def read(file, fmt, chapter, max_bytes):
    """Print the text model of FILE as JSON lines (passages, notes, sections):
    a header line per document (a file of several chapters has several)."""
    from kg.readers import read_file_all

    try:
        docs = read_file_all(file, fmt, chapter, max_bytes)
    except InputError as exc:
        _fail(str(exc))
    for doc in docs:
        head = {"file": doc.path, "document": doc.key, "format": doc.format, "edition": doc.edition,
                "chapter": doc.chapter, "title": doc.title, "passages": len(doc.passages),
                "notes": len(doc.notes), "sections": len(doc.sections)}
        click.echo(json.dumps(head, ensure_ascii=False))
        for p in doc.passages:
            click.echo(json.dumps({"passage": p.index + 1, "start": p.span.start, "end": p.span.end,
                                   "section": p.section, "text": p.span.text, "norm": p.span.norm},
                                  ensure_ascii=False))
        for n in doc.notes:
            click.echo(json.dumps({"note": n.index + 1, "layer": n.layer, "targets": [t + 1 for t in n.targets],
                                   "start": n.span.start, "end": n.span.end, "text": n.span.text},
                                  ensure_ascii=False))


DEFAULT_GRAPH = Path("dist") / "yili.nt"


@main.command()
@click.argument("query_file", metavar="QUERY", type=click.Path(path_type=Path))
@click.option("--graph", "graphs", multiple=True, type=click.Path(path_type=Path),
              help="Graph file(s) to query (.ttl, .nt, .nq, .jsonld) [default: dist/yili.nt].")
@click.option("--format", "fmt", default="table", show_default=True,
              type=click.Choice(["table", "csv", "tsv", "json", "xml", *FORMATS]),
              help="Result format: SPARQL results for SELECT/ASK, RDF for CONSTRUCT/DESCRIBE.")
def query(query_file, graphs, fmt):
    """Run the SPARQL query in QUERY (a .rq file, or - for stdin) on the built graph."""
    from kg.publish.store import GraphError, QueryError, open_store, run_query, select

    try:
        text = sys.stdin.read() if str(query_file) == "-" else query_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"{query_file}: cannot read the query ({exc.__class__.__name__})")
    try:
        store = open_store(graphs or [DEFAULT_GRAPH])
        if fmt == "table":
            columns, rows = select(store, text)
            click.echo("\t".join(columns))
            for row in rows:
                click.echo("\t".join(" ".join(row.get(c, "").split()) for c in columns))
            return
        sys.stdout.buffer.write(run_query(store, text, fmt))
    except (GraphError, QueryError) as exc:
        _fail(str(exc))


@main.command()
@click.option("--format", "fmt", required=True, type=click.Choice(list(FORMATS)))
@click.option("--out", type=click.Path(path_type=Path), help="File to write (default: standard output).")
@click.option("--gzip", "gz", is_flag=True, help="Gzip the output.")
@click.option("--source", type=click.Path(path_type=Path), default=Path("dist") / "yili.nq", show_default=True,
              help="The built dataset (N-Quads) to dump.")
def dump(fmt, out, gz, source):
    """Write the built dataset as Turtle, N-Triples, N-Quads (named graphs
    per edition, ontology and links) or JSON-LD, streaming; a file is
    replaced only when it is complete."""
    from kg.publish.dump import atomic_write, stream_dump

    if not source.is_file():
        _fail(f"{source}: no such dataset (run `kg build` first)")
    from kg.progress import Phases

    phases = Phases("kg dump", stream=sys.stderr)  # the standard output may be the dump itself
    try:
        with phases.phase("dump", unit="statements") as step:
            progress = step.advance
            if out is None:
                count = stream_dump(source, fmt, sys.stdout.buffer, gz, progress)
            else:
                with atomic_write(out) as handle:
                    count = stream_dump(source, fmt, handle, gz, progress)
    except BrokenPipeError:  # the reader stopped early (kg dump … | head)
        sys.stderr.close()
        sys.exit(0)
    except (SyntaxError, ValueError, OSError) as exc:
        from kg.publish.store import one_line

        _fail(f"{source}: {one_line(exc)}")
    click.echo(f"{count} statements → {out or 'stdout'}", err=True)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--store", type=click.Path(path_type=Path), default=None,
              help="On-disk Oxigraph store, built from DIST/yili.nq on first run (and when it changes). "
                   "[default: DIST/store]")
@click.option("--dist", type=click.Path(path_type=Path), default=Path("dist"), show_default=True)
@click.option("--base", default="http://localhost:8000/", show_default=True,
              help="IRI base of the served dataset: /id/… on this server answers for BASE + id/….")
@click.option("--timeout", default=10.0, show_default=True,
              help="Seconds a query may take from its arrival (waiting included).")
@click.option("--max-result-bytes", "cap", default=50_000_000, show_default=True,
              help="Largest serialised query result.")
@click.option("--workers", default=2, show_default=True, help="Query worker processes.")
@click.option("--max-worker-memory", "max_memory", default=1024, show_default=True, type=click.IntRange(0),
              help="MB of memory each query worker may take beyond its start (address-space limit); a query "
                   "that needs more stops its worker, which is replaced, and is answered 503. 0: no cap.")
@click.option("--queue", default=None, type=click.IntRange(0),
              help="Queries that may wait for a worker; more are answered 503 at once. [default: 4 × workers]")
@click.option("--per-client", default=None, type=click.IntRange(1),
              help="Queries one client (remote address) may have running or waiting. [default: workers / 2]")
@click.option("--max-wait", default=0.5, show_default=True, type=click.FloatRange(0),
              help="Seconds a query may wait for a worker before it is answered 503.")
@click.option("--allow-service", "allowed_hosts", multiple=True, metavar="HOST",
              help="Host that SPARQL SERVICE may query (repeatable). Without it SERVICE is refused (400): "
                   "a public endpoint must not fetch what clients name.")
def serve(host, port, store, dist, base, timeout, cap, workers, max_memory, queue, per_client, max_wait,
          allowed_hosts):
    """Serve the graph: SPARQL 1.1 Protocol at /sparql, dereferenceable IRIs, HTML pages."""
    from kg.publish.dist import current_build
    from kg.publish.server import serve as run_server
    from kg.publish.sparql import ensure_store

    store = dist / "store" if store is None else store  # (beside the builds of --dist, not in one of them)
    dist = current_build(dist)  # the build published now, read whole even if a new one is published meanwhile
    if not (dist / "yili.nq").is_file():
        _fail(f"{dist}/yili.nq: no dataset to serve (run `kg build` first)")
    try:
        ensure_store(dist / "yili.nq", store)  # (hashes the dump: once, here, not again in the server)
    except OSError as exc:
        _fail(f"{store}: cannot make the store there ({exc})")
    click.echo(f"serving {dist} on http://{host}:{port}/ (SPARQL at /sparql)", err=True)
    run_server(dist, store, host, port, base, timeout, cap, workers, max_memory << 20, allowed_hosts, queue,
               per_client, max_wait)


@main.command()
@click.option("--endpoint", required=True,
              help="Graph Store endpoint (gsp: Oxigraph …/store, Virtuoso …/sparql-graph-crud-auth) "
                   "or SPARQL Update endpoint (update: Oxigraph …/update, Virtuoso …/sparql-auth).")
@click.option("--graph", default=None, help="Load everything into this one graph (default: each named graph as built).")
@click.option("--user", default=None)
@click.option("--password", default=None, envvar="KG_LOAD_PASSWORD",
              help="Password (or the KG_LOAD_PASSWORD environment variable); never printed.")
@click.option("--method", type=click.Choice(["gsp", "update"]), default="gsp", show_default=True)
@click.option("--auth", type=click.Choice(["digest", "basic"]), default="digest", show_default=True)
@click.option("--graph-param", default=None,
              help="Query parameter naming the graph for gsp (default graph, or graph-uri for Virtuoso).")
@click.option("--source", type=click.Path(path_type=Path), default=Path("dist") / "yili.nq", show_default=True)
@click.option("--batch", default=2000, show_default=True, help="Triples per INSERT DATA (update).")
@click.option("--update-endpoint", default=None,
              help="SPARQL Update endpoint for the switch of a gsp load [default: found from --endpoint for "
                   "Oxigraph, Virtuoso, Fuseki].")
@click.option("--query-endpoint", default=None,
              help="SPARQL query endpoint, to find staging graphs an interrupted load left [default: found "
                   "from --endpoint].")
def load(endpoint, graph, user, password, method, auth, graph_param, source, batch, update_endpoint,
         query_endpoint):
    """Load the built dataset into a triplestore, replacing the target graph(s)
    all at once: every graph is staged, then one update request switches them."""
    from kg.progress import Phases
    from kg.publish.load import LoadError, Target, safe_url
    from kg.publish.load import load as run_load

    if not source.is_file():
        _fail(f"{source}: no such dataset (run `kg build` first)")
    target = Target(endpoint, graph, user, password, method, auth, graph_param, batch, update_endpoint,
                    query_endpoint)

    try:
        report = run_load(source, target, Phases("kg load"), notice=lambda text: click.echo(f"kg: {text}", err=True))
    except LoadError as exc:
        _fail(str(exc))
    rate = report.triples / report.seconds if report.seconds else 0
    click.echo(f"{report.triples} triples in {len(report.graphs)} graph(s) → {safe_url(endpoint)} "
               f"({method}) in {report.seconds:.1f} s, {rate:,.0f} triples/s")
    for iri, triples in report.graphs.items():
        click.echo(f"  <{iri}> {triples} triples")


@main.command()
@click.option("--endpoint", default="https://query.wikidata.org/sparql", show_default=True,
              help="SPARQL endpoint with Wikidata's shape (rdfs:label, schema:description, P569/P570, P497).")
@click.option("--out", type=click.Path(path_type=Path), default=Path("links-review.tsv"), show_default=True,
              help="Review file to write the candidates to.")
@click.option("--accept", "accepted", type=click.Path(path_type=Path), default=None,
              help="Instead of proposing: move the rows of this review file marked yes into the links table.")
@click.option("--links", type=click.Path(path_type=Path), default=None,
              help="Links table to add accepted rows to [default: mappings/links.tsv].")
def link(endpoint, out, accepted, links):
    """Propose Wikidata and CBDB links for the commentators and the work, for
    review; nothing is linked until a person accepts a row."""
    from kg.publish.link import LinkError, accept, propose, write_review

    if accepted is not None:
        if not accepted.is_file():
            _fail(f"{accepted}: no such review file")
        moved = accept(accepted, links)
        click.echo(f"{moved} accepted link(s) moved into {links or 'mappings/links.tsv'}; run `kg build` to publish them")
        return
    try:
        candidates = propose(endpoint)
    except LinkError as exc:
        _fail(str(exc))
    write_review(candidates, out)
    ambiguous = len({c.subject for c in candidates if c.status == "ambiguous"})
    click.echo(f"{len(candidates)} candidate(s) for {len({c.subject for c in candidates})} subject(s) "
               f"({ambiguous} ambiguous) → {out}; write yes in the accept column of the right ones, then "
               f"kg link --accept {out}")


@main.command(name="validate")
@click.argument("graph", required=False, type=click.Path(path_type=Path))
@click.option("--format", "fmt", default="text", show_default=True, type=click.Choice(["text", "turtle", "json"]),
              help="text for people; turtle (the standard sh:ValidationReport) or json for tools.")
@click.option("--engine", default="core", show_default=True, type=click.Choice(["core", "turbo", "pyshacl"]),
              help="core (kg.shaclcore), turbo (pyshacl-turbo, Rust) or pyshacl, the reference engine; "
                   "all give the same verdict.")
def validate_command(graph, fmt, engine):
    """Validate GRAPH (default dist/yili.nt; Turtle, N-Triples, N-Quads or
    JSON-LD) with the SHACL shapes of ontology/shapes*.ttl.

    Exit status: 0 the graph conforms, 1 it has violations, 2 error (the
    file is missing or cannot be parsed)."""
    from kg.publish.store import GraphError
    from kg.validate import (
        format_json,
        format_text,
        format_turtle,
        load_quads,
        validate,
    )

    from kg import collector
    from kg.progress import Phases

    # The report is the standard output; a machine format keeps it alone there.
    phases = Phases("kg validate", stream=None if fmt == "text" else sys.stderr)
    try:
        with collector.paused():
            with phases.phase("read", unit="statements") as step:
                quads = load_quads(graph or DEFAULT_GRAPH)
                step.advance(len(quads))
            with phases.phase(f"validate ({engine})"):
                report = validate(quads, engine=engine)
    except GraphError as exc:
        click.echo(f"kg: error: {exc}", err=True)
        sys.exit(2)
    if fmt == "turtle":
        click.echo(format_turtle(report))
    elif fmt == "json":
        click.echo(format_json(report))
    else:
        for line in format_text(report):
            click.echo(line)
    sys.exit(0 if report.conforms else 1)


# The graph the two scoring commands read.
SCORED_GRAPHS = click.option("--graph", "graphs", multiple=True, type=click.Path(path_type=Path),
                             help="Built graph to score [default: dist/yili.nt].")


@main.command(name="eval")
@SCORED_GRAPHS
@click.option("--gold", type=click.Path(path_type=Path), default=None,
              help="Gold events (JSON lines) [default: ../shared/eval/events-gold.jsonl].")
@click.option("--misses", is_flag=True, help="Also list, per passage, the gold events not found (-) and the "
              "events found that are not gold (+).")
@click.option("--editions", is_flag=True, help="Score every edition of the build against the gold, through the "
              "canonical passages they read (F1 by document).")
def evaluate(graphs, gold, misses, editions):
    """Score the events of a build against the gold set: precision, recall, F1."""
    from kg.eval import DEFAULT_GOLD, format_edition_scores, format_misses, format_scores, load_gold, score
    from kg.eval import misses as find_misses
    from kg.eval import score_editions

    gold = gold or DEFAULT_GOLD
    try:
        gold_passages = load_gold(gold)
    except (OSError, ValueError) as exc:
        _fail(f"{gold}: cannot read the gold set ({exc.__class__.__name__}: {exc})")
    if editions:
        if misses:
            _fail("--misses lists one edition's passages: use it without --editions")
        rows, stretches = _query_rows(graphs, "events.rq", "stretches.rq")
        for line in format_edition_scores(score_editions(rows, stretches, gold_passages)):
            click.echo(line)
        return
    rows = _query_rows(graphs, "events.rq")
    lines = format_misses(find_misses(rows, gold_passages)) if misses else []
    for line in lines + format_scores(score(rows, gold_passages)):
        click.echo(line)


def _query_rows(graphs, name: str, *more: str):
    """The rows of queries/NAME on the built graph (or the graphs given);
    with more names, the rows of each, the graph loaded once."""
    from kg.paths import QUERIES
    from kg.publish.store import GraphError, QueryError, open_store, solutions

    try:
        store = open_store(graphs or [DEFAULT_GRAPH])
        found = [solutions(store, (QUERIES / n).read_text(encoding="utf-8")) for n in (name, *more)]
    except (GraphError, QueryError) as exc:
        _fail(str(exc))
    return found if more else found[0]


@main.command(name="eval-alignment")
@SCORED_GRAPHS
@click.option("--gold", type=click.Path(path_type=Path), default=None,
              help="Hand-checked pairs (TSV: doc, start, end, locators, kind) [default: tests/data/alignment-gold.tsv].")
def evaluate_alignment(graphs, gold):
    """Score the alignment of the editions with the canonical passages:
    precision and recall of (edition passage, locator) pairs, by kind."""
    from kg.eval import ALIGNMENT_GOLD, format_scores, load_alignment_gold, score_alignment

    gold = gold or ALIGNMENT_GOLD
    try:
        pairs = load_alignment_gold(gold)
    except (OSError, ValueError, KeyError) as exc:
        _fail(f"{gold}: cannot read the gold pairs ({exc.__class__.__name__}: {exc})")
    for line in format_scores(score_alignment(_query_rows(graphs, "alignment.rq"), pairs)):
        click.echo(line)


@main.command()
@click.option("--out", type=click.Path(path_type=Path), default=Path("ontology") / "terms.ttl", show_default=True)
def ontology(out):
    """Write the ritual vocabulary of mappings/ (roles, objects, places, facings,
    acts and their classes) as OWL/SKOS Turtle."""
    from kg.publish.dump import write_vocabulary
    from kg.mappings import MappingError

    try:
        count = write_vocabulary(out)
    except (MappingError, ValueError) as exc:
        _fail(str(exc))
    click.echo(f"{count} triples → {out}")


@main.command()
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Table to write [default: corpus/canon/passages.tsv].")
@click.option("--force", is_flag=True, help="Replace an existing table (its locators are published: think twice).")
def canon(out, force):
    """Derive the canonical passages (locators) from the reference text,
    KR1d0038 (張爾岐《儀禮鄭註句讀》), into a frozen table."""
    from kg.text.canon import TABLE, derive, reference_file, write_table

    out = out or TABLE
    if out.exists() and not force:
        _fail(f"{out} exists and its locators may be cited: use --force to replace it")
    passages = []
    try:
        for chapter in range(1, 18):
            passages += derive(read_file(reference_file(chapter), "mandoku", chapter))
    except InputError as exc:
        _fail(str(exc))
    click.echo(f"{write_table(passages, out)} canonical passages → {out}")


@main.command()
def formats():
    """List the edition formats kg can read."""
    for name, reader in sorted(readers().items()):
        click.echo(f"{name}\t{reader.description}")


@main.command()
@click.option("--scale", default=1, show_default=True, type=click.IntRange(1, 1000),
              help="Also run on the default corpus repeated N times.")
@click.option("--http/--no-http", default=True, show_default=True,
              help="Also time the queries/ set through kg serve against the store directly.")
@click.option("--repeats", default=20, show_default=True, help="Runs of each query for the latency figures.")
def bench(scale, http, repeats):
    """Time each stage on the default corpus and print its figures."""
    import tempfile

    from kg.bench import run_bench, run_http_bench
    from kg.build import build as run_build
    from kg.build import default_corpus

    for line in run_bench(scale):
        click.echo(line)
    if http:
        with tempfile.TemporaryDirectory() as tmp:
            run_build(default_corpus(), Path(tmp))
            click.echo("-- SPARQL latency, default corpus")
            for line in run_http_bench(Path(tmp), repeats):
                click.echo(line)


@main.command()
@click.option("--dist", type=click.Path(path_type=Path), default=Path("dist"), show_default=True)
@click.option("--store", type=click.Path(path_type=Path), default=None,
              help="Store directory for the server it starts (default: a temporary one).")
@click.option("--requests", "count", default=5000, show_default=True, type=click.IntRange(1, 100_000))
@click.option("--threads", default=24, show_default=True, type=click.IntRange(1, 256))
@click.option("--seconds", default=300.0, show_default=True, type=click.FloatRange(1, 3600),
              help="Stop sending after this long even if requests are left.")
@click.option("--timeout", default=10.0, show_default=True, help="--timeout of the kg serve it starts.")
def abuse(dist, store, count, threads, seconds, timeout):
    """Attack a kg serve of DIST on loopback with mixed hostile requests and
    print how it held (statuses, 5xx, leaks, outbound connections, RSS, latency)."""
    import tempfile

    from kg.publish.abuse import run

    if not (dist / "yili.nq").is_file():
        _fail(f"{dist}/yili.nq: no dataset to serve (run `kg build` first)")
    with tempfile.TemporaryDirectory() as tmp:
        report = run(dist, store or Path(tmp) / "store", count, threads, seconds, timeout)
    for line in report.lines():
        click.echo(line)
    bad = report.other_5xx or report.leaks or report.outbound or report.over_time
    sys.exit(1 if bad else 0)


@main.command()
@click.option("--chapter", "chapters", multiple=True, type=click.IntRange(1, 17),
              help="Only this chapter (repeatable) [default: all 17].")
@click.option("--unknown", default=0, show_default=True, type=click.IntRange(0),
              help="Also list this many of the most frequent unknown runs of characters.")
def coverage(chapters, unknown):
    """Share of the 經's characters, per chapter, inside a term of the tables or a grammar word."""
    from kg.coverage import by_chapter, chapter_titles, table

    results = by_chapter(set(chapters) or None)
    click.echo(table(results, chapter_titles()))
    if unknown:
        from collections import Counter

        runs = Counter()
        for cov in results.values():
            runs.update(cov.unknown)
        for run, n in runs.most_common(unknown):
            click.echo(f"{n:>5}  {run}")


if __name__ == "__main__":
    main()
