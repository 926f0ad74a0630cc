"""The animations library (``tikzlibraryanimations``): still pictures and snapshots.

An animation never changes the still picture: ``\\draw :xshift = {0s = "0cm", 30s =
"-3cm"} (0,0) circle [radius=5mm];`` draws the circle where it stands (the SVG carries the
animation; what is drawn is the object before it starts). The colon syntax ``:attr =
{spec}`` is TikZ's ``animate={myself:{attr}={spec}}`` (``\\tikz@colon@char``, and
``\\tikz@collect@scope@anims`` after ``\\tikz``'s options).

A snapshot (``make snapshot of=t``, ``make snapshot after=t``, ``\\pgfsnapshot{t}``,
``\\pgfsnapshotafter{t}``) draws each animated attribute at time ``t`` instead
(pgfsysanimations.code.tex, ``\\pgfsysanim@compute@interval``): nothing before the first
time of the timeline (``begin snapshot=s`` moves its start); between two times the value
is interpolated linearly; at a time given twice ``\\pgfsnapshot`` takes the first value and
``\\pgfsnapshotafter`` the last; at the last time ``\\pgfsnapshot`` keeps the last value
and ``\\pgfsnapshotafter`` removes the animation, as later times do (unless ``freeze at
end``). ``rotate``, ``scale``, ``xscale``/``yscale``, ``xshift``/``yshift`` act on the
canvas of the object (``\\pgfsys@transformcm`` at its start; ``transform canvas`` here),
``line width`` sets the line width; colours and opacities change no geometry and are
reported as approximated.
"""

from __future__ import annotations

import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.pgfmath import UNITS_PT
from geoverify.frontends.tikz.splitting import split_top_level

__all__ = ["ANIMATION_KEYS", "animation_key", "colon_animation", "parse_time", "read_scope_animations",
           "snapshot_value"]

ANIMATION_KEYS = frozenset({"animate", "make snapshot of", "make snapshot after"})

_TIME_UNITS = {"s": 1.0, "ms": 0.001, "min": 60.0, "h": 3600.0}
_TIME_RE = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*(ms|min|s|h)?\s*$")
_COLON_RE = re.compile(r"\s*:\s*([^=]*?)\s*=\s*(.*)$", re.S)
# attributes that transform the object's canvas, and the transformation key each value is for
_CANVAS = {"rotate": "rotate", "scale": "scale", "xscale": "xscale", "yscale": "yscale",
           "xshift": "xshift", "yshift": "yshift"}
_LENGTHS = {"xshift", "yshift", "line width"}
_NO_GEOMETRY = {"color", "fill", "draw", "text", "opacity", "fill opacity", "draw opacity",
                "text opacity", "visible", "stage"}


def parse_time(text: str) -> float:
    """Seconds of a pgf time (``\\pgfparsetime``): ``2s``, ``500ms``, ``1min``, ``0.5``."""
    m = _TIME_RE.match(text.strip().strip("{}"))
    if m is None:
        raise FigureSyntaxError(f"not a time: {text!r} (pgf times are numbers with s, ms, min or h)")
    return float(m.group(1)) * _TIME_UNITS[m.group(2) or "s"]


def colon_animation(text: str) -> str:
    """The option ``animate={myself:{attr}={spec}}`` that ``:attr = {spec}`` stands for."""
    m = _COLON_RE.match(text)
    if m is None:
        raise ValueError(f"not an animation: {text!r}")
    return "animate={myself:{" + m.group(1).strip() + "}=" + m.group(2).strip() + "}"


def _pairs(text: str):
    """``(key, value or None)`` of a key list (options.py's reader imports this module)."""
    for item in split_top_level(text):
        if not item.strip():
            continue
        key, *rest = split_top_level(item, "=")
        yield key.strip(), ("=".join(rest).strip() if rest else None)


def _unbrace(s: str) -> str:
    s = s.strip()
    while len(s) >= 2 and s[0] == "{" and s[-1] == "}":
        s = s[1:-1].strip()
    return s


def _entries(text: str, obj: str = "myself"):
    """``(object, attribute, spec)`` of an ``animate`` value: ``obj:attr={spec}``,
    ``obj:={:attr={spec}, ...}`` (several attributes of one object)."""
    for key, val in _pairs(text):
        if ":" not in key:
            continue  # timeline keys outside an attribute (sync, fork, ...): no snapshot value
        o, _, attr = key.partition(":")
        o = o.strip() or obj
        attr = _unbrace(attr)
        if attr:
            yield o, attr, _unbrace(val or "")
        else:  # "myself:={:rotate={..}, :color={..}}"
            yield from _entries(_unbrace(val or ""), o)


