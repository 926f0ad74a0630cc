"""Arrow tip lists: where each head of ``>>``, ``|<``, ``Stealth[] Stealth`` sits on its path.

An end of a path carries a list of tips. pgf (``pgfcorearrows``) writes an end's list
from the line outwards (``->|``: the head, then the bar at the very end) and a start's
list from the outside inwards (``|<-``: the bar at the very start). Each tip has a
length L (its tip end minus its back end) and a ``sep`` s after it; the outermost tip
ends its own ``sep`` before the path's end and each tip further in ends L + s of the
tip outside it (its L, its own s) before that one's tip end:

    d_n = s_n,    d_{i-1} = d_i + L_i + s_{i-1}

(tips numbered from the line outwards). The lengths come from the tips' pgf
definitions; a tip this module does not know has arrows.meta's common default
length, 3 pt + 4.5 line widths. The heads are placed (as
:class:`~geoverify.scene.primitives.Arrow` primitives) and the bars (``|``) are drawn, as
short strokes across the path; arrows.meta's geometric tips (:mod:`.tipshapes`) are drawn
too, and the line stops at the outermost tip's line end (:func:`head_outlines`).
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from geoverify.frontends.tikz.tipshapes import META_SHAPES, core_to, direction_ee, meta_tip

__all__ = ["Tip", "bar_offsets", "barb_outlines", "head_outlines", "parse_tip_list", "split_tip_lists",
           "tip_offsets", "uses_meta"]

# one-character tips (pgf's shorthands and the old arrows' names)
_CHARS = set("<>|[]()o*.")
# names, longest first so that "Straight Barb" wins over a shorter prefix
_NAMES = sorted([
    "Classical TikZ Rightarrow", "Computer Modern Rightarrow", "Straight Barb", "Arc Barb", "Tee Barb",
    "Triangle Cap", "Round Cap", "Butt Cap", "Fast Triangle", "Fast Round", "Turned Square",
    "Implies", "Latex", "LaTeX", "Stealth", "Triangle", "Kite", "Square", "Circle", "Diamond", "Ellipse",
    "Rectangle", "Bracket", "Parenthesis", "Hooks", "Rays", "Bar", "To",
    "to reversed", "latex reversed", "stealth reversed", "latex'", "stealth'", "latex", "stealth", "to",
    "open triangle 45", "open triangle 60", "open triangle 90", "triangle 45", "triangle 60", "triangle 90",
    "angle 45", "angle 60", "angle 90", "open diamond", "open square", "open circle", "diamond", "square",
    "circle", "implies", "hooks", "left to", "right to", "serif cm", "spaced", "space", "round",
    "direction ee",
], key=len, reverse=True)
_HEAD_NAMES = {">", "<", "to", "To", "latex", "latex'", "stealth", "stealth'", "Latex", "LaTeX", "Stealth",
               "Triangle", "Straight Barb", "Classical TikZ Rightarrow", "Computer Modern Rightarrow", "Kite",
               "Arc Barb", "Implies", "implies", "left to", "right to", "to reversed", "latex reversed",
               "stealth reversed", "Fast Triangle", "triangle 45", "triangle 60", "triangle 90",
               "open triangle 45", "open triangle 60", "open triangle 90", "angle 45", "angle 60", "angle 90",
               "direction ee"}
_DIM = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*(pt|mm|cm|in|bp|ex|em)?\s*$")
_UNIT = {"pt": 1.0, "mm": 72.27 / 25.4, "cm": 72.27 / 2.54, "in": 72.27, "bp": 72.27 / 72, "ex": 4.3, "em": 10.0}


@dataclass(frozen=True, slots=True)
class Tip:
    """One tip of a tip list: its name as written (``">"`` resolved later) and its options."""

    name: str
    options: str = ""


def _split_lists(spec: str) -> tuple[str, str] | None:
    braces = brackets = 0  # a bracket inside braces is a tip ({[}-{]}), not options
    for i, ch in enumerate(spec):
        if ch == "{":
            braces += 1
        elif ch == "}":
            braces -= 1
        elif braces == 0 and ch == "[":
            brackets += 1
        elif braces == 0 and ch == "]":
            brackets -= 1
        elif ch == "-" and braces == 0 and brackets == 0:
            return spec[:i], spec[i + 1:]
    return None


def _closing(text: str, i: int, open_ch: str, close_ch: str) -> int:
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_ch:
            depth += 1
        elif text[j] == close_ch:
            depth -= 1
            if depth == 0:
                return j
    return -1


def parse_tip_list(text: str) -> list[Tip] | None:
    """The tips of one end's list as written (``"|<"`` -> bar, head); None when not understood."""
    tips = _tip_list(text)
    return None if tips is None else list(tips)


