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
    # provenance: (part, rule name) in the order the rules gave them — part is
    # act, agent, negated, objects, place, facing, recipients, quote or repeats
    how: list[tuple[str, str]] = field(default_factory=list)
    uncertain: list[str] = field(default_factory=list)  # why a scholar should review it
    # the earlier events it says it repeats (如初, 亦如之: kg/extract/repeats.py)
    repeats: list[Event] = field(default_factory=list, repr=False, compare=False)

    def mark(self, part: str, rule: str, replace: bool = False) -> None:
        """``rule`` gave ``part`` of the event (replace: instead of the rule before)."""
        if replace:
            self.how = [(p, r) for p, r in self.how if p != part]
        if (part, rule) not in self.how:
            self.how.append((part, rule))

    def rule_for(self, part: str) -> str | None:
        return next((r for p, r in self.how if p == part), None)

    @property
    def rules(self) -> list[str]:
        """The names of the rules that made the event, each once."""
        return list(dict.fromkeys(r for _, r in self.how))
