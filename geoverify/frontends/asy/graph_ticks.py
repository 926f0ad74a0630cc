"""The ``graph`` module's tick values: ``Ticks`` specifications, ``autoscale`` and tick labels.

Written from the semantics of Asymptote's ``graph.asy`` for linear scales:
``autoscale`` (limits rounded outwards and the list of tick divisors),
``generateticks`` (explicit arrays, a ``Step``, ``N`` intervals, or automatic
divisors checked by ``axiscoverage``), ``autoformat`` and asy's ``format``
(C conversions without trailing zeros unless ``#``). Drawing lives in
:mod:`geoverify.frontends.asy.graph_axes`.
"""

from __future__ import annotations

import math

from geoverify.frontends.asy.lib_core import is_num
from geoverify.frontends.asy.picture import LabelSpec
from geoverify.frontends.asy.values import NoMatch, Pen

__all__ = ["TICKSIZE", "TICKSIZE_MAJOR", "EPS", "TRAILINGZERO", "SIGNEDTRAILINGZERO", "TickModifier", "TickLabel",
           "TicksSpec", "autoscale", "format_values", "tick_values"]

#: asy's ``ticksize`` (1 mm) and ``Ticksize`` (2 mm), bp
TICKSIZE = 72.0 / 25.4
TICKSIZE_MAJOR = 2 * TICKSIZE
#: graph.asy's ``epsilon`` (10 realEpsilon)
EPS = 10 * 2.220446049250313e-16
_EPS = EPS


# -- values ----------------------------------------------------------------------------------

class TickModifier:
    """``NoZero``, ``OmitTick(...)``: removes tick values in closed intervals."""

    __slots__ = ("intervals",)

    def __init__(self, intervals=()):
        self.intervals = tuple(intervals)

    def __call__(self, *values, **kw):
        vals = [float(v) for v in _flat(values) if is_num(v)]
        return TickModifier([(v, v) for v in vals])

    def apply(self, values):
        if not self.intervals or not values:
            return values
        norm = max(abs(v) for v in values)
        fuzz = 10 * _EPS * norm
        return [v for v in values if not any(a - fuzz < v < b + fuzz for a, b in self.intervals)]


def _flat(values):
    for v in values:
        if isinstance(v, list):
            yield from v
        else:
            yield v


class TicksSpec:
    """A ``ticks`` value: ``Ticks``, ``LeftTicks`` (sign -1), ``RightTicks`` (sign 1), ``NoTicks``.

    Called with arguments it returns a new spec, matching them to the parameters of
    asy's ``Ticks(Label format, ticklabel, bool beginlabel, bool endlabel, int N, int n,
    real Step, real step, bool begin, bool end, tickmodifier modify, real Size, real size,
    bool extend, pen pTick, pen ptick)`` (or ``real[] Ticks, real[] ticks`` in place of
    ``N ... modify``) positionally by type, as asy does, or by keyword.
    """

    __slots__ = ("name", "sign", "none", "format", "fpen", "falign", "ticklabel", "beginlabel", "endlabel", "N",
                 "n", "Step", "step", "begin", "end", "modify", "Size", "size", "extend", "pTick", "ptick",
                 "major", "minor")

    def __init__(self, name, sign, none=False):
        self.name = name
        self.sign = sign
        self.none = none
        self.format = ""
        self.fpen = None
        self.falign = None
        self.ticklabel = None
        self.beginlabel = self.endlabel = True
        self.N = self.n = 0
        self.Step = self.step = 0.0
        self.begin = self.end = True
        self.modify = None
        self.Size = self.size = 0.0
        self.extend = False
        self.pTick = self.ptick = None
        self.major = None
        self.minor = None

    def _copy(self):
        t = TicksSpec(self.name, self.sign, self.none)
        for k in self.__slots__:
            setattr(t, k, getattr(self, k))
        return t

    def __call__(self, *args, **kw):
        if self.none:
            return self
        t = self._copy()
        order = ["format", "ticklabel", "beginlabel", "endlabel", "N", "n", "Step", "step", "begin", "end",
                 "modify", "Size", "size", "extend", "pTick", "ptick"]
        if any(isinstance(a, list) for a in args) or "Ticks" in kw:
            order = ["format", "ticklabel", "beginlabel", "endlabel", "major", "minor", "Size", "size", "extend",
                     "pTick", "ptick"]
        i = 0
        for a in args:
            while i < len(order) and not _accepts(order[i], a):
                i += 1
            if i == len(order):
                raise NoMatch()
            _set(t, order[i], a)
            i += 1
        for k, v in kw.items():
            key = {"Ticks": "major", "ticks": "minor"}.get(k, k)
            if key not in order and key != "format":
                raise NoMatch()
            _set(t, key, v)
        return t


