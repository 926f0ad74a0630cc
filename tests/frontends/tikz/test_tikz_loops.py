"""Inline \\foreach in paths (geoverify.frontends.tikz.loops)."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz

from .tikz_fixtures import CM


def test_intersections_total_is_known_to_a_foreach_later_in_the_path():
    # TikZ applies "name intersections={..., total=\t}" when it reads it, before the
    # inline \foreach that counts to \t
    sc = parse_tikz(r"""\path[name path=A] (0,0) -- (4,0);
      \path[name path=B] (1,-1) -- (1,1) -- (3,1) -- (3,-1);
      \fill[name intersections={of=A and B, name=i, total=\t}]
        \foreach \s in {1,...,\t}{(i-\s) circle (2pt)};""")
    centres = sorted(round(p.center[0] / CM, 6) for p in sc.primitives if hasattr(p, "center"))
    assert centres == [1, 3]
    assert not sc.diagnostics
