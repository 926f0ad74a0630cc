"""Asymptote's plain builtins that do not draw: numbers, pairs, paths, pens, transforms, arrays."""

from __future__ import annotations

import cmath
import math

from geoverify.frontends.asy import pathops
from geoverify.frontends.asy.guides import CYCLE, Guide, Path
from geoverify.frontends.asy.picture import Picture
from geoverify.frontends.asy.values import AsyArray, NoMatch, Pen, Transform, Triple

__all__ = ["install", "P", "R", "PATH", "is_num", "is_pointlike"]



#: functions Asymptote also defines for pairs (complex numbers; asy 2.85 has no tan(pair))
_COMPLEX = {"exp": cmath.exp, "log": cmath.log, "sin": cmath.sin, "cos": cmath.cos}

def is_num(v):
    """Whether ``v`` is an Asymptote int or real (a Python number, not a bool)."""
    t = type(v)
    if t is float or t is int:      # the common cases without the isinstance tests
        return True
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_pointlike(v):
    return is_num(v) or isinstance(v, complex)


def P(v) -> complex:
    if isinstance(v, complex):
        return v
    if is_num(v):
        return complex(v)
    raise NoMatch()


def R(v) -> float:
    """``v`` as a real; :class:`NoMatch` unless it is an int or a real."""
    t = type(v)
    if t is float:
        return v        # float(v) of a float is v itself
    if t is int:
        return float(v)
    if is_num(v):
        return float(v)
    raise NoMatch()


def PATH(v) -> Path:
    if isinstance(v, Path):
        return v
    if isinstance(v, Guide):
        return v.solve()
    if isinstance(v, complex) or is_num(v):
        return Path.point_path(complex(v))
    raise NoMatch()


def _deg(z: complex) -> float:
    return math.degrees(math.atan2(z.imag, z.real))


def _unit(z):
    a = abs(z)
    return z / a if a else 0j


class _ModuleFields(dict):
    """The names a module provides, looked up when asked: the globals the program
    started with (a variable of the program, ``pair E``, does not hide ``plain.E``),
    then the builtins."""

    def __init__(self, I):
        super().__init__()
        self.I = I

    def _vars(self):
        from geoverify.frontends.asy.interpreter import _TEMPLATES

        tpl = _TEMPLATES.get(self.I.dialect)
        return tpl[0] if tpl is not None else self.I.globals.vars

    def __contains__(self, name):
        return name in self._vars() or name in self.I.builtins

    def __getitem__(self, name):
        v = self._vars()
        return v[name] if name in v else self.I.builtins[name]


class _Namespace:
    """A module used as a qualifier (``plain.SW``)."""

    __slots__ = ("fields",)

    def __init__(self, I):
        self.fields = _ModuleFields(I)


