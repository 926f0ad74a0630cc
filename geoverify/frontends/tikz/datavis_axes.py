"""Axes of a ``\\datavisualization``: scaling, tick positions, and the TikZ code of
axis lines, ticks, grid lines and axis labels.

The rules are those of ``tikzlibrarydatavisualization.code.tex`` and the
``scaling mapper`` of ``pgfmoduledatavisualization.code.tex``:

- an axis maps its attribute by ``scaling=a at p and b at q`` (``a``, ``b``
  numbers or ``min``/``max`` of the surveyed data, ``p``, ``q`` lengths;
  Cartesian axes default to ``0 at 0 and 1 at 1cm``, ``length=L`` is
  ``min at 0 and max at L``); the result times the axis' unit vector is the
  canvas position (the sum over the axes);
- ``goto=padded min`` adds ``padding min`` to the mapped minimum, ``goto pos=f``
  interpolates between ``p`` and ``q``;
- automatic ticks (``few``/``some``/``many``, ``about=n``): the range over ``n``
  has its mantissa rounded by the ``about strategy`` (1.5 -> 1, 2.3 -> 2, 4 -> 2.5,
  7 -> 5, 11 -> 10); the ticks run from ``floor(min / step) * step`` up to the
  maximum (within a thousandth of the range);
- ticks are drawn from ``low`` to ``high`` along the ``direction axis``, their
  text at ``low``/``high`` with the anchors TikZ's ``auto`` placement gives the
  direction; grid lines run along the direction axis between ``low`` and
  ``high`` (``min``/``max``/``padded min``/...).

The option keys of a visualization (``style``, ``node style``, ``low``, ``high``,
``y axis={goto=...}``, ``common``/``major``/``minor``, ``at``, ``options at``,
``tick text at low``, ...) are read by :class:`Visual`.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.placement import _auto_anchor
from geoverify.frontends.tikz.pgfplots_ticks import format_number

__all__ = ["DEFAULT_STYLES", "DvAxis", "Visual", "about_step", "linear_ticks", "log_about_step", "log_ticks",
           "split_keys", "unbrace"]

#: the styles of the library (``every ticks`` ...), as data visualization keys
DEFAULT_STYLES = {
    "every ticks": "node style={font=\\footnotesize,inner sep=1pt,outer sep=.1666em,rounded corners=1.5pt}",
    "every major ticks": "style={line cap=round},tick length=2pt",
    "every minor ticks": "style={solid,help lines,thin,line cap=round},tick length=1.4pt",
    "every subminor ticks": "style={solid,help lines,line cap=round},tick length=0.8pt",
    "every grid": "high=max,low=min",
    "every major grid": "style={solid,help lines,thin,black!25}",
    "every minor grid": "style={solid,help lines,black!25}",
    "every subminor grid": "style={solid,help lines,black!10}",
    "every axis": "",
    "every axis label": "node style={font=\\small}",
}

_STRATEGIES = {
    "standard about strategy": ((1.5, 1.0), (2.3, 2.0), (4, 2.5), (7, 5), (11, 10)),
    "euro about strategy": ((1.5, 1.0), (3, 2.0), (7, 5), (11, 10)),
    "decimal about strategy": ((3, 1.0), (11, 10)),
    "half about strategy": ((2, 1.0), (7, 5), (11, 10)),
    "quarter about strategy": ((1.8, 1.0), (4, 2.5), (7, 5), (11, 10)),
    "int about strategy": ((1.5, 1.0), (2.5, 2.0), (3.5, 3.0), (4.5, 4.0), (7, 5), (11, 10)),
}
_ABOUT = {"few": 3.0, "some": 5.0, "many": 10.0}
_SCALING_RE = re.compile(r"^\s*(.+?)\s+at\s*(.+?)\s*and\s+(.+?)\s+at\s*(.+?)\s*$", re.S)
_AS_RE = re.compile(r"\bas\b")


#: text -> its :func:`split_keys` pairs (process-wide, cleared when over _SPLIT_MAX entries): a
#: visualization reads the same option texts (the library's styles, each axis' keys) again for every
#: axis, tick and visualizer (~11k splits a corpus pass, of a few hundred texts)
_SPLIT: dict[str, tuple] = {}
_SPLIT_MAX = 4096


def split_keys(text: str | None) -> list[tuple[str, str | None]]:
    """``key=value`` pairs as pgfkeys splits them: at commas and the first ``=`` outside braces
    (brackets and ``$...$`` do not group); one pair of braces around a value is removed."""
    text = text or ""
    pairs = _SPLIT.get(text)
    if pairs is None:
        if len(_SPLIT) >= _SPLIT_MAX:
            _SPLIT.clear()
        pairs = _SPLIT[text] = tuple(_split_keys(text))
    return list(pairs)


def _split_keys(text: str) -> list[tuple[str, str | None]]:
    """The pairs of :func:`split_keys`, computed."""
    out: list[tuple[str, str | None]] = []
    depth, start = 0, 0
    for i, c in enumerate(text + ","):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth <= 0:
            item = text[start:i].strip()
            start = i + 1
            if not item:
                continue
            d, eq = 0, -1
            for j, ch in enumerate(item):
                d += (ch == "{") - (ch == "}")
                if ch == "=" and d == 0:
                    eq = j
                    break
            if eq < 0:
                out.append((unbrace(item), None))
            else:
                v = item[eq + 1:].strip()
                if len(v) >= 2 and v[0] == "{" and v[-1] == "}" and _balanced(v[1:-1]):
                    v = v[1:-1]
                out.append((item[:eq].strip(), v))
    return out


def _balanced(s: str) -> bool:
    d = 0
    for c in s:
        d += (c == "{") - (c == "}")
        if d < 0:
            return False
    return d == 0


def unbrace(s: str | None) -> str:
    """``s`` stripped, without the braces that enclose all of it."""
    s = (s or "").strip()
    while len(s) >= 2 and s[0] == "{" and s[-1] == "}" and _balanced(s[1:-1]):
        s = s[1:-1].strip()
    return s


def about_step(lo: float, hi: float, about: float, strategy) -> float:
    """The tick step of ``about=n``: ``(hi - lo) / n`` with its mantissa rounded up the
    ``strategy``'s thresholds (mantissa below ``t`` becomes ``r``)."""
    if not about > 0:
        return 0.0
    around = (hi - lo) / about
    if around <= 0 or not math.isfinite(around):
        return 0.0
    e = math.floor(math.log10(around))
    m = around / 10.0 ** e
    if m >= 10 - 1e-12:
        m, e = m / 10, e + 1
    m = round(m, 5)  # pgf's float mantissa keeps five decimals
    for t, r in strategy:
        if m < t:
            m = r
            break
    return m * 10.0 ** e if m < 10 else (m / 10) * 10.0 ** (e + 1)


