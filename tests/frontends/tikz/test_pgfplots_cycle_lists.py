"""pgfplots' ``cycle multiindex list`` (the i-th item of each list long enough, i modulo the
longest), ``cycle multiindex* list`` (item i modulo each list's length), ``[n of]<list>``
and the named lists ``linestyles``, ``color list`` (pgfplots.code.tex); a cycle list entry's
``only marks`` draws marks alone."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.pgfplots_marks import multi_cycle_list
from geoverify.scene import Polyline


def test_multiindex_lists_take_the_same_index_of_each_list():
    spec = r"[3 of]mark list\nextlist blue,red\nextlist linestyles\nextlist"
    assert multi_cycle_list(spec, "all") == [("blue,solid", "*", None), ("red,dashed", "square*", None),
                                             ("dotted", "triangle*", None)]
    star = multi_cycle_list(r"blue,red\nextlist linestyles", "single")
    assert [e[0] for e in star] == ["blue,solid", "red,dashed", "blue,dotted", "red,solid", "blue,dashed",
                                    "red,dotted"]


def test_n_of_a_named_list_in_a_multi_list():
    entries = multi_cycle_list(r"color list\nextlist [2 of]mark list")
    assert len(entries) == 24
    assert [(e[0], e[1]) for e in entries[:3]] == [("red", "*"), ("red", "square*"), ("blue", "*")]


def test_only_marks_of_a_cycle_entry_draws_no_line():
    sc = parse_tikz(r"""\begin{tikzpicture}
\begin{axis}[axis lines=none,cycle multiindex list={red,blue\nextlist solid\\only marks\\}]
\addplot coordinates {(0,0) (1,1) (2,0)};
\addplot coordinates {(0,1) (1,2) (2,1)};
\end{axis}
\end{tikzpicture}""")
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
    lines = [p for p in sc.primitives if isinstance(p, Polyline) and len(p.points) == 3]
    assert len(lines) == 1 and lines[0].style.stroke == "#ff0000"
