"""Bad input: one clear line on stderr, a non-zero exit, and dist/ untouched."""
from __future__ import annotations

import pytest

from tests.conftest import seed
from tests.test_build import kg


@pytest.fixture
def dist(tmp_path):
    out = tmp_path / "dist"
    out.mkdir()
    (out / "yili.nt").write_text("previous build\n", encoding="utf-8")
    return out


def check_refused(result, dist, words):
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("kg: error:") and all(w in lines[0] for w in words)
    assert sorted(p.name for p in dist.iterdir()) == ["yili.nt"]
    assert (dist / "yili.nt").read_text(encoding="utf-8") == "previous build\n"


def test_empty_file(tmp_path, dist):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    check_refused(kg("build", empty, "--out", dist), dist, ["empty.txt", "empty"])


def test_binary_file(tmp_path, dist):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    check_refused(kg("build", binary, "--out", dist), dist, ["image.png", "binary"])


def test_unknown_format(tmp_path, dist):
    other = tmp_path / "notes.txt"
    other.write_text("Just some English notes about archery.\nNothing classical here.\n", encoding="utf-8")
    check_refused(kg("build", other, "--out", dist), dist, ["notes.txt", "unknown format"])


def test_missing_file(tmp_path, dist):
    check_refused(kg("build", tmp_path / "nowhere.txt", "--out", dist), dist, ["nowhere.txt"])


def test_one_bad_file_among_good_ones_writes_nothing(tmp_path, dist):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"   \n")
    check_refused(kg("build", seed("004"), empty, "--out", dist), dist, ["empty.txt"])


@pytest.mark.parametrize("encoding", ["gb18030", "big5"])
def test_gb18030_and_big5_are_decoded(tmp_path, encoding):
    text = seed("001").read_text(encoding="utf-8")
    # Keep characters both encodings have, so the round trip is exact.
    kept = "".join(c for c in text if _encodable(c, encoding))
    path = tmp_path / f"001-{encoding}.txt"
    path.write_bytes(kept.encode(encoding))
    out = tmp_path / "out"
    result = kg("build", path, "--chapter", "5", "--out", out)
    assert result.returncode == 0, result.stderr
    assert "眾賓繼射" in (out / "yili.nt").read_text(encoding="utf-8")


def _encodable(char: str, encoding: str) -> bool:
    try:
        char.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False
