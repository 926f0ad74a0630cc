"""Cobordisms of the tqft library (pics, geoverify.frontends.tikz.tqft) and package (node shapes,
geoverify.frontends.tikz.tqft_nodes).

Every geometry here was checked against TeX (pdflatex + dvisvgm, tikz_agreement): all drawn
points within 0.005 bp."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Arc, BezierPath, Circle, Ellipse

from tikz_fixtures import CM

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "tikz"
H = S = 2 * CM  # cobordism height and boundary separation


def _marks(sc, colour="#ff0000"):
    """Centres of the probe circles a test draws in ``colour``."""
    return [tuple(np.round(p.center, 3)) for p in sc.primitives if isinstance(p, Circle) and p.style.stroke == colour]


def _start(p):
    return tuple(np.round(p.subpaths()[0].controls[0][0], 3))


def test_pair_of_pants_pic_places_boundaries_coordinates_and_styled_parts():
    sc = parse_tikz(r"""\usetikzlibrary{tqft}\begin{tikzpicture}
      \pic[tqft/pair of pants, name=a, every outgoing lower boundary component/.style={draw, dashed},
           cobordism edge/.style={draw=blue}];
      \draw[red] (a-outgoing boundary 2) circle (1pt) (a-between outgoing 1 and 2) circle (1pt)
                 (a-incoming boundary.east) circle (1pt);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    r = round(S / 2, 3)
    assert _marks(sc) == [(r, round(-H, 3)), (0.0, round(-0.75 * H, 3)), (10.0, 0.0)]
    # only the styled parts are drawn: the two dashed lower halves and the three blue edges
    halves = [p for p in sc.primitives if isinstance(p, Arc)]
    assert len(halves) == 2 and all(p.style.dash for p in halves)
    assert sorted(round(p.center[0], 3) for p in halves) == [-r, r]
    edges = [p for p in sc.primitives if isinstance(p, BezierPath)]
    assert len(edges) == 3 and {p.style.stroke for p in edges} == {"#0000ff"}
    # the outer edges run from the incoming circle's ends; the inner one dips between the outgoing ones
    assert sorted(_start(p) for p in edges) == [(round(-r - 10, 3), round(-H, 3)), (10.0, 0.0),
                                                (round(r - 10, 3), round(-H, 3))]


