"""Mutation operators: each changes what it says and nothing else; the law of the 5% move."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import geoverify
from geoverify.errors import InputError
from geoverify.families import Construction, Style, to_svg
from geoverify.families.mutations import (
    break_code, merge_point, move_off_circle, move_point, remove, replace_text, reverse_arrow, scale_radius, swap_labels,
)
from geoverify.families.package import emit, hard, op, task_ir
from geoverify.ir import task_from_dict


def base() -> Construction:
    c = Construction("mutation base")
    c.circle("k", (0, 0), 2.0, style=Style("blue"))
    c.point("O", (0, 0), label="$O$", label_dir=225)
    c.point("P", (2 * np.cos(1.0), 2 * np.sin(1.0)), label="$P$", label_dir=57)
    c.point("Q", (-2.0, 0.0), label="$Q$", label_dir=180)
    c.segment("OP", "O", "P", arrow_end=True)
    c.text("t", "$|OP| = 2$", (0, -2.6))
    return c


def test_operators_do_not_touch_their_input():
    c = base()
    before = to_svg(c)
    for out in (move_point(c, "P", (1, 0)), scale_radius(c, "k", 1.2), reverse_arrow(c, "OP"), swap_labels(c, "P.label", "Q.label"),
                remove(c, "Q"), replace_text(c, "t", "$|OP| = 3$")):
        assert to_svg(out) != before
    assert to_svg(c) == before


def test_move_is_five_percent_of_figure_size():
    c = base()
    out = move_off_circle(c, "P", (0, 0))
    step = np.hypot(*(np.asarray(out.get("P").xy) - np.asarray(c.get("P").xy)))
    assert step == pytest.approx(0.05 * c.size())
    assert np.hypot(*out.get("P").xy) > 2.0


def test_merge_point_draws_two_points_as_one_and_what_goes_through_it_follows():
    c = base()
    out = merge_point(c, "P", "Q")
    assert out.get("P").xy == c.get("Q").xy and c.get("P").xy != c.get("Q").xy
    assert out.get("OP").points == ["O", "P"]      # the segment still names P, now drawn to Q's place
    assert to_svg(out) != to_svg(c)
    with pytest.raises(InputError):
        merge_point(c, "P", "k")


def test_remove_takes_the_label_along_and_reverse_swaps_ends():
    c = base()
    assert not remove(c, "Q").has("Q.label")
    r = reverse_arrow(c, "OP")
    assert r.get("OP").points == ["P", "O"]
    with pytest.raises(InputError):
        reverse_arrow(c, "k")


@pytest.mark.parametrize("fmt", ["svg", "tikz", "asy"])
def test_break_code_changes_the_text(fmt):
    text = emit(base(), fmt)
    assert break_code(text, fmt) != text


def test_broken_svg_fails_the_gate():
    task = task_from_dict(_task())
    rep = geoverify.check(break_code(to_svg(base()), "svg"), task, format="svg")
    assert rep.scores.T == 0


def _task() -> dict:
    objects = [{"id": "O", "type": "point", "coords": [0, 0], "labels": ["O"]},
               {"id": "P", "type": "point", "coords": [2 * np.cos(1.0), 2 * np.sin(1.0)], "labels": ["P"]},
               {"id": "Q", "type": "point", "coords": [-2, 0], "labels": ["Q"]},
               {"id": "k", "type": "circle", "center": "O", "radius": 2}]
    preds = [hard("H1", "INCIDENCE", "P on k", op("point_on", point="P", on="k"))]
    return task_ir("mutation-law", "test", "local geometric relations", "t", "t", [{"id": "main"}], objects, preds)


@settings(max_examples=12, deadline=None)
@given(angle=st.floats(0.2, 2.3), outward=st.booleans())
def test_point_moved_off_its_circle_fails_incidence(angle, outward):
    """Law: a point on its circle passes point_on; moved 5% of the figure size off it, it fails.

    (P stays away from Q at 180 degrees, where its label would be ambiguous.)
    """
    c = base()
    c.get("P").xy = (2 * np.cos(angle), 2 * np.sin(angle))
    c.get("P.label").direction = float(np.degrees(angle))
    d = _task()
    d["objects"][1]["coords"] = [2 * np.cos(angle), 2 * np.sin(angle)]
    task = task_from_dict(d)
    ok = geoverify.check(to_svg(c), task, format="svg")
    assert ok.results[0].verdict.verdict == "pass"
    bad = geoverify.check(to_svg(move_off_circle(c, "P", (0, 0), outward=outward)), task, format="svg")
    assert bad.results[0].verdict.verdict == "fail"
