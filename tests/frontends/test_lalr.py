"""The fast LALR loop builds exactly the trees and errors of Lark's own loop."""

from __future__ import annotations

from importlib.resources import files

import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from geoverify.frontends.lalr import FAST_LALR, FastLALRParser, LazyToken

_POSITIONS = ("line", "column", "start_pos", "end_line", "end_column", "end_pos")

ASY = [
    "size(100); pair A=(0,0), B=(1,0); draw(A--B--cycle); label(\"$A$\", A, SW);",
    "real f(real x) { return x^2 - 1; }\nfor (int i = 0; i < 3; ++i) { dot((i, f(i))); }",
    "path p = (0,0){up}..{right}(1,1)..tension atleast 1.2 ..(2,0)---(3,1)::cycle;\nfill(p, gray);",
    "if (true) draw(unitcircle); else { }\nint[] a = {1, 2, 3,}; a[1] += -(2)*3;",
    "struct S { real x; } S s = new S; s.x = 2; write((real) 3 / 2, s.x ? 1 : 0);",
    "import graph; draw(graph(new real(real x) {return sin(x);}, 0, pi), red+dashed);",
    "",
    "/* only a comment */ // and another\n;",
    "/* a comment\non two lines */ draw(\n(0,0)--(1,1));\n\n  dot((2,\r\n3), \"$x$\");\n",
]
ASY_ERRORS = ["draw((0,0)--);", "real x = 1.6d.;", "draw(@);", "if (", "int x = 1"]

TIKZ = [
    "(0,0) -- (1,1) node[above] {$A$} -- cycle",
    "[thick] (0,0) circle (1cm) (2,0) arc[start angle=0, end angle=90, radius=1]",
    "(A) to[bend left] node {x} (B) -| (C) |- +(1,2) .. controls (1,1) and (2,2) .. (3,0)",
    "plot[smooth] coordinates {(0,0) (1,1)} (0,0) rectangle (2,2) grid (3,3)",
]
PGFMATH = ["1+2*3", "-2^2", "sin(30)*\\x + 3cm", "{1,2,3}", "a ? 1 : max(2, 3)!", "2\\x", "30r"]


def _grammar(name):
    return files("geoverify.grammars").joinpath(name).read_text(encoding="utf-8")


def _pair(name, **options):
    text = _grammar(name)
    return Lark(text, parser="lalr", **options), Lark(text, parser="lalr", _plugins=FAST_LALR, **options)


def assert_same_tree(a, b, path="root"):
    # the fast lexer's tokens are LazyToken, a Token whose positions are derived when read
    assert type(a) is type(b) or (type(a) is Token and type(b) is LazyToken), path
    if isinstance(a, Tree):
        assert a.data == b.data and type(a.data) is type(b.data), path
        assert a.meta.empty == b.meta.empty, path
        if not a.meta.empty:
            assert [getattr(a.meta, k) for k in _POSITIONS] == [getattr(b.meta, k) for k in _POSITIONS], path
        assert len(a.children) == len(b.children), path
        for i, (x, y) in enumerate(zip(a.children, b.children)):
            assert_same_tree(x, y, f"{path}/{a.data}[{i}]")
    elif isinstance(a, Token):
        assert (a.type, a.value) == (b.type, b.value), path
        assert [getattr(a, k) for k in _POSITIONS] == [getattr(b, k) for k in _POSITIONS], path
    else:
        assert a is None and b is None, path


@pytest.mark.parametrize("grammar, options, texts", [
    ("asy.lark", {"propagate_positions": True, "maybe_placeholders": True}, ASY),
    ("tikz.lark", {"propagate_positions": True, "maybe_placeholders": False}, TIKZ),
    ("pgfmath.lark", {"propagate_positions": False, "maybe_placeholders": False}, PGFMATH),
])
def test_same_trees_as_lark(grammar, options, texts):
    slow, fast = _pair(grammar, **options)
    assert isinstance(fast.parser.parser, FastLALRParser)
    for text in texts:
        assert_same_tree(slow.parse(text), fast.parse(text))
    assert fast.parser.parser._fast, "the fast loop gave up on this grammar"


@pytest.mark.parametrize("text", ASY_ERRORS)
def test_same_errors_as_lark(text):
    slow, fast = _pair("asy.lark", propagate_positions=True, maybe_placeholders=True)
    with pytest.raises(UnexpectedInput) as expected:
        slow.parse(text)
    with pytest.raises(UnexpectedInput) as got:
        fast.parse(text)
    assert type(got.value) is type(expected.value)
    assert (got.value.line, got.value.column) == (expected.value.line, expected.value.column)
    assert str(got.value).splitlines()[0] == str(expected.value).splitlines()[0]


def test_transformer_leaves_lark_in_charge():
    from lark import Transformer

    class Count(Transformer):
        def number(self, children):
            return 1

    parser = Lark(_grammar("pgfmath.lark"), parser="lalr", transformer=Count(), _plugins=FAST_LALR)
    assert parser.parse("2+3").children == [1, 1]
    assert parser.parser.parser._fast is False


@pytest.mark.parametrize("grammar, options", [
    ("asy.lark", {"propagate_positions": True, "maybe_placeholders": True}),
    ("tikz.lark", {"propagate_positions": True, "maybe_placeholders": False}),
    ("pgfmath.lark", {"propagate_positions": False, "maybe_placeholders": False}),
])
def test_first_character_dispatch_finds_the_same_match(grammar, options):
    """Every lexer's pattern for the character at hand matches as its whole pattern does."""
    from geoverify.frontends.lalr import _scanner_info

    _, fast = _pair(grammar, **options)
    lexers = fast.parser.lexer.lexers
    text = "\n".join(ASY + TIKZ + PGFMATH) + " \t\\x 1.5e-3 'q' \"s\" /* c */ // d\n{[()]} <=>= @ é 3cm"
    for lexer in {id(x): x for x in lexers.values()}.values():
        mre, more, _, table, pick = _scanner_info(lexer)
        assert table is not None and not more
        for pos in range(len(text)):
            m, n = mre.match(text, pos), (table.get(text[pos]) or pick(text[pos])).match(text, pos)
            assert (m and (m.group(0), m.lastgroup)) == (n and (n.group(0), n.lastgroup)), (grammar, pos)


def test_lazy_tokens_pickle_as_plain_tokens():
    import pickle

    _, fast = _pair("asy.lark", propagate_positions=True, maybe_placeholders=True)
    tok = next(iter(fast.parse("draw(\n  (0,0)--(1,1));").scan_values(lambda v: isinstance(v, Token))))
    assert type(tok) is LazyToken
    back = pickle.loads(pickle.dumps(tok))
    assert type(back) is Token
    assert (back.type, back.value, back.line, back.column) == (tok.type, tok.value, tok.line, tok.column)
