"""Split a dataset into parts that validate alone: one per named graph.

Each part holds one graph's own nodes plus the *shared* nodes, which every
part gets: a node described in more than one graph, a node another graph
points to (the vocabulary: classes, terms, the work, editions, layers), and
everything those point to in turn (a term's chain of rdfs:subClassOf). So a
focus node of a part has its whole description there, and so do the nodes
its shapes look at through sh:class, sh:node or a path: the verdict is that
of the whole graph, but the engine holds one part at a time, and parts can
run on separate cores.

That holds only for shapes that look at a node and what it points to; a
shape that looks backwards (sh:inversePath), names its focus nodes
(sh:targetNode) or runs SPARQL is not split (see :func:`splittable`).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable

import rdflib
from pyoxigraph import BlankNode, NamedNode, Quad, Triple
from rdflib.namespace import SH

# Shape features whose verdict for a node may depend on quads outside its part.
NOT_LOCAL = (SH.inversePath, SH.targetNode, SH.sparql, SH.select, SH.ask)


def splittable(shapes: rdflib.Graph) -> bool:
    return not any(True for p in NOT_LOCAL for _ in shapes.triples((None, p, None)))


def partition(quads: Iterable[Quad | Triple]) -> list[list[Quad | Triple]]:
    """The parts, largest first; one part when nothing can be split off."""
    quads = list(quads)
    if not quads or not isinstance(quads[0], Quad):
        return [quads]
    home: dict = {}  # subject → its graph, or None once seen in two graphs
    for q in quads:
        g = q.graph_name
        if home.setdefault(q.subject, g) != g:
            home[q.subject] = None
    shared = {s for s, g in home.items() if g is None}
    # (Three plain passes over the quads measured faster than one pass that
    # keeps the links for later.)
    objects: dict = defaultdict(list)
    for q in quads:
        o = q.object
        if isinstance(o, _NODES) and o in home:
            objects[q.subject].append(o)
            if home[o] != q.graph_name:
                shared.add(o)
    # What shared nodes point to is shared too (a term's parents, a
    # passage's selectors), to the end of the chain.
    pending = list(shared)
    while pending:
        for o in objects.get(pending.pop(), ()):
            if o not in shared:
                shared.add(o)
                pending.append(o)
    common, own = [], defaultdict(list)
    for q in quads:
        if q.subject in shared:
            common.append(q)
        else:
            own[home[q.subject]].append(q)
    if len(own) <= 1:
        return [quads]
    return [part + common for part in sorted(own.values(), key=len, reverse=True)]


_NODES = (NamedNode, BlankNode)
