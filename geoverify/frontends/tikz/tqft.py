"""Cobordisms of the ``tqft`` TikZ library (``tikzlibrarytqft.code.tex``, v2.1): the ``cobordism``
pic and its keys; the node shapes of the ``tqft`` package are in :mod:`.tqft_nodes`.

``\\pic[tqft/pair of pants, name=a, ...];`` draws, in the pic's frame (y up, one ``cobordism
height`` H from the incoming to the outgoing row, ``boundary separation`` S between components,
boundary circles of radii ``circle x radius`` rx and ``circle y radius`` ry):

- incoming boundary k at ``((k-1) S, 0)`` and outgoing boundary k at ``((k-1+offset) S, -H)``,
  each an ``ellipse`` node ``-incoming boundary k`` / ``-outgoing boundary k`` (inner and outer
  sep 0, minimum size 2rx x 2ry; styles ``every boundary component``, ``every incoming boundary
  component``, ``incoming boundary component k``; skipped ones ``every skipped ...``), with the
  aliases ``-incoming boundary`` and ``-outgoing boundary`` for the first ones;
- the lower and upper half of each boundary circle as arcs (``every lower boundary component``,
  ``every incoming lower boundary component``, ``incoming lower boundary component k``; the same
  with ``upper``); ``view from=incoming`` swaps the halves;
- the outline (``cobordism``, ``pic actions``, ``cobordism outer path``) clipped to its box less
  the genus holes; the holes (``genus style``, ``genus upper``/``lower``, ``hole k``);
- the edges between components (``cobordism edge``, ``cobordism outer edge``, ``between
  incoming``/``outgoing``/``incoming and outgoing`` and the edge's own name): the inner dips
  ``.. controls +(0,-H/3) and +(0,-H/3) ..``, the outer sides with controls ``ht H`` long
  (``ht = 1/3 + 2/3 d/(d+1)`` for a shift of d components);
- coordinates ``-between incoming k-1 and k``, ``-between outgoing k and k+1``, ``-between first
  incoming and first outgoing``, ``-between last incoming and last outgoing`` (or ``between first
  incoming and last incoming`` of a cup, ``between first and last outgoing`` of a cap), ``-hole k``.

``anchor=<name>`` (one of those coordinates or boundaries) or ``anchor={(i,j)}`` (column i, row j)
puts that point at the pic's position. The library's styles ``tqft/pair of pants``, ``reverse pair
of pants``, ``cylinder``, ``cylinder to prior``, ``cylinder to next``, ``cup`` and ``cap`` set the
counts and offset; ``tqft`` applies ``every tqft`` and moves the default key path to ``/tikz/tqft``
for the rest of the option list (keys it does not know go on to ``/tikz``), as the library does
(the package's ``tqft/<shape>``, reached through ``/tikz/tqft/.unknown``, leaves the path as it is).
The whole is generated as TikZ code and run in the pic's scope (:func:`pics.run_pic_code`).
"""

from __future__ import annotations

import math
import re

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz.options import apply_options, split_options

__all__ = ["tqft_key", "draw_tqft_pic", "TQFT_SHAPE_STYLES", "tqft_values"]

#: The library's keys under /tikz/tqft with their initial values.
LIBRARY_DEFAULTS = {
    "incoming boundary components": "5", "outgoing boundary components": "4",
    "skip incoming boundary components": "", "skip outgoing boundary components": "", "genus": "0",
    "offset": "0", "cobordism height": "2cm", "boundary separation": "2cm", "circle x radius": "10pt",
    "circle y radius": "5pt", "anchor": "none",
}
#: The package's keys under /pgf/tqft (tqft.sty, node shapes) with their initial values.
PACKAGE_DEFAULTS = {
    "incoming boundary components": "5", "outgoing boundary components": "4", "offset": "0",
    "cobordism height": "2cm", "boundary separation": "2cm", "circle width": "10pt", "circle depth": "5pt",
    "outer xsep": "0pt", "outer ysep": "0pt", "flow transformation": "",
    "flow transformation south": "", "flow transformation north": "xscale=-1,rotate=180",
    "flow transformation east": "rotate=90,xscale=-1", "flow transformation west": "rotate=270",
}
#: The package's ``.code`` keys that store a style for a part of the shape.
PACKAGE_STYLE_KEYS = ("boundary style", "boundary lower style", "boundary upper style", "cobordism style")
#: Shape styles: (incoming, outgoing, offset or None to keep it).
TQFT_SHAPE_STYLES = {
    "pair of pants": (1, 2, "-.5"), "reverse pair of pants": (2, 1, ".5"), "cylinder to prior": (1, 1, "-.5"),
    "cylinder to next": (1, 1, ".5"), "cylinder": (1, 1, None), "cup": (1, 0, None), "cap": (0, 1, None),
}


