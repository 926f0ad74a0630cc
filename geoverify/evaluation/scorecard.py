"""MathVis scorecards (Appendix F) from run records, with what the paper left out.

Per model, over N questions with K rollouts each (K = 3 in the paper), from the
per-output T, H_math, S, D and R of :mod:`geoverify.evaluation.scores`:

- ``pass@1 = 100/N sum_i D[i,1]`` (rollout 1 of each question);
- ``D-PSR = 100/(KN) sum_i sum_r D[i,r]`` (F.4), ``T`` (F.2) and ``S-PSR`` (F.3) alike;
- ``pass@K = 100/N sum_i max_r D[i,r]`` (F.6), ``pass^K = 100/N sum_i min_r D[i,r]`` (F.7);
- ``rubric = 10/N sum_i 1/n_i sum_r R[i,r]`` (F.5, 0-10), with ``n_i = K``;
- ``H_math``: the mandatory-hard-predicate rate the paper's workbook could not give.

**Missing rollouts count as failures**: a question/rollout slot with no output (or
whose file could not be matched to ``1..K``) has ``T = H_math = S = D = R = 0``;
denominators stay N and KN, so a model cannot gain by skipping hard questions.
Each model's scorecard says how many slots were missing.

Every rate carries a 95% bootstrap interval (``scipy.stats.bootstrap``, BCa,
resampling *questions*, with the rollouts of a question kept together, seeded);
the scorecard also gives the error-code profile and breakdowns per discipline and
per task family.
"""

from __future__ import annotations

import warnings
from collections import Counter

import numpy as np

from geoverify import __version__

__all__ = [
    "SCORECARD_SCHEMA_VERSION",
    "MISSING_POLICY",
    "MISSING_CODE",
    "SOFT_PARTIAL_CODE",
    "metric_names",
    "question_matrices",
    "question_scores",
    "bootstrap_ci",
    "build_scorecard",
]

SCORECARD_SCHEMA_VERSION = "1.0"
MISSING_CODE = "MISSING_OUTPUT"
SOFT_PARTIAL_CODE = "SOFT_PARTIAL"
MISSING_POLICY = ("a missing rollout (no output file for rollout r of question i) counts as a failed output: "
                  "T = H_math = S = D = R = 0; denominators stay N questions and K*N rollouts")


def metric_names(rollouts: int = 3) -> list[str]:
    """Scorecard columns in the paper's order (Table 6), then rubric and H_math."""
    return ["pass@1", "D-PSR", "T", "S-PSR", f"pass@{rollouts}", f"pass^{rollouts}", "rubric", "H_math"]


def question_matrices(records, question_ids: list[str], rollouts: int = 3) -> tuple[dict, np.ndarray, int]:
    """(N, K) matrices of T, H_math, S, D, R for one model's records.

    Parameters
    ----------
    records : iterable of dict
        Result records of one model (keys ``task``, ``rollout``, ``T``, ``H_math``, ``S``, ``D``, ``R``).
    question_ids : list of str
        The N questions (rows), in order.
    rollouts : int
        K.

    Returns
    -------
    mats : dict of str -> (N, K) float64
        Missing slots are 0 (a failure).
    present : (N, K) bool
    extra : int
        Records with a rollout number above K (not scored).
    """
    row = {q: i for i, q in enumerate(question_ids)}
    n, k = len(question_ids), rollouts
    mats = {m: np.zeros((n, k)) for m in ("T", "H_math", "S", "D", "R")}
    present = np.zeros((n, k), dtype=bool)
    extra = 0
    for rec in records:
        i = row.get(rec["task"])
        r = int(rec["rollout"]) - 1
        if i is None:
            continue
        if not 0 <= r < k:
            extra += 1
            continue
        present[i, r] = True
        for m in mats:
            mats[m][i, r] = float(rec[m])
    return mats, present, extra


