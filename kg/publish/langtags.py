"""Make language tags as users write them (``zh-Hant``) answer on Oxigraph.

Oxigraph stores language tags lower-cased (``zh-hant``, as RDF 1.1 allows:
tags compare case-insensitively) and its ``LANG()`` returns them so; a
literal ``"司射"@zh-Hant`` in a query is lower-cased by its parser too, but a
comparison ``LANG(?x) = "zh-Hant"`` is a comparison of plain strings and
finds nothing. So before a query runs, the string compared with ``LANG(…)``
(``=``, ``!=``, ``IN``/``NOT IN``, ``sameTerm``) is lower-cased, and so are the
tags of tagged literals (for stores whose parser does not).

The query is cut into SPARQL tokens first (strings with their escapes and
long quotes, IRIs, comments, words): a ``lang(`` or ``@zh-Hant`` inside a
string, an IRI or a comment is text, never rewritten. What the rewrite does
not see (``BIND(LANG(?x) AS ?l) FILTER(?l = "zh-Hant")``) is left alone; a
query that does not lex is passed on unchanged, for the store's parser to
report.
"""
from __future__ import annotations

import re

# SPARQL 1.1 terminals, longest first where they overlap. IRIREF excludes
# spaces, so `?a < ?b` is an operator, as the grammar says.
_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>\#[^\n]*)
  | (?P<string>(?:\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"|'''(?:[^'\\]|\\.|'(?!''))*'''
                |"(?:[^"\\\n\r]|\\.)*"|'(?:[^'\\\n\r]|\\.)*')
               (?P<tag>@[A-Za-z]+(?:-[A-Za-z0-9]+)*)?)
  | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
  | (?P<word>[?$]?[\w\u00b7\u0300-\u036f\u203f-\u2040.:%-]*[\w:%-]|[?$]?\w)
  | (?P<op>!=|<=|>=|&&|\|\||\^\^|[^\s])
""", re.VERBOSE | re.DOTALL)

_TAG = re.compile(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*\Z")


def tokens(query: str) -> list[tuple[str, str]] | None:
    """The tokens of ``query`` as (kind, text), spaces and comments kept; None if it does not lex."""
    out, at = [], 0
    while at < len(query):
        match = _TOKEN.match(query, at)
        if match is None or match.end() == at:
            return None
        out.append((match.lastgroup if match.lastgroup != "tag" else "string", match.group()))
        at = match.end()
    return out


MAX_REWRITE = 16_384  # characters: a person's query; longer ones (machine-made) are passed on as they are


def rewrite(query: str) -> str:
    """``query`` with language tags and strings compared with LANG() lower-cased."""
    if len(query) > MAX_REWRITE or ("@" not in query and "lang" not in query.lower()):
        return query  # nothing to do, or too long to cut into tokens in the server's own process
    lexed = tokens(query)
    if lexed is None:
        return query
    toks = [[kind, text] for kind, text in lexed]
    code = [i for i, (kind, _) in enumerate(toks) if kind not in ("space", "comment")]

    for i in code:  # "司射"@zh-Hant → "司射"@zh-hant
        kind, text = toks[i]
        if kind == "string":
            match = re.search(r"@[A-Za-z0-9-]+\Z", text)
            if match and not text.endswith(('"', "'")):
                toks[i][1] = text[:match.start()] + match.group().lower()

    def lower_string(position: int) -> None:
        kind, text = toks[code[position]]
        if kind == "string" and text[-1] in "\"'" and _TAG.match(text.strip("\"'")):  # untagged only
            toks[code[position]][1] = text.lower()

    low = [toks[i][1].lower() for i in code]
    n = len(code)

    def word(position: int) -> str:
        return low[position] if 0 <= position < n else ""

    closing, stack = {}, []  # position of "(" -> position of its ")", in one pass
    for position in range(n):
        if word(position) == "(":
            stack.append(position)
        elif word(position) == ")" and stack:
            closing[stack.pop()] = position
    for start in range(n):
        if word(start) != "lang" or word(start + 1) != "(":
            continue
        end = closing.get(start + 1)
        if end is None:
            return query
        after, before = end + 1, start - 1
        if word(after) in ("=", "!="):
            lower_string(after + 1)
        if word(before) in ("=", "!="):
            lower_string(before - 1)
        if word(before) == "," and word(before - 1) and word(before - 2) == "(" and word(before - 3) == "sameterm":
            lower_string(before - 1)
        if word(before) == "(" and word(before - 1) == "sameterm" and word(after) == ",":
            lower_string(after + 1)
        nxt = after + 1 if word(after) == "not" else after
        if word(nxt) == "in" and word(nxt + 1) == "(":
            at = nxt + 2
            while at < n and word(at) != ")":
                lower_string(at)
                at += 1
    return "".join(text for _, text in toks)
