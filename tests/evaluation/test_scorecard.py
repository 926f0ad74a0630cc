"""Scorecard formulas (MathVis Appendix F) on hand-made records; intervals, profiles, outputs."""

import csv
import io
import json

import numpy as np
import pytest

from geoverify.errors import IRValidationError
from geoverify.evaluation.scorecard import MISSING_CODE, bootstrap_ci, build_scorecard
from geoverify.evaluation.scorecard_output import scorecard_csv, scorecard_table, validate_scorecard, write_scorecard

QUESTIONS = [
    {"id": "q1", "discipline": "topology", "family": "quotient spaces"},
    {"id": "q2", "discipline": "topology", "family": "set inclusion and coverings"},
    {"id": "q3", "discipline": "complex-analysis", "family": "quotient spaces"},
    {"id": "q4", "discipline": "complex-analysis", "family": "set inclusion and coverings"},
]


def rec(task, model, rollout, D=0, T=1, S=None, R=None, H=None, codes=()):
    S = float(D) if S is None else S
    return {"task": task, "model": model, "rollout": rollout, "D": D, "T": T, "S": S,
            "H_math": D if H is None else H, "R": 1.0 if D else (0.5 if R is None else R),
            "error_codes": [] if D else list(codes or ["FUNCTION"])}


def grid(model, table, **kw):
    """Records from {question: [D of rollout 1, 2, 3]} (None: rollout missing)."""
    return [rec(q, model, r + 1, D=d, **kw) for q, ds in table.items() for r, d in enumerate(ds) if d is not None]


def card_of(records, **kw):
    kw.setdefault("n_resamples", 0)
    return build_scorecard(QUESTIONS, records, **kw)


def metric(card, model, name):
    return next(m for m in card["models"] if m["model"] == model)["metrics"][name]["value"]


def test_appendix_f_formulas():
    # D per question and rollout; T = 1 everywhere but q4 rollout 3; S = D except one partial soft score.
    recs = grid("m", {"q1": [1, 1, 1], "q2": [0, 1, 0], "q3": [1, 0, 0], "q4": [0, 0, 0]})
    recs[-1]["T"] = 0
    recs[-1]["R"] = 0.0
    recs[3]["S"] = 0.5  # q2 rollout 1: soft 0.5 (H_math could hold, S < 1, so D = 0)
    card = card_of(recs)
    assert metric(card, "m", "pass@1") == pytest.approx(100 * 2 / 4)  # rollout 1 only: q1, q3
    assert metric(card, "m", "D-PSR") == pytest.approx(100 * 5 / 12)
    assert metric(card, "m", "T") == pytest.approx(100 * 11 / 12)
    assert metric(card, "m", "S-PSR") == pytest.approx(100 * 5.5 / 12)
    assert metric(card, "m", "pass@3") == pytest.approx(100 * 3 / 4)  # q1, q2, q3
    assert metric(card, "m", "pass^3") == pytest.approx(100 * 1 / 4)  # q1 only
    # R: 1 for delivered outputs, 0.5 for failed ones, 0 for the technical failure; 10/N sum_i mean_r.
    per_q = [1.0, (0.5 + 1 + 0.5) / 3, (1 + 0.5 + 0.5) / 3, (0.5 + 0.5 + 0) / 3]
    assert metric(card, "m", "rubric") == pytest.approx(10 * np.mean(per_q), abs=1e-4)
    assert metric(card, "m", "H_math") == pytest.approx(100 * 5 / 12)
    validate_scorecard(card)


def test_pass_at_1_is_rollout_one_not_the_best():
    card = card_of(grid("m", {"q1": [0, 1, 1], "q2": [0, 1, 1], "q3": [0, 1, 1], "q4": [0, 1, 1]}))
    assert metric(card, "m", "pass@1") == 0
    assert metric(card, "m", "pass@3") == 100
    assert metric(card, "m", "D-PSR") == pytest.approx(100 * 2 / 3)


def test_missing_rollouts_count_as_failures_and_are_reported():
    # q1: rollouts 1 and 2 pass, 3 missing; q2: only rollout 3, passing; q3, q4: nothing at all.
    card = card_of(grid("m", {"q1": [1, 1, None], "q2": [None, None, 1]}))
    m = card["models"][0]
    assert m["missing_rollouts"] == 9 and m["outputs_scored"] == 3 and m["outputs_expected"] == 12
    assert metric(card, "m", "pass@1") == 25  # q1 only; q2's rollout 1 is missing
    assert metric(card, "m", "pass@3") == 50  # q1 and q2: one pass is enough
    assert metric(card, "m", "pass^3") == 0  # q1 misses rollout 3: not all three pass
    assert metric(card, "m", "D-PSR") == pytest.approx(100 * 3 / 12)  # denominator stays K*N
    assert metric(card, "m", "T") == pytest.approx(100 * 3 / 12)
    assert {"code": MISSING_CODE, "outputs": 9, "percent": 75.0} in m["error_codes"]
    assert "count" in card["missing_policy"] and "failed" in card["missing_policy"]


def test_complete_pass_hat_3_needs_all_three():
    card = card_of(grid("m", {"q1": [1, 1, 1], "q2": [1, 1, 1], "q3": [1, 1, 0], "q4": [1, 1, 1]}))
    assert metric(card, "m", "pass^3") == 75 and metric(card, "m", "pass@3") == 100


