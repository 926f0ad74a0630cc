"""Importable Asymptote modules: math, graph, markers, and the olympiad/cse5/geometry helpers.

The geometry helpers are written from their mathematical definitions (feet of
perpendiculars, triangle centres, marks sized by ``markscalefactor`` in user
units as competition code expects); no third-party module code is used.
"""

from __future__ import annotations

import cmath
import math

from geoverify.frontends.asy import pathops, roundedpath
from geoverify.frontends.asy.guides import Guide, Path
from geoverify.frontends.asy.lib_core import PATH, P, R, is_num, is_pointlike
from geoverify.frontends.asy.picture import LabelSpec, Picture
from geoverify.frontends.asy.values import AsyArray, NoMatch, Pen

__all__ = ["load", "KNOWN"]

KNOWN = ("plain", "math", "graph", "olympiad", "cse5", "geometry", "markers", "three", "graph3", "solids",
         "settings", "patterns", "contour", "palette", "stats", "interpolate", "trembling", "fontsize", "labelpath",
         "CAD", "flowchart", "babel", "animate", "animation", "tree", "drawtree", "slopefield", "ode", "lmfit",
         "simplex", "rational", "bsp", "texcolors", "x11colors", "aops_compat", "roundedpath", "obj")
_NOOP = {"plain", "settings", "fontsize", "babel", "texcolors", "x11colors", "patterns", "aops_compat"}
_THREE = {"three", "graph3", "solids", "bsp", "obj", "contour3", "grid3"}


def load(I, name, node):
    if name in _THREE:
        I.note("UNSUPPORTED", "unsupported: three (3D figures are out of scope)", "three", node)
        from geoverify.frontends.asy.interpreter import _Skip

        raise _Skip()
    if name in _NOOP:
        if name == "aops_compat":
            for m in ("olympiad", "cse5", "graph"):
                I.load_module(m, node)
        return
    fn = _LOADERS.get(name)
    if fn is None:
        I.note("UNSUPPORTED", f"module '{name}' is not available to the native interpreter", name, node)
        return
    fn(I)


def _unit(z):
    a = abs(z)
    return z / a if a else 0j


def _foot(Pp, A, B):
    d = B - A
    if d == 0:
        return A
    t = ((Pp - A) * d.conjugate()).real / abs(d) ** 2
    return A + t * d


def _circumcenter(A, B, C):
    a, b = B - A, C - A
    d = 2 * (a.real * b.imag - a.imag * b.real)
    if d == 0:
        raise ValueError("circumcenter of collinear points")
    ux = (b.imag * abs(a) ** 2 - a.imag * abs(b) ** 2) / d
    uy = (a.real * abs(b) ** 2 - b.real * abs(a) ** 2) / d
    return A + complex(ux, uy)


def _incenter(A, B, C):
    a, b, c = abs(B - C), abs(C - A), abs(A - B)
    s = a + b + c
    if s == 0:
        return A
    return (a * A + b * B + c * C) / s


def _inradius(A, B, C):
    a, b, c = abs(B - C), abs(C - A), abs(A - B)
    s = (a + b + c) / 2
    area = abs(((B - A).real * (C - A).imag - (B - A).imag * (C - A).real)) / 2
    return area / s if s else 0.0


def _orthocenter(A, B, C):
    return A + B + C - 2 * _circumcenter(A, B, C)


def _line_through(A, B, a, b):
    """Segment from A extended by a|AB| backwards to B extended by b|AB| forwards."""
    return pathops.polygon_path([A + a * (A - B), B + b * (B - A)])