# -- keys ----------------------------------------------------------------------------

def _mode(ctx) -> str:
    """``"pic"`` when the TikZ library is loaded (its ``tqft`` is a pic style), else ``"node"``
    (the package's node shapes, ``\\usepackage{tqft}``)."""
    return "pic" if "tqft" in ctx.libraries else "node"


def _update(st: dict, **changes) -> None:
    """Replace (never mutate) the state's tqft settings: states are shallow copies."""
    t = dict(st.get("tqft") or {})
    t.update(changes)
    st["tqft"] = t


def _set_value(st: dict, name: str, value: str) -> None:
    t = st.get("tqft") or {}
    _update(st, values={**(t.get("values") or {}), name: value})


def tqft_values(st: dict, mode: str) -> dict:
    """The tqft key values in state ``st`` (raw text) over the mode's initial values."""
    base = LIBRARY_DEFAULTS if mode == "pic" else PACKAGE_DEFAULTS
    return {**base, **((st.get("tqft") or {}).get("values") or {})}


def _enter(ctx, st: dict, depth: int) -> None:
    """The ``tqft`` style: the pic type (library) or node shape (package), ``every tqft``, and the
    default key path moved to the tqft keys."""
    every = ctx.style("every tqft")
    if _mode(ctx) == "pic":
        # pic type=cobordism (pics.draw_pic draws a pic without a type as a tqft cobordism), then
        # every tqft/.try in the path of the call (in the tqft path already: /tikz/tqft/every tqft)
        if every is not None and not st.get("tqft_path"):
            apply_options(ctx, st, every[0], depth + 1)
        st["tqft_path"] = True
    else:
        st["shape"] = "tqft cobordism"
        st["tqft_path"] = True  # /pgf/tqft is a family: every tqft runs in its path
        if every is not None:
            apply_options(ctx, st, every[0], depth + 1)


def _forward(ctx, st: dict, name: str, val, depth: int) -> None:
    """An unknown tqft key goes on to ``/tikz/<name>`` (the library's ``.unknown`` handler)."""
    saved = st.get("tqft_path")
    st["tqft_path"] = False
    try:
        apply_options(ctx, st, [("/tikz/" + name, val)], depth + 1)
    finally:
        st["tqft_path"] = saved


def _handler(ctx, st: dict, name: str, val, depth: int) -> None:
    """``<name>/.style`` (``.append style``, ``.prefix style``, ``.try``) under the tqft path: the
    style lives in the state, so it ends with the pic or node that defines it."""
    base, _, handler = name.rpartition("/.")
    base, handler = " ".join(base.split()), " ".join(handler.split())
    styles = dict((st.get("tqft") or {}).get("styles") or {})
    body = val or ""
    old = styles.get(base)
    if handler == "style":
        styles[base] = body
    elif handler == "append style":
        styles[base] = old + "," + body if old else body
    elif handler == "prefix style":
        styles[base] = body + "," + old if old else body
    elif handler == "initial":  # a key of its own, e.g. flow transformation <direction>
        _set_value(st, base, body)
        return
    elif handler == "try":
        if old is not None:
            _apply_local(ctx, st, old, depth)
        return
    else:
        ctx.note("UNSUPPORTED", f"key handler '.{handler}' of tqft key '{base}' is not interpreted", name)
        return
    _update(st, styles=styles)


