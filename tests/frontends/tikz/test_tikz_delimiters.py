"""``\\left``/``\\right`` sized to their content, and the matrix library's delimiters."""

from __future__ import annotations

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.fonts import measure
from geoverify.scene import TextLabel

from tikz_fixtures import close


def test_left_right_delimiters_are_sized_by_rule_19():
    # pdflatex+dvisvgm boxes (inner sep 0): a small formula keeps cmr's parentheses, a fraction
    # takes cmex's next size, a 40 pt strut an extensible parenthesis and the null delimiter's 1.2 pt
    assert abs(measure(r"$\left(x\right)$")[0].width - 13.492) < 0.01
    box = measure(r"$\left(\frac{a}{b}\right)$")[0]
    assert abs(box.width - 15.903) < 0.01 and abs(box.height + box.depth - 12.0) < 0.01
    box = measure(r"$\left(\vcenter{\hrule height 20pt depth 20pt width0pt}\right.$")[0]
    assert abs(box.width - 9.951) < 0.01 and close((box.height, box.depth), (23.5, 18.5), tol=1e-3)


def test_matrix_delimiters_are_nodes_beside_the_matrix_as_high_as_it():
    # left delimiter=( and right delimiter=]: nodes without seps whose south east (south west)
    # is the matrix's south west (south east); pdflatex+dvisvgm put the parenthesis' glyphs at
    # x = -29.92 pt and the bracket's at 21.17 pt (the null delimiter's 1.2 pt before it)
    sc = parse_tikz(r"""\usetikzlibrary{matrix}
    \begin{tikzpicture}
      \matrix [matrix of math nodes,left delimiter=(,right delimiter={]}]
      { a_8 & a_1 \\ a_3 & a_5 \\ a_4 & a_9 \\ };
    \end{tikzpicture}""")
    labels = [p for p in sc.primitives if isinstance(p, TextLabel) and "\\left" in p.text]
    assert len(labels) == 2
    left, right = sorted(labels, key=lambda p: p.box[0])
    assert abs(left.box[0] + 29.92) < 0.01 and abs(right.box[0] + 1.2 - 21.17) < 0.01
    assert close(left.box[[1, 3]], (-22.24, 22.24), tol=0.01)
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]


def test_braces_are_sized_with_a_middle_piece_and_escaped_braces_keep_node_text_whole():
    # pdflatex+dvisvgm: \left\{x\right\} keeps cmsy's braces (15.715 pt wide, 10 pt high);
    # a 120 pt strut gets cmex's extensible brace (10.089 pt wide); the \{ does not end the text
    assert abs(measure(r"$\left\{x\right\}$")[0].width - 15.715) < 0.01
    box = measure(r"$\left\lbrace\vcenter{\hrule height 60pt depth 60pt width0pt}\right.$")[0]
    assert abs(box.width - 10.089) < 0.01 and abs(box.height + box.depth - 120.0) < 0.01
    sc = parse_tikz(r"\node {$\left\{\frac{a}{b}\right.$}; \node[align=center] at (2,0) {a\\{\bf b}};")
    assert [p.text for p in sc.primitives if isinstance(p, TextLabel)] == [r"$\left\{\frac{a}{b}\right.$",
                                                                          r"a\\{\bf b}"]
    assert not [d for d in sc.diagnostics if d.code == "UNSUPPORTED"]
