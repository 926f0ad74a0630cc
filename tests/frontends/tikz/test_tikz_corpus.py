"""Real figures from the shared corpus: every file is read without a crash, quickly."""

from __future__ import annotations

from pathlib import Path

import pytest

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz import parse_tikz

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus"


def _files(sub, limit=None):
    root = CORPUS / sub
    if not root.is_dir():
        pytest.skip(f"shared corpus folder {root} is absent (it lives beside the repository)")
    files = sorted(root.rglob("*.tex"))
    return files[:limit] if limit else files


@pytest.mark.corpus
def test_janosh_diagrams_parse_without_crash():
    for f in _files("tikz/janosh__diagrams"):
        try:
            parse_tikz(f.read_text(encoding="utf-8", errors="replace"), filename=str(f))
        except GeoverifyError:
            pass  # a clear error is an allowed outcome; any other exception is a bug


@pytest.mark.corpus
@pytest.mark.slow
def test_whole_tikz_corpus_parses_without_crash():
    total_bytes = 0
    for f in _files("tikz") + _files("generated"):
        text = f.read_text(encoding="utf-8", errors="replace")
        total_bytes += len(text.encode())
        try:
            parse_tikz(text, filename=str(f))
        except GeoverifyError:
            pass
    assert total_bytes > 0  # speed: benchmarks/frontend_speed.py
