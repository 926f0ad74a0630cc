"""tikz-qtree's ``\\Tree``: pgftree's layout against latex + dvisvgm."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline, TextLabel

BP = 72.27 / 72

TREE = r"\Tree [.S [.NP Det N ] [.VP V {long word} ] ]"


def _lefts(scene):
    labels = {p.text: p for p in scene.primitives if isinstance(p, TextLabel)}
    s = labels["S"]
    return {k: (lab.box[0] - s.box[0], lab.anchor[1] - s.anchor[1]) for k, lab in labels.items()}


@pytest.mark.parametrize("options, want", [
    # TeX: each label's text starts (bp, from S's) where dvisvgm puts it; baselines 30 pt apart
    ("", {"NP": (-25.9516, -30.0), "Det": (-36.9456, -60.0), "N": (-12.3986, -60.0),
          "VP": (17.2334, -30.0), "V": (3.7084, -60.0), "long word": (19.8134, -60.0)}),
    # level distance is \levelsep, sibling distance the gap between neighbouring subtrees
    ("[level distance=40pt, sibling distance=10pt]",
     {"NP": (-33.922, -40.0), "Det": (-48.901, -80.0), "N": (-16.384, -80.0), "VP": (25.204, -40.0),
      "V": (7.692, -80.0), "long word": (31.769, -80.0)}),
])
def test_tree_layout_matches_tex(options, want):
    sc = parse_tikz("\\begin{tikzpicture}%s %s \\end{tikzpicture}" % (options, TREE))
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    got = _lefts(sc)
    for label, (dx, dy) in want.items():
        assert got[label][0] == pytest.approx(dx * BP, abs=5e-3), label
        assert got[label][1] == pytest.approx(dy, abs=1e-6), label


def test_edges_run_from_the_parents_south_to_the_childs_north():
    # TeX: M13.238282-38.42576 L-8.3555-22.3867 with S's text at (10.4706, -41.946) bp (y down)
    sc = parse_tikz("\\begin{tikzpicture}%s\\end{tikzpicture}" % TREE)
    s = next(p for p in sc.primitives if isinstance(p, TextLabel) and p.text == "S")
    edges = [p for p in sc.primitives if isinstance(p, Polyline)]
    assert len(edges) == 6
    rel = [e.points - [s.box[0], s.anchor[1]] for e in edges]
    from_root = sorted((r for r in rel if abs(r[0][1] + 3.533) < 0.01), key=lambda r: r[1][0])
    assert len(from_root) == 2
    first = from_root[0]
    want = [((13.238282 - 10.4706) * BP, -(41.946 - 38.42576) * BP), ((-8.3555 - 10.4706) * BP, -(41.946 - 22.3867) * BP)]
    assert np.allclose(first, want, atol=5e-3)