def _apply_local(ctx, st: dict, body: str, depth: int) -> None:
    """A style defined under the tqft path, called."""
    # its keys resolve in the default path of the call (pgfkeys), which is left as it is
    apply_options(ctx, st, body, depth + 1)


def tqft_key(ctx, st: dict, key: str, val, depth: int) -> bool:
    """Apply ``key=val`` if it is a tqft key (``tqft``, ``tqft/...``, ``tqft <shape>``, or any key
    while the default path is the tqft path); False leaves it to the TikZ keys."""
    k = " ".join(key.split())
    absolute = k.startswith("/")
    if k.startswith("/tikz/"):
        k = k[6:]
    elif k.startswith("/pgf/") and k[5:].startswith("tqft"):
        k = k[5:]
    elif absolute:
        return False
    if k == "tqft" and val is None:
        _enter(ctx, st, depth)
        return True
    if k.startswith("tqft/"):
        name, explicit = k[5:].strip(), True
    elif k.startswith("tqft ") and k[5:] in TQFT_SHAPE_STYLES:
        name, explicit = k[5:], True
    elif st.get("tqft_path") and not absolute:
        name, explicit = k, False
    else:
        return False
    mode = _mode(ctx)
    if "/." in name:
        _handler(ctx, st, name, val, depth)
        return True
    v = (val or "").strip()
    if name in TQFT_SHAPE_STYLES and val is None:
        saved = st.get("tqft_path")
        _enter(ctx, st, depth)
        n_in, n_out, off = TQFT_SHAPE_STYLES[name]
        _set_value(st, "incoming boundary components", str(n_in))
        _set_value(st, "outgoing boundary components", str(n_out))
        if off is not None:
            _set_value(st, "offset", off)
        if mode == "node" and k.startswith("tqft/"):
            # the package reaches /pgf/tqft/<shape> through /tikz/tqft/.unknown, a \pgfkeys call of
            # its own: the path it moves to ends with that call
            st["tqft_path"] = saved
        return True
    known = LIBRARY_DEFAULTS if mode == "pic" else PACKAGE_DEFAULTS
    if name in known and val is not None:
        _set_value(st, name, v)
        return True
    if name == "view from":
        if v not in ("incoming", "outgoing"):
            ctx.note("UNSUPPORTED", f"tqft/view from={v}: expected incoming or outgoing", key)
        else:
            _update(st, view=v)
        return True
    styles = (st.get("tqft") or {}).get("styles") or {}
    if name in styles:
        _apply_local(ctx, st, styles[name], depth)
        return True
    if mode == "node":
        if name == "flow":
            flow = tqft_values(st, mode).get("flow transformation " + v)
            if flow is None:
                ctx.note("UNSUPPORTED", f"tqft/flow={v}: no 'flow transformation {v}' is defined", key)
            else:
                _set_value(st, "flow transformation", flow)
            return True
        if name == "outer sep" and val is not None:
            _set_value(st, "outer xsep", v)
            _set_value(st, "outer ysep", v)
            return True
        if name in PACKAGE_STYLE_KEYS:
            _update(st, styles={**styles, name + " contents": val or ""})
            return True
        if name == "boundary circle" and val is None:
            st["shape"] = "tqft boundary circle"
            return True
        if name == "use nodes":
            if v not in ("", "true"):
                ctx.note("UNSUPPORTED", "tqft/use nodes=false (the package's pics) is not interpreted", key)
            return True
    if not explicit:
        return False
    _forward(ctx, st, name, val, depth)
    return True


# -- the cobordism pic -----------------------------------------------------------------

def _p(x: float, y: float) -> str:
    return f"({x:.5f}pt,{y:.5f}pt)"


def _r(x: float, y: float) -> str:
    return f"+({x:.5f}pt,{y:.5f}pt)"


def _arc(a0: float, a1: float, rx: float, ry: float) -> str:
    return f"arc[start angle={a0:g}, end angle={a1:g}, x radius={rx:.5f}pt, y radius={ry:.5f}pt]"


