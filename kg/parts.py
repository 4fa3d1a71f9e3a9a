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

from collections import Counter, defaultdict
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


# --- parts of a built dataset: connected pieces -------------------------------------------

HUB = 64  # triples pointing to a node that make it a hub


def dataset_parts(graphs: dict, parts: int = 2, always: Iterable = ()) -> list[list[tuple]]:
    """Split ``graphs`` (graph name → triples) into about ``parts`` groups
    that validate alone, each given the graphs in ``always`` (the
    vocabulary every node points to).

    Every subject belongs to one group, with all its triples; a group also
    holds the whole description of every node its triples reach outside
    it, to the end of every chain, so each of its focus nodes sees all it
    would see in the whole and its verdict is the whole's (for node-local
    shapes: :func:`splittable`). Groups are made of connected pieces —
    a triple joins its subject and the node it points to — so that little
    needs copying; two large pieces are not joined (the few links between
    them, a parallel between chapters, are copied instead), or everything
    would be one piece."""
    always = [g for g in always if g in graphs]
    shared = {t.subject for g in always for t in graphs[g]}
    about: dict = defaultdict(list)
    for g, triples in graphs.items():
        if g not in always:
            for t in triples:
                about[t.subject].append(t)
    if parts < 2 or len(about) < 2:
        return [list(graphs.items())]
    parent: dict = {}
    size: dict = {}
    # A node many triples point to (a document, a term met in the text)
    # would join everything into one piece: it joins nothing, and is copied
    # into every group that reaches it.
    pointed = Counter(t.object for ts in about.values() for t in ts)
    hubs = {node for node, n in pointed.items() if n > HUB}

    def root(node):
        top = node
        while parent.get(top, top) is not top:
            top = parent[top]
        while node is not top:  # path compression
            parent[node], node = top, parent[node]
        return top

    for subject, triples in about.items():
        for t in triples:
            o = t.object
            if o not in about or o in shared or o in hubs or subject in hubs:
                continue
            a, b = root(subject), root(o)
            if a is b:
                continue
            sa, sb = size.get(a, 1), size.get(b, 1)
            if sa > sb:
                a, b = b, a
            parent[a] = b
            size[b] = sa + sb
    pieces: dict = defaultdict(int)
    for subject, triples in about.items():
        pieces[root(subject)] += len(triples)
    group_of, loads = {}, [0] * parts
    for piece, n in sorted(pieces.items(), key=lambda item: -item[1]):  # largest first, into the lightest group
        k = loads.index(min(loads))
        group_of[piece] = k
        loads[k] += n
    out = []
    for k in range(parts):
        own = [s for s in about if group_of[root(s)] == k]
        if not own:
            continue
        inside = set(own)
        extra: list = []
        pending = [t.object for s in own for t in about[s] if t.object in about and t.object not in inside]
        while pending:
            node = pending.pop()
            if node in inside:
                continue
            inside.add(node)
            extra += about[node]
            pending += [t.object for t in about[node] if t.object in about and t.object not in inside]
        triples = [t for s in own for t in about[s]]
        out.append([(None, triples + extra), *((g, graphs[g]) for g in always)])
    return out