@functools.lru_cache(maxsize=1024)
def _tip_list(text: str) -> tuple[Tip, ...] | None:
    # every path with an arrow asks again for the same few lists
    tips: list[Tip] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == "{":
            j = _closing(text, i, "{", "}")
            if j < 0:
                return None
            inner = _tip_list(text[i + 1:j])
            if inner is None:
                return None
            tips += inner
            i = j + 1
            continue
        if ch == "[" and tips:  # options of the tip before (arrows.meta)
            j = _closing(text, i, "[", "]")
            if j < 0:
                return None
            last = tips[-1]
            opts = text[i + 1:j]
            tips[-1] = Tip(last.name, last.options + ("," if last.options and opts else "") + opts)
            i = j + 1
            continue
        for name in _NAMES:
            after = text[i + len(name):i + len(name) + 1]
            if text.startswith(name, i) and not (name[-1].isalpha() and after.isalpha()):
                tips.append(Tip(name))
                i += len(name)
                break
        else:
            if ch in _CHARS:
                tips.append(Tip(ch))
                i += 1
                continue
            if ch == "_":  # pgfcorearrows' "_": a tip that draws nothing, with defaults={sep} (">_>")
                tips.append(Tip("_", "sep"))
                i += 1
                continue
            return None
    return tuple(tips)


def _option_dims(options: str) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    for part in options.split(","):
        key, _, val = part.partition("=")
        key = key.strip()
        if not key:
            continue
        if not val.strip():
            out[key] = None
            continue
        m = _DIM.match(val)
        if m:
            out[key] = float(m.group(1)) * _UNIT[m.group(2) or "pt"]
    return out


def _length(name: str, w: float, opts: dict, meta: bool, options: str = "") -> float:
    """Tip end minus back end (pt) of a tip at line width ``w``; ``meta``: arrows.meta is
    loaded (``>`` means ``To``, which arrows.meta makes Computer Modern Rightarrow). The
    geometric tips of arrows.meta take their length from :func:`~.tipshapes.meta_tip`
    (``options``: the tip's options as written)."""
    if name in (".", "_"):  # pgf's marker of where the line ends, and its spacer, take no room
        return 0.0
    shape = _shape(name, options, w, meta)
    if shape is not None:
        return shape.length
    if "length" in opts and opts["length"] is not None:
        return float(opts["length"])
    a = 0.28 + 0.3 * w  # the old arrows' unit (pgfcorearrows)
    if name in (">", "<", "To") and meta or name == "Computer Modern Rightarrow":
        return 1.6 + 2.2 * w
    if name in ("to", "to reversed", ">", "<", "To", "Classical TikZ Rightarrow"):
        return 1.05 + 1.925 * w
    if name in ("stealth", "stealth'", "stealth reversed"):
        return 8 * a
    if name in ("latex", "latex'", "latex reversed"):
        return 10 * a
    if name == "|":
        return w
    return 3.0 + 4.5 * w


def _sep(opts: dict, w: float) -> float:
    if "sep" not in opts:
        return 0.0
    return 0.88 + 0.3 * w if opts["sep"] is None else float(opts["sep"])


def _placed(text: str, default_tip: str, w: float, at_start: bool, meta: bool):
    """``(tip, resolved name, distance, meta)`` for each tip of a list, outermost first."""
    tips = parse_tip_list(text)
    if not tips:
        return None
    meta = meta or any(t.name[0].isupper() and t.name not in ("To",) for t in tips)
    if at_start:
        tips = tips[::-1]  # a start's list is written from the outside in

    def resolved(t):
        return default_tip if t.name in (">", "<") and default_tip not in (">", "<", "") else t.name

    out = []
    d = None
    for k in range(len(tips) - 1, -1, -1):  # from the outermost inwards
        tip = tips[k]
        sep = _sep(_option_dims(tip.options), w)
        if d is None:
            d = sep
        else:
            outer = tips[k + 1]
            d += _length(resolved(outer), w, _option_dims(outer.options), meta, outer.options) + sep
        out.append((tip, resolved(tip), d, meta))
    return out


#: what one end's tip list gives (:func:`tip_offsets`, :func:`bar_offsets`, :func:`barb_outlines`,
#: :func:`head_outlines`) by function and arguments: pure functions, asked again by every path
#: with tips for the same few lists; their callers only read what they get
_END_LISTS: dict = {}