def _olympiad(I):
    b = I.builtin
    g = I.globals.vars
    g.setdefault("markscalefactor", 0.03)
    g.setdefault("pointpen", Pen())
    g.setdefault("pathpen", Pen())
    g.setdefault("pointfontpen", Pen())
    g.setdefault("pointfontsize", 10.0)

    b("foot", lambda Pp, A, B: _foot(P(Pp), P(A), P(B)))
    b("circumcenter", lambda A, B, C: _circumcenter(P(A), P(B), P(C)))
    b("circumradius", lambda A, B, C: abs(_circumcenter(P(A), P(B), P(C)) - P(A)))
    b("circumcircle", lambda A, B, C: pathops.circle_path(_circumcenter(P(A), P(B), P(C)),
                                                          abs(_circumcenter(P(A), P(B), P(C)) - P(A))))
    b("incenter", lambda A, B, C: _incenter(P(A), P(B), P(C)))
    b("inradius", lambda A, B, C: _inradius(P(A), P(B), P(C)))
    b("incircle", lambda A, B, C: pathops.circle_path(_incenter(P(A), P(B), P(C)), _inradius(P(A), P(B), P(C))))
    b("orthocenter", lambda A, B, C: _orthocenter(P(A), P(B), P(C)))
    b("centroid", lambda A, B, C: (P(A) + P(B) + P(C)) / 3)

    def excenter(A, B, C):
        A, B, C = P(A), P(B), P(C)
        a, bb, c = abs(B - C), abs(C - A), abs(A - B)
        return (-a * A + bb * B + c * C) / (-a + bb + c)

    def exradius(A, B, C):
        A, B, C = P(A), P(B), P(C)
        a, bb, c = abs(B - C), abs(C - A), abs(A - B)
        s = (a + bb + c) / 2
        area = abs(((B - A).real * (C - A).imag - (B - A).imag * (C - A).real)) / 2
        return area / (s - a)

    b("excenter", excenter)
    b("exradius", exradius)
    b("excircle", lambda A, B, C: pathops.circle_path(excenter(A, B, C), exradius(A, B, C)))

    def bisectorpoint(*a):
        if len(a) == 2:
            A, B = P(a[0]), P(a[1])
            return (A + B) / 2 + 1j * (B - A) / 2
        A, B, C = P(a[0]), P(a[1]), P(a[2])
        return B + _unit(_unit(A - B) + _unit(C - B))

    b("bisectorpoint", bisectorpoint)

    def msf():
        v = I.globals.vars.get("markscalefactor", 0.03)
        return float(v) if is_num(v) else 0.03

    def rightanglemark(A, B, C, s=8):
        A, B, C = P(A), P(B), P(C)
        k = R(s) * msf()
        Pp = B + k * _unit(A - B)
        Rr = B + k * _unit(C - B)
        Q = Pp + Rr - B
        return pathops.polygon_path([Pp, Q, Rr])

    b("rightanglemark", rightanglemark)

    def anglemark(A, B, C, t=8, *rest):
        A, B, C = P(A), P(B), P(C)
        r = R(t) * msf()
        a0 = math.atan2((A - B).imag, (A - B).real)
        a1 = math.atan2((C - B).imag, (C - B).real)
        while a1 < a0:
            a1 += 2 * math.pi
        return pathops.arc_path(B, r, a0, a1)

    b("anglemark", anglemark)
    b("concurrent", lambda *a: True)
    b("collinear", lambda A, B, C: abs(((P(B) - P(A)) * (P(C) - P(A)).conjugate()).imag) < 1e-9)
    b("cyclic_", lambda *a: True)
    b("origin_", lambda: 0j)

    def tangent_points(Pp, O, r):
        Pp, O, r = P(Pp), P(O), R(r)
        d = abs(Pp - O)
        if d <= r:
            raise ValueError("point inside circle has no tangents")
        ang = math.acos(r / d)
        base = _unit(Pp - O)
        return O + r * base * cmath.exp(1j * ang), O + r * base * cmath.exp(-1j * ang)

    def tangent(*a):
        # olympiad: tangent(P, O, r, n=1) -> tangent point
        if len(a) >= 3 and is_pointlike(a[0]) and is_pointlike(a[1]) and is_num(a[2]):
            pts = tangent_points(a[0], a[1], a[2])
            n = int(a[3]) if len(a) > 3 else 1
            return pts[0] if n == 1 else pts[1]
        raise NoMatch()

    b("tangent", tangent)

    def pointsto(*a):
        raise NoMatch()

    b("sameside", lambda A, B, C, D: True)

    def dotfn(*a, **k):
        raise NoMatch()