def linear_ticks(lo: float, hi: float, step: float, phase: float = 0.0, substeps: int = 0):
    """Major and minor tick values of ``step`` over ``[lo, hi]`` (pgf's linear strategy)."""
    if step <= 0:
        return [lo], []
    cur = math.floor((lo - phase) / step) * step + phase
    eps = (hi - lo) / 1000
    major, minor = [], []
    sub = step / (substeps + 1) if substeps else 0.0
    for _ in range(10000):
        if substeps:
            s = cur
            for _ in range(substeps):
                s += sub
                if lo <= s < hi:
                    minor.append(s)
        if cur >= lo - eps:
            major.append(cur)
        cur += step
        if not cur < hi + eps:
            break
    return [0.0 if abs(v) < 1e-9 * step else v for v in major], minor


def log_about_step(lo: float, hi: float, about: float) -> float:
    """The step (in decades) of ``about=n`` on an axis with ``exponential steps``: one decade
    below ten decades per tick, else 1, 3 or 6 times the power of ten (pgf's about strategy
    for logarithms)."""
    if not about > 0:
        return 1.0
    around = (math.log10(hi) - math.log10(lo)) / about
    if not around > 0 or not math.isfinite(around):
        return 1.0
    e = math.floor(math.log10(around))
    if e < 0:
        return 1.0
    m = round(around / 10.0 ** e, 5)
    return (1.0 if m < 2.5 else 3.0 if m < 5.1 else 6.0) * 10.0 ** e


