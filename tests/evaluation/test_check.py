import json

import pytest

from geoverify.evaluation import check
from geoverify.ir import load_task, validate_against_schema
from geoverify.testing import assert_verdicts

from pathlib import Path

ROUCHE = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "rouche-z3"


def test_rouche_reference_is_delivered(rouche_task):
    rep = check(ROUCHE / "reference.svg", rouche_task)
    assert_verdicts(rep, {})
    assert (rep.scores.T, rep.scores.H_math, rep.scores.S, rep.scores.D) == (1, 1, 1.0, 1)
    validate_against_schema(rep.to_dict(), "report")


@pytest.mark.parametrize("variant", load_task(ROUCHE).variants, ids=lambda v: v.path.name)
def test_rouche_variant_fails_exactly_what_it_breaks(rouche_task, variant):
    rep = check(variant.path, rouche_task)
    assert_verdicts(rep, variant.expect)
    assert rep.scores.D == 0


def test_report_json_has_evidence(rouche_task):
    rep = check(ROUCHE / "variants" / "wrong-function.svg", rouche_task)
    d = json.loads(rep.to_json())
    h2 = next(p for p in d["predicates"] if p["id"] == "CA-H2")
    assert h2["verdict"] == "fail" and h2["error_code"] == "FUNCTION"
    ev = h2["evidence"]
    failing = [c for c in ev["children"] if c["verdict"] == "fail"]
    assert failing and failing[0]["residual"] > failing[0]["tolerance"] > 0
    assert failing[0]["primitives"]


def test_empty_figure_gets_T0(rouche_task):
    rep = check('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>', rouche_task, format="svg")
    assert rep.scores.T == 0 and rep.tech_error["code"] == "TECH_EMPTY" and rep.scores.D == 0


def test_malformed_figure_gets_T0_with_location(rouche_task):
    rep = check('<svg xmlns="http://www.w3.org/2000/svg">\n<circle r="1"\n</svg>', rouche_task, format="svg")
    assert rep.scores.T == 0
    assert rep.tech_error["code"] in ("TECH_COMPILE", "TECH_FORMAT")
    assert "line" in rep.tech_error["message"] or "location" in rep.tech_error
    validate_against_schema(rep.to_dict(), "report")


def test_untrusted_text_is_never_read_as_a_file(rouche_task, tmp_path):
    secret = tmp_path / "secret.svg"
    secret.write_text((ROUCHE / "reference.svg").read_text())
    rep = check(str(secret), rouche_task, is_path=False)
    assert rep.scores.T == 0  # the text "/tmp/.../secret.svg" is not a figure
    assert check(str(secret), rouche_task).scores.D == 1  # guessed as a path when it names a file
