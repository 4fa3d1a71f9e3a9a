"""``kg serve``: the SPARQL 1.1 Protocol, dereferenceable IRIs and HTML pages.

IRIs are slash IRIs that name things (a role, an event, a passage), so they
answer with **303 See Other** to a document about the thing: ``/page/…`` for
people (text/html), ``/data/…`` for machines (Turtle, N-Triples, JSON-LD), as
DBpedia does. A thing and the page about it keep apart, and each document
has its own URL to cache and link. The selectors and bodies of a passage or
note are hash IRIs (``…/passage/3#position``) and come with their parent.
"""
from __future__ import annotations

import functools
import gc
import json
import sys
import time
import traceback
from pathlib import Path
from urllib.parse import unquote

from flask import Flask, Response, abort, g, redirect, render_template, request, send_from_directory
from werkzeug.exceptions import HTTPException

from kg.paths import ONTOLOGY, QUERIES
from kg.publish import context, langtags, pages, reading, vocab
from kg.publish.admission import Busy
from kg.publish.room import Room
from kg.rdf.formats import FORMATS
from kg.publish.sparql import BY_NAME, GRAPH_TYPES, RESULT_TYPES, QueryFailed, SparqlService

# /data/<thing>.<ext>: the registry's formats of triples, by extension.
DATA_EXTENSIONS = {f.extension.lstrip("."): f.media_type for f in FORMATS.values() if not f.datasets}
EXTENSION_OF = {media: ext for ext, media in DATA_EXTENSIONS.items()}
UPDATE_WORDS = ("insert", "delete", "load", "clear", "drop", "create", "add", "move", "copy")
# Routes whose answer depends on Accept (besides every 303): caches must key on it.
NEGOTIATED = {"sparql", "thing", "named_graph", "void", "ontology"}
# Media types that are text though not text/*: they get charset=utf-8 too, so
# clients (requests, browsers) do not guess the encoding of 司射.
TEXT_TYPES = {"application/n-triples", "application/n-quads", "application/trig", "application/json",
              "application/xml", "application/javascript", "application/sparql-query",
              "application/sparql-update"}


MAX_BODY = 1_000_000  # bytes of a request body (a query); more is refused with 413