def _curve(c1: tuple, c2: tuple, end: str) -> str:
    return f".. controls {_r(*c1)} and {_r(*c2)} .. {end}"


def _ints(text: str) -> set:
    out = set()
    for part in text.split(","):
        part = part.strip().strip("{}")
        if part.lstrip("-").isdigit():
            out.add(int(part))
    return out


class _Cobordism:
    """The pieces of one cobordism pic, in its frame (pt), as the library lists them."""

    def __init__(self, n_in, n_out, off, H, S, rx, ry, genus, skip_in, skip_out, view):
        self.n_in, self.n_out, self.off, self.H, self.S, self.rx, self.ry = n_in, n_out, off, H, S, rx, ry
        # \pgf@tqft@upper / \pgf@tqft@lower: the signs of the halves' start angles
        self.up = -1.0 if view == "incoming" else 1.0
        self.full: list[str] = []      # \tqft@fullpath
        self.edges: list[tuple] = []   # \tqft@blist: (style, type, path)
        self.coords: list[tuple] = []  # \tqft@clist: (name, (x, y))
        self.anchors: list[tuple] = []  # \tqft@alist
        self.holes: list[tuple] = []   # \tqft@glist: (style, side, path)
        self.inc, self.inc_skipped, self.out, self.out_skipped = [], [], [], []
        self._incoming(skip_in)
        self._outgoing(skip_out)
        self.clip = self._clip()
        if genus > 0:
            self._genus(genus)

    def _incoming(self, skip_in) -> None:
        I, O, off, H, S, rx, ry = self.n_in, self.n_out, self.off, self.H, self.S, self.rx, self.ry
        U = 180 * self.up
        ib, cib = [], []
        if I > 0:
            self.full.append(_p(-rx, 0) + " " + _arc(U, 0, rx, ry))
            self.anchors += [("-incoming boundary 1", (0.0, 0.0)), ("-incoming boundary", (0.0, 0.0))]
            for k in range(2, I + 1):
                (cib if k in skip_in else ib).append(k)
            kmo = 1
            for k in ib:
                xpos, xppos = (k - 1) * S - rx, (kmo - 1) * S + rx
                self.full.append(_curve((0, -H / 3), (0, -H / 3), _p(xpos, 0)) + " " + _arc(U, 0, rx, ry))
                self.edges.append((f"incoming boundary {k}", "incoming",
                                   _p(xppos, 0) + " " + _curve((0, -H / 3), (0, -H / 3), _p(xpos, 0))))
                self.coords.append((f"-between incoming {kmo} and {k}", ((xpos + xppos) / 2, -H / 4)))
                self.anchors.append((f"-incoming boundary {k}", (kmo * S, 0.0)))
                kmo = k
            if O > 0:
                xppos = (O - 1 + off) * S + rx
                d = abs(I - O - off)
                ht = 1 / 3 + 2 / 3 * d / (d + 1)
                self.full.append(_curve((0, -ht * H), (0, ht * H), _p(xppos, -H)))
                self.edges.append(("between last incoming and last outgoing", "incoming and outgoing",
                                   _p(I * S + rx - S, 0) + " " + _curve((0, -ht * H), (0, ht * H), _p(xppos, -H))))
                self.coords.append(("-between last incoming and last outgoing",
                                    ((xppos + (I - 1) * S + rx) / 2, -H / 2)))
            else:
                ht = 1 / 3 + 2 / 3 * (I - 1) / I
                self.full.append(_curve((0, -ht * H), (0, -ht * H), _p(-rx, 0)))
                self.edges.append(("between first incoming and last incoming", "incoming and outgoing",
                                   _p(I * S + rx - S, 0) + " " + _curve((0, -ht * H), (0, -ht * H), _p(-rx, 0))))
                self.coords.append(("-between first incoming and last incoming", ((I - 1) * S / 2, -ht * H * 3 / 4)))
        elif O > 0:
            self.full.append(_p((O - 1 + off) * S + rx, -H))
        self.inc = [1] + ib if I > 0 else []
        self.inc_skipped = cib

    def _outgoing(self, skip_out) -> None:
        I, O, off, H, S, rx, ry = self.n_in, self.n_out, self.off, self.H, self.S, self.rx, self.ry
        U = 180 * self.up
        ob, cob = [], []
        if O > 0:
            self.full.append(_arc(0, U, rx, ry))
            self.anchors += [(f"-outgoing boundary {O}", ((O - 1 + off) * S, -H)),
                             ("-outgoing boundary", (off * S, -H))]
            for k in range(2, O + 1):
                (cob if O - k + 1 in skip_out else ob).append(k)
            kmo = 1
            for k in ob:
                xpos, xppos = (O - k + off) * S + rx, (O - kmo + off) * S - rx
                nk, nkpo = O - k + 1, O - kmo + 1
                self.full.append(_curve((0, H / 3), (0, H / 3), _p(xpos, -H)) + " " + _arc(0, U, rx, ry))
                self.edges.append((f"between outgoing {nk} and {nkpo}", "outgoing",
                                   _p(xppos, -H) + " " + _curve((0, H / 3), (0, H / 3), _p(xpos, -H))
                                   + f" ++({-2 * rx:.5f}pt,0pt)"))
                self.coords.append((f"-between outgoing {nk} and {nkpo}", ((xpos + xppos) / 2, -3 * H / 4)))
                self.anchors.append((f"-outgoing boundary {nk}", (xpos - rx, -H)))
                kmo = k
            if I > 0:
                ht = 1 / 3 + 2 / 3 * abs(off) / (abs(off) + 1)
                self.full.append(_curve((0, ht * H), (0, -ht * H), _p(-rx, 0)))
                self.edges.append(("between first incoming and first outgoing", "incoming and outgoing",
                                   _p(off * S - rx, -H) + " " + _curve((0, ht * H), (0, -ht * H), _p(-rx, 0))))
                self.coords.append(("-between first incoming and first outgoing", (off * S / 2 - rx, -H / 2)))
            else:
                xppos = (O - 1 + off) * S + rx
                ht = 1 / 3 + 2 / 3 * (O - 1) / O
                self.full.append(_curve((0, ht * H), (0, ht * H), _p(xppos, -H)))
                self.edges.append(("between first and last outgoing", "incoming and outgoing",
                                   _p(off * S - rx, -H) + " " + _curve((0, ht * H), (0, ht * H), _p(xppos, -H))))
                self.coords.append(("-between first and last outgoing",
                                    ((O / 2 + off - 0.5) * S, -(1 - ht * 3 / 4) * H)))
        # the outgoing components are numbered from the right: the list runs O, O-1, ...
        self.out = [O - k + 1 for k in [1] + ob] if O > 0 else []
        self.out_skipped = [O - k + 1 for k in cob]

    def _clip(self) -> str:
        I, O, off, H, S, rx, ry = self.n_in, self.n_out, self.off, self.H, self.S, self.rx, self.ry
        left = ((min(0.0, off) if I > 0 else off) if O > 0 else 0.0) * S - 2 * rx
        right = (((max(I, O + off) if I > 0 else O + off) if O > 0 else I) - 1) * S + 2 * rx
        return f"{_p(left, 2 * ry)} rectangle {_p(right, -H - 2 * ry)}"

    def _genus(self, g: int) -> None:
        I, O, off, H, S, rx, ry = self.n_in, self.n_out, self.off, self.H, self.S, self.rx, self.ry
        us, ls = self.up, -self.up
        xpos = ((off / 2 if I > 0 else off) if O > 0 else 0.0) * S - rx
        ypos = (-H / 2 if I > 0 else -1 + H / 3) if O > 0 else -H / 3  # "-1 + H/3": the library's own
        size = ((((I + O) / 2 if I > 0 else O) if O > 0 else I) - 1) * S / rx + 2
        scale = min(1.0, size / (3 * g + 1))
        gy, gx = ry * scale * 0.707, rx * scale
        sep = (size - 2 * g * scale) / (g + 1) * rx
        om, r2 = 1 - 1 / math.sqrt(2), math.sqrt(2)
        parts = [self.clip, _p(xpos, ypos), f"++({sep / 2:.5f}pt,0pt)"]
        for k in range(1, g + 1):
            kmo = 2 * k - 1
            parts.append(f"++({sep / 2 + om * gx:.5f}pt,0pt) "
                         + f".. controls {_r(gx * r2 / 3, 4 / 3 * gy)} and {_r(-gx * r2 / 3, 4 / 3 * gy)} .. "
                         + f"++({r2 * gx:.5f}pt,0pt) "
                         + f".. controls {_r(-gx * r2 / 3, -4 / 3 * gy)} and {_r(gx * r2 / 3, -4 / 3 * gy)} .. "
                         + f"++({-r2 * gx:.5f}pt,0pt) ++({2 * gx - om * gx + sep / 2:.5f}pt,0pt)")
            x0 = xpos + k * sep + kmo * gx
            self.holes.append((f"hole {k}", "lower", _p(x0 + gx - om * gx, ypos) + " "
                               + _curve((-gx * r2 / 3, us * 4 / 3 * gy), (gx * r2 / 3, us * 4 / 3 * gy),
                                        f"++({-r2 * gx:.5f}pt,0pt)")))
            self.holes.append((f"hole {k}", "upper", _p(x0 - gx, ypos + us * gy) + " "
                               + _curve((gx * 2 / 3, ls * 8 / 3 * gy), (-gx * 2 / 3, ls * 8 / 3 * gy),
                                        f"++({2 * gx:.5f}pt,0pt)")))
            self.coords.append((f"-hole {k}", (x0, ypos)))
        self.clip = " ".join(parts)

    def shift(self, anchor: str, number) -> tuple:
        """The point ``anchor`` names (``(i,j)``: column i, row j); the origin when it names none."""
        m = re.fullmatch(r"\s*\(\s*([^,]+?)\s*,\s*([^,]+?)\s*\)\s*", anchor)
        if m:
            i, j = number(m.group(1)), number(m.group(2))
            return ((i - 1 + max(min(j, 1.0), 0.0) * self.off) * self.S, j * -self.H)
        found = (0.0, 0.0)
        for name, pt in self.coords + self.anchors:  # the last match wins, as the library's loop
            if name == "-" + anchor.strip():
                found = pt
        return found


