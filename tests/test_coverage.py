"""kg coverage: the share of the 經's characters the term tables know,
measured with the extractor's tokenizer."""
from __future__ import annotations

import shutil

import pytest

import kg.mappings as mappings_module
from kg.coverage import by_chapter, measure, table
from kg.extract.senses import clear_caches as clear_senses
from kg.extract.vocab import vocabulary
from kg.mappings import load_table
from kg.text import canon
from kg.text.normalise import normalise
from tests.conftest import ROOT, kg as run_kg


def _passage(locator: str) -> str:
    chapter = int(locator.split(".")[0])
    return next(p for p in canon.load()[chapter] if p.locator == locator).norm


def test_a_real_passage_by_hand():
    # 1.1.2 主人𤣥冠朝服緇帶素韠即位于門東西面: 17 characters; the tokenizer reads
    # 主人 (role) 玄冠 朝服 緇帶 (things) 素 (unknown) 韠 (thing) 即位 (act) 于 (grammar)
    # 門 (place) 東 (grammar: direction) 西面 (facing): 16 of 17 known.
    norm = _passage("1.1.2")
    assert norm == "主人玄冠朝服緇帶素韠即位于門東西面"
    cov = measure(norm)
    assert (cov.chars, cov.known, cov.minted) == (17, 16, 0)
    assert dict(cov.unknown) == {"素": 1}
    assert cov.share == pytest.approx(16 / 17)


def test_punctuation_is_not_counted_and_minted_participants_are_apart():
    # 奉匜者 is a participant the tokenizer mints from the text (X者), not a table term.
    cov = measure(normalise("奉匜者盥，素。"))
    assert (cov.chars, cov.known, cov.minted) == (5, 1, 3)
    assert dict(cov.unknown) == {"素": 1}


@pytest.fixture
def tables_with(tmp_path, monkeypatch):
    """The term tables with rows added (a copy of mappings/, caches cleared)."""
    def make(table: str, row: str):
        copy = tmp_path / "mappings"
        shutil.copytree(ROOT / "mappings", copy)
        with open(copy / f"{table}.tsv", "a", encoding="utf-8") as handle:
            handle.write(row + "\n")
        monkeypatch.setattr(mappings_module, "MAPPINGS_DIR", copy)
        load_table.cache_clear()
        vocabulary.cache_clear()
        clear_senses()
    yield make
    monkeypatch.undo()
    load_table.cache_clear()
    vocabulary.cache_clear()
    clear_senses()


def test_coverage_rises_when_a_term_is_added(tables_with):
    norm = _passage("1.1.2")
    before = measure(norm)
    chapter_before = by_chapter({1})[1]
    tables_with("objects", "素\t\tDress\twhite (test row)\t\t")
    after = measure(norm)
    assert (after.known, after.share) == (17, 1.0) and after.known > before.known
    assert by_chapter({1})[1].known > chapter_before.known


def test_every_chapter_is_measured():
    results = by_chapter()
    assert sorted(results) == list(range(1, 18))
    for cov in results.values():
        assert 0 < cov.known + cov.minted <= cov.chars
    text = table(results)
    assert text.splitlines()[-1].startswith("all")


def test_the_command():
    result = run_kg("coverage", "--chapter", "3", "--unknown", "3")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "士相見禮" in lines[1] and lines[2].startswith("all") and len(lines) == 6
