"""One ritual event as the extractor finds it."""
from __future__ import annotations

from dataclasses import dataclass, field

from kg.extract.phrases import PlacePhrase


@dataclass
class Event:
    action: str
    agents: list[str]
    negated: bool = False
    objects: list[str] = field(default_factory=list)
    place: PlacePhrase | None = None
    facing: str | None = None
    recipients: list[str] = field(default_factory=list)
    quote: str | None = None
    i: int = 0  # [i, j) in the passage's normalised text
    j: int = 0
    passage: int = 0
    section: int | None = None
    start: int = 0  # [start, end) in the original file
    end: int = 0
    seq: int = 0  # order in the document, from 1