def test_styles_given_to_one_pic_end_with_it_and_every_tqft_applies_first():
    sc = parse_tikz(r"""\usetikzlibrary{tqft}\begin{tikzpicture}[
        every tqft/.append style={transform shape, rotate=90, tqft/boundary separation=1cm}]
      \pic[tqft/reverse pair of pants, name=a, every boundary component/.style={draw}];
      \pic[tqft/cylinder, name=b, at={(3,0)}];
      \draw[red] (a-incoming boundary 2) circle (1pt) (b-outgoing boundary) circle (1pt);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    ellipses = [p for p in sc.primitives if isinstance(p, Ellipse)]
    assert len(ellipses) == 3  # the pants' three boundary nodes; the cylinder's are not drawn
    assert np.allclose([e.rotation for e in ellipses], np.pi / 2)  # transform shape: turned with the pic
    # rotate=90: the second incoming boundary one separation (1 cm) up, the cylinder's outgoing one 2 cm left
    assert _marks(sc) == [(0.0, round(CM, 3)), (round(3 * CM + H, 3), 0.0)]


def test_view_from_incoming_anchor_keys_cup_cap_and_pic_actions():
    sc = parse_tikz(r"""\usetikzlibrary{tqft}\begin{tikzpicture}[tqft/view from=incoming]
      \pic[tqft/cup, draw=red, fill=yellow, name=u, every upper boundary component/.style={draw=green}];
      \pic[tqft, incoming boundary components=0, outgoing boundary components=3, offset=1, name=v,
           anchor={(2,1)}, at={(5,0)}];
      \pic[tqft/cylinder, name=w, anchor=between first incoming and first outgoing, at={(10,0)}];
      \draw[blue] (v-between first and last outgoing) circle (1pt) (v-outgoing boundary 2) circle (1pt)
                  (w-incoming boundary) circle (1pt);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    outline = [p for p in sc.primitives if isinstance(p, BezierPath) and p.style.fill == "#ffff00"]
    assert len(outline) == 1 and outline[0].style.stroke == "#ff0000"  # pic actions: the pic's draw and fill
    upper = [p for p in sc.primitives if isinstance(p, Arc) and p.style.stroke == "#00ff00"]
    # seen from the incoming end, the "upper" half is the one through -90 degrees
    assert len(upper) == 1 and np.isclose(upper[0].start + upper[0].sweep / 2, -np.pi / 2)
    # anchor=(2,1): column 2 of row 1 ((2 - 1 + offset) S, -H) lands on the pic's position; the cap's
    # middle coordinate is (1 - 3/4 (1/3 + 2/3 (O-1)/O)) H below the boundaries' row
    assert _marks(sc, "#0000ff") == [(round(5 * CM, 3), round(H - 5 / 12 * H, 3)), (round(5 * CM, 3), 0.0),
                                     (round(10 * CM + 10, 3), round(H / 2, 3))]


def test_genus_holes_and_skipped_boundary_components():
    sc = parse_tikz(r"""\usetikzlibrary{tqft}\begin{tikzpicture}
      \pic[tqft, incoming boundary components=3, skip incoming boundary components=2,
           outgoing boundary components=1, genus=1, name=g, cobordism edge/.style={draw},
           every skipped boundary component/.style={draw, dashed}];
      \draw[red] (g-hole 1) circle (1pt) (g-incoming boundary 2) circle (1pt);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    skipped = [p for p in sc.primitives if isinstance(p, Ellipse)]
    assert len(skipped) == 1 and skipped[0].style.dash and np.allclose(skipped[0].center, (S, 0))
    (hx, hy), (sx, sy) = _marks(sc)
    assert (sx, sy) == (round(S, 3), 0.0) and hy == round(-H / 2, 3)
    # edges: the dip from boundary 1 to 3 (boundary 2 skipped), the two outer sides, the hole's two curves
    assert len([p for p in sc.primitives if isinstance(p, BezierPath)]) == 5


def test_pic_without_type_and_keys_that_cannot_be_read_are_reported():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \pic[draw];
      \pic[tqft/cylinder, tqft/view from=sideways, cobordism height=x];
    \end{tikzpicture}""")
    notes = [d.message for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert any("does not load the tqft library" in d.message for d in sc.diagnostics if d.code == "NOTE")
    assert any("pic without a type" in m for m in notes)
    assert any("view from=sideways" in m for m in notes)
    assert any("tqft key cannot be read" in m for m in notes)


def test_package_node_shape_with_flow_rotation_anchors_and_boundary_nodes():
    sc = parse_tikz(r"""\begin{tikzpicture}[tqft/flow=east]
      \node[tqft/pair of pants, draw, rotate=-180] (a) {};
      \draw[red] (a.incoming boundary 1) circle (1pt) (a.outgoing boundary 2) circle (1pt)
                 (a outgoing 1.next) circle (1pt) (a.after outgoing boundary 1) circle (1pt);
      \draw[blue] (a) -- (1,0);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    h = round(H / 2, 3)
    # flow east (rotate=90, xscale=-1) then the node's rotate=-180: incoming on the right, outgoing 2 up left
    assert _marks(sc)[:3] == [(h, 0.0), (-h, h), (-h, h)]
    c = 0.5 * H - 20  # the dips' control height H/2 - 4 depth
    assert _marks(sc)[3] == (round(0.25 * -H / 2 - 0.75 * c, 3), 0.0)
    outline = [p for p in sc.primitives if isinstance(p, BezierPath) and p.style.stroke == "#000000"]
    assert len(outline) == 1 and outline[0].subpaths()[0].closed
    ctrl = np.vstack([s.controls.reshape(-1, 2) for s in outline[0].subpaths()])
    # the outgoing circles' upper halves bulge inwards (+x): the outline reaches x = -H/2 exactly
    assert np.allclose(ctrl.min(axis=0), (-h, -h - 10), atol=1e-3)
    # the shape has no border anchor: a path to the node ends at its centre
    line = [p for p in sc.primitives if p.style.stroke == "#0000ff"][0]
    assert np.allclose(line.points[0], (0, 0))


def test_package_part_styles_and_boundary_circle_turn_with_the_flow():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \node[tqft, incoming boundary components=2, outgoing boundary components=1, offset=.5, flow=west,
            boundary lower style={draw, dashed}, cobordism style={draw=blue}] (b) {};
      \node[tqft, boundary circle, flow=east, boundary upper style={draw=green}] (y) at (4,0) {};
      \draw[red] (y.next) circle (1pt);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    assert len([p for p in sc.primitives if p.style.dash]) == 3  # one lower half per boundary circle
    assert len([p for p in sc.primitives if p.style.stroke == "#0000ff"]) == 3  # the dip and the two sides
    green = [p for p in sc.primitives if p.style.stroke == "#00ff00"][0]
    ends = green.subpaths()[0].controls
    # flow east turns the upper half upright: from (4cm, -10pt) up to (4cm, 10pt), bulging left
    assert np.allclose(ends[0][0], (4 * CM, -10)) and np.allclose(ends[-1][-1], (4 * CM, 10))
    assert _marks(sc) == [(round(4 * CM, 3), round(-S, 3))]


@pytest.mark.corpus
@pytest.mark.parametrize("rel", [
    "janosh__diagrams/assets/closed-string-topologies/closed-string-topologies.tex",
    "janosh__diagrams/assets/open-string-topologies/open-string-topologies.tex",
    "MartinThoma__LaTeX-examples/tikz/topology-pair-of-pants/topology-pair-of-pants.tex",
])
def test_corpus_cobordisms_are_interpreted(rel):
    f = CORPUS / rel
    if not f.is_file():
        pytest.skip(f"shared corpus file {f} is absent (it lives beside the repository)")
    sc = parse_tikz(f.read_text(encoding="utf-8"), filename=str(f))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    assert any(isinstance(p, BezierPath) for p in sc.primitives)
