"""TeX registers and ``\\pgfextra`` in a path (geoverify.frontends.tikz.registers, loops)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz import parse_tikz

from .tikz_fixtures import CM


def test_a_dimen_register_is_assigned_and_read_and_pgfextra_runs_where_it_stands():
    # the pgf manual's \pgfextra examples: the line goes from (0pt, 1cm) up to (0pt, 2cm), the
    # register set again by the code between the two points
    for extra in (r"\pgfextra{\mydim=2cm}", r"\pgfextra \mydim=2cm \endpgfextra"):
        sc = parse_tikz(r"""\newdimen\mydim
        \begin{tikzpicture}
          \mydim=1cm
          \draw (0pt,\mydim) """ + extra + r""" -- (0pt,\mydim);
        \end{tikzpicture}""")
        assert not sc.diagnostics
        (line,) = sc.primitives
        assert np.allclose(line.points / CM, [[0, 1], [0, 2]])


def test_count_registers_and_assignments_without_equals_sign():
    sc = parse_tikz(r"""\newcount\n \newdimen\d
      \begin{tikzpicture}
        \n=3 \d 5mm
        \draw (0,0) -- (\n,0) -- (\n,\d);
      \end{tikzpicture}""")
    assert not sc.diagnostics
    assert np.allclose(sc.primitives[0].points / CM, [[0, 0], [3, 0], [3, 0.5]])
