"""The ``text along path`` decoration (``pgflibrarydecorations.text``).

pgf typesets the decoration's ``text`` one character at a time (a ``{group}`` or a control
sequence with its argument is one; a space is an interword space), each in its own box,
and walks along the path: it moves half the box's width on, typesets the box there in the
frame of the path (its x axis the direction of the path, the box shifted back by half its
width so that its baseline is a chord of the path), and moves the other half on. A
character whose first half no longer fits ends the text, and so does its end: the
decorated path itself is empty (a ``\\draw [decorate]`` strokes nothing). ``text align``
(``left``, ``center``, ``right``) with ``left indent``/``right indent`` places the text on
the path, ``fit to path`` spreads the characters over it (the space left divided among the
gaps between them) and ``fit to path stretching spaces`` among the spaces; ``raise`` lifts
the text off the path. ``text color`` colours it (black, not the path's colour, by default);
formats between ``|`` delimiters (``|\\large|``, ``|+\\bf\\color{red}|`` adding to the one
before, ``||`` ending it) set the size, bold or italic shape and colour of what follows.
Characters are measured with :func:`.fonts.measure`, one by one as pgf boxes them (no kerning
between them). The text is not scaled by the picture's transformation.
"""

from __future__ import annotations

import numpy as np

__all__ = ["STATES", "TEXT_DECORATIONS", "place_text", "text_key", "text_units", "typeset_text_along_path"]

#: Decorations that typeset text along the path (drawn by :func:`typeset_text_along_path`).
TEXT_DECORATIONS = frozenset({"text along path"})

_KEYS = ("text", "text align", "left indent", "right indent", "text color", "align")


def text_key(deco, key: str, val: str | None, dim) -> bool:
    """Keep a key of ``text along path`` in ``deco.params``; False for other keys.
    ``dim(text)`` reads a length (pt)."""
    key = key.removeprefix("text align/")
    if key not in _KEYS:
        return False
    text = (val or "").strip()
    if text.startswith("{") and text.endswith("}") and key != "text":
        text = text[1:-1].strip()
    params = dict(deco.params)
    if key == "text":
        params["text"] = val or ""
    elif key in ("text align", "align"):
        for part in (p.strip() for p in text.split(",")):
            k, _, v = part.partition("=")
            k, v = k.strip(), v.strip()
            if k in ("left", "center", "right"):
                params["align"] = k
            elif k == "align" and v:
                params["align"] = v
            elif k in ("fit to path", "fit to path stretching spaces"):
                params["fit"] = k if v in ("", "true") else None
            elif k in ("left indent", "right indent") and v:
                params[k] = dim(v)
    elif key in ("left indent", "right indent"):
        params[key] = dim(text)
    else:
        params[key] = text
    deco.params = params
    return True


def text_units(text: str) -> list[str]:
    """The pieces pgf boxes one at a time: characters, ``{groups}`` (braces removed), control
    sequences with a following character or group (``\\"U``), spaces (``" "``, runs of
    spaces as one) and formats (``|\\large|`` as ``"|\\large"``)."""
    units = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            while i < n and text[i].isspace():
                i += 1
            if units:  # TeX skips spaces at the start of the text
                units.append(" ")
            continue
        if ch == "|":  # a format (|\color{red}|, |+\bf|): kept as "|" and the format
            j = text.find("|", i + 1)
            j = n if j < 0 else j
            units.append("|" + text[i + 1:j])
            i = j + 1
            continue
        if ch == "{":
            j = _group_end(text, i)
            units.append(text[i + 1:j - 1])
            i = j
            continue
        if ch == "\\" and i + 1 < n:
            j = i + 2
            if text[i + 1].isalpha():  # a control word: a group after it is its argument
                while j < n and text[j].isalpha():
                    j += 1
                take = j < n and text[j] == "{"
            else:  # a control symbol (an accent, \"U): the next character or group is its argument
                take = j < n and not text[j].isspace()
            if take:
                arg = _group_end(text, j) if text[j] == "{" else j + 1
                units.append(text[i:arg])
                i = arg
            else:
                units.append(text[i:j])
                i = j
                while text[i:i + 1] == " " and text[i - 1].isalpha():  # TeX skips spaces after a word
                    i += 1
            continue
        units.append(ch)
        i += 1
    while units and units[-1] == " ":
        units.pop()
    return units


def _format(fmt: str, base_size: float, current: tuple) -> tuple:
    """``(size, family, colour)`` after the format ``fmt`` (``|+...|`` adds to the current
    one, ``|...|`` replaces it): LaTeX size commands, ``\\bf``/``\\bfseries``,
    ``\\it``/``\\itshape``, ``\\color{c}``."""
    import re

    from geoverify.frontends.tikz.fonts import FONT_SIZES
    size, family, colour = current if fmt.startswith("+") else (base_size, False, None)
    for cs, arg in re.findall(r"(\\[A-Za-z]+)\s*(?:\{([^{}]*)\})?", fmt):
        if cs in FONT_SIZES:
            size = FONT_SIZES[cs] * base_size / 10.0
        elif cs in ("\\bf", "\\bfseries"):
            family = True
        elif cs in ("\\it", "\\itshape"):
            family = "it"
        elif cs == "\\color" and arg:
            colour = arg
    return size, family, colour


