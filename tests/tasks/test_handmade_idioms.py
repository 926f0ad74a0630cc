"""Hand-made figures in idioms real writers use, each once checked wrong (tests/fixtures/handmade_idioms).

Each is read with its bundled task: ``pass`` needs T = 1 and every hard predicate passing;
``fail:ID`` needs predicate ID to fail. What each one exercised:

- a matplotlib SVG with its public DOCTYPE (was T = 0) and a tspan superscript ``|z^3|``;
- an Inkscape SVG raising an exponent with ``dy`` (read as z4, not z^4);
- tkz-euclide ``tangent from`` (drew the mediator's points) and ``orthogonal from``;
- a picture mirrored with ``xscale=-1`` in a task allowing reflection (only y -> -y was tried);
- Asymptote ``deepgray`` (unknown pen) and ``settings.outformat`` (scene partial, counts indeterminate);
- ``\\frac{1}{z}`` in a formula label (not read as 1/z);
- a polygon fitted behind grid lines (the frame fitted grid crossings);
- a wide circle label set ``above right`` of a point on the circle (its centre too far);
- no tangent drawn, the graph hugging where it would be (covered by curve and axis pieces);
- endpoints labelled with their values, ``$a=\\tfrac12-i\\pi$`` (the label did not name a);
- curves named only by a pgfplots ``\\legend`` (bound to the legend's sample lines); swapped
  entries must fail;
- a rounded value stated as approximate, ``\\kappa(P)\\approx 0.327`` (only = was read);
- a quiver export in an article: ``\\arrow["f", from=1-1, to=1-2]`` (arrows collapsed to points) and
  the equation in the sentence after the diagram (the article's text was not read);
- a pgfplots scatter under ``current axis`` nodes, the circle named by its legend entry and the
  lattice points plotted twice (grey, then red inside): counted twice, the circle unbound;
- zeros as circles and poles as ``cross out`` nodes with labels beside them (a KeyError), and the
  same figure with a zero's and a pole's markers swapped (it passed: any marker counted);
- dvisvgm output whose dots, rounded to 0.001, miss a circle's test by 1.1e-3 of their radius;
- matplotlib's default SVG, its text as glyph outlines with the string in a comment (no labels
  read, the outlines taken for geometry), and matplotlib's text as <text> (svg.fonttype none), whose
  formulas' glyphs come grouped by font, the prime as a raised cmsy10 "0", < escaped in the comment.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import geoverify

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "tests" / "fixtures" / "handmade_idioms"
CASES = [
    ("complex-analysis/rouche-z3", "rouche-z3-matplotlib.svg", "pass"),
    ("complex-analysis/rouche-z4", "rouche-z4-inkscape.svg", "pass"),
    ("euclidean-geometry/tangents-external-point", "tangents-tkz-tangent-from.tex", "pass"),
    ("inversive-geometry/orthogonal-circles", "orthogonal-tkz-orthogonal-from.tex", "pass"),
    ("analytic-geometry/ellipse-foci-b", "ellipse-xscale-mirror.tex", "pass"),
    ("vector-calculus/vector-field-rotation-cw", "field-deepgray.asy", "pass"),
    ("complex-analysis/argument-principle-b", "argument-radius-outformat.asy", "fail:AP-H2"),
    ("complex-analysis/joukowski-airfoil", "joukowski-frac.asy", "pass"),
    ("linear-algebra/linear-map-unit-square-b", "linear-map-grid-scopes.tex", "pass"),
    ("number-theory/gauss-circle-lattice", "gauss-foreach-lattice.tex", "pass"),
    ("real-analysis/secant-tangent-limit", "secant-no-tangent.asy", "fail:SC-H3"),
    ("complex-analysis/exp-vertical-segment", "exp-name-value-labels.tex", "pass"),
    ("complex-analysis/rouche-z4", "rouche-z4-legend.tex", "pass"),
    ("complex-analysis/rouche-z4", "rouche-z4-legend-swapped.tex", "fail:CA-H2"),
    ("differential-geometry/osculating-circle-ellipse", "osculating-approx-value.asy", "pass"),
    ("category-theory/commutative-square", "commutative-quiver-article.tex", "pass"),
    ("number-theory/gauss-circle-lattice", "gauss-pgfplots-legend-scatter.tex", "pass"),
    ("complex-analysis/argument-principle-b", "argument-zero-pole-crossout.tex", "pass"),
    ("complex-analysis/argument-principle-b", "argument-zero-pole-swapped.tex", "fail:AP-H2"),
    ("euclidean-geometry/tangents-external-point-b", "tangents-dvisvgm-woff.svg", "pass"),
    ("euclidean-geometry/midline", "midline-matplotlib-glyph-paths.svg", "pass"),
    ("real-analysis/secant-tangent-limit", "secant-matplotlib-mathtext.svg", "pass"),
    ("complex-analysis/rouche-z4", "rouche-z4-matplotlib-text.svg", "pass"),
]


@pytest.mark.parametrize("task, figure, expect", CASES, ids=[c[1] for c in CASES])
def test_handmade_idiom(task, figure, expect):
    rep = geoverify.check(FIGURES / figure, ROOT / "tasks" / task).to_dict()
    verdicts = {p["id"]: p["verdict"] for p in rep["predicates"]}
    assert rep["T"] == 1, rep["T_parts"]
    if expect == "pass":
        assert rep["H_math"] == 1, {k: v for k, v in verdicts.items() if v != "pass"}
    else:
        assert verdicts[expect.split(":")[1]] == "fail", verdicts
