"""``local bounding box`` given on a path, and ``{ [options] ... }`` in a fragment."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import CM, close


def _last_rectangle(sc):
    return [p for p in sc.primitives if isinstance(p, Polyline)][-1]


def test_local_bounding_box_between_path_operations_covers_what_follows():
    # pgf: from the key on, the path's points (a circle's control points: its square) make the box;
    # pdflatex+dvisvgm draw the rectangle (inner.south west) rectangle (inner.north east) around
    # the second circle only
    sc = parse_tikz(r"""\begin{tikzpicture}
    \draw (1,1) circle [radius=.5] [local bounding box=inner] (2,2) circle [radius=.5];
    \draw (inner.south west) rectangle (inner.north east);
    \end{tikzpicture}""")
    assert close(_last_rectangle(sc).bbox(), (1.5 * CM, 1.5 * CM, 2.5 * CM, 2.5 * CM), tol=1e-6)


def test_local_bounding_box_on_a_path_statement_and_an_unloaded_scopes_syntax():
    # \draw[local bounding box=b] names the box of the whole path and its nodes; "{ [options] ... }" without
    # \usetikzlibrary{scopes} (a fragment) is read as a scope, with a note
    sc = parse_tikz(r"""\begin{tikzpicture}
    \draw[local bounding box=b] (0,0) -- (1,2) node[right, inner sep=0pt, outer sep=0pt] {};
    { [local bounding box=s] \draw (3,0) -- (4,1); }
    \draw (b.south west) rectangle (b.north east);
    \draw (s.south west) rectangle (s.north east);
    \end{tikzpicture}""")
    rects = [p for p in sc.primitives if isinstance(p, Polyline)][-2:]
    # the empty node on it counts: 1 pt right of (1,2), half a point above (pdflatex+dvisvgm:
    # 29.454 pt by 57.406 pt)
    assert close(rects[0].bbox(), (0, 0, CM + 1, 2 * CM + 0.5), tol=1e-6)
    assert close(rects[1].bbox(), (3 * CM, 0, 4 * CM, CM), tol=1e-6)
    assert any(d.code == "NOTE" and "scopes" in d.message for d in sc.diagnostics)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_current_bounding_box_is_the_pictures_box_so_far_with_half_line_widths():
    # latex + dvisvgm (pgf manual, tikz-actions): the first rectangle runs 2.2 pt left of and
    # below the first circle's centre (radius 2 pt, half the 0.4 pt line) and 60.107 pt right of
    # it (2 cm + 3 pt + 0.2 pt); the thick one later reaches 0.2 pt further (the first rectangle's
    # line) and around the third circle
    sc = parse_tikz(r"""\begin{tikzpicture}
      \draw[red] (0,0) circle [radius=2pt];
      \draw[red] (2,1) circle [radius=3pt];
      \draw (current bounding box.south west) rectangle (current bounding box.north east);
      \draw[red] (3,-1) circle [radius=4pt];
      \draw[thick] (current bounding box.south west) rectangle (current bounding box.north east);
    \end{tikzpicture}""")
    assert not sc.diagnostics
    first, second = [p.points for p in sc.primitives if isinstance(p, Polyline)]
    assert close(first.min(axis=0), (-2.2, -2.2)) and close(first.max(axis=0), (2 * CM + 3.2, CM + 3.2))
    assert close(second.min(axis=0), (-2.4, -CM - 4.2)) and close(second.max(axis=0), (3 * CM + 4.2, CM + 3.4))


def test_execute_at_end_picture_runs_when_the_picture_ends():
    # its code sees the whole picture: a rectangle on the box of both nodes (pgf's "X" node box:
    # text 7.5 x 6.83 pt, inner sep 3.333 pt, outer sep 0.2 pt)
    sc = parse_tikz(r"""\begin{tikzpicture}[execute at end picture={
        \path[draw] (current bounding box.south west) rectangle (current bounding box.north east);}]
      \node at (0,0) {X};
      \node at (2,1) {Y};
    \end{tikzpicture}""")
    rect = _last_rectangle(sc).points
    assert rect.min(axis=0)[0] == pytest.approx(-(7.5 / 2 + 3.333 + 0.2), abs=0.01)
