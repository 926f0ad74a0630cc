"""TikZ keys: ``[key=value, ...]`` lists applied to a graphic state.

The graphic state is a plain dict (copied on every scope, path and node, which
is cheap and makes TikZ's scoping rules hold by construction). :data:`DEFAULTS`
lists every entry with TikZ's default: line width 0.4 pt, ``inner sep``
0.3333 em, ``outer sep`` 0.5 line width (resolved when the node is built),
x/y unit vectors 1 cm, ``node distance`` 1 cm, ``looseness`` 1, bend angle 30.

Styles (``/.style``, ``/.append style``, ``\\tikzstyle``) live in the
:class:`~geoverify.frontends.tikz.tex.Definitions` table under ``"style:<name>"``
so that TeX groups and scopes undo them.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.animations import ANIMATION_KEYS, animation_key
from geoverify.frontends.tikz.arrowtips import split_tip_lists
from geoverify.frontends.tikz.automata import AUTOMATA_KEYS, automata_key
from geoverify.frontends.tikz.circuits import GATE_KEYS, GATE_SHAPES
from geoverify.frontends.tikz.circuits_ee import EE_SHAPES
from geoverify.frontends.tikz.circuits_us import US_SHAPES
from geoverify.frontends.tikz.colors import parse_color
from geoverify.frontends.tikz.backgrounds import BACKGROUND_KEYS
from geoverify.frontends.tikz.delimiters import DELIMITER_KEYS
from geoverify.frontends.tikz.geoshapes import SHAPE_KEYS
from geoverify.frontends.tikz.mindmap import MINDMAP_KEYS
from geoverify.frontends.tikz.spy import SPY_KEYS
from geoverify.frontends.tikz.pgfmath import UNITS_PT, whole
from geoverify.frontends.tikz.plothandlers import plot_key
from geoverify.frontends.tikz.shadows import SHADOW_PRESETS
from geoverify.frontends.tikz.trees import GROWTH_KEYS
from geoverify.frontends.tikz.splitting import split_top_level
from geoverify.frontends.tikz.perspective import PERSPECTIVE_KEYS, perspective_key
from geoverify.frontends.tikz.threed import THREED_KEYS, threed_key

__all__ = ["DEFAULTS", "split_options", "split_key", "OptionContext", "apply_options", "parse_arrow_spec",
           "LINE_WIDTHS", "DASHES"]

CM = UNITS_PT["cm"]

DEFAULTS = {
    "ctm": G.IDENTITY, "xvec": (CM, 0.0), "yvec": (0.0, CM), "zvec": (-0.385 * CM, -0.385 * CM),
    "color": (0.0, 0.0, 0.0), "draw": None, "fill": None, "text": None,
    "line_width": 0.4, "dash": None, "opacity": 1.0, "draw_opacity": 1.0, "fill_opacity": 1.0,
    "arrow_start": None, "arrow_end": None, "tip_default": ">",
    "clip": False, "name_path": None, "name_intersections": None, "markings": None,
    # nodes
    "shape": "rectangle", "anchor": None, "node_shift": (0.0, 0.0), "inner_xsep": None, "inner_ysep": None,
    "outer_sep": None, "min_width": 0.0, "min_height": 0.0, "text_width": None, "text_height": None,
    "text_depth": None, "align": None,
    "font_size": 10.0, "outer_font_size": 10.0, "bold": False, "pos": None, "sloped": False, "auto": None, "swap": False,
    "labels": (), "pins": (), "node_angle": 0.0, "transform_shape": False, "node_name": None,
    "node_distance": (CM, CM), "on_grid": False, "label_distance": 0.0, "pin_distance": 3 * 4.30554,
    "place_of": None, "at": None, "node_scale": 1.0,
    # path operations
    "out": None, "in": None, "bend": None, "looseness_out": 1.0, "looseness_in": 1.0, "bend_angle": 30.0,
    "radius": None, "x_radius": None, "y_radius": None, "start_angle": None, "end_angle": None,
    "delta_angle": None, "step": (CM, CM), "domain": (-5.0, 5.0), "samples": 25, "samples_at": None,
    "variable": "\\x", "smooth": False, "tension": 0.5, "closed_plot": False, "mark": None,
    "rounded_corners": 0.0, "shorten_start": 0.0, "shorten_end": 0.0, "double": False,
    "edge_kind": None, "in_looseness": None,
}

LINE_WIDTHS = {"ultra thin": 0.1, "very thin": 0.2, "thin": 0.4, "semithick": 0.6, "thick": 0.8,
               "very thick": 1.2, "ultra thick": 1.6}
# dash patterns in points (on, off, ...) from tikz.code.tex
DASHES = {"solid": None, "dashed": (3.0, 3.0), "densely dashed": (3.0, 2.0), "loosely dashed": (3.0, 6.0),
          "dotted": (0.4, 2.0), "densely dotted": (0.4, 1.0), "loosely dotted": (0.4, 4.0),
          "dash dot": (3.0, 2.0, 0.4, 2.0), "densely dash dot": (3.0, 1.0, 0.4, 1.0),
          "loosely dash dot": (3.0, 4.0, 0.4, 4.0), "dash dot dot": (3.0, 2.0, 0.4, 2.0, 0.4, 2.0),
          "densely dash dot dot": (3.0, 1.0, 0.4, 1.0, 0.4, 1.0),
          "loosely dash dot dot": (3.0, 4.0, 0.4, 4.0, 0.4, 4.0)}
# the older one-word names (tikz.code.tex keeps both)
DASHES.update({k.replace("dash dot dot", "dashdotdotted").replace("dash dot", "dashdotted"): v
               for k, v in list(DASHES.items()) if "dash dot" in k})
_PLACEMENT = {"above": (0, 1, "south"), "below": (0, -1, "north"), "left": (-1, 0, "east"),
              "right": (1, 0, "west"), "above left": (-1, 1, "south east"), "above right": (1, 1, "south west"),
              "below left": (-1, -1, "north east"), "below right": (1, -1, "north west"),
              # tikzlibrarypositioning: along the base line or the mid line
              "base left": (-1, 0, "base east"), "base right": (1, 0, "base west"),
              "mid left": (-1, 0, "mid east"), "mid right": (1, 0, "mid west")}
_TEXT_ALIGN = {"text centered": "center", "text badly centered": "center", "text ragged": "left",
               "text badly ragged": "left", "text justified": "justify", "text ragged left": "right",
               "text badly ragged left": "right"}
# keys setting two shape keys at once
_SHAPE_KEY_PAIRS = {"trapezium angle": ("trapezium left angle", "trapezium right angle"),
                    "chamfered rectangle sep": ("chamfered rectangle xsep", "chamfered rectangle ysep"),
                    "tape bend": ("tape bend top", "tape bend bottom"),
                    "kite vertex angles": ("kite upper vertex angle", "kite lower vertex angle")}
_POS_WORDS = {"midway": 0.5, "near start": 0.25, "near end": 0.75, "very near start": 0.125,
              "very near end": 0.875, "at start": 0.0, "at end": 1.0}
_SHAPES = {"rectangle", "circle", "ellipse", "coordinate", "diamond", "regular polygon", "star",
           "trapezium", "semicircle", "isosceles triangle", "kite", "dart", "circular sector",
           "cylinder", "rounded rectangle", "chamfered rectangle", "rectangle split", "circle split",
           "forbidden sign", "correct forbidden sign", "magnifying glass", "cloud", "signal", "tape", "single arrow", "double arrow", "cross out",
           "strike out", "circle cross split", "magnetic tape",
           "circle solidus"}
# keys that change no geometry the verifier compares (appearance, layering, text style)
_COSMETIC = re.compile(
    r"^(line cap|line join|miter limit|text opacity|shading|shading angle|ball color|top color|bottom color|"
    r"left color|right color|inner color|outer color|middle color|pattern|pattern color|preaction|"
    r"every .*|execute at .*|baseline|font|text depth|text height|node font|thin lines|cap|join|"
    r"draw opacity|even odd rule|nonzero rule|transparency group|blend mode|remember picture|overlay|"
    r"fill opacity|semitransparent|transparent|help lines|on layer|behind path|in front of path|"
    r"postaction|decoration|decorate|anchor=.*|mark size|mark options|"
    r"mark phase|mark repeat|mark indices|only marks|sharp plot|const plot|ycomb|xcomb|"
    r"text centered|text ragged|text badly centered|text justified|align|label position|"
    r"background rectangle|"
    r"line width|draw|fill|color|text|style|arrows|>|shorten|double distance|use as bounding box|"
    r"trim left|trim right|bend angle|auto|swap|'|description|inner sep|outer sep|"
    r"minimum.*|text width|sloped|allow upside down|pos|radius|x radius|y radius|start angle|"
    r"end angle|delta angle|looseness|in|out|relative|step|domain|samples|variable|smooth|tension|"
    r"mark|every mark|xstep|ystep|name|alias|rounded corners|sharp corners|"
    r"densely|loosely|thick|thin|stealth|latex|Stealth|Latex|Triangle|To|arrows\.meta|>=.*|"
    r"dash pattern|dash phase|dash|font size|fontsize|node contents|cells|column sep|row sep|"
    r"nodes|matrix of .*|ampersand replacement|fit|inner ysep|inner xsep|label distance|pin distance|"
    r"pin edge|every pin edge|label|pin|circle|rectangle|ellipse|coordinate|rotate|xshift|yshift|"
    r"minimum width|minimum height|minimum size|opacity|thick|color|red|blue)$")


#: Option lists already split, by their text (a figure repeats the same few many times).
_SPLIT: dict[str, tuple] = {}
_SPLIT_MAX = 20000


def split_options(text: str) -> list[tuple[str, str | None]]:
    """``"draw, fill=red!20, label={[blue]above:$x$}"`` -> ``[("draw", None), ("fill", "red!20"), ...]``.

    Commas and ``=`` inside braces, brackets or parentheses do not split; one pair
    of braces around a value is removed. Each text is split once per process; the
    caller gets its own list.
    """
    return list(_split_once(text))


def _split_once(text: str) -> tuple[tuple[str, str | None], ...]:
    """The pairs of :func:`split_options`, shared (read only)."""
    hit = _SPLIT.get(text)
    if hit is None:
        if len(_SPLIT) >= _SPLIT_MAX:
            _SPLIT.clear()
        hit = _SPLIT[text] = tuple(_split_options(text))
    return hit


def _split_options(text: str) -> list[tuple[str, str | None]]:
    s = text.strip()
    if s.startswith("[") and s.endswith("]"):
        s = s[1:-1]
    out = []
    if s.count("(") != s.count(")"):
        # an unmatched parenthesis (left delimiter=( ): pgfkeys splits at commas outside braces only
        parts = [p.replace("\x00", "(").replace("\x01", ")")
                 for p in split_top_level(s.replace("(", "\x00").replace(")", "\x01"))]
    elif s.count("[") != s.count("]"):  # an unmatched bracket (xticklabel={[\tick--\nexttick[}): the same
        parts = [p.replace("\x00", "[").replace("\x01", "]")
                 for p in split_top_level(s.replace("[", "\x00").replace("]", "\x01"))]
    else:
        parts = split_top_level(s)
    for p in parts:
        p = p.strip()
        if not p:
            continue
        out.append(split_key(p))
    return out


def split_key(p: str) -> tuple[str, str | None]:
    depth = 0
    for i, ch in enumerate(p):
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif ch == "=" and depth == 0:
            key = " ".join(p[:i].split())
            val = p[i + 1:].strip()
            if len(val) >= 2 and val[0] == "{" and val[-1] == "}" and _balanced(val[1:-1]):
                val = val[1:-1].strip()
            return key, val
    key = " ".join(p.split())
    if len(key) >= 2 and key[0] == "{" and key[-1] == "}" and _balanced(key[1:-1]):
        key = key[1:-1].strip()
    return key, None


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


_ARROW_TIPS = {">", "<", ">>", "<<", "latex", "latex'", "stealth", "stealth'", "to", "triangle 45",
               "triangle 60", "triangle 90", "open triangle 45", "open triangle 60", "open triangle 90",
               "angle 45", "angle 60", "angle 90", "Latex", "Stealth", "Triangle", "To", "Straight Barb",
               "Classical TikZ Rightarrow", "Computer Modern Rightarrow", "Kite", "Arc Barb", "Triangle Cap",
               "Implies", "Rays", "Hooks", "Parenthesis", "Tee Barb", "Bracket", "Circle", "Square", "Diamond",
               "Bar", "|", "o", "*", "[", "]", "(", ")", "spaced", "round", "Butt Cap", "Round Cap",
               "diamond", "open diamond", "square", "open square", "circle", "open circle", "serif cm",
               "space", "implies", "hooks", "left to", "right to", "to reversed", "latex reversed",
               "stealth reversed", "Glyph", "Fast Triangle", "Fast Round", "Turned Square", "Ellipse",
               "Rectangle", "Arc Barb", "Hooks", "Tee Barb", "direction ee"}
# tips that are drawn as arrowheads (others are bars, circles, hooks: not direction marks)
_HEADS = {">", "<", ">>", "<<", "latex", "latex'", "stealth", "stealth'", "to", "triangle 45", "triangle 60",
          "triangle 90", "open triangle 45", "open triangle 60", "open triangle 90", "angle 45", "angle 60",
          "angle 90", "Latex", "Stealth", "Triangle", "To", "Straight Barb", "Classical TikZ Rightarrow",
          "Computer Modern Rightarrow", "Kite", "Arc Barb", "Triangle Cap", "Implies", "implies",
          "left to", "right to", "to reversed", "latex reversed", "stealth reversed", "Fast Triangle",
          "direction ee"}


_TRAILING_OPTIONS = re.compile(r"\[.*\]$")
_TIP_OPTIONS = re.compile(r"\[.*?\]")
#: between two tips of a list written together (``<<``, ``>|``)
_TIP_BOUNDARY = re.compile(r"(?<=[^ ])(?=[<>])|(?<=[<>])(?=[^<> ])")


def _tip_name(t: str) -> str:
    t = t.strip()
    if t.startswith("{") and t.endswith("}"):
        t = t[1:-1].strip()
    t = _TRAILING_OPTIONS.sub("", t).strip()
    t = _TIP_OPTIONS.sub("", t).strip()
    return t


def _tip_shorthands(ctx, spec: str) -> str:
    """``spec`` with the tip shorthands the figure defined (``foo /.tip = {Stealth[sep] Latex}``)
    written out: ``foo[red]`` is ``{Stealth[sep,red] Latex[red]}`` (the options go to each tip)."""
    known = ctx.style("tip shorthands")
    if not known or not known[0]:
        return spec
    from geoverify.frontends.tikz.arrowtips import parse_tip_list
    for name in sorted({n.strip() for n in known[0].split(",") if n.strip()}, key=len, reverse=True):
        body = (ctx.style("tip shorthand/" + name) or ("", None))[0].strip()
        if body.startswith("{") and body.endswith("}"):
            body = body[1:-1]
        tips = parse_tip_list(body)
        if tips is None:
            continue

        def written(m, tips=tips):
            opts = (m.group(1) or "[]")[1:-1].strip()
            parts = []
            for t in tips:
                o = ",".join(x for x in (t.options, opts) if x.strip())
                parts.append(t.name + (f"[{o}]" if o else ("[]" if t.name[0].isalpha() else "")))
            inside = spec[:m.start()].count("{") > spec[:m.start()].count("}")
            return " ".join(parts) if inside else "{" + " ".join(parts) + "}"  # (a bare name: a group)
        spec = re.sub(r"(?<![A-Za-z])" + re.escape(name) + r"(?![A-Za-z])(\[[^\]]*\])?", written, spec)
    return spec


#: :func:`parse_arrow_spec` by its text (a pure function of it; every key without a value that
#: is not a known flag, and every path with tips, asks for one)
_ARROWS: dict[str, tuple | None] = {}
_ARROWS_MAX = 20000


def parse_arrow_spec(spec: str, default_tip: str = ">") -> tuple[str | None, str | None] | None:
    """``"<->"`` -> ``("<", ">")``; ``"-{Stealth[length=2mm]}"`` -> ``(None, "Stealth")``.

    Returns None when ``spec`` is not an arrow specification. A tip that is not
    an arrowhead (bar, circle, hooks) is returned with a ``"!"`` prefix.
    """
    try:
        return _ARROWS[spec]
    except KeyError:
        pass
    if len(_ARROWS) >= _ARROWS_MAX:
        _ARROWS.clear()
    out = _ARROWS[spec] = _parse_arrow_spec(spec)
    return out


def _parse_arrow_spec(spec: str) -> tuple[str | None, str | None] | None:
    """:func:`parse_arrow_spec`, computed."""
    lists = split_tip_lists(spec)
    if lists is None:
        return None
    a, b = _tip_name(lists[0]), _tip_name(lists[1])
    out = []
    for t in (a, b):
        if not t:
            out.append(None)
            continue
        names = [x.strip() for x in _TIP_BOUNDARY.split(t) if x.strip()]
        base = t if t in _ARROW_TIPS else (names[0] if names and names[0] in _ARROW_TIPS else None)
        if base is None:
            base = t.split()[0] if t.split() and t.split()[0] in _ARROW_TIPS else None
        if base is None:
            return None
        if base == ">" or base == "<":
            pass
        out.append(base if base in _HEADS else "!" + base)
    return out[0], out[1]


class OptionContext:
    """What applying keys needs from the interpreter.

    Attributes are callables: ``style(name) -> list of (key, value) or None``,
    ``point(text, st) -> (x, y)`` (a coordinate in canvas points),
    ``number(text, st) -> MathResult``, ``note(code, message, construct)``,
    ``define_style(name, body, append)``, ``color_table``; ``libraries`` is the set of
    loaded TikZ library names (some keys change meaning with a library).
    """

    def __init__(self, style, point, number, note, define_style, color_table, libraries=None):
        self.style = style
        self.point = point
        self.number = number
        self.note = note
        self.define_style = define_style
        self.color_table = color_table
        self.libraries = libraries if libraries is not None else set()  # loaded TikZ libraries (names)


def _dim(ctx, text, st, default_unit=1.0):
    r = ctx.number(text, st)
    return r.value if r.units else r.value * default_unit


def _push_transform(st: dict, m) -> None:
    st["ctm"] = G.compose(st["ctm"], m)


def apply_options(ctx: OptionContext, st: dict, options, depth: int = 0) -> None:
    """Apply keys (text or ``(key, value)`` pairs) to the state ``st`` in order."""
    if depth > 50:
        ctx.note("UNSUPPORTED", "styles nest more than 50 levels (recursive style?)", "style")
        return
    pairs = _split_once(options) if isinstance(options, str) else options
    for key, val in pairs:
        _apply_one(ctx, st, key, val, depth)
    if depth == 0 and st.get("tqft_path"):  # a key list starts again in /tikz (the tqft style's .cd)
        st["tqft_path"] = False


def _define_arg_style(ctx, name, handler, val) -> bool:
    """``.style 2 args={..#1..#2..}``, ``.style n args={n}{..}``, ``.style args={#1 and #2}{..}``."""
    m = re.fullmatch(r"style (\d+) args", handler)
    if m:
        ctx.define_style(name, val or "", False)
        ctx.define_style(name + "/.args", "n:" + m.group(1), False)
        return True
    if handler in ("style n args", "style args"):
        groups = _brace_groups(val or "")
        if len(groups) != 2:
            ctx.note("UNSUPPORTED", f"key handler '.{handler}' needs two braced arguments", name + "/." + handler)
            return True
        if handler == "style n args" and not re.fullmatch(r"\s*\d\s*", groups[0]):  # pgfkeys: 0 to 9
            ctx.note("UNSUPPORTED", f"key handler '.style n args' needs a count from 0 to 9, not "
                                    f"'{groups[0][:20]}'", name + "/." + handler)
            return True
        ctx.define_style(name, groups[1], False)
        ctx.define_style(name + "/.args", ("n:" if handler == "style n args" else "p:") + groups[0].strip(), False)
        return True
    return False


def _brace_groups(text: str) -> list[str]:
    """The top-level ``{...}`` groups of ``text`` (their insides)."""
    out, depth, start = [], 0, None
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                start = i + 1
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0 and start is not None:
                out.append(text[start:i])
    return out


def _fill_arguments(body: str, value: str, spec: str, key: str) -> str:
    """A style body with ``#1``... replaced from ``value`` read by the style's argument spec
    (``n:2``: braced groups; ``p:#1 and #2``: a pattern)."""
    if spec.startswith("n:"):
        n = int(spec[2:])
        args = _brace_groups(value) if value.strip().startswith("{") else [value]
        args += [""] * (n - len(args))
    else:
        pattern = spec[2:]
        parts = re.split(r"#(\d)", pattern)
        rx = "".join(re.escape(p) if k % 2 == 0 else "(.*?)" for k, p in enumerate(parts))
        m = re.fullmatch(r"\s*" + rx.replace(r"\ ", r"\s*") + r"\s*", value, re.S)
        if not m:
            raise FigureSyntaxError(f"value '{value}' of '{key}' does not match its pattern '{pattern}'")
        args = [g.strip() for g in m.groups()]
    for k in range(len(args), 0, -1):  # #10 before #1
        a = args[k - 1].strip()
        if a.startswith("{") and a.endswith("}") and len(_brace_groups(a)) == 1:
            a = a[1:-1]
        body = body.replace(f"#{k}", a)
    return body


def _old_place_of(st, key: str, target: str) -> tuple:
    """``place_of`` of ``<key> of=<target>`` (tikz@of): the node distance along the
    direction (diagonals at 45 degrees)."""
    dx, dy, _ = _PLACEMENT[key]
    dv, dh = st["node_distance"]
    if dx and dy:
        dv, dh = dv * math.sqrt(0.5), dh * math.sqrt(0.5)
    return (key, target, dh * dx, dv * dy)


def _rectangle_split_key(ctx, st, key, val):
    rs = dict(st.get("rect_split") or {})
    flag = val is None or val.strip() in ("", "true")
    if key == "parts":
        rs["parts"] = whole(ctx.number(val, st).value)
    elif key in ("horizontal", "ignore empty parts", "draw splits"):
        rs[{"ignore empty parts": "ignore empty"}.get(key, key)] = flag
    elif key == "part fill":
        rs["part fill"] = val or ""
    elif key in ("empty part width", "empty part height", "empty part depth") and val:
        # each use adds a rule to the empty part's box (after the library's 1ex by 1ex ones):
        # widths add up, the box is as high (deep) as its highest (deepest) rule
        v = _dim(ctx, val, st)
        rs[key] = rs.get(key, 0.0) + v if key == "empty part width" else max(rs.get(key, 0.0), v)
    elif key == "use custom fill":
        pass
    elif key == "part align" and val:  # one per part, the last for the rest (rectsplit.py)
        rs["part align"] = [a.strip() for a in val.strip().strip("{}").split(",") if a.strip()]
    else:
        ctx.note("UNSUPPORTED", f"key 'rectangle split {key}' is not interpreted", "rectangle split " + key)
    st["rect_split"] = rs


def _color(ctx, text):
    return parse_color(text, ctx.color_table)


def _apply_one(ctx, st, key, val, depth):  # noqa: C901 - one table of TikZ keys
    if st.get("tqft_path") or "tqft" in key:  # the tqft library's and package's keys (tqft.py)
        from geoverify.frontends.tikz.tqft import tqft_key
        if tqft_key(ctx, st, key, val, depth):
            return
    if key.startswith('"') and st.get("node_quotes"):  # "text" options: a label (quotes library)
        from geoverify.frontends.tikz.nodequotes import quote_label
        spec = quote_label(key, val, ctx.style("every label quotes") is not None)
        if spec is not None:
            st["labels"] = st["labels"] + (spec,)
            return
    # style definitions: name/.style={...}
    if "/." in key:
        name, _, handler = key.rpartition("/.")
        name = name.strip()
        if name.startswith("/tikz/"):
            name = name[6:]
        handler = " ".join(handler.split())
        if handler in ("style", "append style", "prefix style", "default", "initial", "code", "estyle"):
            if handler == "default":
                ctx.define_style(name + "/.default", val or "", False)
            elif handler == "code":
                ctx.note("UNSUPPORTED", f"key handler '.code' of '{name}' is not interpreted", key)
            else:
                if handler != "style" and ctx.style(name) is None:
                    # appending to a library's style: the library is loaded (a fragment's preamble)
                    _define_library_of(ctx, name)
                old = ctx.style(name) if handler == "prefix style" else None
                if old is not None:  # prepended: its keys act before the style's own (transformations too)
                    ctx.define_style(name, (val or "") + "," + (old[0] or ""), False)
                else:  # .estyle: the value was expanded with the \tikzset; it replaces the style
                    ctx.define_style(name, val or "", handler not in ("style", "estyle"))
                if handler in ("style", "estyle"):
                    ctx.define_style(name + "/.args", "", False)
            return
        if _define_arg_style(ctx, name, handler, val):
            return
        if handler == "pic":  # name/.pic={code} is pics/name/.style={code={code}} (pics.py)
            ctx.define_style("pics/" + name, "code={" + (val or "") + "}", False)
            ctx.define_style("pics/" + name + "/.args", "", False)
            return
        if handler == "tip" and name == "<->":  # pgfcorearrows: "<-> /.tip" is what < and > stand for
            _apply_one(ctx, st, ">", val, depth + 1)
            return
        if handler == "tip" and name and "[" not in name:  # name /.tip = {tips}: a shorthand in tip lists
            ctx.define_style("tip shorthand/" + name, val or "", False)
            known = (ctx.style("tip shorthands") or ("", None))[0]
            ctx.define_style("tip shorthands", known + "," + name if known else name, False)
            return
        if handler == "list":  # name/.list={a,b}: the key once per item
            for item in split_top_level(val or ""):
                if item.strip():
                    _apply_one(ctx, st, name, item.strip(), depth + 1)
            return
        ctx.note("UNSUPPORTED", f"key handler '.{handler}' is not interpreted", key)
        return
    if key.startswith("/tikz/"):
        key = key[6:]
    if key.startswith("/pgf/"):
        key = key[5:]
    st_style = ctx.style(key)
    if st_style is not None:
        body, default = st_style
        arg = val if val is not None else (default or "")
        spec = ctx.style(key + "/.args")
        text = _fill_arguments(body, arg, spec[0] if spec else "", key) if spec and spec[0] else \
            body.replace("#1", arg)
        apply_options(ctx, st, text, depth + 1)
        return
    if key.startswith("rectangle split "):  # shapes.multipart (rectsplit.py)
        _rectangle_split_key(ctx, st, key[len("rectangle split "):], val)
        return
    if key in ("start chain", "continue chain", "on chain", "join", "start branch", "continue branch"):  # chains.py
        from geoverify.frontends.tikz.chains import chain_key
        chain_key(ctx, st, key, val, lambda s2, text: apply_options(ctx, s2, text, depth + 1))
        return
    if val is None:
        if key in LINE_WIDTHS:
            st["line_width"] = LINE_WIDTHS[key]
            return
        if key in DASHES:
            st["dash"] = DASHES[key]
            return
        if key in ("draw",):
            st["draw"] = "current"
            return
        if key == "fill":
            st["fill"] = "current"
            return
        if key in _PLACEMENT:  # no value: the anchor only (an earlier shift stays, as in TikZ)
            dx, dy, anchor = _PLACEMENT[key]
            st["anchor"] = anchor
            st["place_of"] = None
            return
        if key in _TEXT_ALIGN:  # the alignment of lines in a node with a text width
            st["align"] = _TEXT_ALIGN[key]
            return
        if key in _POS_WORDS:
            st["pos"] = _POS_WORDS[key]
            return
        if key == "absolute":  # labels and pins at canvas angles (tikz@label@post)
            st["label_absolute"] = True
            return
        if key in _SHAPES or key in GATE_SHAPES or key in EE_SHAPES or key in US_SHAPES:  # (circuits*.py)
            st["shape"] = key
            return
        if key in SHAPE_KEYS:  # flags of shapes.geometric (geoshapes)
            st["shape_params"] = {**st.get("shape_params", {}), key: True}
            return
        key = _tip_shorthands(ctx, key)
        arrows = parse_arrow_spec(key, st["tip_default"])
        if arrows is not None:
            st["arrow_start"], st["arrow_end"] = arrows
            st["arrow_spec"] = (key, "arrows.meta" in ctx.libraries)  # as written (arrowtips places each head)
            return
        rgb = _color(ctx, key)
        if rgb is not None:
            _set_color(st, rgb)
            return
        if plot_key(ctx, st, key, None):  # plot handlers, no marks (plothandlers.py)
            return
        if key in _FLAGS:
            if key == "smooth cycle":
                st["smooth"] = True
            if key == "help lines":
                st["color"] = (0.5, 0.5, 0.5)
                st["line_width"] = 0.2
                return
            if _FLAGS[key] is not None:
                k, v = _FLAGS[key]
                st[k] = v
            if key in ("bend left", "bend right"):
                st["bend_value"] = st.get("bend_angle", 30.0)
                st["to_path"] = None  # the curve's to path replaces a "to path" given before
            if key == "curve to":
                st["to_path"] = None
            return
        if key in ("ultra nice", "bold", "bfseries"):
            return
        if key == "turn":  # tikz.code.tex: turn to the path's direction at the last point, shift there
            frame = st.get("turn_frame")  # (last point, unit direction), set by paths.PathWalker
            if frame is None:
                ctx.note("UNSUPPORTED", "'turn' outside a coordinate on a path is not interpreted", key)
            else:
                (lx, ly), (dx, dy) = frame
                _push_transform(st, (dx, dy, -dy, dx, lx, ly))
            return
        if key in ("bend at start", "bend at end"):  # parabola: bend pos=0 or 1, bend={+(0,0)}
            st["parabola_bend_factor"] = 0.0 if key == "bend at start" else 1.0
            st["parabola_height"] = 0.0
            return
        if key == "use as bounding box":  # the picture's box ends with this path (prose.py)
            st["use_as_bounding_box"] = True
            return
        if key == "pic actions":  # adds the draw and fill given to the pic (pics.pic_state)
            for mode, given in zip(("draw", "fill"), st.get("pic_actions") or (None, None)):
                if given is not None:
                    st[mode] = given
            return
        if key in _LOOPS:
            # tikzlibrarytopaths: loop = to the start again, looseness 8, min distance 5mm, every loop = ->;
            # "loop above" is {above,out=105,in=75,loop}: its nodes are placed above the curve
            if _LOOPS[key]:
                apply_options(ctx, st, key.split()[1], depth + 1)
            st["loop"] = True
            if _LOOPS[key]:
                st["out"], st["in"] = float(_LOOPS[key][0]), float(_LOOPS[key][1])
            st["looseness_out"] = st["looseness_in"] = 8.0
            st["min_distance"] = 5 * UNITS_PT["mm"]
            st["loop_min_distance"] = True
            st["arrow_end"] = st["arrow_end"] or ">"
            st["shorten_end"] = 1.0
            return
        if key in ("matrix", "matrix of nodes", "matrix of math nodes", "nodes in empty cells"):
            st["matrix"] = True
            st["matrix_opts"] = {**(st.get("matrix_opts") or {}), key: ""}
            return
        if key in SHADOW_PRESETS or key == "general shadow":  # the shadows library (shadows.py)
            from geoverify.frontends.tikz.shadows import shadow_key
            shadow_key(ctx, st, key, None, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
            return
        if key in GROWTH_KEYS:  # growth functions of trees (trees.py)
            from geoverify.frontends.tikz.trees import growth_key
            growth_key(ctx, st, key, None)
            return
        if key in SPY_KEYS:  # the spy library (spy.py)
            from geoverify.frontends.tikz.spy import spy_key
            spy_key(ctx, st, key, None, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
            return
        if key in MINDMAP_KEYS:  # mindmap concepts (mindmap.py)
            from geoverify.frontends.tikz.mindmap import mindmap_key
            mindmap_key(ctx, st, key, None)
            return
        if key in GATE_KEYS:  # logic gates, circuits (circuits.py)
            from geoverify.frontends.tikz.circuits import gate_key
            gate_key(ctx, st, key, None, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
            return
        if key in BACKGROUND_KEYS:  # the backgrounds library's frames (backgrounds.py)
            from geoverify.frontends.tikz.backgrounds import background_key
            background_key(ctx, st, key, None)
            return
        if key in AUTOMATA_KEYS:  # initial and accepting arrows (automata.py)
            automata_key(ctx, st, key, None)
            return
        if key.startswith("turtle"):  # the turtle library (turtle.py)
            from geoverify.frontends.tikz.turtle import turtle_key
            if turtle_key(ctx, st, key, None):
                return
        if key in THREED_KEYS or key == "shift only":  # the 3d library's planes (threed.py)
            if key == "shift only":  # \pgftransformresetnontranslations
                st["ctm"] = (1.0, 0.0, 0.0, 1.0) + tuple(st["ctm"][4:])
            else:
                threed_key(ctx, st, key, None)
            return
        if key in PERSPECTIVE_KEYS:  # the perspective library (perspective.py)
            perspective_key(ctx, st, key, None)
            return
        if key == "pattern":  # [pattern]: the default pattern (dots) fills the path
            st["_pattern"] = True
            st["fill"] = st.get("pattern_color") or (0.0, 0.0, 0.0)
            return
        if _COSMETIC.match(key):
            return
        if _library_style(ctx, st, key, val, depth):
            return
        ctx.note("UNSUPPORTED", f"unknown TikZ key '{key}' ignored", key)
        return
    # --- keys with a value ---
    k = key
    try:
        if k in _NODE_KEYS:  # the commonest keys, past the long chain below
            _node_key(ctx, st, k, val)
        elif k in _APPEARANCE_KEYS:  # (what the chain's last test, _COSMETIC, would ignore)
            pass
        elif k in SHAPE_KEYS or k in _SHAPE_KEY_PAIRS:  # shapes.geometric (geoshapes)
            names = _SHAPE_KEY_PAIRS.get(k, (k,))
            initial = SHAPE_KEYS.get(names[0])
            # "kite vertex angles=90 and 45" gives each its own value (pgf splits at "and")
            vals = val.split("and", 1) if k == "kite vertex angles" and "and" in val else [val] * len(names)
            for n, one in zip(names, vals):
                v = one.strip() not in ("false", "0") if isinstance(initial, bool) else \
                    one.strip() if isinstance(initial, str) else ctx.number(one, st).value
                st["shape_params"] = {**st.get("shape_params", {}), n: v}
        elif plot_key(ctx, st, k, val):  # bar widths, mark size and options (plothandlers.py)
            pass
        elif k in ("line width",):
            st["line_width"] = _dim(ctx, val, st)
        elif k == "pattern":  # tikzlibrarypatterns: a pattern fills the path (none: no fill)
            st["_pattern"] = val.strip() != "none"
            st["fill"] = (st.get("pattern_color") or (0.0, 0.0, 0.0)) if st["_pattern"] else None
        elif k == "pattern color":
            st["pattern_color"] = _color(ctx, val) or (0.0, 0.0, 0.0)
            if st.get("_pattern"):
                st["fill"] = st["pattern_color"]
        elif k in ("draw", "fill", "color", "text"):
            if val == "none":
                st[k if k != "color" else "color"] = None if k != "color" else st["color"]
                if k == "draw":
                    st["draw"] = None
                elif k == "fill":
                    st["fill"] = None
                return
            rgb = _color(ctx, val)
            if rgb is None:
                ctx.note("UNSUPPORTED", f"unknown colour '{val}'", k)
                rgb = (0.0, 0.0, 0.0)
            if k == "color":
                _set_color(st, rgb)
            else:
                st[k] = rgb
        elif k == "opacity":
            st["opacity"] = ctx.number(val, st).value
        elif k in ("draw opacity", "fill opacity", "text opacity"):
            st[k.replace(" ", "_")] = ctx.number(val, st).value
        elif k == "dash pattern":
            nums = re.findall(r"(on|off)\s+([-+\d.]+\s*(?:pt|cm|mm|in|bp|ex|em|sp|pc)?(?![A-Za-z])|\S+)", val)
            st["dash"] = tuple(_dim(ctx, v, st) for _, v in nums) or None
        elif k == "dash":
            st["dash"] = DASHES.get(val, st["dash"])
        elif k in ("shift",):
            p = ctx.point(val, st)
            local = G.apply(G.invert(st["ctm"]), p)
            _push_transform(st, G.translation(*local))
        elif k == "xshift":
            _push_transform(st, G.translation(_dim(ctx, val, st), 0.0))
            st["node_shift"] = st["node_shift"]
        elif k == "yshift":
            _push_transform(st, G.translation(0.0, _dim(ctx, val, st)))
        elif k == "scale":
            s = ctx.number(val, st).value
            _push_transform(st, G.scaling(s, s))
        elif k == "xscale":
            _push_transform(st, G.scaling(ctx.number(val, st).value, 1.0))
        elif k == "yscale":
            _push_transform(st, G.scaling(1.0, ctx.number(val, st).value))
        elif k == "rotate":
            st["_rotate_key"] = ctx.number(val, st).value
            _push_transform(st, G.rotation(st["_rotate_key"]))
        elif k == "xslant":
            _push_transform(st, (1.0, 0.0, ctx.number(val, st).value, 1.0, 0.0, 0.0))
        elif k == "yslant":
            _push_transform(st, (1.0, ctx.number(val, st).value, 0.0, 1.0, 0.0, 0.0))
        elif k == "rotate around":
            ang, _, pt = val.partition(":")
            p = ctx.point(pt.strip(), st)
            local = G.apply(G.invert(st["ctm"]), p)
            m = G.compose(G.translation(*local), G.compose(G.rotation(ctx.number(ang, st).value),
                                                           G.translation(-local[0], -local[1])))
            _push_transform(st, m)
        elif k == "scale around":  # tikz@doaround: shift to the point, scale, shift back
            factor, _, pt = val.partition(":")
            local = G.apply(G.invert(st["ctm"]), ctx.point(pt.strip(), st))
            f = ctx.number(factor, st).value
            _push_transform(st, G.compose(G.translation(*local), G.compose(G.scaling(f, f),
                                                                           G.translation(-local[0], -local[1]))))
        elif k in THREED_KEYS:  # rotate around x/y/z, the 3d library's planes (threed.py)
            threed_key(ctx, st, k, val)
        elif k in PERSPECTIVE_KEYS:  # the perspective library's views (perspective.py)
            perspective_key(ctx, st, k, val)
        elif k == "cm":
            parts = [p.strip() for p in split_top_level(val)]
            a, b, c, d = (ctx.number(x, st).value for x in parts[:4])
            p = ctx.point(parts[4], st) if len(parts) > 4 else (0.0, 0.0)
            # pgf's \pgftransformcm{a}{b}{c}{d}{shift}: x' = a x + c y, y' = b x + d y
            local = G.apply(G.invert(st["ctm"]), p) if len(parts) > 4 else (0.0, 0.0)
            _push_transform(st, (a, b, c, d, local[0], local[1]))
        elif k == "reset cm":
            st["ctm"] = G.IDENTITY
        elif k in ("x", "y", "z"):
            r = ctx.number(val, st) if not val.strip().startswith("(") else None
            if r is None:
                p = ctx.point(val, {**st, "ctm": G.IDENTITY})
                vec = p
            else:  # tikz@handle@x/y/z: a length (a plain number is in pt); z=<l> is the vector (l, l)
                v = r.value
                vec = {"x": (v, 0.0), "y": (0.0, v), "z": (v, v)}[k]
            st[k + "vec"] = vec
        elif k == "circle through":  # through library: a circle around the node's position (placement.py)
            st["shape"] = "circle"
            st["inner_xsep"] = st["inner_ysep"] = st["outer_sep"] = 0.0
            st["circle_through"] = ctx.point(val, st)
        elif k in ("insert path", "append after command"):  # path text run where the key stands or
            # after the node (paths.PathWalker.op_options / op_node)
            key_ = k.replace(" ", "_")
            st[key_] = (st.get(key_) or ()) + (val,)
        elif k == "bend pos":  # parabola: a relative bend counts from start + pos (end - start)
            st["parabola_bend_factor"] = ctx.number(val, st).value
        elif k == "parabola height":  # parabola: the bend this high above the middle
            st["parabola_bend_factor"] = 0.5
            st["parabola_height"] = _dim(ctx, val, st)
        elif k == "to path":  # a to operation's path, \tikztotarget etc. in it (paths.py)
            st["to_path"] = val
        elif k in ("level distance", "sibling distance"):
            st[k.replace(" ", "_")] = _dim(ctx, val, st)
            # tikz-qtree's \levelsep and \subtreesep (qtree.py) follow only keys given
            st["qtree_levelsep" if k[0] == "l" else "qtree_subtreesep"] = st[k.replace(" ", "_")]
        elif k in ("grow", "grow'"):
            from geoverify.frontends.tikz.trees import growth_angle
            st["grow"] = growth_angle(ctx, val, st)
            st["grow_swap"] = k == "grow'"
            st["grow_special"] = True  # given at a child's level: no sideways shift (trees.py)
            st["growth"] = None  # the default growth function again
        elif k in ("parent anchor", "child anchor"):
            st[k.replace(" ", "_")] = val.strip()
        elif k == "auto":
            v = (val or "").strip()
            st["auto"] = None if v == "false" else (v if v in ("left", "right") else "left")
        elif k in ("text height", "text depth"):
            st[k.replace(" ", "_")] = _dim(ctx, val, st) if val not in (None, "") else None
        elif k.startswith("rounded rectangle ") and k[18:] in ("west arc", "east arc", "left arc", "right arc",
                                                               "arc length"):  # shapes.misc (roundedrect.py)
            side = {"left arc": "west", "right arc": "east", "west arc": "west", "east arc": "east"}.get(k[18:])
            st["rr_arcs"] = {**(st.get("rr_arcs") or {}),
                             side or "arc length": val.strip() if side else ctx.number(val, st).value}
        elif k == "local bounding box":  # a scope's extent as a node (bounding.py)
            st["local_bbox"] = val.strip()
        elif k == "path picture":  # drawn inside the path (pathpicture.py)
            st["path_picture"] = val
        elif k in _PLACEMENT:
            dx, dy, anchor = _PLACEMENT[k]
            st["anchor"] = anchor
            m = _OF_TARGET.match(val)
            if m:  # positioning library: right=of A, below=1cm of B, above right=1cm and 2cm of C
                dist = m.group(1).strip()
                target = m.group(2).strip()
                # tikzlibrarypositioning: a diagonal placement shifts along both axes
                # (between the facing anchors) by "<v> and <h>", or by a single distance
                # times 0.7071 (node distance is "1cm and 1cm" unless set to one length)
                single = 0.707106781 if dx and dy else 1.0
                if dist:
                    if " and " in dist:
                        a, b = dist.split(" and ")
                        dv, dh = _dim(ctx, a, st, CM), _dim(ctx, b, st, CM)
                    else:
                        dv = dh = _dim(ctx, dist, st, CM) * single
                else:
                    dv, dh = _node_distance(st)
                    if st.get("node_distance_pair") is False:
                        dv, dh = dv * single, dh * single
                st["place_of"] = (k, target, dh * dx, dv * dy)
                st["node_shift"] = (0.0, 0.0)
            else:
                st["node_shift"] = _placement_shift(ctx, st, dx, dy, val)
                st["place_of"] = None
        elif k.endswith(" of") and k[:-3] in _PLACEMENT:
            # pre-positioning syntax "right of=A": centre to centre, node distance apart
            st["place_of"] = _old_place_of(st, k[:-3], val.strip())
            st["on_grid_old"] = True
            st["anchor"] = "center"
        elif k == "node distance":
            st["node_distance_spec"] = val
            if " and " in val:
                a, b = val.split(" and ")
                st["node_distance"] = (_dim(ctx, a, st, CM), _dim(ctx, b, st, CM))
                st["node_distance_pair"] = True
            else:
                d = _dim(ctx, val, st, CM)
                st["node_distance"] = (d, d)
                st["node_distance_pair"] = False
            if st.get("on_grid_old") and st.get("place_of") is not None:
                # "below of=A, node distance=2cm": tikz@of reads the distance when the node is
                # placed, so a later node distance (also from a style) counts
                st["place_of"] = _old_place_of(st, st["place_of"][0], st["place_of"][1])
        elif k in ("label", "pin"):
            st[k + "s"] = st[k + "s"] + (val,)
        elif k == "absolute":
            st["label_absolute"] = val.strip() != "false"
        elif k == "label distance":
            st["label_distance"] = _dim(ctx, val, st)
        elif k == "pin distance":
            st["pin_distance"] = _dim(ctx, val, st)
        elif k == "pos":
            st["pos"] = ctx.number(val, st).value
        elif k == "set":  # graphs library: the node joins a node set (placement.py; "new set" needs no state)
            st["node_sets"] = (*(st.get("node_sets") or ()), val.strip())
        elif k == "new set":
            pass
        elif k == "at":
            st["at"] = val
        elif k in ("out", "in"):
            st[k] = ctx.number(val, st).value
        elif k == "relative":  # tikzlibrarytopaths: out and in measured from the line start -- target
            st["relative_to"] = val.strip() != "false"
        elif k in _TO_DISTANCES:  # the control distances' bounds (tikz@to@set@distances)
            d = _dim(ctx, val, st)
            st["to_distances"] = {**(st.get("to_distances") or {}), **{b: d for b in _TO_DISTANCES[k]}}
            st["to_curve"] = True
        elif k in ("controls", "in control", "out control"):  # the to's control points as given
            ctl = dict(st.get("to_controls") or {})
            if k == "controls":
                first, sep, second = val.partition(" and ")
                if not sep:
                    ctx.note("UNSUPPORTED", f"cannot read 'controls={val}' (expected '<a> and <b>')", k)
                    return
                ctl.update(out=first.strip(), **{"in": second.strip()})
            else:
                ctl[k.split()[0]] = val.strip()
            st["to_controls"] = ctl
            st["to_curve"] = True
        elif k in ("bend left", "bend right"):
            st["bend"] = k.split()[1]
            st["bend_value"] = ctx.number(val, st).value
            st["to_path"] = None  # the curve's to path replaces a "to path" given before
        elif k == "bend angle":
            st["bend_angle"] = ctx.number(val, st).value
        elif k in ("looseness", "out looseness", "in looseness"):
            v = ctx.number(val, st).value
            st["to_curve"] = True  # tikz@to@switch@on: to paths become curves (out 45, in 135 by default)
            if k != "in looseness":
                st["looseness_out"] = v
            if k != "out looseness":
                st["looseness_in"] = v
            if st.get("loop_min_distance"):
                # measured with TeX: a looseness given after a loop key drops the loop's
                # min distance=5mm (with a tiny node the loop shrinks to the looseness's size)
                st["min_distance"] = None
                st["loop_min_distance"] = False
        elif k == "min distance":
            st["min_distance"] = _dim(ctx, val, st)
            st["loop_min_distance"] = False
            st["to_curve"] = True
        elif k == "radius":
            st["radius"] = val
            st["x_radius"] = st["y_radius"] = None
        elif k == "x radius":
            st["x_radius"] = val
        elif k == "y radius":
            st["y_radius"] = val
        elif k in ("start angle", "end angle", "delta angle"):
            st[k.replace(" ", "_")] = ctx.number(val, st).value
        elif k == "step":
            if val.strip().startswith("("):
                p = ctx.point(val, {**st, "ctm": G.IDENTITY})
                st["step"] = (abs(p[0]), abs(p[1]))
            else:
                d = _dim(ctx, val, st, CM)
                st["step"] = (d, d)
        elif k == "xstep":
            st["step"] = (_dim(ctx, val, st, CM), st["step"][1])
        elif k == "ystep":
            st["step"] = (st["step"][0], _dim(ctx, val, st, CM))
        elif k == "domain":
            a, _, b = val.partition(":")
            st["domain"] = (ctx.number(a, st).value, ctx.number(b, st).value)
        elif k == "samples":
            st["samples"] = whole(ctx.number(val, st).value, rounded=True)
        elif k == "samples at":
            st["samples_at"] = val
        elif k == "variable":
            st["variable"] = val.strip()
        elif k == "tension":
            st["tension"] = ctx.number(val, st).value
        elif k == "rounded corners":
            st["rounded_corners"] = _dim(ctx, val, st)
        elif k == "name path" or k == "name path global":
            st["name_path"] = val
        elif k in ("save path", "use path"):  # the soft path kept in and taken from a macro (paths.py)
            st[k.replace(" ", "_")] = val.strip()
        elif k in ("angle radius", "angle eccentricity"):  # the angles library's, for later angle pics (pics.py)
            st[k.replace(" ", "_")] = ctx.number(val, st).value
        elif k == "name intersections":  # each use names its own intersections
            st["name_intersections"] = (st.get("name_intersections") or ()) + (val,)
        elif k in ("arrows", "arrow"):
            val = _tip_shorthands(ctx, val)
            arrows = parse_arrow_spec(val, st["tip_default"])
            if arrows is not None:
                st["arrow_start"], st["arrow_end"] = arrows
                st["arrow_spec"] = (val, "arrows.meta" in ctx.libraries)
        elif k == ">":
            st["tip_default"] = _tip_name(val)
        elif k == "shorten >":
            st["shorten_end"] = _dim(ctx, val, st)
        elif k == "shorten <":
            st["shorten_start"] = _dim(ctx, val, st)
        elif k == "decoration":
            _decoration(ctx, st, val)
        elif k == "text effects" and st.get("decoration") is not None:  # keys of text effects along path
            from geoverify.frontends.tikz.decoeffects import effects_key
            deco = st["decoration"].copy()
            for kk, vv in split_options(val or ""):
                effects_key(deco, kk, vv)
            st["decoration"] = deco
        elif k == "postaction" or k == "preaction":
            expanded = _action_styles(ctx, val)
            if "decorat" in expanded:  # a style named in the action decorates (postaction=my style)
                val = expanded
            inner = dict(split_options(val))
            if "decorate" in inner or "decoration" in inner:
                if "decoration" in inner and inner["decoration"]:
                    _decoration(ctx, st, inner["decoration"])
                st["decorate"] = True
                st["decorate_post"] = True  # the path is drawn as well: markings add to it, and
                deco = st.get("decoration")  # an action that draws draws its decorated copy (shadows.py)
                from geoverify.frontends.tikz.decorations import DECORATIONS
                if deco is not None and deco.name in DECORATIONS and "decorate" in inner:
                    from geoverify.frontends.tikz.shadows import action_key
                    rest = ",".join(kk if vv is None else f"{kk}={{{vv}}}" for kk, vv in split_options(val)
                                    if kk not in ("decorate", "decoration"))
                    before = st.get("shadows") or ()
                    action_key(ctx, st, k, rest, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
                    if len(st.get("shadows") or ()) > len(before):
                        st["shadows"][-1].st["decorate_action"] = deco
            else:  # an action that draws or fills the path once more (shadows.py)
                from geoverify.frontends.tikz.shadows import action_key
                action_key(ctx, st, k, val, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
        elif k == "every node/.style":
            ctx.define_style("every node", val, False)
        elif k == "mark":
            st["mark"] = val
        elif k == "node contents":
            st["node_contents"] = val
        elif k in ("meet", "view", "slice") and st.get("_scope_opening"):  # the views library (canvas.py)
            from geoverify.frontends.tikz.canvas import view_key
            if not view_key(ctx, st, k, val):
                ctx.note("UNSUPPORTED", f"cannot read '{k}={val}' (points '(a) (b) at (c) (d)')", k)
        elif k == "transform canvas":
            if st.get("_scope_opening"):  # a scope's: its drawing is mapped at its end (canvas.py)
                from geoverify.frontends.tikz.canvas import canvas_key
                if canvas_key(ctx, st, val, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1)):
                    return
            ctx.note("APPROXIMATED", "'transform canvas' applied as an ordinary transformation", k)
            apply_options(ctx, st, val, depth + 1)
        elif k in ("label position", "pin position"):  # a label's or pin's angle when it gives none
            st[k.replace(" ", "_")] = val
        elif k == "fit":
            st["fit"] = val
            if ctx.style("every fit") is not None:  # tikz@lib@fit: every fit/.try after the fit
                apply_options(ctx, st, "every fit", depth + 1)
        elif k == "rotate fit":  # tikzlibraryfit: the node turned, fitted in the turned frame (placement.py)
            st["fit_rotate"] = ctx.number(val, st).value
            apply_options(ctx, st, f"rotate={st['fit_rotate']}", depth + 1)
        elif k in ("matrix", "nodes", "row sep", "column sep", "cells", "execute at empty cell",
                   "ampersand replacement", "matrix anchor", "execute at begin cell", "execute at end cell"):
            if k == "matrix":
                st["matrix"] = True
            elif k == "nodes":  # every node/.append style, for the nodes in this scope (a matrix's cells)
                old = st.get("nodes_style")
                st["nodes_style"] = old + "," + val if old else val
            else:  # a matrix's keys, also from a style or a scope (matrix.py); the execute keys append
                mo = st.get("matrix_opts") or {}
                add = mo.get(k, "") if k.startswith("execute at") else ""
                st["matrix_opts"] = {**mo, k: add + val}
        elif k in SHADOW_PRESETS or k == "general shadow":  # the shadows library (shadows.py)
            from geoverify.frontends.tikz.shadows import shadow_key
            shadow_key(ctx, st, k, val, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
        elif k in GROWTH_KEYS:  # growth functions of trees (trees.py)
            from geoverify.frontends.tikz.trees import growth_key
            growth_key(ctx, st, k, val)
        elif k in ("segment angle", "segment length", "segment aspect", "segment amplitude"):
            _decoration(ctx, st, f"{k[8:]}={{{val}}}")  # pgf's old snake keys (pgfmoduledecorations)
        elif k in SPY_KEYS or (k in ("size", "width", "height") and st.get("_spy_sizes")):  # spy.py
            from geoverify.frontends.tikz.spy import spy_key
            spy_key(ctx, st, k, val, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
        elif k in MINDMAP_KEYS:  # mindmap concepts (mindmap.py)
            from geoverify.frontends.tikz.mindmap import mindmap_key
            mindmap_key(ctx, st, k, val)
        elif k in GATE_KEYS:  # logic gates, circuit symbols (circuits.py)
            from geoverify.frontends.tikz.circuits import gate_key
            gate_key(ctx, st, k, val, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
        elif k in BACKGROUND_KEYS:  # the backgrounds library's frames (backgrounds.py)
            from geoverify.frontends.tikz.backgrounds import background_key
            background_key(ctx, st, k, val)
        elif k in AUTOMATA_KEYS:  # initial and accepting arrows (automata.py)
            automata_key(ctx, st, k, val)
        elif k in ANIMATION_KEYS:  # the animations library: snapshots (animations.py)
            animation_key(ctx, st, k, val, lambda s2, opts: apply_options(ctx, s2, opts, depth + 1))
        elif k == "declare function":  # "f(\a)=..; c=..;": calls expanded in expressions (interpreter.number)
            from geoverify.frontends.tikz.pgfplots_plots import parse_functions
            st["functions"] = {**(st.get("functions") or {}), **parse_functions(val)}
        elif k.startswith("turtle") and _turtle(ctx, st, k, val):  # the turtle library (turtle.py)
            pass
        elif k in DELIMITER_KEYS:  # the matrix library's delimiters (delimiters.py)
            st["delimiters"] = (st.get("delimiters") or ()) + ((k.split()[0], val.strip()),)
        elif k == "style":  # /tikz/style/.style={#1}: the value's keys, applied here
            apply_options(ctx, st, val or "", depth + 1)
        elif k == "double":  # double=<core colour>: as "double" (the two strokes share the path)
            st["double"] = True
        elif k == "allow upside down":  # sloped nodes keep a direction pointing left (\pgfallowupsidedownattime)
            st["allow_upside_down"] = val.strip() != "false"
        elif k == "execute at end picture":  # code run where the picture ends (interpreter.end_picture)
            st["at_end_picture"] = (st.get("at_end_picture") or "") + "\n" + val
        elif _COSMETIC.match(k) or k.startswith("every ") or k.startswith("execute "):
            return
        elif not _library_style(ctx, st, k, val, depth):
            ctx.note("UNSUPPORTED", f"unknown TikZ key '{k}={val}' ignored", k)
    except (ValueError, IndexError) as err:
        ctx.note("UNSUPPORTED", f"cannot read key '{k}={val}': {err}", k)


#: keys without a value that set one state entry: key -> (entry, value), or None (set otherwise)
_FLAGS = {
    "sloped": ("sloped", True), "swap": ("swap", True), "'": ("swap", True),
    "allow upside down": ("allow_upside_down", True),
    "centered": ("anchor", "center"),  # tikz.code.tex: centered/.code=\def\tikz@anchor{center}
    "smooth": ("smooth", True), "smooth cycle": ("closed_plot", True), "clip": ("clip", True),
    "on grid": ("on_grid", True), "transform shape": ("transform_shape", True),
    "auto": ("auto", "left"), "help lines": None, "double": ("double", True),
    "sharp corners": ("rounded_corners", 0.0), "rounded corners": ("rounded_corners", 4.0),
    "decorate": ("decorate", True), "missing": ("missing", True),
    "bend left": ("bend", "left"), "bend right": ("bend", "right"), "semitransparent": ("opacity", 0.5),
    "transparent": ("opacity", 0.0), "opaque": ("opacity", 1.0), "nodes near coords": None,
    # tikzlibrarytopaths: relative angles, the line and move to paths, the curve switched on
    "relative": ("relative_to", True), "line to": ("to_path", "-- (\\tikztotarget) \\tikztonodes"),
    "move to": ("to_path", "(\\tikztotarget) \\tikztonodes"), "curve to": ("to_curve", True),
}
#: the loop keys of tikzlibrarytopaths: key -> (out, in) angles, None for plain "loop"
_LOOPS = {"loop": None, "loop above": (105, 75), "loop below": (285, 255), "loop left": (195, 165),
          "loop right": (15, -15)}


#: the text family a font= key selects: the first of these commands that it holds
_FONT_FAMILIES = tuple((re.compile(re.escape(cs) + r"(?![A-Za-z])"), fam) for cs, fam in (
    ("\\bfseries", "bf"), ("\\bf", "bf"), ("\\ttfamily", "tt"), ("\\tt", "tt"), ("\\sffamily", "sf"),
    ("\\sf", "sf"), ("\\itshape", "it"), ("\\rmfamily", "rm")))
_FONTSIZE = re.compile(r"\\fontsize\{([^}]*)\}")
_BOLDMATH = re.compile(r"\\boldmath(?![A-Za-z])")
#: positioning's "<distance> of <target>" (the distance may be empty)
_OF_TARGET = re.compile(r"^(.*?)(?<![A-Za-z])of\s+(.+)$", re.S)
#: a plain font-relative length (``3em``, ``1.5 ex``)
_FONT_LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*(ex|em)\s*")


#: keys with a value of nearly every node (tkz-euclide's point styles, labels); :func:`_node_key`
#: sets them without walking the long chain of :func:`_apply_one`, whose earlier tests take none
#: of them (no shape, plot, transformation or library key is among them)
_NODE_KEYS = frozenset({"inner sep", "inner xsep", "inner ysep", "outer sep", "minimum size", "minimum width",
                        "minimum height", "text width", "align", "font", "node font", "shape", "anchor", "name",
                        "name prefix", "name suffix"})


#: keys with a value that change nothing the verifier compares, often given: they skip the chain too
_APPEARANCE_KEYS = frozenset({"line cap", "line join", "miter limit", "ball color", "shading", "shading angle",
                              "top color", "bottom color", "middle color", "left color", "right color",
                              "inner color", "outer color"})


def _node_key(ctx, st: dict, k: str, val: str) -> None:
    """Apply one of :data:`_NODE_KEYS` (with its value ``val``) to ``st``."""
    if k == "inner sep":
        st["inner_xsep"] = st["inner_ysep"] = _dim(ctx, val, st)
    elif k == "inner xsep":
        st["inner_xsep"] = _dim(ctx, val, st)
    elif k == "inner ysep":
        st["inner_ysep"] = _dim(ctx, val, st)
    elif k == "outer sep":
        st["outer_sep"] = _dim(ctx, val, st) if val not in ("auto",) else None
    elif k == "minimum size":
        st["min_width"] = st["min_height"] = _dim(ctx, val, st)
        st["min_width_spec"] = st["min_height_spec"] = _font_length(val)
    elif k == "minimum width":
        st["min_width"] = _dim(ctx, val, st)
        st["min_width_spec"] = _font_length(val)
    elif k == "minimum height":
        st["min_height"] = _dim(ctx, val, st)
        st["min_height_spec"] = _font_length(val)
    elif k == "text width":
        st["text_width"] = _dim(ctx, val, st)
    elif k == "align":
        st["align"] = val
    elif k == "font" or k == "node font":
        from geoverify.frontends.tikz.fonts import FONT_SIZES
        for cs, size in FONT_SIZES.items():
            if cs in val:
                st["font_size"] = size
        for pattern, fam in _FONT_FAMILIES:
            if pattern.search(val):
                st["bold"] = fam
                break
        m = _FONTSIZE.search(val)
        if m:
            st["font_size"] = _dim(ctx, m.group(1), st)
        if k == "node font":  # the node's own font: its shape's lengths (inner sep, sizes in em) too
            st["outer_font_size"] = st["font_size"]
        if "boldmath" in val or "+" in str(st["bold"]):  # the math version the key's fonts select
            from geoverify.frontends.tikz.fonts import BOLD_MATH
            family = (st["bold"] or "rm") if isinstance(st["bold"], str) else ("bf" if st["bold"] else "rm")
            family = family.split("+")[0]
            st["bold"] = family + BOLD_MATH if _BOLDMATH.search(val) else family
    elif k == "shape":
        st["shape"] = val
    elif k == "anchor":  # after above=of X it only changes the anchor; the position stays
        st["anchor"] = val
    elif k == "name":
        st["node_name"] = val
    elif k in ("name prefix", "name suffix"):  # nodes named in their scope get it; references try it first
        st["name_" + k[5:]] = val.strip()


def _turtle(ctx, st, key, val) -> bool:
    from geoverify.frontends.tikz.turtle import turtle_key
    return turtle_key(ctx, st, key, val)


#: tikzlibrarytopaths' distance keys -> the bounds they set (in/out, min/max)
_TO_DISTANCES = {"in min distance": ("in_min",), "in max distance": ("in_max",), "in distance": ("in_min", "in_max"),
                 "out min distance": ("out_min",), "out max distance": ("out_max",),
                 "out distance": ("out_min", "out_max"), "max distance": ("in_max", "out_max"),
                 "distance": ("in_min", "in_max", "out_min", "out_max")}


def _set_color(st: dict, rgb) -> None:
    """``color=<c>`` (or a colour's name): the colour of what follows; the stroke and fill
    colours given before it are dropped (tikz.code.tex empties ``\\tikz@strokecolor`` and
    ``\\tikz@fillcolor``), so a path drawn or filled takes ``c``."""
    st["color"] = rgb
    st.pop("draw_color", None)
    st.pop("fill_color", None)
    for k in ("draw", "fill"):
        if isinstance(st.get(k), tuple):
            st[k] = "current"


def _library_style(ctx, st, key, val, depth) -> bool:
    """A key that a TikZ library's styles define, in a figure that does not load the library
    (a fragment of a document whose preamble does): the library's styles are defined, as
    ``\\usetikzlibrary`` would, with a note, and the key is applied. False for other keys."""
    if not _define_library_of(ctx, key):
        return False
    apply_options(ctx, st, [(key, val)], depth + 1)
    return True


def _define_library_of(ctx, key) -> bool:
    """Define the styles of the library whose style ``key`` is (those the figure has not defined),
    with a note that the figure does not load it. False when no library has that style."""
    from geoverify.frontends.tikz.libstyles import LIBRARY_STYLES, library_of_style
    lib = library_of_style(key)
    if lib is None:
        return False
    for name, body in LIBRARY_STYLES[lib].items():
        if ctx.style(name) is None:  # a style the figure defined first stays
            ctx.define_style(name, body, False)
    ctx.note("NOTE", f"key '{key}' is a style of TikZ library '{lib}', which the figure does not load; "
             "the library's styles are used", key)
    return True


def _node_distance(st) -> tuple:
    """The node distance ``(vertical, horizontal)`` where a node is placed: positioning
    evaluates ``node distance=1ex`` then, in the font around the node (tikzlibrarypositioning)."""
    spec = st.get("node_distance_spec")
    parts = [_FONT_LENGTH.fullmatch(v) for v in (spec or "").split(" and ")]
    if not spec or not all(parts):  # only plain font lengths are re-read ("1ex", "2em and 1em")
        return st["node_distance"]
    from geoverify.frontends.tikz.fonts import em, ex
    size, bold = st.get("outer_font_size", 10.0), st.get("bold", False)  # the font around the node
    vals = [float(m.group(1)) * (ex(size, bold) if m.group(2) == "ex" else em(size, bold)) for m in parts]
    return (vals[0], vals[-1])


def _font_length(val: str):
    """``(number, "ex" | "em")`` of a plain font-relative length (``3em``), else None: pgf
    reads such a node size when it builds the shape, in the node's font."""
    m = _FONT_LENGTH.fullmatch(val or "")
    return (float(m.group(1)), m.group(2)) if m else None


def _placement_shift(ctx, st, dx, dy, val):
    """The node shift after ``above=<val>`` (or another placement key) without ``of``.

    Plain TikZ adds a shift by ``val`` (a length; a plain number is in pt) along both
    axes of a diagonal placement to the node's earlier shifts. The ``positioning``
    library replaces the earlier shift instead, reads plain numbers in the picture's
    x and y units, scales a single diagonal distance by 0.7071 and reads
    ``<vertical> and <horizontal>`` (tikzlibrarypositioning).
    """
    if "positioning" not in ctx.libraries:
        d = _dim(ctx, val, st)
        return (st["node_shift"][0] + dx * d, st["node_shift"][1] + dy * d)
    if " and " in val:
        a, b = val.split(" and ", 1)
        vy, vx = ctx.number(a, st), ctx.number(b, st)
        f = 1.0
    else:
        vy = vx = ctx.number(val, st)
        f = 0.707106781 if dx and dy else 1.0
    sx = vx.value if vx.units else vx.value * st["xvec"][0]
    sy = vy.value if vy.units else vy.value * st["yvec"][1]
    return (dx * f * sx, dy * f * sy)


_DECO_LENGTHS = {"amplitude": "amplitude", "segment length": "segment_length", "raise": "raise_",
                 "pre length": "pre_length", "post length": "post_length"}


def _action_styles(ctx, val: str, depth: int = 0) -> str:
    """The keys of an action (``postaction={...}``) with the styles it names replaced by their
    keys, recursively (styles with ``/.args`` kept as they are)."""
    out = []
    for kk, vv in split_options(val):
        found = ctx.style(kk) if depth < 4 else None
        spec = ctx.style(kk + "/.args") if found is not None else None
        if found is not None and not (spec and spec[0]):
            body, default = found
            out.append(_action_styles(ctx, body.replace("#1", vv if vv is not None else (default or "")), depth + 1))
        else:
            out.append(kk if vv is None else f"{kk}={{{vv}}}")
    return ",".join(out)


def _decoration(ctx, st, val):
    """``decoration={snake, amplitude=1mm}``, ``decoration={brace, mirror, raise=2pt}``,
    ``decoration={markings, mark=at position 0.5 with {\\arrow{>}}}``: the keys accumulate."""
    from geoverify.frontends.tikz.decorations import DECORATIONS, Decoration
    pairs = split_options(val)
    marks = list(st.get("markings") or [])
    deco = st["decoration"].copy() if st.get("decoration") is not None else Decoration()
    effects = False  # after "text effects/.cd": keys of text effects along path (decoeffects.py)
    for key, v in pairs:
        if key == "name" and v:
            key, v = v.strip(), None
        if key in ("text effects/.cd", "/pgf/decoration/text effects/.cd") or effects \
                or key.startswith("text effects/"):
            from geoverify.frontends.tikz.decoeffects import effects_key
            if effects or key.startswith("text effects/") and not key.endswith("/.cd"):
                effects_key(deco, key, v)
            effects = effects or key.endswith("/.cd")
            continue
        if v is None and key == "mirror":
            deco.mirror = True
        elif key == "mirror":
            deco.mirror = v.strip() != "false"
        elif key in _DECO_LENGTHS and v:
            setattr(deco, _DECO_LENGTHS[key], _dim(ctx, v, st))
        elif key == "meta-segment length" and v:  # meta-decorations (decostretch.py)
            deco.params = {**deco.params, key: _dim(ctx, v, st)}
        elif key == "aspect" and v:
            deco.aspect = ctx.number(v, st).value
        elif key == "transform" and v:  # the decoration's own transformation of each state's frame
            if v.strip().strip("{}").strip() == "shift only":
                deco.shift_only = True
            else:
                ctx.note("UNSUPPORTED", f"decoration 'transform={v.strip()}' is not applied", "decoration transform")
        elif key in ("pre", "post") and v:  # TikZ's decoration of the pre/post length
            if v.strip() in ("lineto", "moveto", "curveto"):
                setattr(deco, key + "_kind", v.strip())
            else:
                ctx.note("UNSUPPORTED", f"decoration '{key}={v.strip()}' is not applied (drawn as lineto)",
                         "decoration " + key)
        elif key == "angle" and v:
            deco.angle = ctx.number(v, st).value
            deco.params = {**deco.params, "angle": deco.angle}  # given (the mindmap library's bars default to 20)
        elif key == "reverse path":  # the decoration walks the path backwards (decorations.oriented)
            deco.params = {**deco.params, key: (v or "true").strip() != "false"}
        elif key == "mark connection node":  # markings: the path goes to and from this node (markings.py)
            deco.params = {**deco.params, key: (v or "").strip().strip("{}")}
        elif key == "end radius" and v:  # circle connection bar (mindmap.py)
            deco.params = {**deco.params, "end radius": _dim(ctx, v, st)}
        elif key in ("radius", "start radius") and v:  # waves: only the start radius is drawn
            deco.radius = _dim(ctx, v, st)
        elif key in ("text", "text align", "text color", "left indent", "right indent") \
                or key.startswith("text align/"):  # text along path (decotext.py)
            from geoverify.frontends.tikz.decotext import text_key
            text_key(deco, key, v, lambda t: _dim(ctx, t, st))
        elif key.endswith(" code") and v:  # show path construction (decoconstruction.py)
            from geoverify.frontends.tikz.decoconstruction import construction_key
            if not construction_key(deco, key, v):
                ctx.note("UNSUPPORTED", f"decoration key '{key}' is not applied", "decoration " + key)
        elif v and (key.startswith("foot ") or key == "stride length"):  # decorations.footprints (decofootprints.py)
            from geoverify.frontends.tikz.decofootprints import footprint_key
            if not footprint_key(deco, key, v, lambda t: ctx.number(t, st).value, lambda t: _dim(ctx, t, st)):
                ctx.note("UNSUPPORTED", f"decoration key '{key}' is not applied", "decoration " + key)
        elif key.startswith("shape") and key != "shape backgrounds":  # decorations.shapes (decorations.py)
            from geoverify.frontends.tikz.decorations import shape_key
            if not shape_key(ctx, deco, key, v, lambda t: _dim(ctx, t, st)):
                ctx.note("UNSUPPORTED", f"decoration key '{key}' is not applied", "decoration " + key)
        elif v is None and key != "markings" and key not in ("pre", "post"):
            from geoverify.frontends.tikz.decouser import is_declared
            deco.name = key
            if key not in DECORATIONS and not is_declared(lambda k: ctx.style(k[len("style:"):]), key):
                ctx.note("UNSUPPORTED", f"decoration '{key}' is not applied; the path is kept undecorated",
                         "decoration " + key)
    st["decoration"] = deco
    codes = list(st.get("mark_code") or [])  # marks whose code draws (markings.py)
    for key, v in pairs:
        if key == "mark" and v:
            m = re.match(r"\s*at\s+position\s+(.+?)\s+with\s*\{?(.*)\}?\s*$", v, re.S)
            if not m:
                m2 = re.match(r"\s*between\s+positions\s+(.+?)\s+and\s+(.+?)\s+step\s+(.+?)\s+with\s*(.*)$", v, re.S)
                if m2:
                    ra, rb, rs = (ctx.number(m2.group(k), st) for k in (1, 2, 3))
                    a, b, step = ra.value, rb.value, rs.value
                    body = m2.group(4)
                    tip = _marking_tip(ctx, st, body)
                    dest, what = (marks, tip) if tip else (codes, _mark_code(body))
                    if what and step > 0 and (ra.units or rb.units or rs.units):
                        # a length among them: the marks are placed along the path (emit), each
                        # bound a fraction of the path's length or, with a unit, a distance
                        dest.append((("between",) + tuple(("abs" if r.units else "frac", r.value)
                                                          for r in (ra, rb, rs)), what))
                    elif what and step > 0:
                        # pgf multiplies the path's length by each fraction as a TeX length in
                        # sp (0.1 is 6554 sp): ten steps of 0.1 pass 1, whose mark is not drawn
                        sa, sb, ss = (round(r * 65536.0) / 65536.0 for r in (a, b, step))
                        n = 0
                        while sa + n * ss <= sb + 1e-9 and n < 1000:
                            dest.append((a + n * step, what))
                            n += 1
                continue
            pos = ctx.number(m.group(1), st)
            tip = _marking_tip(ctx, st, m.group(2))
            where = pos.value if not pos.units else ("abs", pos.value)
            if tip:
                marks.append((where, tip))
            elif _mark_code(m.group(2)):
                codes.append((where, _mark_code(v[m.end(1):].lstrip()[4:])))  # after "with"
    st["markings"] = tuple(marks)
    st["mark_code"] = tuple(codes)


def _mark_code(body: str) -> str:
    """A mark's code without its braces (``{\\draw ...;}`` -> ``\\draw ...;``); empty for none."""
    s = body.strip()
    if s.startswith("{") and s.endswith("}"):
        s = s[1:-1].strip()
    elif s.startswith("{"):
        s = s[1:].strip()
    return s


#: state keys an ``\\arrow[options]`` of a mark can change (its colour, line width, opacity)
_TIP_KEYS = ("color", "draw", "draw_color", "line_width", "opacity")


def _marking_tip(ctx, st, body: str):
    """The tip of a mark ``\\arrow[options]{>}`` (``\\arrowreversed``): ``">"`` or ``"<"``, or
    ``(">", {key: value})`` with the state keys its options change; None for other code."""
    m = re.search(r"\\arrow(reversed)?\s*(\[[^\]]*\])?\s*\{(.*?)\}", body)
    if not m:
        return None
    # The tip itself may point back: ``\arrow{<}``, ``\arrow{stealth reversed}``,
    # ``\arrow{Latex[reversed]}`` (and ``\arrowreversed`` turns any tip round once more).
    spec = m.group(3).strip()
    back = spec.startswith("<") or bool(re.search(r"\breversed\b", spec))
    tip = "<" if bool(m.group(1)) != back else ">"
    if m.group(2) and m.group(2)[1:-1].strip():
        ost = dict(st)
        apply_options(ctx, ost, m.group(2)[1:-1])
        changed = {k: ost.get(k) for k in _TIP_KEYS if ost.get(k) != st.get(k)}
        if changed:
            return tip, changed
    return tip
