"""Routes of the reading room: search, diagrams, static files (YASGUI), the
JSON-LD context. Kept apart from server.py, which is the SPARQL protocol and
the dereferencing of IRIs; all of these answer from memory (room.py)."""
from __future__ import annotations

import json
from pathlib import Path

from flask import Flask, Response, render_template, request, send_from_directory

from kg.publish import context, diagrams
from kg.publish.search import MAX_QUERY, SearchIndex

STATIC = Path(__file__).parent / "static"


def register(app: Flask, room, base: str) -> None:
    index = SearchIndex(room)
    app.extensions["search"] = index
    local = app.jinja_env.globals["local"]

    def refuse(message: str) -> Response:
        return Response(message + "\n", status=400, mimetype="text/plain")

    def start() -> int:
        value = request.args.get("start", "0")
        return int(value) if value.isdigit() and len(value) < 9 else -1

    def query() -> str | Response:
        q = request.args.get("q", "")
        if start() < 0:
            return refuse("search: start= takes a number (the first hit to show, from 0)")
        if not q.strip():
            return refuse("search: give a word to look for, as q=")
        if len(q) > MAX_QUERY:
            return refuse(f"search: q= is longer than {MAX_QUERY} characters")
        return q

    @app.route("/search")
    def search():
        q = query()
        if isinstance(q, Response):
            if "q" not in request.args:  # the empty form, not an error
                return render_template("search.html", found=None)
            return q
        return render_template("search.html", found=index.search(q, start=start()))

    @app.route("/search.json")
    def search_json():
        q = query()
        if isinstance(q, Response):
            return q
        found = index.search(q, start=start())
        for hit in found["results"]:
            hit["url"] = local(hit["page"])
        return Response(json.dumps(found, ensure_ascii=False), mimetype="application/json")

    @app.route("/diagram/<kind>/<locator>")
    def diagram(kind: str, locator: str):
        draw = {"swimlane": diagrams.swimlane, "floorplan": diagrams.floorplan}.get(kind)
        section = room.section_by_locator(locator)
        if draw is None or section is None:
            return Response(f"no such diagram: /diagram/{kind}/{locator} (swimlane or floorplan of a "
                            "section locator such as 5.3)\n", status=404, mimetype="text/plain")
        return Response(draw(room, section, local), mimetype="image/svg+xml")

    @app.route("/ns/context.jsonld")
    def jsonld_context():
        return Response(json.dumps(context.document(base), ensure_ascii=False, indent=1),
                        mimetype="application/ld+json")

    @app.route("/static/<path:name>")
    def static(name: str):
        response = send_from_directory(STATIC, name, max_age=86400)
        return response
