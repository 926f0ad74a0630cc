"""Compiled expressions (:mod:`geoverify.frontends.asy.closures`) do what the tree walk does."""

from __future__ import annotations

import dataclasses

import pytest
from lark import Tree

from geoverify.frontends.asy import closures, expressions, parse_asy
from geoverify.scene.primitives import Dot

PROGRAMS = {
    "arithmetic": """
        real s = 0; int k = 0;
        for (int i = 0; i < 6; ++i) { s = s + i * 0.5 - (i % 2) / 4; k += i # 2; dot((s, k)); }
    """,
    "pairs and calls": """
        pair f(int i, real r = 1) { return (i * r, i ^ 2 / 3); }
        for (int i = 0; i < 5; ++i) { dot(f(i)); dot(f(i, r = 2) + (1, -1)); dot(-f(i)); }
    """,
    "keyword argument order": """
        int n = 0;
        int next() { n = n + 1; return n; }
        pair q(int a = 0, int b = 0) { return (a, b); }
        for (int k = 0; k < 3; ++k) dot(q(b = next(), next()));
    """,
    "indexing, fields, conditions": """
        pair[] P = {(0, 0), (1, 2), (3, 1), (2, -1)};
        for (int i = 0; i < P.length; ++i) {
          pair z = P[i];
          dot(z.x > 1 && !(z.y < 0) ? z : (z.y, z.x));
          if (i > 0 || false) draw(P[i - 1]--z);
        }
    """,
    "paths built in a loop": """
        path g = (0, 0);
        for (int i = 1; i < 8; ++i) g = g--(i, sin(i));
        guide h;
        for (int i = 0; i < 5; ++i) h = h..(i, i % 2);
        draw(g); draw(h); draw((0,0)..(1,1)..cycle);
    """,
    "assignments": """
        real r; pair z; path g = (0, 0); int n = 0; real[] a = {1, 2};
        void bump() { n = n + 1; }
        for (int i = 0; i < 4; ++i) {
          r = i;  z = i;  g = g--(i, r / 2);  bump();  a[i % 2] = i;  real w;  w = z.x + n;
          dot((r, w)); dot(z + (a[0], a[1]));
        }
        draw(g);
    """,
    "increments": """
        int[] a = {0, 0, 0}; real x = 0.5; int j = 10; pair z = (1, 1);
        for (int i = 0; i < 6; ++i) {
          int k = i++;  --j;  x++;  ++a[i % 3];  a[1]++;  --z;
          dot((k + j, x)); dot((a[0] + a[1] * 10, a[2])); dot(z);
        }
        for (int i = 9; i > 0; --i) dot((i, j++));
    """,
    "powers and implicit products": """
        real f(real x) { return 2x^2 - 3x + x**3 + 2^-1; }
        pair g(real t) { return (2t, t^2) * 0.5; }
        for (int i = 0; i < 4; ++i) dot((f(i), f(-i / 2))); for (int i = 0; i < 3; ++i) dot(g(i));
        draw(graph(f, -1, 1));
    """,
    "a user operator ^": """
        struct V { real a; }
        V operator ^(V v, int n) { V w; w.a = v.a * n; return w; }
        V v; v.a = 1.5;
        for (int i = 0; i < 4; ++i) { V w = v ^ i; dot((w.a, 2^i)); }
    """,
    "a path extended while others hold it": """
        path g = (0, 0); path keep = g; path[] seen; picture pic;
        for (int i = 1; i < 7; ++i) {
          if (i % 2 == 0) keep = g;
          seen.push(g);
          draw(pic, g);
          g = g--(i, i % 3);
          g = g--(i + 0.5, 0);
        }
        for (int i = 0; i < seen.length; ++i) draw(shift(0, 5 + i) * seen[i]);
        draw(keep, red); draw(g, blue); add(shift(0, -5) * pic);
    """,
    "a path extended from a circle, an arc and a guide": """
        path c = circle((0, 0), 1);
        path a = arc((0, 0), 2, 0, 90);
        for (int i = 0; i < 3; ++i) { c = c--(3 + i, 0); a = a--(i, 3); }
        draw(c); draw(a);
        guide q = (0, 0);
        for (int i = 0; i < 3; ++i) q = q--(i, 1);
        draw(q);
    """,
    "graph of a user function": """
        real f(real x) { return x ^ 2 - 1; }
        draw(graph(f, -2, 2));
        draw(graph(new real(real x) { return -x; }, -1, 1));
    """,
}


