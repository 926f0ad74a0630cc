"""Quoted labels in node options (quotes library): anchors as pgf computes them (pdflatex log)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz.nodequotes import quote_label

from tikz_fixtures import close, node_anchors

PRE = "\\usetikzlibrary{quotes,shapes.geometric}\n"


@pytest.mark.parametrize("key, val, spec", [
    ('"Q"', None, "[]Q"),
    ('"Q"{below,name=A}', None, "[label position=-90,name=A]Q"),
    ('"Q" red', None, "[red]Q"),
    ('"Q"\'{above left=2mm}', None, "[label position=135]Q"),
    ('"$a', 'b$"', "[]$a=b$"),
    ('"left:$180^\\circ$"', None, "[]left:$180^\\circ$"),
])
def test_a_quote_is_a_label_whose_direction_words_set_its_position(key, val, spec):
    assert quote_label(key, val, False) == spec


def test_quoted_labels_sit_where_pgf_puts_them():
    # \pgfpointanchor of each quoted label: above by default, a direction word moves it (below,
    # above left, right), ' changes nothing; in an ellipse scope the label of a circle node is an ellipse
    found = node_anchors(r"""
      \node["Q"{name=A4}] at (6,0) {o};
      \node["Q"{below,name=A5}] at (8,0) {o};
      \node["Q"{name=A6,above left}] at (10,0) {o};
      \begin{scope}[ellipse]
        \node[circle, "Q"{name=A7, draw}] at (12,0) {o};
      \end{scope}
      \node["Q"'{name=A8}] at (14,0) {o};
      \node["Q" {name=A9}, "R" {name=A10, right}] at (16,0) {o};""",
                         ["A4", "A5", "A6", "A7", "A8", "A9", "A10"], preamble=PRE)
    tex = {"A4": ((170.71646, 13.60759), (178.13834, 21.52943), (178.13834, 13.60759)),
           "A5": ((227.62195, -13.60759), (235.04382, -5.68575), (235.04382, -13.60759)),
           "A6": ((271.4193, 13.60759), (278.84117, 21.52943), (278.84117, 13.60759)),
           "A7": ((341.43292, 19.30545), (348.79623, 27.16872), (351.8462, 19.30545)),
           "A8": ((398.33841, 13.60759), (405.76028, 21.52943), (405.76028, 13.60759)),
           "A9": ((455.2439, 13.60759), (462.66577, 21.52943), (462.66577, 13.60759)),
           "A10": ((468.4904, 0.0), (475.70393, 6.94963), (475.70393, 0.0))}
    for name, pts in tex.items():
        assert close(found[name], pts, tol=2e-3), (name, found[name])


def test_a_quote_may_give_its_position_before_a_colon_and_centered_puts_it_on_the_node():
    # "left:Q" is label={[..]left:Q} (pgf's \pgfpointanchor: left of the circle); centered is
    # label position=center, the label's centre on the node's
    found = node_anchors(r"""
      \node["left:Q"{name=B1}, circle, draw] at (0,0) {o};
      \node[draw, "label" {centered, name=B2}] at (3,0) {C};
      \node[draw, "below left:label" {name=B3}] at (6,0) {C};""", ["B1", "B2", "B3"], preamble=PRE)
    tex = {"B1": ((-15.60698, 0.0), (-8.1851, 7.92184), (-8.1851, 0.0)),
           "B2": ((85.35823, 0.0), (99.30789, 7.00519), (99.30789, 0.0)),
           "B3": ((149.81654, -13.95482), (163.7662, -6.94963), (163.7662, -13.95482))}
    for name, pts in tex.items():
        assert close(found[name], pts, tol=2e-3), (name, found[name])
