"""What the words around a token are: whether an act follows, whether a
word is a noun or a verb here. A mixin of the passage parser (it reads the
parser's tokens)."""
from __future__ import annotations

from kg.extract.phrases import at, particle, read_place


class Surroundings:
    def act_index(self, k: int) -> int | None:
        """Index of the act that token k leads up to, across adverbs, negation,
        a place and a facing (媵爵者阼階下皆北面再拜), else None."""
        while (tok := at(self.t, k)) is not None:
            kind = tok.readings.get("particle")
            if tok.is_("action") and kind not in ("direction", "pronoun", "join", "adverb", "redo", "reach"):
                return k
            if kind in ("adverb", "link", "negation", "topic", "numeral", "redo", "reach") or tok.is_("facing"):
                k += 1
            elif kind == "fallback":
                k += 2  # 當〓, 當楅
            elif kind == "preposition" and read_place(self.t, k + 1):
                k = read_place(self.t, k + 1)[1]
            elif tok.is_("place") or (tok.is_("object") and read_place(self.t, k, heads=("object",), need_direction=True)):
                k = read_place(self.t, k)[1]
            else:
                return None
        return None

    def act_at(self, k: int) -> bool:
        tok = at(self.t, k)
        return tok is not None and tok.is_("action") and tok.readings.get("particle") not in ("pronoun", "direction", "join")

    def right_after(self, k: int, word: str) -> bool:
        """Token k follows the word ``word``, across punctuation and joins
        (遂 after 決: 袒決遂, 袒、決、遂)."""
        k -= 1
        while k >= 0 and (self.t[k].punct or particle(self.t[k], "join")):
            k -= 1
        return k >= 0 and self.t[k].text == word

    def goes_to(self, k: int) -> bool:
        """之 "go to" (之堂西): not after an act or a thing, and a place follows."""
        prev = at(self.t, k - 1)
        if prev is not None and (prev.is_("action") or prev.is_("object") or prev.is_("role")):
            return False
        return read_place(self.t, k + 1, heads=("place",)) is not None

    def noun_here(self, k: int) -> bool:
        """洗, 決: the thing, not the act, before a direction (洗南) or after a
        preposition."""
        prev = at(self.t, k - 1)
        if particle(prev, "preposition"):
            return True
        return read_place(self.t, k, heads=("object",), need_direction=True) is not None