def _styles(styles: dict, *names: str) -> str:
    """The bodies of the tqft styles ``names`` that are defined (``/tikz/tqft/<name>/.try``)."""
    return ",".join(styles[n] for n in names if styles.get(n))


def _code(cob: _Cobordism, styles: dict, shift: tuple) -> str:
    """The library's drawing of ``cob`` as TikZ code in the pic's frame."""
    H, S, rx, ry, off = cob.H, cob.S, cob.rx, cob.ry, cob.off
    U, L = 180 * cob.up, -180 * cob.up
    node = (f"ellipse,inner sep=0pt,outer sep=0pt,minimum width={2 * rx:.5f}pt,"
            f"minimum height={2 * ry:.5f}pt")
    lines = [f"\\begin{{scope}}[shift={{({-shift[0]:.5f}pt,{-shift[1]:.5f}pt)}}]"]

    def put_node(kind: str, k: int, x: float, y: float, skipped: bool) -> None:
        names = (("every skipped boundary component", f"every skipped {kind} boundary component",
                  f"skipped {kind} boundary component {k}") if skipped else
                 ("every boundary component", f"every {kind} boundary component", f"{kind} boundary component {k}"))
        extra = _styles(styles, *names)
        lines.append(f"\\node[{node}{',' + extra if extra else ''}] (-{kind} boundary {k}) at {_p(x, y)} {{}};")

    def half(kind: str, side: str, k: int, x: float, y: float, a0: float) -> None:
        extra = _styles(styles, f"every {side} boundary component", f"every {kind} {side} boundary component",
                        f"{kind} {side} boundary component {k}")
        lines.append(f"\\path[{extra}] {_p(x - rx, y)} {_arc(a0, 0, rx, ry)};")

    for k in cob.inc:
        put_node("incoming", k, (k - 1) * S, 0.0, False)
    for k in cob.inc_skipped:
        put_node("incoming", k, (k - 1) * S, 0.0, True)
    for k in cob.out:
        put_node("outgoing", k, (k - 1 + off) * S, -H, False)
    for k in cob.out_skipped:
        put_node("outgoing", k, (k - 1 + off) * S, -H, True)
    for k in cob.inc:
        half("incoming", "lower", k, (k - 1) * S, 0.0, L)
    for k in cob.out:
        half("outgoing", "lower", k, (k - 1 + off) * S, -H, L)
    outline = ",".join(x for x in (styles.get("cobordism"), "pic actions", styles.get("cobordism outer path")) if x)
    lines.append(f"\\begin{{scope}}\\path[overlay,clip] {cob.clip}; \\path[{outline}] {' '.join(cob.full)};"
                 "\\end{scope}")
    for style, side, path in cob.holes:
        extra = _styles(styles, "cobordism edge", "genus style", f"genus {side}", style, f"{style} {side}")
        keys = ",".join(x for x in (styles.get("cobordism"), "pic actions", "fill=none", extra) if x)
        lines.append(f"\\path[{keys}] {path};")
    for style, kind, path in cob.edges:
        extra = _styles(styles, "cobordism edge", "cobordism outer edge", f"between {kind}", style)
        lines.append(f"\\path[{extra}] {path};")
    for name, (x, y) in cob.coords:
        lines.append(f"\\coordinate ({name}) at {_p(x, y)};")
    for k in cob.inc:
        half("incoming", "upper", k, (k - 1) * S, 0.0, U)
    for k in cob.out:
        half("outgoing", "upper", k, (k - 1 + off) * S, -H, U)
    lines.append("\\end{scope}")
    return "\n".join(lines)