def create_app(service: SparqlService, dist: Path, base: str, max_body: int = MAX_BODY) -> Flask:
    from flask_cors import CORS

    app = Flask(__name__, template_folder="templates", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = max_body
    CORS(app)  # a query editor on another origin may call /sparql
    base = base if base.endswith("/") else base + "/"

    def local(iri: str) -> str:
        """The path on this server of an IRI the project mints (others unchanged)."""
        return "/" + iri[len(base):] if iri.startswith(base) else iri

    app.jinja_env.globals["local"] = local
    # The reading room (chapters, passages, events, labels, search) is read once, here.
    room = Room.load(service.directory, base)
    # Workers forked later (a replacement after a timeout) share the room's pages
    # copy-on-write; frozen, the collector in a worker never touches (and copies) them.
    gc.freeze()
    app.extensions["room"] = room
    app.jinja_env.globals.update(room=room, label=room.label, segments=pages.segments, base=base)
    reading.register(app, room, base)

    def error(status: int, message: str) -> Response:
        return Response(message + "\n", status=status, mimetype="text/plain")

    @app.before_request
    def arrive():
        # A query's timeout counts from here (waiting for a worker included);
        # its client's share is counted by remote address.
        g.queries = service.for_request(request.remote_addr or "", time.monotonic())

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers["X-Content-Type-Options"] = "nosniff"
        if request.endpoint in NEGOTIATED or response.status_code == 303:
            response.vary.add("Accept")
        media = response.mimetype or ""
        if (media.startswith("text/") or media in TEXT_TYPES or media.endswith(("+json", "+xml"))) \
                and "charset" not in response.headers.get("Content-Type", ""):
            response.headers["Content-Type"] = f"{media}; charset=utf-8"
        return response

    @app.errorhandler(QueryFailed)
    def query_failed(failed: QueryFailed):
        return error(failed.status, failed.message)

    @app.errorhandler(Busy)
    def busy(exc: Busy):
        response = error(503, exc.message)
        response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        # Anything else is a bug: log it here, and tell the client no more than that.
        if isinstance(exc, HTTPException):
            return exc
        traceback.print_exc(file=sys.stderr)
        return error(500, "internal error (logged on the server)")

    @app.errorhandler(413)
    def too_large(_):
        return error(413, f"request body larger than {max_body:,} bytes")

    @app.errorhandler(404)
    def not_found(_):
        return error(404, f"nothing is known here: {request.path}")

    # --- SPARQL 1.1 Protocol -------------------------------------------------

    @app.route("/sparql", methods=["GET", "POST"])
    def sparql():
        query = _query_from_request()
        if query is None:
            if request.accept_mimetypes.best == "text/html" or not request.args:
                return redirect("/query", code=303)
            return error(400, "no query: give query= (GET or form POST) or a body of application/sparql-query")
        fmt = request.values.get("format")
        if fmt and fmt not in BY_NAME:
            return error(400, f"unknown format {fmt!r}: use one of {', '.join(sorted(BY_NAME))}")
        result_type = BY_NAME[fmt] if fmt and BY_NAME[fmt] in RESULT_TYPES else (
            request.accept_mimetypes.best_match(list(RESULT_TYPES), default=None))
        graph_type = BY_NAME[fmt] if fmt and BY_NAME[fmt] in GRAPH_TYPES else (
            request.accept_mimetypes.best_match(list(GRAPH_TYPES), default=None))
        if not (result_type or graph_type) and not _accepts_anything():
            return error(406, "no acceptable result format: " + ", ".join([*RESULT_TYPES, *GRAPH_TYPES]))
        query = langtags.rewrite(query)  # "zh-Hant" as users write it answers on Oxigraph's zh-hant
        answer = g.queries.run(query, result_type or "application/sparql-results+json", graph_type or "text/turtle")
        return Response(answer.body, mimetype=answer.media_type)

    def _query_from_request() -> str | None:
        if request.method == "POST":
            kind = request.mimetype
            if kind == "application/sparql-update" or "update" in request.form:
                abort(Response("this endpoint is read-only: SPARQL Update is refused\n", status=403,
                               mimetype="text/plain"))
            if kind == "application/sparql-query":
                return request.get_data(as_text=True)
            if kind == "application/x-www-form-urlencoded":
                return request.form.get("query")
            abort(Response(f"unsupported request type {kind or '(none)'}: use application/sparql-query or a form\n",
                           status=415, mimetype="text/plain"))
        if "update" in request.args:
            abort(Response("this endpoint is read-only: SPARQL Update is refused\n", status=403, mimetype="text/plain"))
        return request.args.get("query")

    def _iri(path: str) -> str:
        """The IRI a request path names; characters that cannot be in an IRI
        (and would break out of the query), control characters and bytes that
        were no UTF-8 (decoded as U+FFFD) find nothing."""
        from pyoxigraph import NamedNode

        if any(c in path for c in '<>"{}|\\^`\ufffd') or any(c.isspace() or ord(c) < 32 for c in path):
            abort(404)
        try:
            NamedNode(base + path)
        except ValueError:
            abort(404)
        return base + path

    def _accepts_anything() -> bool:
        return not request.headers.get("Accept") or "*/*" in request.headers.get("Accept", "")

    # --- IRIs: 303 to a page or to data -----------------------------------------

    @app.route("/id/<path:rest>")
    def thing(rest: str):
        iri = _iri("id/" + rest)
        if not g.queries.select(f"SELECT ?x WHERE {{ {{ <{iri}> ?x ?o }} UNION {{ ?s ?x <{iri}> }} }} LIMIT 1"):
            abort(404)
        media = request.accept_mimetypes.best_match(["text/html", *DATA_EXTENSIONS.values()], default="text/html")
        if media == "text/html":
            return redirect(f"/page/{rest}", code=303)
        return redirect(f"/data/{rest}.{EXTENSION_OF[media]}", code=303)

    @app.route("/data/<path:rest>")
    def data(rest: str):
        stem, _, ext = rest.rpartition(".")
        if ext not in DATA_EXTENSIONS:
            abort(404)
        iri = _iri("id/" + stem)
        query = f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ {pages.with_parts(iri)} ?s ?p ?o }}"
        if ext == "jsonld":  # compacted with the dataset's @context (context.py), not Oxigraph's expanded form
            from pyoxigraph import RdfFormat, parse

            answer = g.queries.run(query, graph_type="application/n-triples")
            triples = [q.triple for q in parse(answer.body, format=RdfFormat.N_TRIPLES)]
            if not triples:
                abort(404)
            return Response(json.dumps(context.compact(triples, base), ensure_ascii=False, indent=1),
                            mimetype="application/ld+json")
        answer = g.queries.run(query, graph_type=DATA_EXTENSIONS[ext])
        if not answer.body.strip() or answer.body.strip() in (b"[]", b"{}"):
            abort(404)
        return Response(answer.body, mimetype=answer.media_type)

    # --- pages for people ---------------------------------------------------------

    @app.route("/")
    def home():
        return render_template("home.html", **pages.home(room))

    @functools.lru_cache(maxsize=32)
    def chapter_page(iri: str) -> str:
        """A chapter page, rendered once: it takes no parameters and the room does
        not change while the server runs, and the largest (鄉射禮, 1.4 MB of HTML)
        takes ~200 ms to render."""
        found = pages.chapter(room, iri)
        if found is None:
            abort(404)
        return render_template("chapter.html", **found)

    @app.route("/page/<path:rest>")
    def page(rest: str):
        iri = _iri("id/" + rest)
        kind, steps = rest.split("/", 1)[0], rest.count("/")
        if kind == "chapter":
            return chapter_page(iri)
        elif kind == "section":
            found, template = pages.section(room, iri, local), "section.html"
        elif kind == "passage" and steps == 1:
            found = pages.passage(room, iri, request.args.get("hl", ""), request.args.get("note", ""))
            template = "passage.html"
        elif kind == "passage" and "/event/" in rest and "#" not in rest:
            found, template = pages.event(room, iri), "event.html"
        elif kind in pages.TERM_KINDS:
            chapter = request.args.get("chapter", "")
            number = request.args.get("page", "1")
            if not number.isdigit() or (chapter and not chapter.isdigit()):
                return error(400, "page= and chapter= take numbers")
            found = pages.term(g.queries, room, iri, base, int(number), int(chapter) if chapter else None)
            template = "term.html"
        else:
            found, template = pages.resource(g.queries, iri, base), "resource.html"
        if found is None:
            abort(404)
        return render_template(template, **found)

    @app.route("/query")
    def query_page():
        # The project's questions (queries/), then the reading room's, whose results link to pages.
        found = [*sorted(QUERIES.glob("*.rq")), *sorted((Path(__file__).parent / "examples").glob("*.rq"))]
        examples = {p.stem: p.read_text(encoding="utf-8").replace("http://localhost:8000/", base) for p in found}
        from kg.publish.context import PREFIXES as KNOWN

        prefixes = {**KNOWN, "yili": base + "ontology#", "id": base + "id/"}
        return render_template("query.html", examples=examples, prefixes=prefixes)

    # --- the dataset and its description ----------------------------------------------

    @app.route("/void")
    @app.route("/.well-known/void")
    def void():
        if _wants_html():
            return description_page("void")
        return _rdf_file(Path(dist) / "void.ttl")

    @app.route("/ontology")
    def ontology():
        files = [ONTOLOGY / "yili.ttl", ONTOLOGY / "work.ttl", ONTOLOGY / "terms.ttl"]
        if _wants_html():  # …/ontology#action in a browser: the page, scrolled to #action
            return description_page("ontology")
        return _rdf_file(*files)

    @functools.lru_cache(maxsize=2)
    def description_page(name: str) -> str:
        """The ontology or VoID page, rendered once from files that do not change while serving."""
        void_file = Path(dist) / "void.ttl"
        if name == "void":
            return render_template("void.html", **vocab.void_page(void_file))
        files = [ONTOLOGY / "yili.ttl", ONTOLOGY / "work.ttl", ONTOLOGY / "terms.ttl"]
        return render_template("ontology.html", **vocab.ontology(files, void_file, base, room.class_terms))

    def _wants_html() -> bool:
        """A browser (text/html asked for, and preferred to Turtle); format= picks data."""
        if request.args.get("format"):
            return False
        accept = request.accept_mimetypes
        return any(m == "text/html" for m, _ in accept) and accept["text/html"] >= accept["text/turtle"]

    @app.route("/graph/<path:rest>")
    def named_graph(rest: str):
        graph = _iri("graph/" + rest)
        media = request.accept_mimetypes.best_match(list(GRAPH_TYPES), default="text/turtle")
        answer = g.queries.run(f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}",
                               graph_type=media)
        if len(answer.body.strip()) < 3:
            abort(404)
        return Response(answer.body, mimetype=answer.media_type)

    @app.route("/dumps/<name>")
    def dumps(name: str):
        if not name.startswith(("yili.", "void.")):
            abort(404)
        return send_from_directory(Path(dist).resolve(), name)

    def _rdf_file(*paths: Path) -> Response:
        from pyoxigraph import RdfFormat, parse, serialize

        fmt = request.args.get("format")
        if fmt and BY_NAME.get(fmt) not in GRAPH_TYPES:
            return error(400, f"unknown format {fmt!r}: use turtle, ntriples or jsonld")
        media = BY_NAME[fmt] if fmt else request.accept_mimetypes.best_match(list(GRAPH_TYPES), default="text/turtle")
        if media == "text/turtle" and len(paths) == 1:
            return Response(paths[0].read_bytes(), mimetype="text/turtle")
        triples = [q.triple for path in paths for q in parse(path=str(path), format=RdfFormat.TURTLE)]
        return Response(serialize(triples, format=GRAPH_TYPES[media][1]), mimetype=media)

    app.jinja_env.filters["unquote"] = unquote
    return app


