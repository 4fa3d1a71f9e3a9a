"""Going a way: a side (東, 西, 南, 北) written as the act of going that way.
A mixin of :class:`kg.extract.events.PassageParser`, whose word rule it
adds (before the others: it takes a side no other rule would read as an act)."""
from __future__ import annotations

from kg.extract.phrases import at, particle, read_roles
from kg.extract.places import CARDINAL, read_place
from kg.extract.rules import word_rule
from kg.extract.vocab import Token


class MotionRules:
    @word_rule("goes-that-way", "A side (東, 西, 南, 北; actions.tsv flag side) that ends its clause right after an act "
               "and its words and 以, "
               "or right after a role opening the clause, is the act of going that way (宰…舉幣以東: he takes the silk "
               "east; 徹者東: they go east); not 以東為上, where 以 names the side that ranks first, nor a side after "
               "things listed or a role (膷以東, 繼三耦以南: an arrangement). So too east or west after the way one "
               "goes by and its south or north side (奠者由重南東: passes south of the 重, going east).",
               "升降自西階以東")
    def rule_goes_that_way(self, k, tok, kind):
        if tok.is_("action") and tok.text in CARDINAL:
            return self.on_action(k, rule="goes-that-way")  # (marked by mark_turns)
        # 降自阼階以東: he goes down and east; only right after an act and the words it
        # took (膷以東 lists dishes eastwards, 繼三耦以南 ranks: no one goes)
        if particle(tok, "instrument") and self.side_ends_clause(k + 1) and self.clause is not None \
                and k > 0 and self.clause.j == self.t[k - 1].j:
            return self.go_that_way(k + 1)
        if tok.is_("role") and (k == 0 or self.t[k - 1].punct or self.act_at(k - 1)):
            roles, after = read_roles(self.t, k)
            if self.side_ends_clause(after):
                self.flush()  # a facing waiting is the act before's (主人升北面徹者東)
                self.take_subject(roles, "written-subject")
                return self.go_that_way(after)
        return None

    def mark_turns(self) -> None:
        """Read each side that is a turn after a way (turns_after_way) as its
        act before the walk, so a subject written before the way is seen to
        act (婦人踊奠者由重南東: the 奠者 goes)."""
        for k, tok in enumerate(self.t):
            if self.turns_after_way(k):
                self.t[k] = Token(tok.i, tok.j, tok.text, {"action": tok.text})

    def turns_after_way(self, k: int) -> bool:
        """Token k, 東 or 西, ends a 由 phrase whose place has a south or north
        side (由重南東, 由主人之北東), and the clause or a new subject follows;
        east and west after those are no side of one place (places.read_place)."""
        tok, nxt = self.t[k], at(self.t, k + 1)
        if tok.text not in ("東", "西") or not particle(tok, "direction") or k < 3 \
                or not (nxt is None or nxt.punct or nxt.is_("role") or self.act_at(k + 1)):
            return False
        way = next((n for n in range(k - 2, max(k - 7, -1), -1) if self.t[n].punct or self.t[n].text == "由"), None)
        if way is None or self.t[way].text != "由":
            return False
        found = read_place(self.t, way + 1)
        return found is not None and found[1] == k and found[0].label[-1:] in ("南", "北")

    def side_ends_clause(self, k: int) -> bool:
        """Token k is one side and nothing of its clause follows it."""
        side, nxt = at(self.t, k), at(self.t, k + 1)
        return side is not None and side.text in CARDINAL and particle(side, "direction") \
            and (nxt is None or nxt.punct)

    def go_that_way(self, k: int) -> int:
        """The side at k read as its act (actions.tsv flag side: a row the
        tokenizer never reads as a word), in this passage's own token list."""
        side = self.t[k]
        self.t[k] = Token(side.i, side.j, side.text, {"action": side.text})  # this passage's words only
        return self.on_action(k, rule="goes-that-way")