def test_extra_rollouts_are_not_scored_but_counted():
    recs = grid("m", {"q1": [0, 0, 0]}) + [rec("q1", "m", 4, D=1)]
    card = card_of(recs)
    assert card["models"][0]["extra_rollouts"] == 1 and metric(card, "m", "pass@3") == 0


def test_listed_model_without_records_scores_zero():
    card = card_of(grid("a", {"q1": [1, 1, 1]}), models=["a", "ghost"])
    g = card["models"][1]
    assert g["model"] == "ghost" and g["missing_rollouts"] == 12 and metric(card, "ghost", "D-PSR") == 0


def test_records_of_unknown_tasks_are_ignored():
    card = card_of(grid("m", {"q1": [1, 1, 1]}) + [rec("elsewhere", "m", 1, D=1)])
    assert card["taskset"]["questions"] == 4 and metric(card, "m", "pass@1") == 25


def test_error_code_profile_counts_outputs_once_per_code():
    recs = [rec("q1", "m", 1, codes=["FUNCTION", "LABELS"]), rec("q1", "m", 2, codes=["FUNCTION", "FUNCTION"]),
            rec("q1", "m", 3, D=1), rec("q2", "m", 1, T=0, codes=["TECH_COMPILE"])]
    recs.append(dict(rec("q2", "m", 2), error_codes=[], S=0.5))  # D = 0 with nothing failed: soft half met
    prof = {c["code"]: c["outputs"] for c in card_of(recs)["models"][0]["error_codes"]}
    assert prof == {"FUNCTION": 2, "LABELS": 1, "TECH_COMPILE": 1, "SOFT_PARTIAL": 1, MISSING_CODE: 7}


def test_breakdowns_equal_scorecards_of_the_subsets():
    recs = grid("m", {"q1": [1, 0, 1], "q2": [0, 0, 1], "q3": [1, 1, 1], "q4": [0, 0, 0]})
    card = card_of(recs)
    topo = next(g for g in card["models"][0]["by_discipline"] if g["group"] == "topology")
    sub = build_scorecard(QUESTIONS[:2], recs, n_resamples=0)
    assert topo["questions"] == 2 and topo["metrics"] == sub["models"][0]["metrics"]
    fams = {g["group"]: g["questions"] for g in card["models"][0]["by_family"]}
    assert fams == {"quotient spaces": 2, "set inclusion and coverings": 2}


def test_bootstrap_interval_contains_the_value_and_is_seeded():
    recs = grid("m", {"q1": [1, 0, 1], "q2": [0, 0, 1], "q3": [1, 1, 0], "q4": [0, 0, 0]})
    a = build_scorecard(QUESTIONS, recs, n_resamples=2000, seed=7)
    b = build_scorecard(QUESTIONS, recs, n_resamples=2000, seed=7)
    assert a == b
    for name, e in a["models"][0]["metrics"].items():
        lo, hi = e["ci"]
        assert lo <= e["value"] + 1e-9 and e["value"] <= hi + 1e-9, name
        assert 0 <= lo and hi <= (10 if name == "rubric" else 100)
    # A constant per-question value has nothing to resample: the interval is the value.
    assert a["models"][0]["metrics"]["pass^3"]["ci"] == [0.0, 0.0]
    assert a["models"][0]["metrics"]["pass^3"]["ci_method"] == "degenerate"


def test_bootstrap_matches_the_normal_approximation_on_many_questions():
    rng = np.random.default_rng(0)
    x = (rng.random(400) < 0.3).astype(float)
    lo, hi, methods = bootstrap_ci(x[None, :], n_resamples=4000, seed=1)
    se = x.std(ddof=1) / np.sqrt(x.size)
    assert methods == ["BCa"]
    assert lo[0] == pytest.approx(x.mean() - 1.96 * se, abs=0.01)
    assert hi[0] == pytest.approx(x.mean() + 1.96 * se, abs=0.01)


def test_outputs_json_csv_table_png(tmp_path):
    recs = grid("alpha", {"q1": [1, 1, 1], "q2": [0, 1, 0], "q3": [1, 0, 0]}) + grid("beta", {"q1": [0, 0, 0]})
    card = build_scorecard(QUESTIONS, recs, n_resamples=500, extra={"run": {"outputs": 12}})
    paths = write_scorecard(card, tmp_path / "sc")
    assert json.loads(paths["json"].read_text()) == card
    assert paths["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = list(csv.DictReader(io.StringIO(scorecard_csv(card))))
    # Per model: overall + 2 disciplines + 2 families.
    assert len(rows) == 2 * 5
    overall = next(r for r in rows if r["model"] == "alpha" and r["scope"] == "overall")
    assert float(overall["pass@1"]) == pytest.approx(50) and overall["D-PSR_ci_low"] != ""
    table = scorecard_table(card)
    for word in ("pass@1", "D-PSR", "S-PSR", "pass@3", "pass^3", "rubric", "alpha", "beta", "95% CI",
                 "by discipline", "by task family", "error-code profile", "missing rollouts"):
        assert word in table
    assert paths["txt"].read_text().strip() == table.strip()


def test_schema_rejects_a_broken_scorecard():
    card = card_of(grid("m", {"q1": [1, 1, 1]}))
    validate_scorecard(card)
    bad = json.loads(json.dumps(card))
    bad["models"][0]["metrics"]["pass@1"]["value"] = "high"
    with pytest.raises(IRValidationError):
        validate_scorecard(bad)
    del bad["models"]
    with pytest.raises(IRValidationError):
        validate_scorecard(bad)