def _timeline(spec: str):
    """``(keyframes, start, freeze)``: the ``(time, value text)`` pairs of an attribute's
    specification in order, its ``begin snapshot`` time and whether it freezes at the end."""
    frames, start, freeze = [], 0.0, False
    for key, val in _pairs(spec):
        k = key.strip()
        if k == "begin snapshot":
            start = parse_time(val or "0")
        elif k == "freeze at end":
            freeze = (val or "true").strip() != "false"
        elif val is not None and _TIME_RE.match(k):
            v = val.strip()
            if len(v) >= 2 and v[0] == v[-1] == '"':
                v = v[1:-1]
            frames.append((parse_time(k), _unbrace(v)))
    return frames, start, freeze


def snapshot_value(spec: str, time: float, after: bool, number):
    """The value of an animated scalar attribute at snapshot ``time`` (a float), or None
    when the animation does not act then. ``number(text) -> float`` reads a value."""
    frames, start, freeze = _timeline(spec)
    if not frames:
        return None
    t = time - start
    first, last = frames[0][0], frames[-1][0]
    if t < first:
        return None
    if t > last or (t == last and after):
        return number(frames[-1][1]) if freeze else None
    prev = nxt = None
    for ft, fv in frames:
        if ft < t:
            prev = (ft, fv)
        elif ft == t:
            if not after:  # \pgfsnapshot: the first value given for this time
                return number(fv)
            prev = nxt = (ft, fv)
        elif nxt is None:
            nxt = (ft, fv)
    if prev is nxt or prev is None or nxt is None:
        return number((prev or nxt)[1])
    a, b = number(prev[1]), number(nxt[1])
    return a + (b - a) * (t - prev[0]) / (nxt[0] - prev[0])


def animation_key(ctx, st: dict, key: str, val: str | None, apply) -> None:
    """Apply an animations key to state ``st`` (``apply(state, keys)`` applies keys)."""
    if key in ("make snapshot of", "make snapshot after"):
        st["snapshot"] = (parse_time(val or "0"), key == "make snapshot after")
        return
    snap = st.get("snapshot")
    if snap is None:
        return  # the still picture: the object as it stands before the animation
    for obj, attr, spec in _entries(val or ""):
        if obj != "myself":
            ctx.note("UNSUPPORTED", f"a snapshot of the animation of '{obj}' is not drawn (only 'myself')",
                     "animate")
            continue
        if attr in _NO_GEOMETRY:
            ctx.note("APPROXIMATED", f"the snapshot value of '{attr}' is not applied (it changes no geometry)",
                     "animate")
            continue
        if attr not in _CANVAS and attr != "line width":
            ctx.note("UNSUPPORTED", f"a snapshot of the animated attribute '{attr}' is not drawn", "animate")
            continue
        if attr in _LENGTHS:
            def number(text):
                r = ctx.number(text, st)
                return r.value if r.units else r.value * UNITS_PT["pt"]
        else:
            def number(text):
                return ctx.number(text, st).value
        v = snapshot_value(spec, snap[0], snap[1], number)
        if v is None:
            continue
        if attr == "line width":
            apply(st, f"line width={v:.6f}pt")
        else:
            unit = "pt" if attr in _LENGTHS else ""
            apply(st, "transform canvas={" + f"{_CANVAS[attr]}={v:.6f}{unit}" + "}")


def read_scope_animations(interp, reader) -> list[str]:
    """Options and ``:attr = {spec}`` animations after ``\\tikz`` (``\\tikz@collect@scope@anims``:
    ``[options]`` and animations in any order), as option texts in order."""
    from geoverify.frontends.tikz.tex import detokenize
    out = []
    while True:
        reader.skip_spaces()
        nxt = reader.peek()
        if nxt is None:
            return out
        if nxt[0] == "[":
            out.append(detokenize(interp.expand_all(reader.read_optional())))
        elif nxt[0] == ":":
            reader.get()
            attr = []
            while True:
                tok = reader.get()
                if tok is None:
                    raise reader.error("an animation ':attribute = {..}' without '='", nxt[1])
                if tok[0] == "=":
                    break
                attr.append(tok)
            spec = detokenize(interp.expand_all(reader.read_arg()))
            out.append(colon_animation(":" + detokenize(attr) + "={" + spec + "}"))
        else:
            return out