def install(I):
    b = I.builtin
    g = I.globals.vars
    # ---------------------------------------------------------- constants
    g["pi"] = math.pi
    g["infinity"] = math.inf
    # ``plain.SW``, ``plain.draw``: the plain module's names qualified by the module
    g["plain"] = _Namespace(I)
    g["inf"] = math.inf
    g["realMax"] = 1.7976931348623157e308
    g["realMin"] = 2.2250738585072014e-308
    g["realEpsilon"] = 2.220446049250313e-16
    g["intMax"] = 2 ** 63 - 1
    g["true"] = True
    g["false"] = False
    g["cycle"] = CYCLE
    g["origin"] = 0j
    g["I"] = 1j
    for name, z in {"E": 1, "N": 1j, "W": -1, "S": -1j, "right": 1, "left": -1, "up": 1j, "down": -1j}.items():
        g[name] = complex(z)
    for name, ang in {"NE": 45, "NW": 135, "SW": 225, "SE": 315, "ENE": 22.5, "NNE": 67.5, "NNW": 112.5,
                      "WNW": 157.5, "WSW": 202.5, "SSW": 247.5, "SSE": 292.5, "ESE": 337.5}.items():
        g[name] = cmath.exp(1j * math.radians(ang))
    g["CCW"] = True
    g["CW"] = False
    g["inch"] = 72.0
    g["inches"] = 72.0
    g["cm"] = 72.0 / 2.54
    g["mm"] = 72.0 / 25.4
    g["bp"] = 1.0
    g["pt"] = 72.0 / 72.27
    g["unitcircle"] = pathops.unitcircle()
    g["unitsquare"] = pathops.polygon_path([0, 1, 1 + 1j, 1j], True)
    g["nullpath"] = Path([], [], [], False, [])
    g["currentpen"] = Pen()
    g["identity"] = Transform()
    g["Aspect"] = True
    g["dotfactor"] = 6
    g["IgnoreAspect"] = False

    # --------------------------------------------------------------- math
    def f1(name, fn, inner=None):
        """``name(x)``: ``fn(R(x))``, or ``fn(inner(R(x)))`` (degrees to radians, and back).
        A real is its own R(x); the composition is written out (trigonometry in degrees is
        what loops and graph() call most)."""
        if inner is None:
            cfn = _COMPLEX.get(name)

            def w(x):
                if type(x) is complex and cfn is not None:  # pair versions: exp(pair), log(pair), ...
                    return cfn(x)
                return fn(x if type(x) is float else R(x))
        else:
            def w(x):
                return fn(inner(x if type(x) is float else R(x)))
        b(name, w)

    for name, fn in (("sin", math.sin), ("cos", math.cos), ("tan", math.tan), ("asin", math.asin),
                     ("acos", math.acos), ("exp", math.exp), ("log", math.log), ("log10", math.log10),
                     ("sinh", math.sinh), ("cosh", math.cosh), ("tanh", math.tanh),
                     ("cbrt", lambda x: math.copysign(abs(x) ** (1 / 3), x)),
                     ("radians", math.radians), ("degrees_", math.degrees), ("Degrees", math.degrees),
                     ("expm1", math.expm1), ("log1p", math.log1p), ("gamma", math.gamma), ("erf", math.erf)):
        f1(name, fn)
    for name, fn, inner in (("Sin", math.sin, math.radians), ("Cos", math.cos, math.radians),
                            ("Tan", math.tan, math.radians), ("aSin", math.degrees, math.asin),
                            ("aCos", math.degrees, math.acos), ("aTan", math.degrees, math.atan)):
        f1(name, fn, inner)

    def sqrt(x):
        if isinstance(x, complex):
            return cmath.sqrt(x)
        x = R(x)
        if x < 0:
            raise ValueError("sqrt of a negative number")
        return math.sqrt(x)

    b("sqrt", sqrt)

    def atan(x):
        return math.atan(R(x))

    b("atan", atan)
    b("atan2", lambda y, x: math.atan2(R(y), R(x)))

    def _abs(x):
        if isinstance(x, bool):
            raise NoMatch()
        if isinstance(x, int):
            return abs(x)
        if isinstance(x, (float, complex)):
            return abs(x)
        raise NoMatch()

    b("abs", _abs)
    b("length", lambda x: abs(x) if isinstance(x, complex) or is_num(x) else (
        PATH(x).length if isinstance(x, (Path, Guide)) else (len(x) if isinstance(x, (list, str)) else _nm())))
    b("floor", lambda x: int(math.floor(R(x))))
    b("ceil", lambda x: int(math.ceil(R(x))))
    b("round", lambda x: int(math.floor(R(x) + 0.5)))
    b("Floor", lambda x: int(math.floor(R(x))))
    b("Ceil", lambda x: int(math.ceil(R(x))))
    b("Round", lambda x: int(math.floor(R(x) + 0.5)))
    b("sgn", lambda x: (R(x) > 0) - (R(x) < 0))
    b("fabs", lambda x: abs(R(x)))
    b("pow10", lambda x: 10.0 ** R(x))
    b("hypot", lambda x, y: math.hypot(R(x), R(y)))
    b("choose", lambda n, k: math.comb(n, k))
    b("factorial", lambda n: math.factorial(n))
    b("quotient", lambda a, c: a // c)
    # Each figure draws from its own generator, seeded alike: the same code gives the same scene.
    b("rand", lambda: I.rng.randint(0, 2 ** 31 - 1))
    b("unitrand", lambda: I.rng.random())
    b("srand", lambda s: I.rng.seed(s))
    g["randMax"] = 2 ** 31 - 1

    def _minmax(fn):
        def w(*args):
            if len(args) == 1:
                x = args[0]
                if isinstance(x, list) and x:
                    if all(is_num(v) for v in x):
                        return fn(x)
                    if all(isinstance(v, (Path, Guide)) for v in x):
                        bbs = [pathops.bbox(PATH(v)) for v in x]
                        if fn is min:
                            return complex(min(q[0] for q in bbs), min(q[1] for q in bbs))
                        return complex(max(q[2] for q in bbs), max(q[3] for q in bbs))
                if isinstance(x, (Path, Guide)):
                    bb = pathops.bbox(PATH(x))
                    return complex(bb[0], bb[1]) if fn is min else complex(bb[2], bb[3])
                if isinstance(x, Picture):
                    raise NoMatch()
                raise NoMatch()
            if all(is_num(v) for v in args):
                return fn(args)
            if all(is_pointlike(v) for v in args):
                return complex(fn(P(v).real for v in args), fn(P(v).imag for v in args))
            raise NoMatch()
        return w

    b("min", _minmax(min))
    b("max", _minmax(max))

    # --------------------------------------------------------------- pairs
    def _dir(*args):
        if len(args) == 1 and is_num(args[0]):
            return cmath.exp(1j * math.radians(args[0]))
        if len(args) == 1 and isinstance(args[0], (Path, Guide)):
            p = PATH(args[0])
            return pathops.direction(p, p.length)
        if len(args) == 2 and isinstance(args[0], (Path, Guide)) and is_num(args[1]):
            return pathops.direction(PATH(args[0]), float(args[1]))
        if len(args) == 2 and isinstance(args[0], (Path, Guide)) and isinstance(args[1], (Path, Guide)):
            return _unit(pathops.direction(PATH(args[0]), PATH(args[0]).length) + pathops.direction(PATH(args[1]), 0))
        if len(args) == 1 and isinstance(args[0], complex):
            return _unit(args[0])
        raise NoMatch()

    b("dir", _dir)
    b("expi", lambda a: cmath.exp(1j * R(a)))
    b("unit", lambda z: _unit(P(z)))
    b("conj", lambda z: P(z).conjugate())
    b("xpart", lambda z: P(z).real)
    b("ypart", lambda z: P(z).imag)

    def degrees(z, warn=True):
        if isinstance(z, complex):
            d = _deg(z)
            return d + 360 if d < 0 else d
        return math.degrees(R(z))

    b("degrees", degrees)
    b("angle", lambda z, warn=True: math.atan2(P(z).imag, P(z).real))

    def dot(a, c):
        if isinstance(a, list) and isinstance(c, list):
            return sum(x * y for x, y in zip(a, c))
        if not (is_pointlike(a) and is_pointlike(c)):
            raise NoMatch()
        a, c = P(a), P(c)
        return a.real * c.real + a.imag * c.imag

    b("dot", dot)
    b("cross", lambda a, c: P(a).real * P(c).imag - P(a).imag * P(c).real)
    b("rotate_", lambda z: z)
    b("interp", lambda a, c, t: a + (c - a) * R(t) if is_pointlike(a) else _nm())
    b("bezier", lambda a, c1, c2, d, t: pathops._bez(P(a), P(c1), P(c2), P(d), R(t)))

    # --------------------------------------------------------------- paths
    def point(p, t):
        if isinstance(p, list):
            raise NoMatch()
        return pathops.point(PATH(p), R(t))

    b("point", point)
    b("relpoint", lambda p, l: pathops.point(PATH(p), pathops.arctime(PATH(p), R(l) * pathops.arclength(PATH(p)))))
    b("reltime", lambda p, l: pathops.arctime(PATH(p), R(l) * pathops.arclength(PATH(p))))
    b("arcpoint", lambda p, L: pathops.point(PATH(p), pathops.arctime(PATH(p), R(L))))
    b("precontrol", lambda p, t: pathops.precontrol(PATH(p), R(t)))
    b("postcontrol", lambda p, t: pathops.postcontrol(PATH(p), R(t)))
    b("size", lambda p: len(PATH(p).z) if isinstance(p, (Path, Guide)) else _nm())
    b("cyclic", lambda p: PATH(p).cyclic if isinstance(p, (Path, Guide)) else getattr(p, "cyclic", False))
    b("straight", lambda p, t: PATH(p).straight[int(t)] if 0 <= int(t) < PATH(p).length else False)
    b("arclength", lambda p: pathops.arclength(PATH(p)))
    b("arctime", lambda p, L: pathops.arctime(PATH(p), R(L)))
    b("subpath", lambda p, a, c: pathops.subpath(PATH(p), R(a), R(c)))

    def reverse(x):
        if isinstance(x, (Path, Guide)):
            return pathops.reverse(PATH(x))
        if isinstance(x, list):
            return AsyArray(x[::-1], getattr(x, "elem", ""))
        if isinstance(x, str):
            return x[::-1]
        raise NoMatch()

    b("reverse", reverse)

    def intersect(p, q, fuzz=-1):
        if not isinstance(p, (Path, Guide)) or not isinstance(q, (Path, Guide)):
            raise NoMatch()
        ts = pathops.intersections(PATH(p), PATH(q), R(fuzz))
        return AsyArray(list(ts[0]) if ts else [], "real")

    b("intersect", intersect)

    def intersections(p, q, fuzz=-1):
        if isinstance(p, (Path, Guide)) and isinstance(q, (Path, Guide)):
            return AsyArray([AsyArray(list(t), "real") for t in pathops.intersections(PATH(p), PATH(q), R(fuzz))], "real[]")
        raise NoMatch()

    b("intersections", intersections)

    def _paths(v):
        if isinstance(v, list):
            return [PATH(x) for x in v]
        return [PATH(v)]

    def intersectionpoints(p, q, fuzz=-1):
        out = AsyArray([], "pair")
        for a in _paths(p):
            for c in _paths(q):
                ts = pathops.intersections(a, c, R(fuzz))
                if _is_line(a) and not _is_line(c):
                    # geometry.asy's intersectionpoints(line, path) walks the path, not the line
                    out.extend(pathops.point(c, t[1]) for t in sorted(ts, key=lambda t: t[1]))
                else:
                    out.extend(pathops.point(a, t[0]) for t in ts)
        return out

    def _is_line(g):
        return g.shape is not None and g.shape[0] == "line"

    b("intersectionpoints", intersectionpoints)

    def intersectionpoint(p, q, fuzz=-1):
        pts = pathops.intersections(PATH(p), PATH(q), R(fuzz))
        if not pts:
            raise ValueError("paths do not intersect")
        return pathops.point(PATH(p), pts[0][0])

    b("intersectionpoint", intersectionpoint)
    b("extension", lambda A, B, C, D: pathops.extension(P(A), P(B), P(C), P(D)))

    def buildcycle(*ps):
        r = pathops.buildcycle([PATH(p) for p in ps])
        return r if r is not None else Path([], [], [], False, [])

    b("buildcycle", buildcycle)

    def circle(c, r):
        return pathops.circle_path(P(c), R(r))

    b("circle", circle)

    def arc(c, *args, **kw):
        c = P(c)
        direction = kw.get("direction")
        if len(args) >= 3 and is_num(args[0]) and is_num(args[1]) and is_num(args[2]):
            r, a1, a2 = float(args[0]), float(args[1]), float(args[2])
            ccw = args[3] if len(args) > 3 else (direction if direction is not None else a2 >= a1)
        elif len(args) >= 2 and isinstance(args[0], complex) and isinstance(args[1], complex):
            z1, z2 = args[0], args[1]
            r = abs(z1 - c)
            a1, a2 = _deg(z1 - c), _deg(z2 - c)
            ccw = args[2] if len(args) > 2 else (direction if direction is not None else True)
        else:
            raise NoMatch()
        t1, t2 = math.radians(a1), math.radians(a2)
        if ccw:
            while t2 < t1:
                t2 += 2 * math.pi
        else:
            while t2 > t1:
                t2 -= 2 * math.pi
        return pathops.arc_path(c, r, t1, t2)

    b("arc", arc)
    b("Arc", arc)

    def Circle(c, r, n=400):
        return pathops.circle_path(P(c), R(r))

    b("Circle", Circle)

    def ellipse(c, a, bb):
        c = P(c)
        a, bb = R(a), R(bb)
        u = pathops.unitcircle()
        t = Transform(c.real, c.imag, a, 0, 0, bb)
        p = u.transformed(t)
        if abs(a - bb) < 1e-12:
            p.shape = ("circle", c, abs(a))
        return p

    b("ellipse", ellipse)
    b("polygon", lambda n: pathops.polygon_path([cmath.exp(1j * (math.pi / 2 + 2 * math.pi * k / n)) for k in range(n)], True))
    b("box", lambda a, c: pathops.polygon_path([P(a), complex(P(c).real, P(a).imag), P(c), complex(P(a).real, P(c).imag)], True))

    def midpoint(*args):
        if len(args) == 1 and isinstance(args[0], (Path, Guide)):
            p = PATH(args[0])
            return pathops.point(p, pathops.arctime(p, 0.5 * pathops.arclength(p)))
        if len(args) == 2 and all(is_pointlike(a) for a in args):
            return (P(args[0]) + P(args[1])) / 2
        raise NoMatch()

    b("midpoint", midpoint)

    # --------------------------------------------------------------- transforms
    b("shift", lambda *a: Transform(P(a[0]).real, P(a[0]).imag) if len(a) == 1 else Transform(R(a[0]), R(a[1])))

    def rotate(angle, z=0j):
        a = math.radians(R(angle))
        c, s = math.cos(a), math.sin(a)
        z = P(z)
        t = Transform(0, 0, c, -s, s, c)
        if z != 0:
            return Transform(z.real, z.imag) * t * Transform(-z.real, -z.imag)
        return t

    b("rotate", rotate)

    def scale(*a):
        if len(a) == 1 and is_num(a[0]):
            return Transform(0, 0, float(a[0]), 0, 0, float(a[0]))
        if len(a) == 2 and is_num(a[0]) and is_num(a[1]):
            return Transform(0, 0, float(a[0]), 0, 0, float(a[1]))
        raise NoMatch()

    b("scale", scale)

    def xscale(x, z=0j):
        z = P(z)
        return Transform(z.real, z.imag) * Transform(0, 0, R(x), 0, 0, 1) * Transform(-z.real, -z.imag)

    def yscale(y, z=0j):
        z = P(z)
        return Transform(z.real, z.imag) * Transform(0, 0, 1, 0, 0, R(y)) * Transform(-z.real, -z.imag)

    b("xscale", xscale)
    b("yscale", yscale)
    b("slant", lambda s: Transform(0, 0, 1, R(s), 0, 1))

    def reflect(a, c):
        a, c = P(a), P(c)
        d = c - a
        if d == 0:
            raise ValueError("reflect needs two distinct points")
        u = d / abs(d)
        c2, s2 = (u * u).real, (u * u).imag
        t = Transform(0, 0, c2, s2, s2, -c2)
        return Transform(a.real, a.imag) * t * Transform(-a.real, -a.imag)

    b("reflect", reflect)
    b("inverse", lambda t: t.inverse() if isinstance(t, Transform) else _nm())
    b("shiftless", lambda t: Transform(0, 0, t.xx, t.xy, t.yx, t.yy))
    b("transform", lambda *a: Transform(*[float(v) for v in a]) if len(a) == 6 else _nm())

    # --------------------------------------------------------------- pens
    colors = {
        # Asymptote's plain_pens.asy (gray(g), rgb, cmyk converted to rgb); a few older names kept
        "black": (0, 0, 0), "white": (1, 1, 1), "red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1),
        "yellow": (1, 1, 0), "cyan": (0, 1, 1), "magenta": (1, 0, 1), "gray": (0.5, 0.5, 0.5),
        "grey": (0.5, 0.5, 0.5), "lightgray": (0.9, 0.9, 0.9), "lightgrey": (0.9, 0.9, 0.9),
        "mediumgray": (0.75, 0.75, 0.75), "mediumgrey": (0.75, 0.75, 0.75), "heavygray": (0.25, 0.25, 0.25),
        "heavygrey": (0.25, 0.25, 0.25), "darkgray": (0.05, 0.05, 0.05), "darkgrey": (0.05, 0.05, 0.05),
        "orange": (1, 0.5, 0), "purple": (0.5, 0, 1), "brown": (0.5, 0, 0), "pink": (1, 0.75, 1),
        "darkblue": (0, 0, 0.25), "darkgreen": (0, 0.25, 0), "darkred": (0.25, 0, 0), "lightblue": (0.5, 0.5, 1),
        "lightgreen": (0.5, 1, 0.5), "lightred": (1, 0.5, 0.5), "lightyellow": (1, 1, 0.5), "lightcyan": (0.5, 1, 1),
        "lightmagenta": (1, 0.5, 1), "olive": (0.5, 0.5, 0), "royalblue": (0, 0.5, 1), "deepblue": (0, 0, 0.5),
        "deepgreen": (0, 0.5, 0), "deepred": (0.5, 0, 0), "mediumblue": (0.25, 0.25, 1),
        "mediumgreen": (0.25, 1, 0.25), "mediumred": (1, 0.25, 0.25), "palered": (1, 0.75, 0.75),
        "paleblue": (0.75, 0.75, 1), "palegreen": (0.75, 1, 0.75), "paleyellow": (1, 1, 0.75),
        "palegray": (0.95, 0.95, 0.95), "palegrey": (0.95, 0.95, 0.95), "lightolive": (0.75, 0.75, 0),
        "fuchsia": (1, 0, 0.5), "chartreuse": (0.5, 1, 0), "springgreen": (0, 1, 0.5), "purple_": (0.5, 0, 0.5),
        "salmon": (1, 0.5, 0.5), "cyan_": (0, 1, 1), "deepcyan": (0, 0.5, 0.5), "deepmagenta": (0.5, 0, 0.5),
        "deepyellow": (0.5, 0.5, 0), "mediumcyan": (0.25, 1, 1), "mediummagenta": (1, 0.25, 1),
        "mediumyellow": (1, 1, 0.25), "darkcyan": (0, 0.25, 0.25), "darkmagenta": (0.25, 0, 0.25),
        "darkbrown": (0.25, 0, 0), "darkolive": (0.25, 0.25, 0), "Cyan": (0, 1, 1), "orange_": (1, 0.5, 0),
        "heavyred": (0.75, 0, 0), "heavyblue": (0, 0, 0.75), "heavygreen": (0, 0.75, 0),
        "heavycyan": (0, 0.75, 0.75), "heavymagenta": (0.75, 0, 0.75), "lightorange": (1, 0.75, 0.5),
        "evenodd": None, "zerowinding": None, "invisible": None, "nullpen": None, "Magenta": (1, 0, 1),
        "Yellow": (1, 1, 0), "Black": (0, 0, 0), "palecyan": (0.75, 1, 1), "palemagenta": (1, 0.75, 1),
        "deepgray": (0.1, 0.1, 0.1), "deepgrey": (0.1, 0.1, 0.1),
    }
    for name, c in colors.items():
        if c is None:
            g[name] = Pen(invisible=(name in ("invisible",)))
        else:
            g[name] = Pen(tuple(float(v) for v in c))
    g["solid"] = Pen(dash=())
    g["dotted"] = Pen(dash=(0.0, 4.0))
    g["dashed"] = Pen(dash=(8.0, 8.0))
    g["longdashed"] = Pen(dash=(24.0, 8.0))
    g["dashdotted"] = Pen(dash=(8.0, 8.0, 0.0, 8.0))
    g["longdashdotted"] = Pen(dash=(24.0, 8.0, 0.0, 8.0))
    # plain_pens.asy: Dotted(p) = linetype {0,3} + 2 linewidth(p); the pen Dotted is Dotted()
    # of the default pen
    g["Dotted"] = Pen(dash=(0.0, 3.0), width=1.0)
    b("Dotted", lambda p=None: Pen(dash=(0.0, 3.0), width=2 * linewidth(p if isinstance(p, Pen) else I.defaultpen)))
    # Pen(n), Pentype(n): the n-th of plain_pens.asy's cyclic colour (and line type) lists
    color_pens = ("red", "blue", "green", "magenta", "cyan", "orange", "purple", "brown", "deepblue", "deepgreen",
                  "chartreuse", "fuchsia", "lightred", "lightblue", "black", "pink", "yellow", "gray")
    mono_pens = ("solid", "dashed", "dotted", "longdashed", "dashdotted", "longdashdotted")
    b("Pen", lambda n: g[color_pens[int(n) % len(color_pens)]] if is_num(n) else _nm())
    b("Pentype", lambda n: g[mono_pens[int(n) % len(mono_pens)]] + g[color_pens[int(n) % len(color_pens)]]
      if is_num(n) else _nm())
    for name in ("squarecap", "roundcap", "extendcap", "miterjoin", "roundjoin", "beveljoin", "basealign", "nobasealign",
                 "linetype_", "overwrite"):
        g[name] = Pen()
    g["Helvetica"] = lambda *a, **k: Pen()
    g["Courier"] = lambda *a, **k: Pen()

    def linewidth(*a):
        if len(a) == 0:
            return 0.5
        if len(a) == 1 and is_num(a[0]):
            return Pen(width=float(a[0]))
        if len(a) == 1 and isinstance(a[0], Pen):
            return a[0].width if a[0].width is not None else I.defaultpen.width
        raise NoMatch()

    b("linewidth", linewidth)

    def fontsize(*a):
        if len(a) >= 1 and is_num(a[0]):
            return Pen(fontsize=float(a[0]))
        if len(a) == 1 and isinstance(a[0], Pen):
            return a[0].fontsize if a[0].fontsize is not None else I.defaultpen.fontsize
        if len(a) == 0:
            return I.defaultpen.fontsize
        raise NoMatch()

    b("fontsize", fontsize)

    def rgb(*a):
        if len(a) == 3:
            return Pen((R(a[0]), R(a[1]), R(a[2])))
        if len(a) == 1 and isinstance(a[0], str):
            h = a[0].lstrip("#")
            return Pen(tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)))
        raise NoMatch()

    b("rgb", rgb)
    b("RGB", lambda r, gg, bb: Pen((r / 255, gg / 255, bb / 255)))
    b("gray", lambda x: Pen((R(x),) * 3))
    b("grey", lambda x: Pen((R(x),) * 3))
    b("cmyk", lambda c, m, y, k: Pen(((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))) if is_num(c) else _nm())
    b("opacity", lambda x, *a: Pen(opacity=R(x)))
    b("linetype", lambda pat, *a, **k: Pen(dash=tuple(float(v) for v in pat) if isinstance(pat, list) else
                                           tuple(float(v) for v in str(pat).split()) if str(pat).strip() else ()))
    # the fill rule (zerowinding 0, evenodd 1) changes which regions are inside, not outlines
    b("fillrule", lambda n: Pen() if is_num(n) else _nm())
    b("fontcommand", lambda s: Pen())
    b("font", lambda *a: Pen())
    b("pattern", lambda s: Pen())
    b("makepen", lambda p: Pen())
    b("colorless", lambda p: p)
    b("dotsize", lambda *a: 6 * (a[0].width if a and isinstance(a[0], Pen) and a[0].width else I.defaultpen.width))

    def labelmargin(p=None):
        # plain_pens.asy: labelmargin*fontsize(p) + 0.5 linewidth(p), labelmargin = 0.28, of currentpen
        cp = I.globals.vars.get("currentpen")
        pen = I.defaultpen + cp if isinstance(cp, Pen) else I.defaultpen
        if isinstance(p, Pen):
            pen = pen + p
        elif p is not None:
            raise NoMatch()
        return 0.28 * pen.fontsize + 0.5 * pen.width

    b("labelmargin", labelmargin)
    # finite(real) and finite(pair): no infinity or nan in it
    b("finite", lambda z: math.isfinite(P(z).real) and math.isfinite(P(z).imag) if is_pointlike(z) else _nm())
    b("arrowsize", lambda *a: 15 * (a[0].width if a and isinstance(a[0], Pen) and a[0].width else I.defaultpen.width))

    # --------------------------------------------------------------- arrays & strings
    def array(n, value=None, depth=None):
        I.budget.check_array(int(n))
        return AsyArray([value] * int(n), "")

    b("array", array)

    def sequence(*a):
        if len(a) == 1 and isinstance(a[0], int):
            I.budget.check_array(a[0])
            return AsyArray(list(range(a[0])), "int")
        if len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], int):
            I.budget.check_array(a[1] - a[0] + 1)
            return AsyArray(list(range(a[0], a[1] + 1)), "int")
        if len(a) == 2 and callable(a[0]):
            I.budget.check_array(a[1])
            return AsyArray([I.call(a[0], [i], {}) for i in range(a[1])], "")
        raise NoMatch()

    b("sequence", sequence)
    b("sum", lambda a: sum(a) if isinstance(a, list) else _nm())
    b("copy", lambda a: AsyArray(list(a), getattr(a, "elem", "")) if isinstance(a, list) else _nm())
    def concat(*arrs):
        I.budget.check_array(sum(len(a) for a in arrs))
        return AsyArray([x for a in arrs for x in a], getattr(arrs[0], "elem", ""))

    b("concat", concat)
    b("sort", lambda a, *r: AsyArray(sorted(a), getattr(a, "elem", "")) if isinstance(a, list) else _nm())
    b("string", lambda x, *d: _str(x, *d))
    b("format", lambda fmt, x, *r: _format(fmt, x))
    b("substr", lambda s, pos, n=-1: s[pos:] if n < 0 else s[pos:pos + n])
    b("find", lambda s, t, pos=0: s.find(t, pos) if isinstance(s, str) else _nm())
    b("replace", lambda s, a, c=None: s.replace(a, c) if isinstance(a, str) else _nm())
    b("abs_", abs)
    b("write", lambda *a, **k: None)
    b("print", lambda *a, **k: None)
    b("warning", lambda *a, **k: None)
    b("assert", lambda *a, **k: None)
    b("abort", lambda *a, **k: None)
    b("exit", lambda *a, **k: None)
    b("pause", lambda *a, **k: None)
    b("usepackage", lambda *a, **k: None)
    b("texpreamble", lambda *a, **k: None)
    b("defaultfilename", lambda *a, **k: None)
    b("locale", lambda *a, **k: "")
    b("bool", lambda x: bool(x))
    b("real", lambda x: float(R(x)))
    b("int", lambda x: int(R(x)))
    b("pair", lambda x, y: complex(R(x), R(y)))
    b("triple", lambda x, y, z: Triple(x, y, z))

    def refuse(what):
        def w(*a, **k):
            from geoverify.frontends.asy.interpreter import _Skip

            I.note("UNSUPPORTED", f"{what} is refused by the native interpreter (no shell, input or file access)", what)
            raise _Skip()
        return w

    for name in ("system", "input", "output", "xinput", "xoutput", "eval", "shipout_", "getc", "getstring", "getreal",
                 "getint", "getpair", "cd", "delete", "rename"):
        b(name, refuse(name))


def _nm():
    raise NoMatch()


def _str(x, *d):
    from geoverify.frontends.asy.operators import to_string

    if isinstance(x, float) and d:
        return f"{x:.{int(d[0])}g}"
    return to_string(x)


def _format(fmt, x):
    import re

    if not isinstance(fmt, str):
        raise NoMatch()
    m = re.search(r"%[-+ #0]*\d*(\.\d+)?[a-zA-Z]", fmt)
    if not m:
        return fmt
    spec = m.group(0)
    try:
        s = spec % x
    except (TypeError, ValueError):
        s = str(x)
    return fmt[:m.start()] + s + fmt[m.end():]
