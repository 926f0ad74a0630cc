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


def test_unknown_name_in_a_compiled_expression_is_still_reported():
    scene = parse_asy("for (int i = 0; i < 3; ++i) { real y = i + nosuchname; dot((i, y)); }")
    assert any("nosuchname" in d.message for d in scene.diagnostics)

