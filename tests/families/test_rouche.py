"""The Rouché family checks its boundary inequality numerically and reproduces the paper's card."""

import json
from pathlib import Path

import pytest

from geoverify.errors import InputError
from geoverify.families.rouche import INSTANCES, RoucheParams, check_boundary_inequality, task_ir

ROUCHE = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "rouche-z3" / "task.json"


@pytest.mark.parametrize("p", INSTANCES, ids=[p.task_id for p in INSTANCES])
def test_instances_satisfy_the_boundary_inequality(p):
    gmax, fmin = check_boundary_inequality(p)
    assert gmax <= p.bound < fmin


def test_a_false_inequality_is_refused():
    bad = RoucheParams("bad", 2, (3, 0), "3*z", "3z", 2.0, 6.0)  # |3z| = 6 > 4 = |z^2| on |z| = 2
    with pytest.raises(InputError, match="boundary inequality"):
        check_boundary_inequality(bad)


def test_rouche_z3_card_matches_the_bundled_task():
    bundled = json.loads(ROUCHE.read_text())
    ir = task_ir(INSTANCES[0])
    assert [o["id"] for o in ir["objects"]] == [o["id"] for o in bundled["objects"]]
    assert [(p["id"], p["check"]) for p in ir["predicates"]] == [(p["id"], p["check"]) for p in bundled["predicates"]]
