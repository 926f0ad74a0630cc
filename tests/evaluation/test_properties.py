"""Laws of verification, checked with hypothesis.

- A passing figure still passes after any allowed transform (translation, uniform
  scaling) and any re-styling that keeps distinct objects distinct.
- A bound point moved off its circle by 5% of the figure's size fails incidence.
"""

import math
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geoverify.evaluation import check_scene
from geoverify.frontends import load_figure
from geoverify.ir import load_task
from geoverify.scene import Dot, Style, TextLabel
from geoverify.scene.transform import similarity_matrix
from geoverify.testing import make_task, triangle_scene

ROUCHE = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "rouche-z3"
TASK = load_task(ROUCHE)
SCENE = load_figure(ROUCHE / "reference.svg")

PALETTE = ["#e41a1c", "#377eb8", "#4daf4a", "#984ea3", "#ff7f00", "#a65628", "#000000", "#777777"]

transforms = st.tuples(
    st.floats(0.05, 20.0),            # uniform scale
    st.floats(-5000, 5000),           # tx
    st.floats(-5000, 5000),           # ty
)


def restyle(scene, perm, width_factor):
    """Map stroke/fill colours through a permutation of colours and scale widths."""
    colours = sorted({c for p in scene.primitives for c in (p.style.stroke, p.style.fill) if c})
    mapping = {c: PALETTE[perm[i % len(perm)]] if i < len(PALETTE) else c for i, c in enumerate(colours)}
    for p in scene.primitives:
        st_ = p.style
        p.style = Style(stroke=mapping.get(st_.stroke, st_.stroke), stroke_width=st_.stroke_width * width_factor,
                        dash=st_.dash, fill=mapping.get(st_.fill, st_.fill), opacity=st_.opacity)
    return scene


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(transforms, st.permutations(range(len(PALETTE))), st.floats(0.5, 3.0))
def test_allowed_transform_and_restyle_keep_rouche_delivered(tf, perm, width_factor):
    s, tx, ty = tf
    scene = restyle(SCENE.transformed(similarity_matrix(scale=s, tx=tx, ty=ty)), perm, width_factor)
    rep = check_scene(scene, TASK)
    failing = {r.predicate.id: r.verdict.message for r in rep.results if not r.verdict.passed}
    assert rep.scores.D == 1, failing


CIRCUM = make_task(
    [{"id": n, "type": "point", "labels": [n]} for n in "ABC"] + [{"id": "k", "type": "circle", "through": ["A", "B", "C"]}],
    [{"id": f"on{n}", "kind": "hard", "check": {"op": "point_on", "point": n, "on": "k"}} for n in "ABC"],
)


@settings(max_examples=30, deadline=None)
@given(st.floats(0, 2 * math.pi), st.floats(0.3, 3.0), st.sampled_from("ABC"), st.floats(0, 2 * math.pi),
       st.sampled_from([0.05, 0.08, 0.2]))
def test_point_moved_off_circle_fails_incidence(rotation, scale, which, direction, amount):
    rot = np.array([[math.cos(rotation), -math.sin(rotation)], [math.sin(rotation), math.cos(rotation)]])
    base = np.array([[0.0, 0.0], [200.0, 0.0], [60.0, 150.0]]) @ rot.T * scale
    scene = triangle_scene(*base, offset=(8.0 * scale, 8.0 * scale))
    assert check_scene(scene, CIRCUM).scores.D == 1
    idx = "ABC".index(which)
    circle = scene.primitives[-1]
    # move the point radially (off the circle, not along it) by `amount` of the figure size
    radial = base[idx] - circle.center
    radial /= np.hypot(*radial)
    sign = 1 if math.cos(direction) >= 0 else -1
    shift = sign * amount * scene.scale() * radial
    # the point moves everywhere it is used: its dot, its label and the triangle's corner
    scene.primitives[0].points[idx] = scene.primitives[0].points[idx] + shift
    for p in scene.primitives:
        if isinstance(p, Dot) and np.allclose(p.center, base[idx]):
            p.center = p.center + shift
        if isinstance(p, TextLabel) and p.text == which:
            p.anchor = p.anchor + shift
            p.box = p.box + np.concatenate([shift, shift])
    rep = check_scene(scene, CIRCUM)
    verdict = {r.predicate.id: r.verdict.verdict for r in rep.results}
    assert verdict[f"on{which}"] == "fail"