def log_ticks(lo: float, hi: float, step: float, phase: float = 0.0, substeps: int = 0):
    """Major ticks at ``10 ** (k * step + phase)`` over ``[lo, hi]`` and ``substeps`` minor ticks
    evenly spaced (linearly) between two majors."""
    a, b = math.log10(lo), math.log10(hi)
    if not step > 0:
        return [lo], []
    cur = math.floor((a - phase) / step) * step + phase
    eps = (b - a) / 1000
    major, minor = [], []
    for _ in range(10000):
        if substeps:
            v0, v1 = 10.0 ** cur, 10.0 ** (cur + step)
            for k in range(1, substeps + 1):
                v = v0 + k * (v1 - v0) / (substeps + 1)
                if lo <= v < hi:
                    minor.append(v)
        if cur >= a - eps:
            major.append(10.0 ** cur)
        cur += step
        if not cur < b + eps:
            break
    return major, minor


class DvAxis:
    """One axis: its attribute, scaling, unit vector and tick/grid requests."""

    def __init__(self, name: str, attribute: str, unit: tuple[float, float]):
        self.name = name
        self.attribute = attribute
        self.unit = unit
        self.scaling: str | None = None
        self.scaling_default = "0 at 0 and 1 at 1cm"
        self.ticks_at: list[str] = []
        self.grid_at: list[str] = []
        self.padding_min = ""
        self.padding_max = ""
        self.label: str | None = None
        self.include: list[float] = []
        self.min_value: float | None = None
        self.max_value: float | None = None
        self.lo: float | None = None
        self.hi: float | None = None
        self.a = self.b = self.p = self.q = 0.0
        self.scale: float | None = None  # None: no range (everything maps to the middle)
        self.log = False  # ``logarithmic``: the attribute is mapped through ln
        self.sqrt = False  # ``function=\pgfdvmathunaryop{\pgfvalue}{sqrt}{\pgfvalue}``: through sqrt
        self.exponential = False  # ``exponential steps``: ticks at powers of ten

    def survey(self, v: float) -> None:
        if self.lo is None or v < self.lo:
            self.lo = v
        if self.hi is None or v > self.hi:
            self.hi = v

    def setup(self, number) -> None:
        """The mapping from the surveyed range (``number(text) -> float`` evaluates pgfmath)."""
        for v in self.include:
            self.survey(v)
        if self.min_value is not None:
            self.lo = self.min_value
        if self.max_value is not None:
            self.hi = self.max_value
        if self.lo is None:
            return
        m = _SCALING_RE.match(self.scaling or self.scaling_default)
        if not m:
            raise FigureSyntaxError(f"cannot read the scaling '{self.scaling}' (expected 'a at p and b at q')")
        a, p, b, q = (unbrace(g) for g in m.groups())
        self.a = self.lo if a == "min" else number(a)
        self.b = self.hi if b == "max" else number(b)
        self.p, self.q = number(p), number(q)
        if self.log and not self.a > 0:
            raise FigureSyntaxError(f"a logarithmic axis reaches {self.a!r}")
        ta, tb = (math.log(self.a), math.log(self.b)) if self.log else \
            (math.sqrt(max(self.a, 0.0)), math.sqrt(max(self.b, 0.0))) if self.sqrt else (self.a, self.b)
        self.scale = (self.q - self.p) / (tb - ta) if self.a < self.b else None

    def out(self, v: float) -> float:
        """The scaled value (pt along the unit vector) of data value ``v``."""
        if self.scale is None:
            return (self.p + self.q) / 2
        if self.sqrt:
            return (math.sqrt(max(v, 0.0)) - math.sqrt(max(self.a, 0.0))) * self.scale + self.p
        if self.log:
            if not v > 0:
                raise FigureSyntaxError(f"the logarithmic axis '{self.name}' has no place for {v!r}")
            return (math.log(v) - math.log(self.a)) * self.scale + self.p
        return (v - self.a) * self.scale + self.p

    def goto(self, spec: str, number) -> float:
        """The scaled value of ``goto=spec`` (``min``, ``max``, ``padded min``, a number)."""
        s = unbrace(spec)
        if s in ("min", "padded min"):
            o = self.out(self.lo)
            return o + (number(self.padding_min) if s == "padded min" and self.padding_min.strip() else 0.0)
        if s in ("max", "padded max"):
            o = self.out(self.hi)
            return o + (number(self.padding_max) if s == "padded max" and self.padding_max.strip() else 0.0)
        return self.out(number(s))

    def direction(self) -> tuple[float, float]:
        """The unit canvas direction from the axis' minimum to its maximum."""
        ux, uy = self.unit
        n = math.hypot(ux, uy) or 1.0
        sgn = -1.0 if (self.scale or 0.0) < 0 else 1.0
        return sgn * ux / n, sgn * uy / n

    def anchors(self) -> tuple[str, str]:
        """(min anchor, max anchor) of text beside this direction (\\tikzpointandanchordirection)."""
        dx, dy = self.direction()
        return _auto_anchor(dy, -dx, True), _auto_anchor(dy, -dx, False)