def _accepts(param, a):
    if param == "format":
        return isinstance(a, (str, LabelSpec))
    if param == "ticklabel":
        from geoverify.frontends.asy.values import AsyFunction, Overloads

        return isinstance(a, (AsyFunction, Overloads, TickLabel))
    if param in ("beginlabel", "endlabel", "begin", "end", "extend"):
        return isinstance(a, bool)
    if param in ("N", "n"):
        return isinstance(a, int) and not isinstance(a, bool)
    if param in ("Step", "step", "Size", "size"):
        return is_num(a)
    if param == "modify":
        return isinstance(a, TickModifier)
    if param in ("pTick", "ptick"):
        return isinstance(a, Pen)
    if param in ("major", "minor"):
        return isinstance(a, list)
    return False


def _set(t, key, v):
    if key == "format":
        if isinstance(v, LabelSpec):
            t.format, t.fpen, t.falign = v.text, v.pen, v.align
        else:
            t.format = str(v)
    elif key in ("major", "minor"):
        setattr(t, key, [float(x) for x in v])
    elif key in ("N", "n"):
        setattr(t, key, int(v))
    elif key in ("Step", "step", "Size", "size"):
        setattr(t, key, float(v))
    else:
        setattr(t, key, v)


# -- autoscale -------------------------------------------------------------------------------

