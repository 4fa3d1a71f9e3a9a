"""Latency of the reading room's pages, search and diagrams on a running
``kg serve``: the figures the reading-room issue sets goals for (pages ≤ 300
ms, search ≤ 100 ms, p50 on loopback). Meant to be called by ``kg bench``
beside its SPARQL figures; the paths are chosen from the served data (the
largest chapter, its busiest section, its most frequent role), not fixed."""
from __future__ import annotations

import statistics
import time
from urllib.parse import quote

import requests

GOALS = {"page": 0.300, "search": 0.100, "diagram": 0.300}


def paths(url: str, base: str = "http://localhost:8000/") -> dict[str, tuple[str, str]]:
    """name -> (kind, path) of what to time, found through /search.json and /sparql."""
    rows = requests.get(url + "/sparql", timeout=60, params={"format": "json", "query": """
        PREFIX yili: <BASEontology#>
        SELECT ?chapter ?section ?role WHERE {
          { SELECT ?chapter (COUNT(?p) AS ?n) WHERE { ?p a yili:CanonicalPassage ; <http://purl.org/dc/terms/isPartOf> ?chapter }
            GROUP BY ?chapter ORDER BY DESC(?n) LIMIT 1 }
          { SELECT ?section (COUNT(?e) AS ?m) WHERE { ?e a yili:RitualEvent ; yili:inSection ?section ;
              yili:passage/a yili:CanonicalPassage } GROUP BY ?section ORDER BY DESC(?m) LIMIT 1 }
          { SELECT ?role (COUNT(?e) AS ?k) WHERE { ?e a yili:RitualEvent ; yili:agent ?role } GROUP BY ?role
            ORDER BY DESC(?k) LIMIT 1 } }""".replace("BASE", base)}).json()["results"]["bindings"][0]

    def here(iri: str) -> str:
        return "/page/" + quote(iri.split("/id/", 1)[1])

    section = rows["section"]["value"].rsplit("/", 1)[-1]
    first_passage = requests.get(url + "/search.json", params={"q": "主人"}, timeout=60).json()["results"]
    passage = next((h["url"] for h in first_passage if h["kind"] == "passage"), "/")
    return {"chapter (largest)": ("page", here(rows["chapter"]["value"])),
            "passage": ("page", passage.replace("/id/", "/page/", 1)),
            "term (busiest role)": ("page", here(rows["role"]["value"])),
            "search 觯": ("search", "/search.json?q=" + quote("觯")),
            "search 之": ("search", "/search?q=" + quote("之")),
            "swimlane": ("diagram", f"/diagram/swimlane/{section}"),
            "floor plan": ("diagram", f"/diagram/floorplan/{section}")}


def run(url: str, repeats: int = 20, base: str = "http://localhost:8000/") -> list[dict]:
    """p50 and p95 (seconds) of each path, with its goal and whether it is met."""
    out = []
    for name, (kind, path) in paths(url, base).items():
        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            response = requests.get(url + path, timeout=60)
            times.append(time.perf_counter() - started)
            response.raise_for_status()
        times.sort()
        p50 = statistics.median(times)
        out.append({"name": name, "path": path, "p50": p50, "p95": times[min(len(times) - 1, int(.95 * len(times)))],
                    "bytes": len(response.content), "goal": GOALS[kind], "met": p50 <= GOALS[kind]})
    return out


def report(rows: list[dict]) -> str:
    lines = [f"{'reading room':22s} {'p50':>8s} {'p95':>8s} {'goal':>6s}  (ms)"]
    for row in rows:
        lines.append(f"{row['name']:22s} {row['p50'] * 1000:8.1f} {row['p95'] * 1000:8.1f} {row['goal'] * 1000:6.0f}"
                     f"  {'ok' if row['met'] else 'MISSED'}  {row['bytes']:,} bytes")
    return "\n".join(lines)