def _group_end(text: str, i: int) -> int:
    """The index after the group that opens at ``text[i]``."""
    depth = 0
    for j in range(i, len(text)):
        depth += {"{": 1, "}": -1}.get(text[j], 0)
        if depth == 0:
            return j + 1
    return len(text)


def _width(unit: str, size: float, family) -> float:
    from geoverify.frontends.tikz.fonts import measure
    if unit == " ":
        return measure("x x", size, family)[1][0] - 2 * measure("x", size, family)[1][0]
    return measure(unit, size, family)[1][0]


def place_text(pieces, deco, size: float) -> list[tuple]:
    """Where pgf puts each character of ``deco.params["text"]`` along the path ``pieces``
    (:func:`.decorations.decorate_pieces`): ``(unit, baseline start (2,), direction (2,),
    width, font size, family, colour or None)`` in canvas pt, spaces left out."""
    from geoverify.frontends.tikz.decorations import _flatten_pieces, _Walker
    prm = deco.params
    fmt = (size, False, None)
    chars = []  # (unit, width, format)
    for unit in text_units(prm.get("text", "")):
        if unit.startswith("|"):
            fmt = _format(unit[1:], size, fmt)
        else:
            chars.append((unit, _width(unit, fmt[0], fmt[1]), fmt))
    if not chars or not pieces:
        return []
    from geoverify.frontends.tikz.decorations import oriented
    pts, jumps, straight, _ = _flatten_pieces(oriented(pieces, deco))
    walk = _Walker(pts, jumps, straight)
    length = walk.total - prm.get("right indent", 0.0)
    d = prm.get("left indent", 0.0)
    total_w = sum(w for _, w, _ in chars)
    align, fit = prm.get("align", "left"), prm.get("fit")
    shift = space_shift = 0.0
    if fit:  # the alignment does not apply
        spare = length - d - total_w
        spaces = sum(1 for u, _, _ in chars if u == " ")
        if spare >= 0 and fit == "fit to path" and len(chars) > 1:
            shift = spare / (len(chars) - 1)
        elif spare >= 0 and spaces:
            space_shift = spare / spaces
    elif align == "right":
        d = length - total_w
    elif align == "center":
        d = 0.5 * (length - total_w - d) + d
    ysign = -1.0 if deco.mirror else 1.0
    out = []
    for unit, w, (fsize, family, colour) in chars:
        if length - d < 0.5 * w or length - d <= 0:
            break
        d += 0.5 * w
        origin, t = walk.frame(d)
        if unit != " ":
            n = np.array([-t[1], t[0]])
            out.append((unit, origin - 0.5 * w * t + ysign * deco.raise_ * n, t, w, fsize, family, colour))
        if length - d < 0.5 * w:
            break
        d += 0.5 * w + shift + (space_shift if unit == " " else 0.0)
    return out


def typeset_text_along_path(interp, pieces, st: dict, loc) -> None:
    """Add the characters of a text decoration of ``st`` along ``pieces`` to the scene."""
    from geoverify.frontends.tikz.colors import parse_color, to_hex
    from geoverify.frontends.tikz.fonts import measure
    from geoverify.scene import Style, TextLabel
    deco = st["decoration"]
    base_colour = deco.params.get("text color") or "black"  # pgf's default, not the path's colour
    colours = getattr(interp, "colors", None)
    for unit, base, t, w, size, family, colour in place_text(pieces, deco, float(st["font_size"])):
        box = measure(unit, size, family)[0]
        n = np.array([-t[1], t[0]])
        corners = np.array([base + x * t + y * n for x in (0.0, w) for y in (-box.depth, box.height)])
        frame = np.array([[t[0], n[0], base[0]], [t[1], n[1], base[1]]])
        style = Style(stroke=None, stroke_width=0.0, fill=to_hex(parse_color(colour or base_colour, colours) or (0.0, 0.0, 0.0)), opacity=float(st["opacity"]))
        interp.scene.add(TextLabel(text=unit, anchor=base + 0.5 * w * t, font_size=size, frame=frame,
                                   box=np.array([*corners.min(axis=0), *corners.max(axis=0)]), style=style,
                                   source=loc, panel=interp.panel))


def _nothing(state, rem, sl, a, p, done):
    return [], rem, "final"


#: name -> (initial state, state function, final state draws a line to the end): the path
#: itself is replaced by nothing
STATES = {name: ("initial", _nothing, False) for name in TEXT_DECORATIONS}
