"""text effects along path: a node per character, measured and set along the path
(numbers from latex + dvisvgm)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.decoeffects import _characters, _Config
from geoverify.scene import Polyline, TextLabel

from tikz_fixtures import close

BP = 72.27 / 72  # pt per bp


def _deco(opts):
    return parse_tikz(r"\path[decorate, decoration={text effects along path, text={ab c}, text effects/.cd, "
                      r"path from text, %s}] (0,0);" % opts)


@pytest.mark.parametrize("opts, xs", [
    # TeX: a at 0, b at 4.9814 bp, c at 13.8372 bp (a's 5 pt, b's 5.56 pt and the space's 3.33 pt)
    ("characters={text along path}", (0.0, 4.9814, 13.8372)),
    # TeX: scale=2 doubles the widths: b at 9.9628 bp, c at 27.6744 bp
    ("characters={text along path, scale=2}", (0.0, 9.9628, 27.6744)),
])
def test_path_from_text_sets_each_node_by_its_measured_width(opts, xs):
    labels = [p for p in _deco(opts).primitives if isinstance(p, TextLabel)]
    assert [p.text for p in labels] == ["a", "b", "c"]  # the space shows nothing
    assert close([p.box[0] for p in labels], [x * BP for x in xs], tol=3e-3)
    assert close([p.box[1] for p in labels], [0, 0, 0], tol=1e-6)  # on the baseline (anchor=base)


def test_drawn_character_nodes_are_as_wide_as_their_box_and_line():
    # TeX (characters={draw}): boxes from -71.800781 to -60.1797, -59.7812 to -47.6055, -47.207 to
    # -37.2422 (the space's) and -36.8437 to -25.7773 bp: inner sep and half the line width each side
    sc = parse_tikz(r"\path[decorate, decoration={text effects along path, text={ab c}, text effects/.cd, "
                    r"characters={draw}}] (0,0) -- (3,0);")
    boxes = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert len(boxes) == 4
    lefts = [min(b[:, 0]) for b in boxes]
    o = -71.800781
    assert close(lefts, [(x - o) * BP + 0.2 for x in (-71.800781, -59.7812, -47.207, -36.8437)], tol=0.02)


def test_counts_words_letters_and_transforms():
    cfg = _Config([("group letters", None)])
    chars = _characters(cfg, "ab cd e")
    assert [c["token"] for c in chars] == ["ab", " ", "cd", " ", "e"]
    cfg = _Config([("reverse text", None), ("word separator", "-")])
    chars = _characters(cfg, "ab-c")
    assert [c["token"] for c in chars] == ["c", "-", "b", "a"]
    assert [(c["word"], c["letter"], c["final"]) for c in chars] == [(1, 1, True), (1, 0, False), (2, 1, False),
                                                                    (2, 2, True)]
    assert chars[0]["total"] == 4 and chars[0]["words"] == 2 and chars[2]["letters"] == 2


def test_the_decorate_operation_sets_the_characters_along_its_sub_path():
    sc = parse_tikz(r"""\begin{tikzpicture}[decoration={text effects along path, text={ab},
        text effects/.cd, characters={text along path}}]
      \draw (0,0) -- (1,0) decorate { -- (2,0) } -- (3,1);
    \end{tikzpicture}""")
    labels = [p for p in sc.primitives if isinstance(p, TextLabel)]
    assert [p.text for p in labels] == ["a", "b"]
    assert close([p.box[0] for p in labels], [72.27 / 2.54, 72.27 / 2.54 + 5.0], tol=1e-3)
