"""Fuzzing, small and fast: only documented GeoverifyError subclasses leave parse_figure.

The long runs are ``python fuzz/run.py --examples 10000`` and the atheris harnesses;
this keeps a few hundred examples per front-end in every CI run (derandomized, so a
failure reproduces).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
sys.path.insert(0, str(FUZZ))

import harness  # noqa: E402

FAST_EXAMPLES = 200
# from_lark draws regex terminals with from_regex: 0.1-0.7 s per TikZ/Asymptote example.
LARK_EXAMPLES = {"svg": 40, "asy": 30, "tikz": 15}


def _need_frontend(fmt):
    if not harness.frontend_available(fmt):
        pytest.skip(f"the {fmt} front-end is not importable yet")


def _assert_documented(tally):
    assert tally.outcomes.get("UNDOCUMENTED", 0) == 0, (
        f"{tally.fmt}: undocumented exception for input:\n{tally.undocumented[0][0][:2000]}\n\n"
        f"{tally.undocumented[0][1]}"
    )


@pytest.mark.parametrize("fmt", harness.FORMATS)
def test_grammar_inputs_from_lark(fmt):
    _need_frontend(fmt)
    strategy = harness.svg_strategy() if fmt == "svg" else harness.grammar_strategy(fmt)
    if strategy is None:
        pytest.skip(f"no grammar for {fmt} yet")
    tally = harness.Tally(fmt)

    @settings(max_examples=LARK_EXAMPLES[fmt], deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=["generate"])
    @given(strategy)
    def one(text):
        harness.check_one(text, fmt, tally)

    one()
    assert tally.examples > 0
    _assert_documented(tally)


@pytest.mark.parametrize("fmt", harness.FORMATS)
def test_fast_sampler_inputs(fmt):
    _need_frontend(fmt)
    tally = harness.Tally(fmt)
    rng = random.Random(20261129)
    for _, text in zip(range(FAST_EXAMPLES), harness.fast_inputs(fmt, rng)):
        harness.check_one(text, fmt, tally)
    assert tally.examples == FAST_EXAMPLES
    _assert_documented(tally)


@pytest.mark.corpus
@pytest.mark.parametrize("fmt", harness.FORMATS)
def test_mutated_corpus(fmt):
    _need_frontend(fmt)
    files = harness.corpus_files(fmt, limit=100)
    if not files:
        pytest.skip(f"corpus not found at {harness.CORPUS / fmt} (../shared/corpus relative to the repo)")
    tally = harness.Tally(fmt)
    rng = random.Random(7)
    for _ in range(FAST_EXAMPLES):
        harness.check_one(harness.mutate(rng.choice(files), fmt, rng), fmt, tally)
    _assert_documented(tally)


def test_the_harness_catches_undocumented_errors(monkeypatch):
    """The law can fail: an IndexError from a front-end is counted as UNDOCUMENTED."""
    import geoverify.frontends as fe

    def broken(*args, **kwargs):
        raise IndexError("boom")

    monkeypatch.setattr(fe, "parse_figure", broken)
    tally = harness.Tally("svg")
    assert harness.check_one("<svg/>", "svg", tally) == "UNDOCUMENTED"
    assert "IndexError" in tally.undocumented[0][1]


def test_mutation_is_deterministic_and_changes_text():
    a = harness.mutate("draw((0,0)--(1,1));", "asy", random.Random(3), rounds=3)
    b = harness.mutate("draw((0,0)--(1,1));", "asy", random.Random(3), rounds=3)
    assert a == b


def test_the_tally_keeps_the_slowest_input():
    tally = harness.Tally("tikz")
    for text, seconds in [("a", 0.5), ("b", 3.0), ("c", 1.0)]:
        tally.add(text, "OK", seconds)
    assert (tally.slowest, tally.slowest_text) == (3.0, "b")