def _cse5(I):
    b = I.builtin
    g = I.globals.vars
    g.setdefault("pathpen", Pen())
    g.setdefault("pointpen", Pen())
    g.setdefault("pathfontpen", Pen())
    g.setdefault("pointfontpen", Pen())
    g.setdefault("markscalefactor", 0.03)
    g.setdefault("anglefontpen", Pen())
    g.setdefault("pointfontsize", 10.0)
    draw = I.builtins["draw"]
    dot = I.builtins["dot"]
    label = I.builtins["label"]

    def pen_var(name):
        v = I.globals.vars.get(name)
        return v if isinstance(v, Pen) else Pen()

    def D(*args, **kw):
        if not args:
            raise NoMatch()
        x = args[0]
        rest = list(args[1:])
        if isinstance(x, (str, LabelSpec)) and len(args) >= 2:
            # D("A", z, ...) labels and dots, like MP then D
            z = args[1]
            if is_pointlike(z):
                I.call(dot, [P(z)] + [a for a in args[2:] if isinstance(a, Pen)], {})
                I.call(label, [x if isinstance(x, LabelSpec) else x, P(z)] + [a for a in args[2:] if isinstance(a, complex)], {})
                return P(z)
        if is_pointlike(x):
            pens = [a for a in rest if isinstance(a, Pen)]
            I.call(dot, [P(x)] + (pens or [pen_var("pointpen")]), {})
            return P(x)
        if isinstance(x, (Path, Guide)) or (isinstance(x, list) and all(isinstance(v, (Path, Guide)) for v in x)):
            pens = [a for a in rest if isinstance(a, Pen)]
            others = [a for a in rest if not isinstance(a, Pen)]
            I.call(draw, [x] + (pens or [pen_var("pathpen")]) + others, kw)
            return x
        raise NoMatch()

    b("D", D)

    def MP(s, z, *rest, **kw):
        if not isinstance(s, str):
            raise NoMatch()
        z = P(z)
        align = next((a for a in rest if isinstance(a, complex) or is_num(a)), None)
        align = kw.get("dir", align)
        pens = [a for a in rest if isinstance(a, Pen)]
        args = ["$" + s + "$", z] + ([complex(align)] if align is not None else []) + pens
        I.call(label, args, {})
        return z

    b("MP", MP)
    b("IP", lambda p, q, n=0: _ip(p, q, n))
    b("IPs", lambda p, q: AsyArray([pathops.point(PATH(p), t[0]) for t in pathops.intersections(PATH(p), PATH(q))], "pair"))

    def OP(p, q, n=1):
        pts = pathops.intersections(PATH(p), PATH(q))
        if not pts:
            raise ValueError("paths do not intersect")
        k = 1 if len(pts) > 1 else 0
        return pathops.point(PATH(p), pts[k][0])

    b("OP", OP)
    b("CR", lambda c, r: pathops.circle_path(P(c), R(r)))
    b("CP", lambda c, p: pathops.circle_path(P(c), abs(P(p) - P(c))))
    b("CC", lambda A, B, C: _circumcenter(P(A), P(B), P(C)))
    b("L", lambda A, B, a=0.5, bb=None: _line_through(P(A), P(B), R(a), R(bb) if bb is not None else R(a)))

    def MA(*args, **kw):
        pts = [a for a in args if is_pointlike(a) and not is_num(a)]
        nums = [a for a in args if is_num(a)]
        if len(pts) < 3:
            raise NoMatch()
        A, B, C = pts[:3]
        r = (nums[0] if nums else 8) * float(I.globals.vars.get("markscalefactor", 0.03))
        a0 = math.atan2((A - B).imag, (A - B).real)
        a1 = math.atan2((C - B).imag, (C - B).real)
        while a1 < a0:
            a1 += 2 * math.pi
        p = pathops.arc_path(B, r, a0, a1)
        I.call(draw, [p] + [a for a in args if isinstance(a, Pen)], {})
        s = next((a for a in args if isinstance(a, str)), None)
        if s:
            I.call(label, [s, B + 2 * r * cmath.exp(1j * (a0 + a1) / 2)], {})
        return p

    b("MA", MA)


