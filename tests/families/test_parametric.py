"""Controlled variants on demand: random instances satisfy their side conditions and pass admission."""

from __future__ import annotations

import pytest

from geoverify.errors import InputError
from geoverify.families.parametric import GENERATORS, generate, self_check
from geoverify.families.rouche import RoucheParams, check_boundary_inequality


def test_random_rouche_instances_satisfy_the_boundary_inequality():
    pkgs, rejected = generate("rouche", 6, seed=3)
    assert rejected == 0
    assert len({p.id for p in pkgs}) == 6
    for p in pkgs:
        q = p.params
        gmax, fmin = check_boundary_inequality(RoucheParams(p.id, q["n"], tuple(q["g_coeffs"]), q["g"], "", q["R"], q["M"]))
        assert gmax <= q["M"] < fmin


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(GENERATORS))
def test_admitted_instances_check_out(family):
    pkgs, rejected = generate(family, 1, seed=11, admit=True)
    (pkg,) = pkgs
    assert pkg.id.startswith(f"{family}-s11-") or pkg.id.startswith("rouche-s11-")
    assert self_check(pkg) == []
    assert rejected <= 19


def test_unknown_family_is_an_input_error():
    with pytest.raises(InputError, match="no parametric generator"):
        generate("hairy-ball", 1)