class Visual:
    """The keys of one axis, tick, grid or label visualization, applied in pgf's order."""

    def __init__(self, dv, low: str = "0", high: str = "0"):
        self.dv = dv
        self.low, self.high = low, high
        self.gotos: dict[str, str] = {}
        self.goto_pos: dict[str, float] = {}
        self.anchor: str | None = None
        self.direction: str | None = None
        self.style: list[str] = []
        self.node_style: list[str] = []
        self.text_low = self.text_high = False
        self.at: list[str] = []
        self.options_at: list[tuple[str, str]] = []
        self.sections: dict[str, list[str]] = {"common": [], "major": [], "minor": [], "subminor": []}
        self.prefix = self.suffix = ""
        self.padding = {"low odd": "0pt", "low even": "0pt", "high odd": "0pt", "high even": "0pt"}
        self.about: float | None = None
        self.step: str | None = None
        self.computes = False
        self.substeps = 0
        self.phase = "0"
        self.strategy = _STRATEGIES["standard about strategy"]
        self.axis: DvAxis | None = None  # the axis that ``goto``/``anchor at`` keys address

    def apply(self, text: str | None) -> None:
        for k, v in split_keys(text or ""):
            self.key(k.strip(), v)

    def key(self, k: str, v: str | None) -> None:  # noqa: C901 - one branch per pgf key
        dv = self.dv
        val = unbrace(v)
        if k in ("low", "high"):
            setattr(self, k, val)
        elif k == "padded":
            self.low, self.high = "padded min", "padded max"
        elif k == "tick length":
            self.low, self.high = f"-({val})", val
        elif k == "style":
            self.style.append(val)
        elif k == "node style":
            self.node_style.append(val)
        elif k == "clean ticks":
            self.node_style.append("fill=white")
        elif k in ("tick text at low", "tick text at high"):
            setattr(self, "text_low" if k.endswith("low") else "text_high", val != "false")
        elif k == "no tick text":
            self.text_low = self.text_high = False
        elif k == "at":
            self.at = [val] if val else []
        elif k == "also at":
            self.at.append(val)
        elif k == "options at":
            pos, _, rest = val.partition(" as ")
            self.options_at.append((pos.strip(), unbrace(rest.strip().strip("[]")) if rest else ""))
        elif k == "no tick text at":
            self.options_at.append((val, "no tick text"))
        elif k in self.sections:
            self.sections[k].append(val)
        elif k in ("major at", "minor at", "subminor at"):
            self.sections[k[:-3]].append("at={" + val + "}")
        elif k in ("major also at", "minor also at", "subminor also at"):
            self.sections[k.split()[0]].append("also at={" + val + "}")
        elif k == "direction axis":
            self.direction = val
        elif k == "tick prefix":
            self.prefix = val
        elif k == "tick suffix":
            self.suffix = val
        elif k == "tick unit":
            self.suffix = "$\\," + val + "$"  # (pgf's \normalfont does not change math letters)
        elif k.startswith("tick text ") and k.endswith(" padding") and k[10:-8] in self.padding:
            self.padding[k[10:-8]] = val
        elif k in ("stack", "stack'", "tick text padding", "tick text odd padding", "tick text even padding"):
            d = val or "1em"
            for part in ("odd", "even"):
                if (k == "stack" and part == "odd") or (k == "stack'" and part == "even") \
                        or (k.startswith("tick text ") and k != "tick text padding" and part not in k):
                    continue
                self.padding["low " + part], self.padding["high " + part] = f"-({d})", d
        elif k in _ABOUT or k == "about":
            self.about, self.step, self.computes = _ABOUT.get(k) or dv.number(val), None, True
        elif k == "step":
            self.step, self.about, self.computes = val, None, True
        elif k == "none":
            self.computes = False
        elif k == "minor steps between steps":
            self.substeps = int(round(dv.number(val))) if val else 9
        elif k == "phase":
            self.phase = val
        elif k in _STRATEGIES:
            self.strategy = _STRATEGIES[k]
        elif k == "at default ticks" and self.axis is not None:
            self.apply(",".join(self.axis.ticks_at))
        elif k in dv.axes:
            sub = Visual(dv)
            sub.axis = dv.axes[k]
            sub.gotos, sub.goto_pos = self.gotos, self.goto_pos
            sub.apply(val)
            if sub.anchor:
                self.anchor = sub.anchor
        elif k == "goto" and self.axis is not None:
            self.gotos[self.axis.name] = val
            self.goto_pos.pop(self.axis.name, None)
        elif k == "goto pos" and self.axis is not None:
            self.goto_pos[self.axis.name] = dv.number(val)
            self.gotos.pop(self.axis.name, None)
        elif k in ("anchor at min", "anchor at max") and self.axis is not None:
            self.anchor = self.axis.anchors()[0 if k.endswith("min") else 1]
        elif k in ("styling", "node styling", "every ticks", "every grid") or k.startswith("every "):
            if k in dv.styles:
                self.apply(dv.styles[k])
        else:
            dv.note(f"data visualization key '{k}' is not interpreted", k)

    # -- positions ---------------------------------------------------------
    def compute(self, axis: DvAxis) -> str:
        """``major={at={...}},minor={at={...}}`` of the automatic ticks, or ``""``."""
        if not self.computes or axis.lo is None:
            return ""
        lo, hi = axis.lo, axis.hi
        if axis.exponential:
            if not lo > 0:
                return ""
            step = self.dv.number(self.step) if self.step is not None else log_about_step(lo, hi, self.about)
            major, minor = log_ticks(lo, hi, step, self.dv.number(self.phase), self.substeps)
        else:
            step = self.dv.number(self.step) if self.step is not None else about_step(lo, hi, self.about,
                                                                                      self.strategy)
            if not step > 0:
                return "major={at={" + _num(lo) + "}}"
            major, minor = linear_ticks(lo, hi, step, self.dv.number(self.phase), self.substeps)
        out = "major={at={" + ",".join(_num(v) for v in major) + "}}"
        if minor:
            out += ",minor={at={" + ",".join(_num(v) for v in minor) + "}}"
        return out

    def point(self, own: DvAxis | None = None, own_value: float | None = None) -> tuple[float, float]:
        """The canvas point (pt) of this visualization's axis settings, ``own`` at ``own_value``."""
        dv = self.dv
        x = y = 0.0
        for name, axis in dv.axes.items():
            if axis is own:
                o = axis.out(own_value)
            elif name in self.gotos:
                o = axis.goto(self.gotos[name], dv.number)
            elif name in self.goto_pos:
                f = self.goto_pos[name]
                o = axis.p * (1 - f) + axis.q * f
            else:
                continue
            x += o * axis.unit[0]
            y += o * axis.unit[1]
        return x, y


def _num(v: float) -> str:
    return repr(round(v, 10))


def parse_at_item(item: str) -> tuple[str, str, str | None]:
    """``"3 as [opts] text"`` -> ``("3", "opts", "text")``; the text is None when typeset."""
    m = _AS_RE.search(item)
    if not m:
        return item.strip(), "", None
    pos, rest = item[:m.start()].strip(), item[m.end():].strip()
    opts = ""
    if rest.startswith("["):
        depth = 0
        for i, c in enumerate(rest):
            depth += c in "[{"
            depth -= c in "]}"
            if depth == 0:
                opts, rest = rest[1:i], rest[i + 1:].strip()
                break
    return pos, unbrace(opts), (rest if rest else None)


def typeset(value: float, vis: Visual) -> str:
    """The tick text of ``value``: ``\\pgfmathprintnumber`` between prefix and suffix."""
    return vis.prefix + format_number(value) + vis.suffix
