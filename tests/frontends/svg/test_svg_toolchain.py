"""Real dvisvgm and Asymptote output (the rendered scene of the technical gate)."""

import shutil
import subprocess

import numpy as np
import pytest

from geoverify.frontends.svg import parse_svg
from geoverify.scene import Arrow, BezierPath, Circle, Dot, Ellipse, Polyline, TextLabel

TIKZ = r"""\documentclass[tikz]{standalone}
\begin{document}
\begin{tikzpicture}
\draw[->] (0,0) -- (2,1) node[right] {$A_1$};
\draw (1,1) circle (0.5);
\fill (0,1) circle (1.5pt);
\draw[dashed] (0,0) rectangle (1,0.5);
\node at (1,-0.5) {Text xy};
\end{tikzpicture}
\end{document}
"""

ASY = """size(5cm);
pair A=(0,0), B=(3,0), C=(1,2);
draw(A--B--C--cycle);
draw(circle((1,1),0.5));
dot(A); label("$A$", A, SW);
label("text", (2,2));
draw((0,-1)--(3,-1), Arrow);
"""


def _need(*tools):
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"toolchain not installed: {', '.join(missing)}")


def _run(cmd, cwd):
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True, timeout=120)


@pytest.fixture(scope="module")
def tikz_dvi(tmp_path_factory):
    _need("latex", "dvisvgm")
    d = tmp_path_factory.mktemp("tikz")
    (d / "fig.tex").write_text(TIKZ)
    _run(["latex", "-interaction=nonstopmode", "-no-shell-escape", "fig.tex"], d)
    return d


def _check_tikz_scene(scene, expect_text):
    circles = [p for p in scene if isinstance(p, Circle)]
    dots = [p for p in scene if isinstance(p, Dot)]
    assert len(circles) == 1 and circles[0].radius == pytest.approx(0.5 * 72 / 2.54, rel=1e-3)  # 0.5 cm in bp
    assert len(dots) == 1 and dots[0].radius == pytest.approx(1.5 * 72 / 72.27, rel=1e-3)
    # The dot is 1 cm left of and level with the circle centre.
    assert np.allclose(circles[0].center - dots[0].center, [72 / 2.54, 0], atol=0.01)
    dashed = [p for p in scene if isinstance(p, Polyline) and p.style.dash]
    assert len(dashed) == 1 and dashed[0].closed_flag
    texts = sorted(p.text for p in scene if isinstance(p, TextLabel))
    assert texts == expect_text
    assert scene.diagnostics == [] or not scene.partial
    arrow, = [p for p in scene if isinstance(p, Arrow)]
    carrier = scene.primitives[arrow.carrier]
    assert isinstance(carrier, Polyline) and arrow.position == "end"
    assert np.allclose(arrow.direction, np.array([2, 1]) / np.sqrt(5), atol=1e-3)
    assert np.hypot(*(arrow.tip - carrier.points[-1])) < 0.5  # TikZ stops the line just short of the tip


@pytest.mark.toolchain
def test_dvisvgm_glyph_paths(tikz_dvi):
    _run(["dvisvgm", "--no-fonts", "fig.dvi", "-o", "nofonts.svg"], tikz_dvi)
    scene = parse_svg((tikz_dvi / "nofonts.svg").read_text(), filename="nofonts.svg")
    _check_tikz_scene(scene, ["A1", "Text xy"])
    # The arrow head is drawn as a path next to the line end (not an SVG marker) and recognised.
    assert any(isinstance(p, BezierPath) for p in scene)


@pytest.mark.toolchain
def test_dvisvgm_svg_fonts_text(tikz_dvi):
    _run(["dvisvgm", "fig.dvi", "-o", "fonts.svg"], tikz_dvi)
    scene = parse_svg((tikz_dvi / "fonts.svg").read_text(), filename="fonts.svg")
    # dvisvgm writes one <text> per font run ("A" in math italic, "1" in cmr7): merged into one label.
    _check_tikz_scene(scene, ["A1", "Text xy"])


@pytest.mark.toolchain
def test_asymptote_svg(tmp_path):
    _need("asy", "latex", "dvisvgm")
    (tmp_path / "fig.asy").write_text(ASY)
    _run(["asy", "-f", "svg", "-safe", "fig.asy"], tmp_path)
    scene = parse_svg((tmp_path / "fig.svg").read_text(), filename="fig.svg")
    texts = sorted(p.text for p in scene if isinstance(p, TextLabel))
    assert texts == ["A", "text"]
    # The triangle, and the arrowhead drawn twice (filled, then stroked).
    tri = sorted((p for p in scene if isinstance(p, Polyline) and p.closed_flag), key=lambda p: -np.ptp(p.points[:, 0]))
    assert len(tri) == 3 and all(len(t.points) == 3 for t in tri)
    assert len([p for p in scene if isinstance(p, Circle)]) == 1
    dot, = [p for p in scene if isinstance(p, Dot)]
    # The dot sits on vertex A (lowest-left corner of the triangle).
    assert np.allclose(dot.center, tri[0].points[np.argmin(tri[0].points[:, 0] + tri[0].points[:, 1])], atol=1e-3)
    arrow, = [p for p in scene if isinstance(p, Arrow)]
    assert np.allclose(arrow.direction, [1, 0], atol=1e-6)
    assert arrow.tip[0] == pytest.approx(max(p[0] for p in tri[0].points), abs=1e-2)  # x = 3, like vertex B


@pytest.mark.toolchain
def test_tikz_ellipses_are_recognised(tmp_path):
    _need("latex", "dvisvgm")
    (tmp_path / "e.tex").write_text(TIKZ.replace(TIKZ[TIKZ.index(r"\draw[->]"):TIKZ.index(r"\end{tikzpicture}")],
                                                 "\\draw (0,0) ellipse (2 and 1);\n\\draw[rotate=30] (5,0) ellipse (1.5 and 0.5);\n"))
    _run(["latex", "-interaction=nonstopmode", "-no-shell-escape", "e.tex"], tmp_path)
    _run(["dvisvgm", "--no-fonts", "e.dvi", "-o", "e.svg"], tmp_path)
    scene = parse_svg((tmp_path / "e.svg").read_text())
    a, b = [p for p in scene if isinstance(p, Ellipse)]
    cm = 72 / 2.54
    assert (a.rx, a.ry) == pytest.approx((2 * cm, cm), rel=1e-3)  # dvisvgm rounds coordinates
    assert (b.rx, b.ry) == pytest.approx((1.5 * cm, 0.5 * cm), rel=1e-3)  # dvisvgm rounds coordinates
    assert np.degrees(b.rotation) == pytest.approx(30, abs=0.01)