def _divisors(a, b):
    n = b - a
    out = [1]
    if n == 1:
        return [1, 10, 100]
    if n == 2:
        return [1, 2]
    r = int(math.isqrt(n)) if n > 0 else 0
    for d in range(2, r + 1):
        if n % d == 0 and (a * b >= 0 or b % (n // d) == 0):
            out.append(d)
    for d in range(r, 0, -1):
        if n % d == 0 and (a * b >= 0 or b % d == 0):
            out.append(n // d)
    return out


def _upscale(b, a):
    if b <= 5:
        return 5.0
    if b > 10 and a >= 0 and b <= 12:
        return 12.0
    if b > 10 and (a >= 0 or (a != 0 and 15 % int(-a) == 0)) and b <= 15:
        return 15.0
    return math.ceil(b / 10) * 10


def autoscale(lo, hi):
    """asy's ``autoscale(Min, Max)`` for a linear scale: ``(min, max, divisors)``."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return lo, hi, []
    mmin = lo
    Min, Max = min(lo, hi), max(lo, hi)
    if Min == Max:
        if Min == 0:
            return mmin, 1.0, []
        if Min > 0:
            Min, Max = 0.0, Max * 2
        else:
            Min, Max = Min * 2, 0.0
    sign = 1
    if Min < 0 and Max <= 0:
        Min, Max, sign = -Max, -Min, -1

    def sci(x):
        s = (x > 0) - (x < 0)
        x = abs(x)
        if x == 0:
            return s, 0.0, -(2 ** 31 - 1)
        e = math.floor(math.log10(x))
        return s, x * 10.0 ** -e, e

    sa, sb = sci(Min), sci(Max)
    exp = max(sa[2], sb[2])

    def fl(s, x, e):
        return math.floor(s[0] * abs(x) * 10.0 ** -e)

    def ce(s, x, e):
        return math.ceil(s[0] * abs(x) * 10.0 ** -e)

    a, b = fl(sa, Min, exp), ce(sb, Max, exp)
    if sb[1] <= 1.5:
        exp -= 1
        a, b = fl(sa, Min, exp), ce(sb, Max, exp)
    while (b - a) * 10.0 ** exp > 10 * (Max - Min):
        exp -= 1
        a, b = fl(sa, Min, exp), ce(sb, Max, exp)
    bsave = b
    if b - a > (8 if a >= 0 else 6):
        b = _upscale(b, a)
        if a >= 0:
            a = 0 if a <= 5 else math.floor(a / 10) * 10
        else:
            a = -_upscale(-a, -1)
    if bsave - a > (8 if a >= 0 else 6):
        b = _upscale(bsave, a)
    if sign == -1:
        a, b = -b, -a
    scale = 10.0 ** exp
    m0, m1 = a * scale, b * scale
    if m0 > m1:
        m0, m1 = m1, m0
    return m0, m1, _divisors(int(round(a)), int(round(b)))


# -- tick values and labels ------------------------------------------------------------------

def _cformat(spec, v):
    """asy's ``format(spec, v)`` for one ``%`` conversion: C's, with trailing zeros of
    the fraction dropped unless the ``#`` flag asks for them."""
    out = spec % v
    if "#" not in spec and "." in out and "e" not in out.lower():
        head, _, tail = out.partition(".")
        digits = len(tail) - len(tail.lstrip("0123456789"))
        frac, rest = tail[:digits].rstrip("0"), tail[digits:]
        out = head + ("." + frac if frac else "") + rest
    return out


class TickLabel:
    """A ``ticklabel`` value: ``Format(s)``, ``OmitFormat(s ... x)``, ``NoZeroFormat``.

    ``fmt`` is asy's format string (``$%.4g$``, asy's ``defaultformat``, when empty);
    values whose label equals that of an omitted value get no label.
    """

    __slots__ = ("fmt", "omit")

    def __init__(self, fmt="", omit=()):
        self.fmt = fmt
        self.omit = tuple(omit)

    def __call__(self, *args, **kw):
        fmt = next((a for a in args if isinstance(a, str)), kw.get("s", ""))
        omit = [float(v) for v in _flat(args) if is_num(v)]
        return TickLabel(fmt, omit)

    def strings(self, values):
        fmt = self.fmt or "$%.4g$"
        hidden = {_cformat(fmt, a) for a in self.omit}
        out = []
        for v in values:
            t = _cformat(fmt, v)
            out.append("" if t in hidden else t)
        return out


TRAILINGZERO = "$%#$"
SIGNEDTRAILINGZERO = "$%+#$"


def format_values(fmt, values, norm, ticklabel=None):
    """Tick label strings: a :class:`TickLabel`'s, asy's ``autoformat`` for an empty format
    (or ``trailingzero``), else ``format(fmt, v)``."""
    if fmt == "%":
        return ["" for _ in values]
    vals = [0.0 if abs(v) < 10 * _EPS * norm else v for v in values]
    if isinstance(ticklabel, TickLabel):
        return ticklabel.strings(vals)
    trailing = {TRAILINGZERO: "#", SIGNEDTRAILINGZERO: "+#"}.get(fmt)
    if fmt and "%" in fmt and trailing is None:
        out = []
        for v in vals:
            try:
                out.append(_cformat(fmt.replace("%%", "\0"), v).replace("\0", "%"))
            except (TypeError, ValueError):
                out.append("")
        return out
    if fmt and trailing is None:
        return [fmt for _ in values]
    fixed = not any(abs(v) >= 1e4 - _EPS or 0 < abs(v) <= 1e-4 - _EPS for v in vals)
    n = 0
    if fixed:
        for v in vals:
            while n < 4 and _cformat("%%.%df" % n, v) != _cformat("%.4f", v):
                n += 1
    if n == 0:
        spec = "%.4g"
    else:
        spec = "%%%s.%d%s" % (trailing or "", n, "f" if fixed else "g")
    return ["$%s$" % _cformat(spec, v) for v in vals]


def tick_values(spec, a, b, tick_min, tick_max, divisor, coverage=None):
    """Major and minor tick values of a linear axis from ``a`` to ``b`` (asy's ``generateticks``).

    ``tick_min``/``tick_max`` are the picture's autoscaled tick limits (may be infinite);
    ``coverage(N, Step, tickmin)`` says whether N+1 labelled ticks fit (``axiscoverage``).
    """
    if spec.major is not None:
        return list(spec.major), list(spec.minor or [])
    a, b = min(a, b), max(a, b)
    norm = max(abs(a), abs(b))
    if b - a < 100.0 * _EPS * norm:
        b = a
    N, n, Step, step = spec.N, spec.n, spec.Step, spec.step
    autotick = Step == 0 and N == 0
    tickmin = tick_min if math.isfinite(tick_min) and autotick else a
    tickmax = tick_max if math.isfinite(tick_max) and autotick else b
    if tickmin > tickmax:
        tickmin, tickmax = tickmax, tickmin
    in_step = Step
    calc_step = True
    length = tickmax - tickmin
    if autotick:
        N = 1
        h = 0.5 * (b - a)
        if divisor and h > 0:
            for d in range(len(divisor) - 1, -1, -1):
                N0 = divisor[d]
                Step = length / N0
                N1, m = N0, 2
                while Step > h:
                    N0 = m * N1
                    Step = length / N0
                    m *= 2
                if coverage is None or coverage(N0, Step, tickmin):
                    N = N0
                    if N0 == 1 and d < len(divisor) - 1:
                        div = divisor[d + 1]
                        Step = (div // 2) * length / div
                        calc_step = False
                        if coverage is None or coverage(2, Step, tickmin):
                            N = 2
                        else:
                            Step = length
                    if n == 0:
                        if step != 0:
                            n = math.ceil(Step / step)
                        else:
                            n = divisor[-1] // N
                            if N == 1:
                                n = 2 if a * b >= 0 else 1
                            if n == 1:
                                n = 2
                    break
    if in_step != 0:
        tickmin = math.floor(tickmin / Step) * Step
        length = tickmax - tickmin
    if calc_step:
        if N == 1:
            N = 2
        if N == 0:
            N = int(length / Step)
        else:
            Step = length / N
    if n == 0:
        if step != 0:
            n = math.ceil(Step / step)
    else:
        step = Step / n
    b += _EPS * norm
    major, minor = [], []
    Size = spec.Size or TICKSIZE_MAJOR
    if Size > 0:
        for i in range(N + 1):
            v = tickmin + i * Step
            if a <= v <= b:
                major.append(v)
            if step > 0:
                istep = i * Step
                jstop = (length - istep) / step
                j = 1
                while j < n and j <= jstop:
                    v = tickmin + istep + j * step
                    if a <= v <= b:
                        minor.append(v)
                    j += 1
    if spec.modify is not None:
        major, minor = spec.modify.apply(major), spec.modify.apply(minor)
    return major, minor