def _ip(p, q, n=0):
    pts = pathops.intersections(PATH(p), PATH(q))
    if not pts:
        raise ValueError("paths do not intersect")
    return pathops.point(PATH(p), pts[min(int(n), len(pts) - 1)][0])


class _Ticks:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __call__(self, *a, **k):
        return self


def _graph(I):
    b = I.builtin
    g = I.globals.vars
    for name in ("InTicks", "OutTicks"):
        g[name] = _Ticks(name)
    b("Relative", lambda x: float(x))
    b("pathticks", lambda *a, **k: Picture())
    for name in ("Linear", "Log",
                 "Below", "Above", "Both", "EndPoint", "Broken", "Straight", "Spline", "Hermite", "operator_dots"):
        g[name] = _Ticks(name)
    g["ngraph"] = 100
    g["nCircle"] = 400
    g["Aspect"] = True

    def graph(*args, **kw):
        args = [a for a in args if not isinstance(a, Picture)]
        from geoverify.frontends.asy.values import AsyFunction, Builtin, Overloads

        def is_fn(a):
            return isinstance(a, (Overloads, AsyFunction, Builtin)) and not (
                isinstance(a, Builtin) and a.name.startswith("operator"))

        first_num = next((i for i, a in enumerate(args) if is_num(a)), len(args))
        # functions before the limits are f or x(t), y(t); one after them is T(t), the
        # sampling map (graph(f, a, b, n, T) plots (T(t), f(T(t))))
        fns = [a for a in args[:first_num] if is_fn(a)]

        def ret(a):
            a = a[0] if isinstance(a, Overloads) and len(a) else a
            return getattr(a, "ret", None)

        # after the limits, a function returning bool3 (or bool) is cond, which breaks the graph
        # into the runs where it holds; any other is T(t)
        cond = next((a for a in args[first_num:] if is_fn(a) and ret(a) in ("bool3", "bool")), None)
        T = next((a for a in args[first_num:] if is_fn(a) and a is not cond), None)
        nums = [a for a in args if is_num(a)]
        join_line = True
        for a in args:
            if isinstance(a, _Ticks) and a.name in ("Spline", "Hermite"):
                join_line = False
            if getattr(a, "name", "") == "operator..":
                join_line = False
        n = int(kw.get("n", nums[2] if len(nums) > 2 else 100))
        if len(fns) >= 1 and len(nums) >= 2:
            a0, a1 = float(nums[0]), float(nums[1])
            f = fns[0]
            I.budget.check_array(n + 1)
            pts = []
            call = I.call       # the running interpreter's, looked up once for the n + 1 samples

            def sample(i):
                t = a0 + (i / n) * (a1 - a0)  # graph.asy's a+(i/n)*width, rounded as asy rounds it
                return R(call(T, [t], {})) if T is not None else t

            if len(fns) >= 2 and not isinstance(fns[1], _Ticks):
                fx, fy = fns[0], fns[1]
                for i in range(n + 1):
                    t = sample(i)
                    pts.append(complex(R(call(fx, [t], {})), R(call(fy, [t], {}))))
            elif T is None and cond is None:
                # graph(f, a, b): the plain sampling loop (sample() and the checks below written out)
                width = a1 - a0
                for i in range(n + 1):
                    t = a0 + (i / n) * width
                    v = call(f, [t], {})
                    pts.append(complex(t, v) if type(v) is float else complex(t, R(v)) if is_num(v) else P(v))
            else:
                for i in range(n + 1):
                    t = sample(i)
                    if cond is not None:
                        ok = call(cond, [t], {})
                        if ok is not True:  # graph.asy: false (or default) ends a run; default starts one
                            pts.append(None)
                            if ok is False:
                                continue
                    v = call(f, [t], {})
                    pts.append(complex(t, R(v)) if is_num(v) else P(v))
            from geoverify.frontends.asy.guides import Join, Knot

            if cond is not None:
                runs, cur = [], []
                for z in pts + [None]:
                    if z is None:
                        if cur:
                            runs.append(pathops.polygon_path(cur) if join_line else
                                        Guide([Knot(w) for w in cur], [Join() for _ in cur[1:]]).solve())
                        cur = []
                    else:
                        cur.append(z)
                return runs
            if join_line:
                return pathops.polygon_path(pts)
            return Guide([Knot(z) for z in pts], [Join() for _ in pts[1:]]).solve()
        arrs = [a for a in args if isinstance(a, list)]
        if len(arrs) >= 2:
            return pathops.polygon_path([complex(R(x), R(y)) for x, y in zip(arrs[0], arrs[1])])
        if len(arrs) == 1 and all(isinstance(z, complex) for z in arrs[0]):
            return pathops.polygon_path(arrs[0])
        raise NoMatch()

    b("graph", graph)

    def graphwithderiv(f, fprime, a, b_, n=None):
        # graph.asy: knots f(t) joined by controls f(t) +- fprime(t)*(b-a)/(3n); n = ngraph # 10
        n = int(n) if n is not None else int(g.get("ngraph", 100)) // 10
        if n <= 0 or not is_num(a) or not is_num(b_):
            raise NoMatch()
        I.budget.check_array(n + 1)
        a, b_ = R(a), R(b_)
        k = (b_ - a) / n / 3
        ts = [a + (b_ - a) * (i / n) for i in range(n + 1)]
        z = [P(I.call(f, [t], {})) for t in ts]
        d = [P(I.call(fprime, [t], {})) * k for t in ts]
        return Path(z, [zi - di for zi, di in zip(z, d)], [zi + di for zi, di in zip(z, d)], False,
                    [False] * n)

    b("graphwithderiv", graphwithderiv)

    def polargraph(f, a0, a1, *rest, **kw):
        # polargraph(f, a, b, int n=ngraph, interpolate join=operator --)
        ints = [x for x in rest if isinstance(x, int) and not isinstance(x, bool)]
        n = int(kw.get("n", ints[0] if ints else 100))
        smooth = any(getattr(x, "name", "") == "operator.." or (isinstance(x, _Ticks) and x.name in ("Spline", "Hermite"))
                     for x in list(rest) + list(kw.values()))
        I.budget.check_array(n + 1)
        pts = []
        for i in range(n + 1):
            t = R(a0) + (R(a1) - R(a0)) * i / n
            r = R(I.call(f, [t], {}))
            pts.append(r * cmath.exp(1j * t))
        if smooth:
            from geoverify.frontends.asy.guides import Join, Knot

            return Guide([Knot(z) for z in pts], [Join() for _ in pts[1:]])
        return pathops.polygon_path(pts)

    b("polargraph", polargraph)

    from geoverify.frontends.asy import graph_axes

    graph_axes.install(I)
    b("crop", lambda *a, **k: None)
    b("errorbars", lambda *a, **k: None)


