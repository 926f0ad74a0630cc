"""The label comparison of ``benchmarks/asy_agreement.py`` on a figure compiled by the real ``asy``.

``data/asy_labels.svg`` is asy 2.85's SVG of :data:`SOURCE` as the benchmark makes
it (the kept DVI through ``dvisvgm --font-format=woff``; the embedded fonts are
left out): a fraction, a radical after a minus sign, an accent, a rotated and a
scaled label. Every glyph run the box model sets must start where one of
dvisvgm's text runs starts, within 0.5 % of the figure's size.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from geoverify.frontends.texfonts import metrics_available

from .conftest import load_benchmark

pytestmark = pytest.mark.skipif(not metrics_available(), reason="font metric table not generated")

HERE = Path(__file__).resolve().parent
SOURCE = r"""size(200);
draw((0,0)--(100,0)--(100,100)--cycle);
label("$\frac{1}{2}$", (50,50));
label("$A$", (0,0), SW);
label("$-\sqrt{5}+\hat{x}$", (50,0), S);
label(rotate(90)*"$x^2$ side", (100,50), E);
label(scale(0.8)*"$B'_1$", (100,100), NE);
"""


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("asy_agreement")


def _scenes(bench):
    from geoverify.frontends.asy import parse_asy
    from geoverify.frontends.svg import parse_svg

    svg = (HERE / "data" / "asy_labels.svg").read_text()
    return parse_asy(SOURCE), parse_svg(bench.strip_tex_rules(svg), merge_text_runs=False)


def test_every_glyph_run_meets_asys_text(bench):
    native, rendered = _scenes(bench)
    ok, cause, details = bench.align_and_compare(native, rendered)
    assert ok, (cause, details)
    assert details["max_label"] < 0.1 * details["tol"]


LABELS = ["$\\frac{1}{2}$", "$A$", "$-\\sqrt{5}+\\hat{x}$", "$x^2$ side", "$B'_1$"]


@pytest.mark.parametrize("direction", [(1.0, 0.0), (0.0, -1.0), (-0.6, 0.8)])
@pytest.mark.parametrize("text", LABELS)
def test_a_label_moved_by_one_percent_of_the_figure_fails(bench, text, direction):
    from geoverify.scene.primitives import TextLabel

    native, rendered = _scenes(bench)
    size = bench.align_and_compare(native, rendered)[2]["size"]
    lab = next(p for p in native.primitives if isinstance(p, TextLabel) and p.text == text)
    move = 0.01 * size * np.asarray(direction)
    lab.anchor = lab.anchor + move
    lab.box = lab.box + np.tile(move, 2)
    lab.frame = lab.frame + np.column_stack([np.zeros((2, 2)), move])
    ok, cause, details = bench.align_and_compare(native, rendered)
    assert not ok
    assert cause == "label position mismatch"
    assert details["worst_label"] == text


# A figure a few bp wide under arrow heads: all its geometry lies near an arrow tip, where
# the comparison exempts it, so only the labels can place it (asy_tiny_arrows.svg, made
# like asy_labels.svg).
TINY = r"""pair A = dir(-140), B = dir(-40), D = (0.5,0), E = 0.4*dir(40);
draw((0,0)--B--A--E, EndArrow); draw((0,0)--D, EndArrow);
label("$A$", A, W); label("$B$", B, E); label("$D$", D, E); label("$O$", (0,0), NW);
"""


def _tiny(bench):
    from geoverify.frontends.asy import parse_asy
    from geoverify.frontends.svg import parse_svg

    svg = (HERE / "data" / "asy_tiny_arrows.svg").read_text()
    return parse_asy(TINY), parse_svg(bench.strip_tex_rules(svg), merge_text_runs=False)


def test_labels_place_a_figure_its_arrow_heads_cover(bench):
    ok, cause, details = bench.align_and_compare(*_tiny(bench))
    assert ok, (cause, details)
    assert details["max_label"] < 0.1 * details["tol"]


@pytest.mark.parametrize("text", ["$A$", "$D$", "$O$"])
def test_one_label_moved_in_a_tiny_figure_still_fails(bench, text):
    from geoverify.scene.primitives import TextLabel

    native, rendered = _tiny(bench)
    size = bench.align_and_compare(native, rendered)[2]["size"]
    lab = next(p for p in native.primitives if isinstance(p, TextLabel) and p.text == text)
    move = np.array([0.01 * size, 0.0])
    lab.anchor = lab.anchor + move
    lab.box = lab.box + np.tile(move, 2)
    lab.frame = lab.frame + np.column_stack([np.zeros((2, 2)), move])
    ok, cause, details = bench.align_and_compare(native, rendered)
    assert not ok and cause == "label position mismatch"


@pytest.mark.parametrize("text, three", [
    ("import three;\ndraw(unitcube);", True),
    ("size(180); import three; currentprojection = perspective(1,2,3);", True),
    ("/* Settings */ import graph3; draw((0,0)--(1,1));", True),
    ("import graph; draw((0,0)--(1,1)); // threefold", False),
])
def test_3d_blocks_are_told_apart_wherever_the_import_stands(bench, text, three):
    assert bool(bench._THREE.search(text)) is three
