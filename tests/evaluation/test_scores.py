from dataclasses import dataclass

import pytest

from geoverify.evaluation.scores import compute_scores


@dataclass
class P:
    kind: str
    weight: float = 1.0


@dataclass
class R:
    predicate: P
    score: float


def results(hard, soft):
    return [R(P("hard"), s) for s in hard] + [R(P("soft", w), s) for w, s in soft]


def test_delivery_needs_everything():
    s = compute_scores(results([1, 1], [(0.3, 1), (0.7, 1)]), T=True)
    assert (s.T, s.H_math, s.S, s.D) == (1, 1, 1.0, 1)


def test_hard_failure_blocks_soft_credit():
    s = compute_scores(results([1, 0], [(0.3, 1), (0.7, 1)]), T=True)
    assert (s.H_math, s.S, s.S_raw, s.D) == (0, 0.0, 1.0, 0)


def test_partial_soft_score_is_weighted_and_normalised():
    s = compute_scores(results([1], [(0.30, 1), (0.25, 0.5), (0.25, 0), (0.20, 1)]), T=True)
    assert s.S == pytest.approx((0.30 + 0.125 + 0.20) / 1.0)
    assert s.D == 0


def test_gate_failure_zeroes_everything():
    s = compute_scores(results([1], [(1.0, 1)]), T=False)
    assert (s.T, s.H_math, s.S, s.D, s.R) == (0, 0, 0.0, 0, 0.0)


def test_no_soft_predicates_means_full_soft_score():
    s = compute_scores(results([1], []), T=True)
    assert s.S == 1.0 and s.D == 1


def test_rubric_score():
    s = compute_scores(results([1, 0], [(2.0, 0.5)]), T=True)
    assert s.R == pytest.approx((1 + 0 + 2.0 * 0.5) / 4.0)
