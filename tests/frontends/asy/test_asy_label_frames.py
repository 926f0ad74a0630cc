"""A label's frame: where its typeset text goes (origin at the left end of the baseline, its
rotation and scale), against the text runs of asy 2.85's output through dvisvgm."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.frontends.asy.textmetrics import text_box
from geoverify.frontends.texfonts import metrics_available
from geoverify.scene.primitives import TextLabel
from geoverify.scene.transform import transform_scene

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")

FIGURE = r"""size(100);
draw((0,0)--(1,0)--(1,1));
label("$A$", (0,0), W);
label("$Bg$", (1,1), NE);
label("text", (1,0), SE);
label(scale(0.6)*"$X_1$", (0.5,0.5), NW);
"""
# dvisvgm's <text> x and baseline y (y down) of each label in asy's output
ASY_TEXT = {"$A$": (71.777085, 210.163319), "$Bg$": (148.300578, 139.603395), "text": (148.300578, 215.975812),
            "$X_1$": (0.6 * 97.962019 + 44.964, 0.6 * 170.938205 + 69.0924)}


def _labels(src):
    return {p.text: p for p in parse_asy(src).primitives if isinstance(p, TextLabel)}


def test_frame_origin_is_where_asy_starts_the_text():
    labels = _labels(FIGURE)
    x0, y0 = labels["$A$"].frame[:, 2]
    ax, ay = ASY_TEXT["$A$"]
    for t, (x, y) in ASY_TEXT.items():
        nx, ny = labels[t].frame[:, 2]
        assert nx - x0 == pytest.approx(x - ax, abs=0.03), t
        assert ny - y0 == pytest.approx(-(y - ay), abs=0.03), t
    assert labels["$X_1$"].frame[:, :2] == pytest.approx(0.6 * np.eye(2))


def test_rotated_label_frame_turns_the_baseline():
    lab = _labels('label(rotate(90)*"$Ag$", (0,0), E);')["$Ag$"]
    assert lab.frame[:, :2] == pytest.approx(np.array([[0.0, -1.0], [1.0, 0.0]]))
    depth = text_box("$Ag$").depth
    # the text reads upwards: its baseline is a depth left of the box's right side, from its bottom
    assert lab.frame[:, 2] == pytest.approx((lab.box[2] - depth, lab.box[1]))


def test_frame_follows_a_scene_transform():
    from geoverify.scene import Scene

    lab = _labels('label(rotate(90)*"$Ag$", (0,0), E);')["$Ag$"]
    scene = Scene()
    scene.add(lab)
    m = np.array([[0.0, -2.0, 5.0], [2.0, 0.0, 1.0], [0.0, 0.0, 1.0]])
    moved = transform_scene(scene, m).primitives[0]
    origin = m[:2, :2] @ lab.frame[:, 2] + m[:2, 2]
    assert moved.frame[:, 2] == pytest.approx(origin)
    assert moved.frame[:, :2] == pytest.approx(m[:2, :2] @ lab.frame[:, :2])