def _math(I):
    b = I.builtin
    g = I.globals.vars
    b("intersect_lines", lambda *a: _nm())

    def grid_(*a, **k):
        return None

    b("frac", lambda x: R(x) - math.floor(R(x)))
    b("sqr", lambda x: x * x)
    b("sec", lambda x: 1 / math.cos(R(x)))
    b("csc", lambda x: 1 / math.sin(R(x)))
    b("cot", lambda x: 1 / math.tan(R(x)))
    b("asec", lambda x: math.acos(1 / R(x)))
    b("acsc", lambda x: math.asin(1 / R(x)))
    b("acot", lambda x: math.atan(1 / R(x)))
    b("perpendicular", lambda *a: _nm())
    b("isnan", lambda x: math.isnan(R(x)))
    b("polar", lambda r, t: R(r) * cmath.exp(1j * R(t)))
    b("unityroot", lambda n, k=1: cmath.exp(2j * math.pi * R(k) / R(n)))
    b("drawline", lambda *a, **k: _drawline(I, *a, **k))


def _drawline(I, *args, **kw):
    """math.asy's ``drawline(pic, P, Q, p)``: the part of the infinite line PQ inside the
    picture's final frame less the pen's half width, drawn when the picture is fitted; it
    does not size the picture."""
    from geoverify.frontends.asy.deferred import DeferredItem
    from geoverify.frontends.asy.picture import DrawItem

    args = list(args)
    pic = args.pop(0) if args and isinstance(args[0], Picture) else kw.get("pic", I.pic)
    pts = [P(a) for a in args if is_pointlike(a)]
    if "P" in kw:
        pts.insert(0, P(kw["P"]))
    if "Q" in kw:
        pts.append(P(kw["Q"]))
    pens = [a for a in args if isinstance(a, Pen)] + ([kw["p"]] if isinstance(kw.get("p"), Pen) else [])
    if len(pts) != 2:
        raise NoMatch()
    cp = I.globals.vars.get("currentpen")
    pen = I.defaultpen + cp if isinstance(cp, Pen) else I.defaultpen
    for p in pens:
        pen = pen + p
    hw = 0.5 * (pen.width if pen.width is not None else 0.5)
    A, B = pts
    loc = I.current_loc

    def realize(sx, sy, lb, rt):
        if sx == 0 or sy == 0:
            return []
        m, M = lb + complex(hw, hw), rt - complex(hw, hw)
        z = complex(A.real * sx, A.imag * sy)
        v = complex(B.real * sx, B.imag * sy) - z
        if v.real == 0:
            if not m.real <= z.real <= M.real:
                return []
            ends = [complex(z.real, m.imag), complex(z.real, M.imag)]
        elif v.imag == 0:
            if not m.imag <= z.imag <= M.imag:
                return []
            ends = [complex(m.real, z.imag), complex(M.real, z.imag)]
        else:
            mx, Mx = (m.real - z.real) / v.real, (M.real - z.real) / v.real
            my, My = (m.imag - z.imag) / v.imag, (M.imag - z.imag) / v.imag
            t0 = max(mx if v.real > 0 else Mx, my if v.imag > 0 else My)
            t1 = min(Mx if v.real > 0 else mx, My if v.imag > 0 else my)
            if t0 > t1:
                return []
            ends = [z + t0 * v, z + t1 * v]
        user = [complex(e.real / sx, e.imag / sy) for e in ends]
        return [DrawItem("draw", [pathops.polygon_path(user)], pen, location=loc)]

    I.budget.step()
    pic.add(DeferredItem(realize, loc, exact=True))


