"""text along path: pgf's characters, one box each, along the path (numbers from latex + dvisvgm)."""

from __future__ import annotations

import numpy as np
import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.decotext import text_units
from geoverify.scene import Polyline, TextLabel

from tikz_fixtures import CM, close

BP = 72.27 / 72  # pt per bp


def _chars(sc):
    return [(p.text, p.frame[:, 2], p.frame[:, 0]) for p in sc.primitives if isinstance(p, TextLabel)]


@pytest.mark.parametrize("opts, b_x", [
    ("", 8.3023 * BP),  # TeX: b at 8.3023 bp: a's 5 pt and an interword space of 3.33 pt
    (", text align=fit to path", 79.5055 * BP),  # TeX: the last character ends at the path's end
])
def test_characters_follow_each_other_by_their_widths_or_fit_the_path(opts, b_x):
    sc = parse_tikz(r"\path [decorate, decoration={text along path, text={a b}%s}] (0,0) -- (3,0);" % opts)
    chars = _chars(sc)
    assert [c for c, _, _ in chars] == ["a", "b"]
    assert close(chars[0][1], (0, 0)) and close(chars[1][1], (b_x, 0), tol=2e-3)
    assert not [p for p in sc.primitives if isinstance(p, Polyline)]  # the path itself is gone


def test_decorate_operation_sets_text_along_its_sub_path_only():
    # TeX (pgf manual): \draw (0,0) -- (1,1) decorate { -- (2,1) } -- (3,0): 'a' at 1 cm,
    # 'r' 4.98 bp on; the line goes on from (1,1) (the decorated part is empty)
    sc = parse_tikz(r"""\begin{tikzpicture}[decoration={text along path,text=
      around and around and around and around we go}]
      \draw (0,0) -- (1,1) decorate { -- (2,1) } -- (3,0);
    \end{tikzpicture}""")
    chars = _chars(sc)
    assert "".join(c for c, _, _ in chars) == "around"  # TeX too: what fits on 1 cm
    assert close(chars[0][1], (CM, CM)) and close(chars[1][1], (CM + 4.9814 * BP, CM), tol=2e-3)
    line = [p for p in sc.primitives if isinstance(p, Polyline)][0]
    assert close(line.points, [(0, 0), (CM, CM), (3 * CM, 0)], tol=1e-6)


def test_raise_turns_with_the_path_and_formats_change_the_size():
    # text along a line going up: the baseline turned by 90 degrees, raised 2 pt to its left;
    # |\large| sets what follows at 12 pt (cmr12)
    sc = parse_tikz(r"\path [decorate, decoration={text along path, raise=2pt, text={a|\large|b}}] (0,0) -- (0,3);")
    (a, pa, ta), (b, pb, tb) = _chars(sc)
    assert close(ta, (0, 1), tol=1e-9) and close(pa, (-2, 0), tol=1e-9)
    assert close(pb, (-2, 5.0), tol=1e-3)
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert labels[0].font_size == 10 and labels[1].font_size == 12


def test_text_units_are_pgfs_boxes():
    assert text_units(r"a {\"U}b \ss c |+\bf|d  ") == ["a", " ", r"\"U", "b", " ", r"\ss", "c", " ", r"|+\bf", "d"]
    assert np.array_equal(text_units("  x"), ["x"])