def draw_tqft_pic(interp, opts: str, st: dict, loc, name=None, at=None) -> None:
    """Draw ``\\pic[tqft/..., opts]`` (the library's ``cobordism`` pic) at canvas point ``at``."""
    from geoverify.frontends.tikz.pics import pic_state, run_pic_code
    interp.defs.begin_group()  # styles the pic's options define end with it
    try:
        pst, name = pic_state(interp, st, split_options(opts), loc, name, at)
        vals = tqft_values(pst, "pic")
        t = pst.get("tqft") or {}

        def number(text: str) -> float:
            return interp.number(text, pst).value

        try:
            n_in = int(round(number(vals["incoming boundary components"])))
            n_out = int(round(number(vals["outgoing boundary components"])))
            genus = int(round(number(vals["genus"])))
            off = number(vals["offset"])
            H, S = number(vals["cobordism height"]), number(vals["boundary separation"])
            rx, ry = number(vals["circle x radius"]), number(vals["circle y radius"])
        except GeoverifyError as err:
            interp.note("UNSUPPORTED", f"a tqft key cannot be read ({err.message}); the cobordism is not drawn",
                        "tqft", loc)
            return
        if n_in <= 0 and n_out <= 0:
            return
        if genus > 0 and rx <= 0:
            interp.note("UNSUPPORTED", "tqft genus with circle x radius 0 is not drawn", "tqft", loc)
            genus = 0
        cob = _Cobordism(n_in, n_out, off, H, S, rx, ry, genus, _ints(vals["skip incoming boundary components"]),
                         _ints(vals["skip outgoing boundary components"]), t.get("view"))
        shift = cob.shift(vals["anchor"], number)
        run_pic_code(interp, pst, _code(cob, t.get("styles") or {}, shift), loc, name)
        prefix = name or ""
        for kind in ("incoming", "outgoing"):  # pic alias=-incoming boundary on the first one
            first = interp.nodes.get(f"{prefix}-{kind} boundary 1")
            if first is not None:
                interp.nodes[f"{prefix}-{kind} boundary"] = first
    finally:
        interp.defs.end_group()