def _markers(I):
    g = I.globals.vars
    from geoverify.frontends.asy.lib_draw import Ignored

    for name in ("CrossIntervalMarker", "CircleBarIntervalMarker", "TildeIntervalMarker", "TickMarks",
                 "crossframe", "circlebarframe", "tildeframe"):
        g[name] = Ignored(name)
    from geoverify.frontends.asy import path_marks

    path_marks.install_markers(I)

    from geoverify.frontends.asy import angle_marks

    angle_marks.install(I)


def _geometry(I):
    _olympiad(I)
    # asy's geometry.asy imports math and markers
    I.load_module("math", None)
    I.load_module("markers", None)
    b = I.builtin
    b("midpoint", lambda A, B: (P(A) + P(B)) / 2)
    def line(A, B, *a):
        g = _line_through(P(A), P(B), 10.0, 10.0)
        g.shape = ("line", P(A), P(B))  # an infinite line of geometry.asy, drawn as a long segment
        return g

    b("line", line)
    b("segment", lambda A, B: pathops.polygon_path([P(A), P(B)]))
    b("triangle", lambda A, B, C: pathops.polygon_path([P(A), P(B), P(C)], True)
      if all(isinstance(z, complex) for z in (A, B, C)) else _nm())

    def by_sides(order):
        # geometry.asy: triangle(b, alpha, c, angle=0, A=(0,0)), triangleAbc(alpha, b, c, ...) and
        # triangleabc(a, b, c, ...): A, A + c*dir(angle), A + b*dir(angle + angle at A)
        def fn(*args, **kw):
            names = list(order) + ["angle", "A"]
            vals = dict(zip(names, args))
            if len(args) > len(names) or set(vals) & set(kw) or not set(kw) <= set(names):
                raise NoMatch()
            vals.update(kw)
            if not all(k in vals and is_num(vals[k]) for k in order):
                raise NoMatch()
            A = P(vals.get("A", 0j))
            angle = R(vals.get("angle", 0.0))
            bb, c = R(vals["b"]), R(vals["c"])
            if "alpha" in vals:
                at_a = R(vals["alpha"])
            else:
                at_a = math.degrees(math.acos((bb * bb + c * c - R(vals["a"]) ** 2) / (2 * bb * c)))
            rad = math.radians
            return pathops.polygon_path([A, A + c * cmath.exp(1j * rad(angle)),
                                         A + bb * cmath.exp(1j * rad(angle + at_a))], True)

        return fn

    b("triangle", by_sides(("b", "alpha", "c")))
    b("triangleAbc", by_sides(("alpha", "b", "c")))
    b("triangleabc", by_sides(("a", "b", "c")))
    b("projection", lambda *a: _nm())

    def square(z1, z2):
        # geometry.asy: the square on z1--z2, turned counterclockwise
        z1, z2 = P(z1), P(z2)
        v = z2 - z1
        return pathops.polygon_path([z1, z2, z2 + 1j * v, z2 + 1j * v - v], True)

    b("square", lambda z1, z2: square(z1, z2) if is_pointlike(z1) and is_pointlike(z2) else _nm())

    def arc_bac(B, A, C, r, *rest, **kw):
        # geometry.asy's arc(explicit pair B, explicit pair A, explicit pair C, real r): the
        # interior arc BAC of radius r about A (|r| and the exterior arc for r < 0)
        if rest or kw or not all(isinstance(z, complex) for z in (B, A, C)) or not is_num(r) or isinstance(r, bool):
            raise NoMatch()
        ba = math.degrees(math.atan2((B - A).imag, (B - A).real)) % 360
        ca = math.degrees(math.atan2((C - A).imag, (C - A).real)) % 360
        ccw = not ((r < 0) ^ ((ba - ca) % 360 < 180))
        t1, t2 = math.radians(ba), math.radians(ca)
        if ccw and t2 <= t1:  # plain arc(c, r, a1, a2, direction): equal angles make a circle
            t2 += 2 * math.pi
        elif not ccw and t2 >= t1:
            t2 -= 2 * math.pi
        return pathops.arc_path(A, abs(float(r)), t1, t2)

    b("arc", arc_bac)

    def perpendicular(*args, **kw):
        if len(args) == 2 and not kw and not isinstance(args[0], Picture):
            return perpendicular_line(*args)
        return _perpendicular_mark(I, *args, **kw)

    def perpendicular_line(M, l):
        # geometry.asy: the line through the foot of M on l, turned 90 degrees about it
        if is_pointlike(l) and not isinstance(l, (Path, Guide)):
            l = _line_through(P(M), P(M) + P(l), 10.0, 10.0)
        if not isinstance(l, (Path, Guide)) or not is_pointlike(M):
            raise NoMatch()
        q = PATH(l)
        a, c = q.z[0], q.z[-1]
        mp = _foot(P(M), a, c)
        other = c if abs(mp - a) < 1e-12 * (1 + abs(a)) else a
        g = _line_through(mp, mp + (other - mp) * 1j, 10.0, 10.0)
        g.shape = ("line", mp, mp + (other - mp) * 1j)
        return g

    b("perpendicular", perpendicular)


