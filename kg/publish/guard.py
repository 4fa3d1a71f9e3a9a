"""Checks a query must pass before Oxigraph sees it.

Two kinds of query do harm to a public endpoint:

* ``SERVICE <iri> { … }`` makes the server itself fetch the IRI (Oxigraph
  POSTs the pattern there), so a client could reach hosts only the server can
  reach (server-side request forgery) or read ``file:`` IRIs' errors.
* Very deep or very long queries: Oxigraph's parser and evaluator recurse, and
  a query nested 5,000 levels deep overflows the worker's stack and kills it.

Both are decided from the query's tokens, not from substrings: the scanner
below knows the SPARQL terminals (strings, IRIs, comments, prefixed names,
variables, language tags), so ``"SERVICE"`` in a literal, an IRI or a comment
is no ``SERVICE`` clause, and the keyword cannot hide in a form the scanner
does not understand (a backslash outside a string is refused, as Oxigraph
refuses it). Scanning is one linear pass over at most the 1 MB body cap
(under 0.2 s), in the server before a query takes a worker, so what is
refused is refused at once even when every worker is busy.
When some hosts are allowed (``--allow-service``), the endpoints are read from
rdflib's algebra of the query (``ServiceGraphPattern``, with prefixes
resolved); rdflib is slow on big queries, so this runs only for queries that
have the keyword, in the worker, under the query's timeout.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

# The SPARQL terminals that can hide a keyword, and the structure tokens.
_STRING = (r'"""(?:[^"\\]|\\.|"(?!""))*"""' r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
           r'|"(?:[^"\\\n\r]|\\.)*"' r"|'(?:[^'\\\n\r]|\\.)*'")
_IRI = r'<(?:[^<>"{}|^`\\\x00-\x20]|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8})*>'
_LOCAL = r"(?:[\w.:%-]|\\[_~.\-!$&'()*+,;=/?#@%])*"
TOKEN = re.compile(rf"""
    (?P<space>\s+)
  | (?P<comment>\#[^\n\r]*)
  | (?P<string>{_STRING})
  | (?P<iri>{_IRI})
  | (?P<var>[?$]\w+)
  | (?P<lang>@[A-Za-z]+(?:-[A-Za-z0-9]+)*)
  | (?P<name>(?:[^\W\d][\w.-]*)?:{_LOCAL}|[^\W\d]\w*)
  | (?P<number>\d[\w.]*)
  | (?P<open>[{{(\[])
  | (?P<close>[}})\]])
  | (?P<op>&&|\|\||!=|<=|>=|\^\^|[-+*/|!^=<>])
  | (?P<quote>["'])
  | (?P<backslash>\\)
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)

MAX_DEPTH = 100  # brackets inside brackets: real queries stay under ~20
MAX_OPERATORS = 50_000  # brackets and operators in all: each is a node Oxigraph recurses through


class Refused(ValueError):
    """A query this server will not run (answered with 400)."""


@dataclass
class Scan:
    depth: int = 0
    operators: int = 0
    services: list[str] = field(default_factory=list)  # what follows each SERVICE keyword, as written


def scan(query: str) -> Scan:
    """One pass over the tokens of ``query``: bracket depth, operator count and
    the SERVICE clauses. Stops early once a limit is passed."""
    found, depth, after_service = Scan(), 0, False
    for match in TOKEN.finditer(query):
        kind = match.lastgroup
        if kind in ("space", "comment"):
            continue
        if kind == "quote":
            break  # a quote that opens no complete string: a syntax error from here on, Oxigraph says where
        if kind == "backslash":
            raise Refused("bad SPARQL query: a backslash outside a string or IRI "
                          f"(at character {match.start() + 1})")
        text = match.group()
        if after_service:
            if kind == "name" and text.upper() == "SILENT":
                continue
            found.services.append(text)
            after_service = False
        if kind == "name" and text.upper() == "SERVICE":
            after_service = True
        elif kind == "open":
            depth += 1
            found.operators += 1
            found.depth = max(found.depth, depth)
        elif kind == "close":
            depth -= 1
        elif kind == "op":
            found.operators += 1
        if found.depth > MAX_DEPTH:
            raise Refused(f"query nested more than {MAX_DEPTH} brackets deep: this server refuses it")
        if found.operators > MAX_OPERATORS:
            raise Refused(f"query with more than {MAX_OPERATORS:,} brackets and operators: this server refuses it")
    if after_service:
        found.services.append("")
    return found


def check(query: str, allowed_hosts: frozenset[str] = frozenset()) -> bool:
    """Raise Refused unless ``query`` may run here; True when its SERVICE
    endpoints are still to be checked against ``allowed_hosts``
    (check_services, which is slow: run it in the worker)."""
    found = scan(query)
    if not found.services:
        return False
    if not allowed_hosts:
        raise Refused(f"SERVICE {found.services[0]} refused: this endpoint does not query other endpoints "
                      "(federated queries are off; run them from your own client or a private server "
                      "with --allow-service)")
    return True


def check_services(query: str, allowed_hosts: frozenset[str]) -> None:
    """Raise Refused unless every SERVICE of ``query`` names an allowed host."""
    for endpoint in service_endpoints(query):
        host = urlsplit(endpoint).hostname if endpoint.startswith(("http://", "https://")) else None
        if host is None or host.lower() not in allowed_hosts:
            shown = endpoint if endpoint.startswith("?") else f"<{endpoint}>"
            raise Refused(f"SERVICE {shown} refused: this server allows SERVICE only to "
                          + ", ".join(sorted(allowed_hosts)))


def service_endpoints(query: str) -> list[str]:
    """The endpoint of every SERVICE clause in rdflib's algebra of ``query``
    (a variable endpoint is given as ``?name``, which no host allows)."""
    from rdflib.plugins.sparql.algebra import translateQuery, traverse
    from rdflib.plugins.sparql.parser import parseQuery
    from rdflib.plugins.sparql.parserutils import CompValue
    from rdflib.term import Variable

    try:
        algebra = translateQuery(parseQuery(query)).algebra
    except Exception as exc:  # noqa: BLE001 - rdflib raises many kinds; any means "cannot check"
        raise Refused("query with SERVICE that this server cannot check (rdflib: "
                      + " ".join(str(exc).split())[:200] + ")") from None
    endpoints: list[str] = []

    def visit(node):
        if isinstance(node, CompValue) and node.name == "ServiceGraphPattern":
            term = node.term
            endpoints.append(f"?{term}" if isinstance(term, Variable) else str(term))

    traverse(algebra, visitPre=visit)
    if not endpoints:  # the scanner saw the keyword: never let a disagreement open the door
        raise Refused("query with SERVICE that this server cannot check")
    return endpoints