def question_scores(mats: dict, rollouts: int = 3) -> dict[str, tuple[np.ndarray, float]]:
    """Per-question values of every metric and the factor that scales their mean.

    Each metric is ``scale * mean_i q_i`` over questions, which is what makes
    resampling questions the right bootstrap: e.g. D-PSR's ``q_i`` is the mean of
    D over the K rollouts of question i.

    Returns
    -------
    dict
        Metric name -> ((N,) float64 per-question values, scale).
    """
    D = mats["D"]
    return {
        "pass@1": (D[:, 0], 100.0),
        "D-PSR": (D.mean(axis=1), 100.0),
        "T": (mats["T"].mean(axis=1), 100.0),
        "S-PSR": (mats["S"].mean(axis=1), 100.0),
        f"pass@{rollouts}": (D.max(axis=1), 100.0),
        f"pass^{rollouts}": (D.min(axis=1), 100.0),
        "rubric": (mats["R"].mean(axis=1), 10.0),
        "H_math": (mats["H_math"].mean(axis=1), 100.0),
    }


def bootstrap_ci(values: np.ndarray, *, confidence: float = 0.95, n_resamples: int = 9999,
                 seed: int = 0) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Bootstrap intervals of the means of the rows of ``values`` (resampling columns).

    Parameters
    ----------
    values : (M, N) float64
        M statistics (rows) over N questions (columns); all rows are resampled with
        the same question indices, so the intervals of one scorecard are paired.
    confidence, n_resamples, seed
        Passed to ``scipy.stats.bootstrap`` (``rng = default_rng(seed)``).

    Returns
    -------
    low, high : (M,) float64
    methods : list of str
        Per row: ``"BCa"``; ``"percentile"`` where BCa is undefined (its
        acceleration needs a non-degenerate jackknife); ``"degenerate"`` when every
        value is the same (the interval is that value: resampling cannot vary it).
    """
    from scipy.stats import bootstrap

    x = np.atleast_2d(np.asarray(values, dtype=float))
    m, n = x.shape
    low, high = np.full(m, np.nan), np.full(m, np.nan)
    methods = ["empty"] * m
    if n == 0:
        return low, high, methods
    const = np.all(x == x[:, :1], axis=1)
    low[const], high[const] = x[const, 0], x[const, 0]
    for i in np.flatnonzero(const):
        methods[i] = "degenerate"
    todo = np.flatnonzero(~const)
    for method in ("BCa", "percentile"):
        if todo.size == 0:
            break
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = bootstrap((x[todo],), np.mean, confidence_level=confidence, n_resamples=n_resamples,
                            method=method, vectorized=True, axis=-1, rng=np.random.default_rng(seed))
        lo = np.atleast_1d(res.confidence_interval.low)
        hi = np.atleast_1d(res.confidence_interval.high)
        ok = np.isfinite(lo) & np.isfinite(hi)
        low[todo[ok]], high[todo[ok]] = lo[ok], hi[ok]
        for i in todo[ok]:
            methods[i] = method
        todo = todo[~ok]
    return low, high, methods


def _metrics(mats: dict, rollouts: int, ci: dict) -> dict:
    qs = question_scores(mats, rollouts)
    names = list(qs)
    out = {}
    for name in names:
        q, scale = qs[name]
        out[name] = {"value": round(scale * float(q.mean()), 4) if q.size else float("nan")}
    n = len(next(iter(qs.values()))[0])
    if ci.get("n_resamples", 0) > 0 and n:
        lo, hi, methods = bootstrap_ci(np.stack([qs[k][0] for k in names]), confidence=ci["confidence"],
                                       n_resamples=ci["n_resamples"], seed=ci["seed"])
        for i, name in enumerate(names):
            scale = qs[name][1]
            out[name]["ci"] = [round(scale * float(lo[i]), 4), round(scale * float(hi[i]), 4)]
            out[name]["ci_method"] = methods[i]
    return out


def _error_profile(records, present: np.ndarray, k: int) -> list[dict]:
    counts: Counter = Counter()
    for rec in records:
        if not 1 <= int(rec["rollout"]) <= k or rec["D"] == 1:
            continue
        codes = set(rec.get("error_codes") or [])
        # D = 0 with nothing failed: a soft constraint only half met (S < 1).
        for code in codes or {SOFT_PARTIAL_CODE}:
            counts[code] += 1
    missing = int((~present).sum())
    if missing:
        counts[MISSING_CODE] += missing
    total = present.size
    return [{"code": c, "outputs": n, "percent": round(100.0 * n / total, 4) if total else 0.0}
            for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def _breakdown(records, questions, attr: str, k: int, ci: dict) -> list[dict]:
    groups: dict[str, list[str]] = {}
    for q in questions:
        groups.setdefault(q[attr] or "(none)", []).append(q["id"])
    out = []
    for g in sorted(groups):
        ids = groups[g]
        keep = set(ids)
        mats, present, _ = question_matrices([r for r in records if r["task"] in keep], ids, k)
        out.append({"group": g, "questions": len(ids), "missing_rollouts": int((~present).sum()),
                    "metrics": _metrics(mats, k, ci)})
    return out


def build_scorecard(questions, records, *, models=None, rollouts: int = 3, confidence: float = 0.95,
                    n_resamples: int = 9999, seed: int = 0, mode: str = "native", extra: dict | None = None) -> dict:
    """The scorecard of every model (JSON-able, ``ir_schemas/scorecard.schema.json``).

    Parameters
    ----------
    questions : list of dict or TaskEntry
        The task set: ``id``, ``discipline``, ``family`` of each question.
    records : iterable of dict
        Result records (any models; records of tasks not in ``questions`` are ignored).
    models : list of str, optional
        Models to score (default: every model with a record). A listed model without
        any record scores 0 with every rollout missing.
    rollouts : int
        K, rollouts per question.
    confidence, n_resamples, seed
        Bootstrap settings; ``n_resamples = 0`` leaves the intervals out.
    mode : str
        Verification mode of the records (``native``, ``gate``, ``gate+rendered``).
    extra : dict, optional
        Merged into the top level (run information).
    """
    qs = [q if isinstance(q, dict) else {"id": q.id, "discipline": q.discipline, "family": q.family}
          for q in questions]
    qs.sort(key=lambda q: q["id"])
    ids = [q["id"] for q in qs]
    known = set(ids)
    records = [r for r in records if r["task"] in known]
    by_model: dict[str, list[dict]] = {}
    for r in records:
        by_model.setdefault(r["model"], []).append(r)
    names = sorted(models if models is not None else by_model)
    ci = {"confidence": confidence, "n_resamples": n_resamples, "seed": seed}
    cards = []
    for m in names:
        recs = by_model.get(m, [])
        mats, present, extra_r = question_matrices(recs, ids, rollouts)
        cards.append({
            "model": m,
            "questions": len(ids),
            "outputs_expected": len(ids) * rollouts,
            "outputs_scored": int(present.sum()),
            "missing_rollouts": int((~present).sum()),
            "extra_rollouts": extra_r,
            "engine_errors": sum(1 for r in recs if r.get("engine_error")),
            "metrics": _metrics(mats, rollouts, ci),
            "error_codes": _error_profile(recs, present, rollouts),
            "by_discipline": _breakdown(recs, qs, "discipline", rollouts, ci),
            "by_family": _breakdown(recs, qs, "family", rollouts, ci),
        })
    card = {
        "schema_version": SCORECARD_SCHEMA_VERSION,
        "engine_version": __version__,
        "mode": mode,
        "rollouts": rollouts,
        "metrics": metric_names(rollouts),
        "missing_policy": MISSING_POLICY,
        "bootstrap": {"confidence": confidence, "n_resamples": n_resamples, "seed": seed, "unit": "question",
                      "method": "BCa (percentile where BCa is undefined)", "function": "scipy.stats.bootstrap"},
        "taskset": {
            "questions": len(ids),
            "disciplines": sorted({q["discipline"] for q in qs}),
            "families": sorted({q["family"] or "(none)" for q in qs}),
        },
        "models": cards,
    }
    if extra:
        card.update(extra)
    return card
