"""pgfplots' basic-layer interface in an axis (``\\pgfplotsextra``, ``\\pgfplotspointaxisxy``,
``\\pgfplotstransformcoordinatex``, ...) and ``axis direction cs``.

The axes are pgfplots' default 240pt x 207pt, less 45 pt for the labels: a box of 195 pt x
162 pt with its lower left corner at the picture's origin (pdflatex + dvisvgm put the
figures below there, matched by the agreement benchmark).
"""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Polyline


def _axis(body, opts="xmin=0,xmax=3,ymin=0,ymax=5"):
    return parse_tikz("\\begin{tikzpicture}\\begin{axis}[" + opts + "]\n" + body +
                      "\n\\end{axis}\\end{tikzpicture}")


def _colored(sc, stroke):
    return [p for p in sc.primitives if getattr(p, "style", None) is not None and p.style.stroke == stroke]


def _points(prim):
    if isinstance(prim, Polyline):
        return prim.points
    return np.vstack([part.controls.reshape(-1, 2) for part in prim.parts])  # (an ellipse's extremes)


def test_pgfplotsextra_strokes_a_path_through_axis_points():
    sc = _axis(r"""\pgfplotsextra{\pgfsetstrokecolor{red}
        \pgfpathmoveto{\pgfplotspointaxisxy{1}{2}}
        \pgfpathlineto{\pgfplotspointaxisxy{2}{4}}
        \pgfusepath{stroke}}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    # 65 pt per x unit (195 / 3), 32.4 pt per y unit (162 / 5)
    (line,) = _colored(sc, "#ff0000")
    assert np.allclose(line.points, [[65.0, 64.8], [130.0, 129.6]], atol=0.01)


def test_pgfplotsextra_with_endpgfplotsextra_and_rel_axis_point():
    sc = _axis(r"""\pgfplotsextra \pgfsetstrokecolor{red}
        \pgfpathmoveto{\pgfplotspointrelaxisxy{0}{0.5}}
        \pgfpathlineto{\pgfplotspointdescriptionxy{1}{0.5}}
        \pgfusepath{stroke} \endpgfplotsextra""")
    (line,) = _colored(sc, "#ff0000")
    assert np.allclose(line.points, [[0.0, 81.0], [195.0, 81.0]], atol=0.01)


def test_transformcoordinate_results_are_qpointxy_units():
    # TeX (pgfplots manual, \pgfplotsextra): the filled 5pt circle's centre is (axis cs:1,1)
    sc = _axis(r"""\pgfplotsextra{
        \pgfplotstransformcoordinatex{1}\let\xcoord=\pgfmathresult
        \pgfplotstransformcoordinatey{1}\let\ycoord=\pgfmathresult
        \pgfsetfillcolor{red}
        \pgfpathcircle{\pgfqpointxy{\xcoord}{\ycoord}}{5pt}\pgfusepath{fill}}""",
               "xmin=0,xmax=2,ymin=0,ymax=5")
    (disc,) = [p for p in sc.primitives if getattr(p, "style", None) is not None and p.style.fill == "#ff0000"]
    assert disc.center == pytest.approx([97.5, 32.4], abs=0.01)
    assert disc.radius == pytest.approx(5.0, abs=0.01)


def test_axis_direction_vectors_have_no_shift():
    sc = _axis(r"""\pgfplotsextra{\pgfsetstrokecolor{red}
        \pgfpathellipse{\pgfplotspointaxisxy{1}{1}}{\pgfplotspointaxisdirectionxy{1}{0}}
            {\pgfplotspointaxisdirectionxy{0}{2}}\pgfusepath{stroke}}
        \draw[blue] (1,0) -- ++(axis direction cs:1,2);""",
               "xmin=-3,xmax=3,ymin=-3,ymax=3")
    # 32.5 pt per x unit, 27 pt per y unit; the data origin is the box's centre (97.5, 81)
    (ring,) = _colored(sc, "#ff0000")
    pts = _points(ring)
    assert pts[:, 0].max() - pts[:, 0].min() == pytest.approx(65.0, abs=0.1)
    assert pts[:, 1].max() - pts[:, 1].min() == pytest.approx(108.0, abs=0.1)
    (line,) = _colored(sc, "#0000ff")
    assert np.allclose(line.points, [[130.0, 81.0], [162.5, 135.0]], atol=0.01)


def test_pgfplotsextra_outside_an_axis_is_reported():
    sc = parse_tikz(r"\begin{tikzpicture}\pgfplotsextra{\pgfpathcircle{\pgfpointorigin}{1pt}}"
                    r"\draw (0,0) -- (1,0);\end{tikzpicture}")
    assert [d for d in sc.diagnostics if d.code == "UNSUPPORTED" and "pgfplotsextra" in d.message]


def test_extra_description_code_reads_bare_points_in_axis_description_cs():
    # pgfplots runs extra description/.code after the labels, with pgf points in axis description cs
    sc = _axis(r"\addplot coordinates {(0,0) (3,5)};",
               "xmin=0,xmax=3,ymin=0,ymax=5,yticklabel=\\ ,extra description/.code={"
               "\\draw[red] (0,0.5) -- (1,0.5); \\draw[blue] (axis cs:1,0) -- (axis cs:1,5);}")
    lines = {p.style.stroke: p.points for p in sc.primitives if isinstance(p, Polyline)}
    assert np.allclose(lines["#ff0000"], [[0.0, 81.0], [195.0, 81.0]], atol=0.01)
    assert np.allclose(lines["#0000ff"], [[65.0, 0.0], [65.0, 162.0]], atol=0.01)
    # yticklabel=\ : the y tick labels are a space, nothing drawn
    from geoverify.scene.primitives import TextLabel
    ys = [p for p in sc.primitives if isinstance(p, TextLabel) and p.box[2] < 0]
    assert ys == []
