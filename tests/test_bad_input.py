"""Bad input: one clear line on stderr, a non-zero exit, and dist/ untouched."""
from __future__ import annotations

import subprocess
import sys
import time

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


def test_endless_input_is_refused_at_the_cap(dist):
    """/dev/zero never ends: reading stops one byte past the cap."""
    result = kg("build", "/dev/zero", "--format", "plain", "--out", dist, "--max-input-bytes", "5000000")
    check_refused(result, dist, ["zero", "larger than 5,000,000 bytes", "--max-input-bytes"])


def test_a_file_over_the_cap_is_refused_and_the_cap_can_be_raised(tmp_path, dist):
    size = seed("004").stat().st_size
    check_refused(kg("build", seed("004"), "--out", dist, "--max-input-bytes", size - 1), dist,
                  ["004_", "input cap"])
    out = tmp_path / "raised"
    assert kg("build", seed("004"), "--out", out, "--max-input-bytes", size).returncode == 0


def test_input_with_no_passage_of_the_classic_is_refused(tmp_path, dist):
    """A translation alone, or one long line that reads as a title, has no 經:
    nothing is built and the previous dist/ stays."""
    check_refused(kg("build", seed("002"), "--out", dist), dist, ["002_", "no passage of the classic"])
    line = tmp_path / "one-line.txt"
    line.write_text("之乎者也" * 500_000, encoding="utf-8")  # 6 MB, no line break, no punctuation
    check_refused(kg("build", line, "--format", "plain", "--out", dist), dist, ["one-line.txt"])


def test_utf8_cut_inside_a_character_says_where(tmp_path, dist):
    data = seed("004").read_bytes()
    cut = len(data) // 2
    while data[cut] < 0xC0:  # move to the lead byte of a multi-byte character
        cut += 1
    broken = tmp_path / "cut.txt"
    broken.write_bytes(data[:cut + 1])  # the lead byte without its continuation
    check_refused(kg("build", broken, "--out", dist), dist, ["cut.txt", f"broken UTF-8 at byte {cut:,}", "cut"])
    damaged = tmp_path / "damaged.txt"
    damaged.write_bytes(data[:cut] + b"\xff" + data[cut:])
    check_refused(kg("build", damaged, "--out", dist), dist, ["damaged.txt", f"broken UTF-8 at byte {cut:,}"])


def test_serve_with_a_store_that_cannot_be_made(tmp_path):
    """kg serve --store under a plain file: one line, not pyoxigraph's
    traceback (regression: an IO error from mkdir)."""
    served = tmp_path / "served"
    served.mkdir()
    (served / "yili.nq").write_text(
        '<http://example.org/a> <http://example.org/b> "c" <http://example.org/g> .\n', encoding="utf-8")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n", encoding="utf-8")
    result = kg("serve", "--dist", served, "--store", blocker / "store", "--port", "1")
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kg: error:") and "store" in lines[0], result.stderr


def test_serve_keeps_its_store_beside_the_dist_it_is_given(tmp_path):
    """kg serve --dist ELSEWHERE (no dist/ in the working folder) makes its
    store in ELSEWHERE/store, as the help says (regression: it tried dist/store
    of the working folder and failed with a traceback)."""
    from kg.publish.abuse import call, free_port

    served = tmp_path / "served"
    served.mkdir()
    (served / "yili.nq").write_text(
        '<http://example.org/a> <http://example.org/b> "c" <http://example.org/g> .\n', encoding="utf-8")
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "kg.cli", "serve", "--dist", str(served), "--port", str(port)],
                               cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not (served / "store" / "yili-kg-source").is_file():
            assert process.poll() is None, process.stderr.read().decode(errors="replace")
            assert time.monotonic() < deadline
            time.sleep(0.2)
        while call(f"http://127.0.0.1:{port}", "GET", "/sparql?query=ASK%7B%3Fs%3Fp%3Fo%7D", timeout=2).status != 200:
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        assert not (tmp_path / "dist").exists()
    finally:
        process.terminate()
        process.wait(timeout=10)
