"""A picture inside node text: what it keeps from the node's scope, and clips bounding it.

Numbers from pdflatex + dvisvgm runs of the same snippets (pt; dvisvgm's bp x 72.27/72).
"""

import numpy as np

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene.primitives import Arrow, Polyline

CM = 72.27 / 2.54


def test_inner_picture_keeps_graphic_state_but_not_transform_or_line_width():
    # TeX: the inner line is blue (the node's colour), dashed, 0.4pt, has the stealth tip,
    # and is 2cm long (x=2cm kept, scale=2 not)
    sc = parse_tikz(r"""\begin{tikzpicture}[-stealth, very thick, red, scale=2, dashed, x=2cm]
\draw (0,0) -- (1,0);
\node[blue] at (0,-2) {\begin{tikzpicture} \draw (0,0) -- (1,0); \end{tikzpicture}};
\end{tikzpicture}""")
    lines = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert len(lines) == 2
    inner = lines[1]
    assert inner.style.stroke == "#0000ff" and abs(inner.style.stroke_width - 0.4) < 1e-9
    assert inner.style.dash == (3.0, 3.0)
    assert np.isclose(np.ptp(inner.points[:, 0]), 2 * CM)
    tips = [p for p in sc.primitives if isinstance(p, Arrow)]
    assert len(tips) == 2 and np.allclose(tips[1].tip, inner.points[-1])


def test_inner_picture_uses_the_node_text_colour():
    sc = parse_tikz(r"""\begin{tikzpicture}
\node[draw=red, text=green] {\begin{tikzpicture} \draw (0,0) -- (1,0); \end{tikzpicture}};
\end{tikzpicture}""")
    inner = [p for p in sc.primitives if isinstance(p, Polyline) and p.style.stroke == "#00ff00"]
    assert len(inner) == 1


def test_clip_in_inner_picture_bounds_its_box():
    # TeX: the node is the 1cm clip square (inner sep 0), the clipped line is kept whole
    sc = parse_tikz(r"""\begin{tikzpicture}
\draw (0,0) -- (0.1,0);
\node[draw, inner sep=0pt, outer sep=0pt, anchor=south west] at (1,0)
  {\begin{tikzpicture}\clip (0,0) rectangle (1,1); \draw (0,0) -- (5,5);\end{tikzpicture}};
\end{tikzpicture}""")
    box, line = [p for p in sc.primitives if isinstance(p, Polyline)][1:]
    assert np.allclose(box.bbox(), (CM, 0, 2 * CM, CM))
    assert line.clipped and np.allclose(line.bbox(), (CM, 0, 6 * CM, 5 * CM))
    assert np.allclose(sc.view, (0, 0, 2 * CM, CM))


def _boxes(sc):
    return [np.ptp(p.points, axis=0) for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 4]


def test_font_from_tikzset_holds_in_pictures_and_sets_inner_seps_of_an_inner_picture():
    # TeX: \tikzset{font=\tt}: node "abc" east anchor 11.4079pt (cmtt10); a rectangle split in
    # a picture inside a node: its .3333em inner seps of cmtt10 (the outer node's text font),
    # B east 18.02928pt; the outer node (its box counting B's outer sep) east 21.56224pt
    sc = parse_tikz(r"\tikzset{font=\tt}\tikz\node[draw](A){abc};")
    assert np.allclose(_boxes(sc)[0][0], 2 * 11.4079 - 0.4, atol=2e-3)
    sc = parse_tikz(r"\tikzset{font=\tt}\tikz\node[draw](A){\tikz\node[draw,rectangle split,"
                    r" rectangle split horizontal, rectangle split parts=3](B){\nodepart{two}7};};")
    outer, inner = _boxes(sc)
    assert np.allclose(inner[0], 2 * 18.02928 - 0.4, atol=2e-3)
    assert np.allclose(outer[0], 2 * 21.56224 - 0.4, atol=2e-3)


def test_blank_after_an_inner_picture_stays_in_a_node_with_align():
    # TeX: east anchor 9.56595pt without align (the blank is \unskip-ped), 11.2326pt with
    # align=center (a 3.33pt space right of the picture)
    plain = _boxes(parse_tikz(r"\tikz\node[draw](A){\tikz \node[draw]{a}; };"))[0]
    aligned = _boxes(parse_tikz(r"\tikz\node[draw,align=center](A){\tikz \node[draw]{a}; };"))[0]
    assert np.allclose(plain[0], 2 * 9.56595 - 0.4, atol=2e-3)
    assert np.allclose(aligned[0], 2 * 11.2326 - 0.4, atol=2e-3)


def test_a_commutative_diagram_in_a_node_is_drawn_and_sizes_the_node_with_its_cells():
    """``\\node[draw] {\\begin{tikzcd} ... \\end{tikzcd}};``: the diagram is a picture in the node,
    its cells inside the node's frame. The frame measured on TeX's output (latex + dvisvgm, pt):
    x 24.71-89.09, y 13.22-72.14; without its cells the picture's box was 8 pt narrower."""
    scene = parse_tikz(r"""\begin{tikzpicture}
    \draw (0,0) rectangle (4,3);
    \node[draw] at (2,1.5) {\begin{tikzcd} A \arrow[r, "f"] \arrow[d] & B \arrow[d, "g"] \\ C \arrow[r, "h"'] & D \end{tikzcd}};
    \end{tikzpicture}""")
    assert not [d for d in scene.diagnostics if d.code in ("UNSUPPORTED", "APPROXIMATED")]
    assert sorted(lab.text for _, lab in scene.labels) == ["$A$", "$B$", "$C$", "$D$", "$f$", "$g$", "$h$"]
    assert len([p for p in scene.primitives if isinstance(p, Arrow)]) == 4
    frames = [p.points for p in scene.primitives if isinstance(p, Polyline) and len(p.points) >= 4]
    frame = min(frames, key=lambda pts: np.ptp(pts[:, 0]))
    np.testing.assert_allclose([*frame.min(axis=0), *frame.max(axis=0)], [24.71, 13.22, 89.09, 72.14], atol=0.5)