def _kept(fn, text: str, default_tip: str, line_width: float, at_start: bool, meta: bool):
    """``fn(text, default_tip, line_width, at_start, meta)``, computed once per arguments."""
    if not line_width:  # (a line width -0.0 is the key 0.0, yet may place a point at -0.0)
        return fn(text, default_tip, line_width, at_start, meta)
    key = (fn, text, default_tip, line_width, at_start, meta)
    try:
        return _END_LISTS[key]
    except KeyError:
        pass
    if len(_END_LISTS) >= 2000:
        _END_LISTS.clear()
    out = _END_LISTS[key] = fn(text, default_tip, line_width, at_start, meta)
    return out


def tip_offsets(text: str, default_tip: str, line_width: float, at_start: bool,
                meta: bool = False) -> list[tuple[str, float]] | None:
    """``(name, distance)`` for each arrowhead of one end's tip list, outermost first.

    ``distance`` is how far before the path's end (pt, along the path) the head's tip
    lies; ``name`` is the tip as written (``">"``, ``"Stealth"``; ``"[reversed]"`` added
    when its options reverse it). Bars, brackets and the like take their room but are not
    listed. None when the list is not understood. ``meta``: the arrows.meta library is
    loaded (a tip only arrows.meta defines, a capitalised name, implies it).
    """
    return _kept(_tip_offsets, text, default_tip, line_width, at_start, meta)


def _tip_offsets(text, default_tip, line_width, at_start, meta):
    """:func:`tip_offsets`, computed."""
    placed = _placed(text, default_tip, line_width, at_start, meta)
    if placed is None:
        return None
    return [(tip.name + ("[reversed]" if _reversed(tip.options) else ""), d)
            for tip, name, d, _ in placed if tip.name in _HEAD_NAMES or name in _HEAD_NAMES]


def _reversed(options: str) -> bool:
    """Whether a tip's options reverse it: each ``reversed`` toggles (pgfcorearrows)."""
    return sum(1 for part in options.split(",") if part.strip() == "reversed") % 2 == 1


def bar_offsets(text: str, default_tip: str, line_width: float, at_start: bool,
                meta: bool = False) -> list[tuple[float, float]]:
    """``(distance, half length)`` of each bar (``|``, ``Bar``) of one end's tip list.

    pgf strokes a bar across the path half a line width inside its tip end: the core
    ``|`` 2 pt + 1.5 line widths each side, arrows.meta's ``Bar`` (Tee Barb, width
    3 pt + 4 line widths) 1.5 pt + 2 line widths; ``distance`` is the bar's own line's
    distance before the path's end. A ``width`` option sets the whole length.
    """
    return _kept(_bar_offsets, text, default_tip, line_width, at_start, meta)


def _bar_offsets(text, default_tip, line_width, at_start, meta):
    """:func:`bar_offsets`, computed."""
    placed = _placed(text, default_tip, line_width, at_start, meta) or []
    out = []
    for tip, name, d, is_meta in placed:
        if name not in ("|", "Bar"):
            continue
        opts = _option_dims(tip.options)
        if opts.get("width") is not None:
            half = float(opts["width"]) / 2
        elif is_meta or name == "Bar":
            half = 1.5 + 2.0 * line_width
        else:
            half = 2.0 + 1.5 * line_width
        out.append((d + 0.5 * line_width, half))
    return out


#: brackets and parentheses drawn as strokes: the old arrows library's and arrows.meta's
_BARBS = {"[", "]", "(", ")", "Bracket", "Parenthesis"}