def _perpendicular_mark(I, *args, **kw):
    """geometry.asy's ``perpendicular(pic, z, align, dir=E or path g, size=0, p, margin,
    filltype)``: a right-angle mark of true size at ``z``, the corner ``d1--d1+d2--d2`` with
    ``d1 = size*align*unit(dir)*dir(-45)`` and ``d2 = I*d1``; ``size`` defaults to
    3mm + linewidth(p)/2. The mark is a frame added at ``z``: it sizes the picture exactly."""
    from geoverify.frontends.asy.deferred import DeferredItem
    from geoverify.frontends.asy.lib_draw import FillType
    from geoverify.frontends.asy.picture import DrawItem

    args = list(args)
    pic = args.pop(0) if args and isinstance(args[0], Picture) else kw.get("pic", I.pic)
    pts = [a for a in args if is_pointlike(a) or isinstance(a, (Path, Guide))]
    if len(pts) < 2 or not is_pointlike(pts[0]) or not is_pointlike(pts[1]):
        raise NoMatch()
    z, align = P(pts[0]), P(pts[1])
    d = pts[2] if len(pts) > 2 else kw.get("dir", kw.get("g", 1 + 0j))
    d = pathops.direction(PATH(d), 0.0) if isinstance(d, (Path, Guide)) else P(d)
    nums = [a for a in args[len(pts):] if is_num(a) and not isinstance(a, bool)]
    cp = I.globals.vars.get("currentpen")
    pen = I.defaultpen + cp if isinstance(cp, Pen) else I.defaultpen
    for p in [a for a in args if isinstance(a, Pen)] + ([kw["p"]] if isinstance(kw.get("p"), Pen) else []):
        pen = pen + p
    width = pen.width if pen.width is not None else 0.5
    size = float(kw.get("size", nums[0] if nums else 0.0))
    if size == 0:
        size = 3 * 0.1 * 72 / 2.54 + width / 2  # perpfactor * 3mm + linewidth(p)/2
    u = d / abs(d) if d else 1 + 0j
    d1 = size * align * u * cmath.exp(-0.25j * math.pi)
    d2 = 1j * d1
    corner = [d1, d1 + d2, d2]
    ft = next((a for a in args if isinstance(a, FillType)), kw.get("filltype"))
    fill = ft.pen if isinstance(ft, FillType) and ft.name in ("Fill", "FillDraw") else None
    loc = I.current_loc

    def realize(sx, sy, lb, rt):
        user = [z + complex(o.real / sx, o.imag / sy) for o in corner]
        out = []
        if fill is not None:
            out.append(DrawItem("fill", [pathops.polygon_path([z] + user, True)], None, pen + fill, location=loc))
        out.append(DrawItem("draw", [pathops.polygon_path(user)], pen, location=loc))
        return out

    item = DeferredItem(realize, loc, exact=True)
    hw = width / 2
    item.sizing = [(z, o + complex(sx, sy) * hw) for o in corner for sx in (-1, 1) for sy in (-1, 1)]
    I.budget.step()
    pic.add(item)


def _nm():
    raise NoMatch()


_LOADERS = {"olympiad": _olympiad, "cse5": lambda I: (_olympiad(I), _cse5(I), I.load_module("graph", None)),
            "graph": _graph, "math": _math, "markers": _markers, "geometry": _geometry,
            "roundedpath": roundedpath.install}