def serve(dist: Path, store: Path, host: str, port: int, base: str, timeout: float, cap: int,
          workers: int = 2, max_memory: int = 1 << 30, allowed_hosts=(), queue: int | None = None,
          per_client: int | None = None, max_wait: float = 0.5) -> None:
    """Serve ``dist`` with the store ``store``, made from it beforehand
    (:func:`kg.publish.sparql.ensure_store`, which ``kg serve`` calls)."""
    import waitress

    _bound_malloc()
    service = SparqlService(Path(store), workers=workers, timeout=timeout, cap=cap, max_memory=max_memory,
                            allowed_hosts=allowed_hosts, queue=queue, per_client=per_client, max_wait=max_wait)
    # Enough threads for every running and queued query and then some, so that a
    # full queue still leaves threads to answer 503s, pages and files at once.
    threads = service.admission.slots + service.admission.queue + 8
    service.run("ASK {}")  # the pool forks its first workers now, before the reading room fills this process
    try:
        # Waitress refuses a longer body itself, from its Content-Length, instead of
        # first spooling up to its default 1 GB to a temporary file.
        waitress.serve(create_app(service, Path(dist), base), host=host, port=port, threads=threads,
                       ident="yili-kg", max_request_body_size=MAX_BODY)
    finally:
        service.close()


def _bound_malloc() -> None:
    """Keep the server's main process from growing under load.

    Measured with tracemalloc over mixed requests: Python's live objects stayed
    at 17 MB while RSS grew from 161 to 354 MB, and with MALLOC_ARENA_MAX=2 it
    grew by 44 MB instead of 193. The growth is glibc's malloc: each waitress
    thread gets an arena of its own and keeps what large transient buffers
    (request bodies, query strings, pickled results) freed in it. So the
    process (before any thread starts) is held to two arenas. Not glibc: no-op.
    """
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-8, 2)  # M_ARENA_MAX
    except (OSError, AttributeError):
        pass