def _barb_shape(name: str, opts: dict, w: float):
    """``(tip end, line end, pieces)`` of a bracket or parenthesis tip in its own frame (x
    forward, the tip pointing to +x; before ``reversed``): pieces are ``("L", points)`` and
    ``("C", [p0, c1, c2, p1, ...])`` in pt. After pgflibraryarrows (``[``: a bar 2 pt + 1.5
    line widths each side with arms half that plus a line width long, its tip end half a line
    width ahead; ``(``: a curve through the same height, its tip end 1/16 of it plus half a line
    width ahead) and arrows.meta (``Bracket``: Tee Barb with length .75 pt + a line width and
    the inset its length, width 3 pt + 4 line widths; ``Parenthesis``: Arc Barb of 120
    degrees, length 1.725 pt + 2.3 line widths, width twice the length)."""
    if name in "[]":
        a = 2.0 + 1.5 * w
        b = a + w
        return 0.5 * w, 0.0, [("L", [(-0.5 * b, -a), (0.0, -a), (0.0, a), (-0.5 * b, a)])]
    if name in "()":
        a = 2.0 + 1.5 * w
        return 0.0625 * a + 0.5 * w, 0.0, [("C", [(-0.5 * a, -a), (0.25 * a, -0.5 * a), (0.25 * a, 0.5 * a),
                                                  (-0.5 * a, a)])]
    if name == "Bracket":
        length = opts["length"] if opts.get("length") is not None else 0.75 + w
        width = opts["width"] if opts.get("width") is not None else 3.0 + 4.0 * w
        inset = length
        ta = max(length - inset, 0.5 * w)
        tb = min(-inset, -0.5 * w)
        h = 0.5 * width - 0.5 * w
        line_end = 0.25 * w if "reversed" in opts else -0.25 * w
        if ta == 0.5 * w:
            return ta, line_end, [("L", [(tb, h), (0.0, h), (0.0, -h), (tb, -h)])]
        return ta, line_end, [("L", [(tb, h), (ta, h)]), ("L", [(0.0, h), (0.0, -h)]), ("L", [(tb, -h), (ta, -h)])]
    # Parenthesis: an elliptic arc from +60 to -60 degrees around the origin
    length = opts["length"] if opts.get("length") is not None else 1.725 + 2.3 * w
    width = opts["width"] if opts.get("width") is not None else 2.0 * length
    rx, ry = length - 0.5 * w, 0.5 * (width - w)
    pts = []
    k = 4 / 3 * math.tan(math.radians(30) / 2)  # two cubics of 60 degrees each
    for a0, a1 in ((60.0, 0.0), (0.0, -60.0)):
        t0, t1 = math.radians(a0), math.radians(a1)
        p0 = (math.cos(t0), math.sin(t0))
        p1 = (math.cos(t1), math.sin(t1))
        c1 = (p0[0] + k * math.sin(t0), p0[1] - k * math.cos(t0))
        c2 = (p1[0] - k * math.sin(t1), p1[1] + k * math.cos(t1))
        seg = [(x * rx, y * ry) for x, y in (p0, c1, c2, p1)]
        pts += seg if not pts else seg[1:]
    return length, length - 0.5 * w, [("C", pts)]


def barb_outlines(text: str, default_tip: str, line_width: float, at_start: bool,
                  meta: bool = False) -> tuple[list, float]:
    """The brackets and parentheses of one end's tip list, as strokes, and how far the line
    is cut back under them.

    Returns ``(pieces, cut)``: each piece ``(kind, points)`` (``"L"`` a polyline, ``"C"`` a
    chain of cubics) in the end's frame, a point ``(s, t)`` lying ``s`` pt in from the path's
    end along it and ``t`` pt to its left (looking outwards); ``cut`` is where the line
    stops when the innermost tip is one of these (else 0). A ``]`` or ``)`` at the start, or
    a ``[`` or ``(`` at the end, is the reversed tip, as pgfcorearrows reads them; so is an
    arrows.meta tip with ``reversed``: its frame is mirrored, the back end leading.
    """
    return _kept(_barb_outlines, text, default_tip, line_width, at_start, meta)


def _barb_outlines(text, default_tip, line_width, at_start, meta):
    """:func:`barb_outlines`, computed."""
    placed = _placed(text, default_tip, line_width, at_start, meta) or []
    pieces: list = []
    cut = 0.0
    for k, (tip, name, d, _) in enumerate(placed):
        if name not in _BARBS:
            continue
        opts = _option_dims(tip.options)
        if name in "[]()":
            reversed_ = (name in "])") == at_start
        else:
            reversed_ = "reversed" in opts
        tip_end, line_end, shape = _barb_shape(name, opts, line_width)
        if reversed_:
            a = 2.0 + 1.5 * line_width
            back = {"[": -(1.0 + 1.25 * line_width), "]": -(1.0 + 1.25 * line_width),
                    "(": -(0.5 * a + 0.5 * line_width), ")": -(0.5 * a + 0.5 * line_width)}.get(name)
            if back is None:
                back = _meta_back_end(name, opts, line_width)
                if name == "Bracket" and _round_cap(tip.options) and back < -0.5 * line_width:
                    back -= 0.5 * line_width  # Tee Barb: a round cap reaches half a line width past the I
            tip_end, line_end = -back, -line_end
            shape = [(kind, [(-x, y) for x, y in pts]) for kind, pts in shape]
        # a point x of the tip's frame lies d + (tip end - x) in from the path's end
        for kind, pts in shape:
            pieces.append((kind, [(d + tip_end - x, y) for x, y in pts]))
        if k == len(placed) - 1:
            cut = d + tip_end - line_end
    return pieces, cut