def _walk_only(monkeypatch):
    monkeypatch.setattr(expressions, "compile_expression",
                        lambda I, node: (lambda env: I._eval_walk(node, env)))


def _geometry(scene):
    """Every primitive with all its fields but its source location, as text."""
    return [(type(p).__name__, repr({f.name: getattr(p, f.name) for f in dataclasses.fields(p) if f.name != "source"}))
            for p in scene.primitives]


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_compiled_scene_equals_walked_scene(name, monkeypatch):
    compiled = parse_asy(PROGRAMS[name], dialect="aops")
    _walk_only(monkeypatch)
    walked = parse_asy(PROGRAMS[name], dialect="aops")
    assert _geometry(compiled) == _geometry(walked)
    assert compiled.primitives


def test_keyword_arguments_keep_their_order():
    scene = parse_asy(PROGRAMS["keyword argument order"], dialect="aops")
    dots = [tuple(p.center) for p in scene.primitives if isinstance(p, Dot)]
    # q(b=next(), next()): the keyword argument is evaluated first, as written
    assert dots == [(2.0, 1.0), (4.0, 3.0), (6.0, 5.0)]


def test_an_expression_is_compiled_on_its_second_evaluation(monkeypatch):
    made = []
    real = closures.compile_expression

    def spy(I, node):
        made.append(node)
        return real(I, node)

    monkeypatch.setattr(expressions, "compile_expression", spy)
    parse_asy("real s = 0; for (int i = 0; i < 3; ++i) s = s + i; dot((s, 0)); dot((1, 2));")
    datas = [n.data for n in made if isinstance(n, Tree)]
    assert "assign" in datas or "chain" in datas       # the loop's body expressions
    # the dots run once: their arguments are walked, never compiled
    assert not any(isinstance(n, Tree) and n.data == "call" and str(n.children[0].children[0]) == "dot"
                   for n in made)


def test_assigning_an_unknown_name_in_a_compiled_expression_is_still_reported(monkeypatch):
    # the assignment runs three times: walked, then compiled (falling back to report the name)
    code = "void f(int i) { dot((i, 0)); nosuchvar = i; dot((i, 1)); } f(1); f(2); f(3); dot((5, 5));"
    compiled = parse_asy(code)
    _walk_only(monkeypatch)
    walked = parse_asy(code)
    assert [d.message for d in compiled.diagnostics] == [d.message for d in walked.diagnostics]
    assert any("nosuchvar" in d.message for d in compiled.diagnostics)
    assert _geometry(compiled) == _geometry(walked)


def test_unknown_name_in_a_compiled_expression_is_still_reported():
    scene = parse_asy("for (int i = 0; i < 3; ++i) { real y = i + nosuchname; dot((i, y)); }")
    assert any("nosuchname" in d.message for d in scene.diagnostics)



def test_a_path_built_in_a_loop_is_extended_in_place(monkeypatch):
    """``p = p--z`` on a path nothing else holds appends (linear), not copies (quadratic)."""
    from geoverify.frontends.asy.guides import Path

    if closures._SOLE_COUNTS is None:
        pytest.skip("this Python's reference counts cannot tell a path held once from one held twice")
    copies = []
    real = Path.line_to

    def counting(self, b):
        copies.append(len(self.z))
        return real(self, b)

    monkeypatch.setattr(Path, "line_to", counting)
    scene = parse_asy("path g = (0, 0); for (int i = 1; i <= 200; ++i) g = g--(i, i % 7); draw(g);")
    # the first pass is walked (copies once); every later pass extends the same lists
    assert len(copies) <= 2
    assert scene.primitives
    copies.clear()
    parse_asy("path g = (0, 0); path[] all; for (int i = 1; i <= 20; ++i) { all.push(g); g = g--(i, 0); }"
              "draw(g);")
    assert len(copies) == 20        # every version is kept by the array: each join copies
