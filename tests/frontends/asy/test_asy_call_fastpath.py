"""The fast paths of Asymptote function calls choose and run what the general search does.

:meth:`ExpressionsMixin.match_score` remembers scores per function and argument
classes; :meth:`ExpressionsMixin.call` calls a lone Asymptote function without the
overload search; ``call_user`` makes the call's location only when the depth
limit is hit; the dialect's template is frozen out of the cyclic collector;
``pathops.intersections`` skips segment pairs whose boxes are apart.
"""

from __future__ import annotations

import dataclasses
import gc
import itertools

import pytest

from geoverify.errors import BudgetExceededError
from geoverify.frontends.asy import expressions, parse_asy
from geoverify.frontends.asy.guides import CycleToken, Guide, Knot, Path
from geoverify.frontends.asy.interpreter import Interpreter
from geoverify.frontends.asy.parser import parse_source
from geoverify.frontends.asy.picture import Picture
from geoverify.frontends.asy.values import DEFAULT_PEN, AsyArray, AsyFunction, Overloads, Transform, Triple
from geoverify.frontends.limits import DEFAULT_LIMITS, Limits
from geoverify.scene.graph import Scene

_TYPES = ["int", "real", "pair", "path", "guide", "path[]", "guide[]", "string", "bool", "pen", "transform",
          "picture", "triple", "function", "real[]", "pair[]", "int[]", "point", "point[]", "...real[]"]

_VALUES = [1, 2.5, True, 1 + 2j, "s", Path.point_path(1j), Guide([Knot(0j)], []), DEFAULT_PEN,
           Transform(0, 0, 1, 0, 0, 1), Triple(1, 2, 3), CycleToken(), AsyArray([1.0], "real"), [], Picture()]


@pytest.fixture()
def interp():
    I = Interpreter(Scene(unit="bp", source_format="asy"), limits=DEFAULT_LIMITS, dialect="plain")
    I.run(parse_source("struct point { real x; }"))
    return I


@pytest.mark.parametrize("types", [t for n in (1, 2) for t in itertools.product(_TYPES, repeat=n)][::3])
def test_remembered_scores_are_the_computed_ones(interp, types):
    f = AsyFunction("f", "real", [(t, f"a{i}", None) for i, t in enumerate(types)], None, interp.globals, interp)
    for args in itertools.product(_VALUES, repeat=len(types)):
        args = list(args)
        expected = interp._match_score(f, args, {})
        assert interp.match_score(f, args, {}) == expected      # computed, maybe remembered
        assert interp.match_score(f, args, {}) == expected      # remembered when it may be


def test_only_closed_parameter_lists_are_remembered(interp):
    closed = AsyFunction("f", "real", [("real", "x", None), ("pair[]", "y", None)], None, interp.globals, interp)
    struct = AsyFunction("g", "real", [("point", "p", None)], None, interp.globals, interp)
    interp.match_score(closed, [1.0, AsyArray([], "pair")], {})
    interp.match_score(struct, [1.0], {})
    assert interp._scores[closed] == {}          # an array argument: not remembered
    interp.match_score(closed, [1.0, 2.0], {})
    assert interp._scores[closed] == {(float, float): None}
    assert interp._scores[struct] is False


def _scene(code):
    s = parse_asy(code)
    return repr([dataclasses.asdict(p) for p in s.primitives] + [d.to_dict() for d in s.diagnostics])


@pytest.mark.parametrize("code", [
    "real f(real x) { return x ^ 2 - 1; } draw(graph(f, -2, 2)); dot((f(2), f(3)));",
    "pair g(real t, int k = 2) { return (cos(k * t), sin(t)); } draw(graph(g, 0, pi)); dot(g(1, k = 3));",
    "real h(int n) { return n < 2 ? 1 : n * h(n - 1); } dot((h(5), h(3)));",
    "struct point { real x; } real f(point p) { return p.x; } point q; q.x = 3; dot((f(q), 1));",
    "real f(real x) { return x; } real f(pair z) { return z.x + 1; } dot((f(1), f((2, 0))));",
    "real f(string s) { return 1; } dot((f(2), 0));",       # no fit: reported as before
])
def test_fast_paths_draw_what_the_general_search_draws(code, monkeypatch):
    fast = _scene(code)
    monkeypatch.setattr(expressions, "_closed_params", lambda params: False)
    general = expressions.ExpressionsMixin.call

    def call(self, f, *rest):
        # a lone function as a one-element overload set: the general search
        return general(self, Overloads([f]) if type(f) is AsyFunction else f, *rest)
    monkeypatch.setattr(expressions.ExpressionsMixin, "call", call)
    assert _scene(code) == fast


def test_deep_recursion_still_reports_where_it_happened():
    code = "int r(int n) { return r(n + 1); }\nr(0);"
    with pytest.raises(BudgetExceededError, match="nesting deeper") as e:
        parse_asy(code, limits=Limits(max_steps=100_000, max_depth=50, max_array_size=1000, timeout=10))
    assert e.value.location is not None and e.value.location.line == 1


def test_the_dialect_templates_are_frozen_out_of_the_collector():
    parse_asy("dot((0,0));")
    assert gc.get_freeze_count() > 10_000



def _intersections_pair_by_pair(p, q):
    """``pathops.intersections`` as it was: every segment pair searched, boxes made per call."""
    from geoverify.frontends.asy import pathops

    scale = max([0.0] + [max(abs(z.real), abs(z.imag)) for z in p.z + q.z])
    f = 1e-9 * max(scale, 1.0)
    out = []
    for i in range(p.length):
        for j in range(q.length):
            si, sj = p.segment(i), q.segment(j)
            found = []
            pathops._intersect_segs(si, sj, 0.0, 1.0, 0.0, 1.0, found, 0, f,
                                    pathops._seg_bbox(si), pathops._seg_bbox(sj))
            out += [(i + a, j + b) for a, b in found]
    out.sort()
    merged = []
    for t in out:
        if merged and abs(pathops.point(p, t[0]) - pathops.point(p, merged[-1][0])) <= 1e-7 * max(scale, 1.0):
            continue
        if p.cyclic and merged and abs(t[0] - p.length) < 1e-9 and abs(merged[0][0]) < 1e-9:
            continue
        merged.append(t)
    return merged


def test_intersections_skip_only_segment_pairs_that_cannot_meet():
    import random

    from geoverify.frontends.asy import pathops

    rng = random.Random(7)
    met = 0
    for _ in range(60):
        paths = []
        for _ in range(2):
            n = rng.randint(2, 12)
            z = [complex(rng.uniform(-3, 3), rng.uniform(-3, 3)) for _ in range(n)]
            pre = [w + complex(rng.uniform(-1, 1), rng.uniform(-1, 1)) for w in z]
            post = [w + complex(rng.uniform(-1, 1), rng.uniform(-1, 1)) for w in z]
            paths.append(Path(z, pre, post, rng.random() < 0.3, [False] * n))
        got = pathops.intersections(*paths)
        assert got == _intersections_pair_by_pair(*paths)
        met += bool(got)
    assert met > 30