def _round_cap(options: str) -> bool:
    """Whether an arrows.meta tip's options give it round caps (``round``, ``line cap=round``;
    ``sharp`` or ``line cap=butt`` after them undo it)."""
    cap = False
    for part in options.split(","):
        key, _, val = part.partition("=")
        key, val = key.strip(), val.strip()
        if key in ("round", "sharp"):
            cap = key == "round"
        elif key == "line cap":
            cap = val == "round"
    return cap


def _meta_back_end(name: str, opts: dict, w: float) -> float:
    """The back end (pgf's ``\\pgfarrowssetbackend``) of arrows.meta's Bracket and Parenthesis."""
    if name == "Bracket":
        length = opts["length"] if opts.get("length") is not None else 0.75 + w
        return min(-length, -0.5 * w)
    length = opts["length"] if opts.get("length") is not None else 1.725 + 2.3 * w
    return math.cos(math.radians(60)) * (length - w)  # an arc under 90 degrees, butt caps


def _shape(name: str, options: str, w: float, meta: bool):
    """The shape of a tip drawn here (:class:`~.tipshapes.TipShape`), None when it has none:
    arrows.meta's geometric tips, and ``>``/``<``: arrows.meta's ``To`` when that library is
    loaded, else pgfcorearrows' ``to`` (``<`` at an end is reversed: pgf's ``>-<`` shorthand)."""
    if name in (">", "<"):
        if name == "<":
            options = options + ", reversed"
        if not meta:
            return core_to(options, w)
        name = "To"
    if name == "to":
        return core_to(options, w)
    if name == "direction ee":
        length = _option_dims(options).get("length")
        return direction_ee(length if length is not None else 4.0, w)
    if name not in META_SHAPES:
        return None
    return meta_tip(name, options, w)


def head_outlines(text: str, default_tip: str, line_width: float, at_start: bool,
                  meta: bool = False) -> tuple[list, float]:
    """The arrows.meta tips of one end's list drawn as pgf draws them, and how far the line
    is cut back.

    Returns ``(heads, cut)``: each head ``(shape, pieces)`` with its
    :class:`~.tipshapes.TipShape` and its outline in the end's frame (as
    :func:`barb_outlines`: a point ``(s, t)`` lies ``s`` pt in from the path's end and ``t``
    pt to its left, looking outwards). ``cut``: pgf stops the line at the line end of the
    outermost tip (of the outermost one inside a ``.``, when the list has one), when that tip
    is drawn here; else 0.
    """
    return _kept(_head_outlines, text, default_tip, line_width, at_start, meta)


def _head_outlines(text, default_tip, line_width, at_start, meta):
    """:func:`head_outlines`, computed."""
    placed = _placed(text, default_tip, line_width, at_start, meta) or []
    heads: list = []
    cut = 0.0
    inward = placed[::-1]  # from the line outwards, pgf's order
    dot = next((k for k, p in enumerate(inward) if p[1] == "."), len(inward))
    last = inward[dot - 1] if dot > 0 else None
    for tip, name, d, is_meta in placed:
        options = tip.options
        if tip.name in (">", "<"):
            # ">" points outwards at an end, "<" at a start (pgf's start names); the other is
            # the same tip reversed, also when ">" stands for another tip (">=Stealth")
            name = ">" if name in (">", "<") else name
            if (tip.name == "<") != at_start:
                options = options + ", reversed"
        shape = _shape(name, options, line_width, is_meta)
        if shape is None:
            continue
        pieces = [(kind, [(d + shape.tip_end - x, y) for x, y in pts]) for kind, pts in shape.pieces]
        heads.append((shape, pieces))
        if last is not None and tip is last[0]:
            cut = d + shape.tip_end - shape.line_end
    return heads, cut


def uses_meta(lists: tuple[str, str]) -> bool:
    """Whether either tip list names a tip only arrows.meta defines (a capitalised name other
    than ``To``): then arrows.meta is loaded and ``>`` in the other list is its ``To`` too."""
    return any(t.name[0].isupper() and t.name != "To" for text in lists for t in (parse_tip_list(text) or ()))


def split_tip_lists(spec: str) -> tuple[str, str] | None:
    """``"<<-|"`` -> ``("<<", "|")``: the start's and the end's tip lists as written."""
    return _split_lists(spec)
