"""Initial and accepting arrows of the automata library (``tikzlibraryautomata.code.tex``).

``initial`` (``initial by arrow``) on a state draws, after the node, an edge from a
point ``initial distance`` (3ex) beyond the node's border at ``initial where``
(left: angle 180) to the node, starting at a rectangle node holding ``initial text``
("start") anchored on the far side (east for left). ``accepting by arrow`` draws the
edge the other way, from the node to such a point, with ``accepting text`` (empty)
at its end. The library writes both as ``after node path`` edges with
``[->, double=none, every initial by arrow]``; here the same path is run through the
interpreter once the node is placed, the node bound to a reserved name.
``initial by diamond`` is the diamond shape; ``accepting by double`` is a style of
:mod:`~geoverify.frontends.tikz.libstyles`.
"""

from __future__ import annotations

from geoverify.frontends.tikz.pathpicture import run_with_node

__all__ = ["AUTOMATA_KEYS", "automata_key", "draw_automata_arrows"]

_WHERE = {"above": (90, "south"), "below": (270, "north"), "left": (180, "east"), "right": (0, "west")}
_KIND_DEFAULTS = {"initial": ("start", "left"), "accepting": ("", "right")}

#: Keys of the library this module sets (flags and valued keys).
AUTOMATA_KEYS = frozenset(
    ["initial", "initial by arrow", "accepting by arrow", "initial by diamond"]
    + [f"{kind} {where}" for kind in _KIND_DEFAULTS for where in _WHERE]
    + [f"{kind} {what}" for kind in _KIND_DEFAULTS for what in ("text", "where", "distance")])

#: The name the node is bound to while its arrow is drawn (no figure can write it).
_NAME = "automata@state"


def automata_key(ctx, st: dict, key: str, val: str | None) -> None:
    """Apply the automata key ``key`` (value ``val``, None for a flag) to state ``st``."""
    if key == "initial by diamond":
        st["shape"] = "diamond"
        return
    kind, _, rest = key.partition(" ")
    if rest in ("text", "where", "distance"):
        if val is None:
            ctx.note("UNSUPPORTED", f"key '{key}' needs a value", key)
            return
        if rest == "where" and val.strip() not in _WHERE:
            ctx.note("UNSUPPORTED", f"'{key}={val}': not above, below, left or right", key)
            return
        st[f"{kind}_{rest}"] = val.strip() if rest != "text" else val
        return
    st[f"{kind}_arrow"] = True
    if rest in _WHERE:
        st[f"{kind}_where"] = rest


def draw_automata_arrows(interp, node, nst: dict, loc) -> None:
    """Draw the initial and accepting arrows that ``nst`` asks of the placed ``node``."""
    for kind in ("initial", "accepting"):
        if not nst.get(f"{kind}_arrow"):
            continue
        text_default, where_default = _KIND_DEFAULTS[kind]
        angle, anchor = _WHERE[nst.get(f"{kind}_where") or where_default]
        text = nst.get(f"{kind}_text")
        text = text_default if text is None else text
        distance = nst.get(f"{kind}_distance") or "3ex"
        far = f"([shift=({angle}:{distance})]{_NAME}.{angle}) node[shape=rectangle,anchor={anchor}] {{{text}}}"
        body = f"{far} -- ({_NAME})" if kind == "initial" else f"({_NAME}) -- {far}"
        every = f",every {kind} by arrow" if interp.defs.get(f"style:every {kind} by arrow") else ""
        edge = "every edge" if interp.defs.get("style:every edge") else "draw"
        run_with_node(interp, f"\\path[{edge},->,double=none{every}] {body};", _NAME, node, loc)
