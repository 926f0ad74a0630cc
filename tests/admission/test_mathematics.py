"""The IR's own mathematics: argument principle, certified bounds, claims."""

import sympy as sp

from geoverify.admission.claims import ClaimContext, parse_chain, prompt_functions
from geoverify.admission.contours import Z, argument_principle, certify_upper, contour_of, real_form
from geoverify.admission.rubric import FAIL, NEEDS_EXPERT, PASS, Check, decide_field
from geoverify.testing import make_task

TASK = make_task([{"id": "C", "type": "circle", "center": [0, 0], "radius": 2}],
                 [{"id": "H", "kind": "hard", "check": {"op": "drawn", "object": "C"}}])
C = contour_of(TASK, TASK.objects["C"])


def test_argument_principle_counts_zeros_minus_poles():
    n, fmin = argument_principle(Z**3 + Z + 1, C)
    assert round(n) == 3 and abs(n - 3) < 1e-6 and fmin > 1
    n, _ = argument_principle((Z - 0.5) / ((Z - 1j) * (Z - 1) * (Z - 5)), C)
    assert round(n) == 1 - 2


def test_certified_bound_attained_and_violated():
    ok = certify_upper(real_form(sp.Abs(Z + 1)), 3.0, C, strict=False)
    assert ok.holds is True  # attained at z = 2, accepted non-strictly
    bad = certify_upper(real_form(sp.Abs(Z + 1)), 3.0, C, strict=True)
    assert bad.holds is False and abs(bad.worst[0] - 2) < 1e-3
    rouche = certify_upper(real_form(sp.Abs(Z + 1) - sp.Abs(Z**3)), 0.0, C, strict=True)
    assert rouche.holds is True and rouche.margin > 3.9


def test_claims_read_prompt_functions_distances_and_counts():
    fs = prompt_functions("Rouché's Theorem for f(z)=z^3 and g(z)=z+1 on C={z:|z|=2}.")
    assert fs == {"f": Z**3, "g": Z + 1}
    ctx = ClaimContext(fs, {"P": (0.0, 4.0), "F_1": (-3.0, 0.0), "F_2": (3.0, 0.0)}, count=lambda e: 3)
    ch = parse_chain(r"|g| \le 3 < 8 = |f(z)|", ctx)
    assert ch.terms == [sp.Abs(Z + 1), 3, 8, sp.Abs(Z**3)] and ch.relations == ["le", "lt", "eq"]
    assert parse_chain("|PF_1|+|PF_2|=10", ctx).terms == [10, 10]
    assert parse_chain("N(f+g,C)=3", ctx).terms == [3, 3]
    assert parse_chain(r"g \circ f = k \circ h", ctx) is None   # not a claim it can check
    assert parse_chain("int(J)", ctx) is None


def test_field_decision_never_turns_missing_evidence_into_a_pass():
    screen = Check("s", PASS, "no artefacts", evidence=False)
    assert decide_field("prompt_sufficiency", [screen]).status == NEEDS_EXPERT
    assert decide_field("prompt_sufficiency", [screen, Check("x", FAIL, "bad")]).status == FAIL
    assert decide_field("instance_validity", [Check("m", PASS, "ok")]).status == PASS
    assert decide_field("instance_validity", [Check("m", PASS, "ok"), Check("u", NEEDS_EXPERT, "?")]).status == NEEDS_EXPERT
