"""Shadows (the ``shadows`` library): copies of a path drawn behind it.

``general shadow={opts}`` is a preaction (``tikzlibraryshadows.code.tex``): the
path is used once more, before it is drawn, with ``opts`` and the canvas
transformation ``scale around=<shadow scale>:(current path bounding box.center),
shift={(<shadow xshift>,<shadow yshift>)}``, so a point ``p`` goes to
``c + s (p + d - c)`` (the shift is scaled too). A preaction starts with no
draw and no fill of its own: the shadow shows what ``opts`` draw and fill.
The library's presets are general shadows:

- ``drop shadow``: shift (.5ex, -.5ex), ``opacity=.5, fill=black!50``;
- ``copy shadow``: shift (.5ex, .5ex), drawn and filled in the path's own colours
  (the current colour where the path names none);
- ``double copy shadow``: two copy shadows, the first shifted twice as far;
- ``circular drop shadow``: scale 1.1, shift (.3ex, -.3ex), ``fill=black!50``;
- ``circular glow``: scale 1.25, ``fill=black!50`` (their fuzzy fading is not modelled).

Each preset takes further options (``drop shadow={opacity=.2}``) after its own and
``every shadow``. A ``preaction`` or ``postaction`` that draws or fills (and does not
decorate) is the same with no transformation but a ``transform canvas`` shift, drawn
before or after the path (:func:`action_key`). A node's shadow is a copy of its border path, drawn even when
the node is neither drawn nor filled; a path's shadows follow its rounded corners
and decorations.
"""

from __future__ import annotations

import numpy as np

from geoverify.frontends.tikz.pathbuild import segment_controls
from geoverify.frontends.tikz.pgfmath import EX_PT

__all__ = ["SHADOW_PRESETS", "Shadow", "shadow_key", "action_key", "emit_shadows"]

#: The library's shadow styles: name -> list of (scale, xshift ex, yshift ex, copy, opacity, fill).
#: ``copy`` shadows take the path's own draw and fill; ``double copy shadow`` doubles its first shift.
SHADOW_PRESETS = {
    "drop shadow": [(1.0, 0.5, -0.5, False, 0.5, "black!50")],
    "copy shadow": [(1.0, 0.5, 0.5, True, None, None)],
    "double copy shadow": [(1.0, 0.5, 0.5, True, None, None, 2.0), (1.0, 0.5, 0.5, True, None, None)],
    "circular drop shadow": [(1.1, 0.3, -0.3, False, None, "black!50")],
    "circular glow": [(1.25, 0.0, 0.0, False, None, "black!50")],
}

#: Marks a colour a copy shadow takes from its path when that is drawn.
_FROM_PATH = "from path"


class Shadow:
    """One shadow of a path: its canvas transformation and the state it is drawn in.

    Attributes
    ----------
    scale : float
    shift : tuple of float
        pt, scaled with the shadow.
    st : dict
        The shadow's state (draw, fill, colours, line width); ``draw``/``fill``
        may be ``"from path"`` (a copy shadow).
    """

    __slots__ = ("scale", "shift", "st", "post")

    def __init__(self, scale: float, shift: tuple, st: dict, post: bool = False):
        self.scale = scale
        self.shift = shift
        self.st = st
        self.post = post  # a postaction: drawn after the path


def shadow_key(ctx, st: dict, key: str, val: str | None, apply) -> None:
    """Add the shadows of ``key`` (``general shadow`` or a preset) with options ``val`` to ``st``.

    ``apply(state, options)`` applies TikZ options to a state.
    """
    presets = SHADOW_PRESETS.get(key) or [(1.0, 0.0, 0.0, False, None, None)]
    from geoverify.frontends.tikz.options import split_options
    user = split_options(val) if val else []
    shadows = list(st.get("shadows") or ())
    for preset in presets:
        scale, xs, ys, copy, opacity, fill = preset[:6]
        factor = preset[6] if len(preset) > 6 else 1.0
        s2 = _action_state(st)
        dx, dy = xs * EX_PT, ys * EX_PT
        if copy:
            s2["draw"] = s2["fill"] = _FROM_PATH
        if opacity is not None:
            s2["opacity"] = opacity
        if fill is not None:
            apply(s2, "fill=" + fill)
        if key != "general shadow" and ctx.style("every shadow") is not None:
            apply(s2, "every shadow")
        rest = []
        for k, v in user:
            if k in ("shadow scale", "shadow xshift", "shadow yshift") and v is not None:
                if rest:
                    apply(s2, rest)
                    rest = []
                if k == "shadow scale":
                    scale = ctx.number(v, s2).value
                else:
                    r = ctx.number(v, s2)  # a plain number is in the picture's x (y) unit
                    if k == "shadow xshift":
                        dx = r.value if r.units else r.value * s2["xvec"][0]
                    else:
                        dy = r.value if r.units else r.value * s2["yvec"][1]
            else:
                rest.append((k, v))
        if rest:
            apply(s2, rest)
        shadows.append(Shadow(scale, (factor * dx, factor * dy), s2))
    st["shadows"] = tuple(shadows)


def _action_state(st: dict) -> dict:
    """A preaction's starting state: the path's, without its draw, fill and path-only effects."""
    s2 = dict(st)
    s2["draw"] = s2["fill"] = None
    s2["shadows"] = None
    s2["decorate"] = False
    s2["markings"] = None
    s2["arrow_start"] = s2["arrow_end"] = None
    return s2


def action_key(ctx, st: dict, key: str, val: str, apply) -> None:
    """``preaction={opts}`` / ``postaction={opts}`` without a decoration: when ``opts`` draw or
    fill, the path is drawn once more with them (before, or after, the path itself)."""
    s2 = _action_state(st)
    apply(s2, val)
    if s2["draw"] is None and s2["fill"] is None:
        return
    shift = (0.0, 0.0)
    if "transform canvas" in val:  # a canvas shift moves the action's copy of the path
        from geoverify.frontends.tikz.options import split_options
        canvas = {**_action_state(st), "ctm": (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)}
        for k, v in split_options(val):
            if k == "transform canvas":
                apply(canvas, v or "")
        m = canvas["ctm"]
        if max(abs(m[0] - 1), abs(m[1]), abs(m[2]), abs(m[3] - 1)) > 1e-12:
            ctx.note("UNSUPPORTED", f"a 'transform canvas' other than a shift in a {key} is not applied to its "
                     "copy of the path", key)
        else:
            shift = (m[4], m[5])
    st["shadows"] = tuple(st.get("shadows") or ()) + (Shadow(1.0, shift, s2, key == "postaction"),)


def emit_shadows(scene, subpaths, st: dict, common: dict, post: bool = False) -> None:
    """Add the shadows (and pre-actions; with ``post`` the post-actions) of ``st`` for the
    path ``subpaths`` (:mod:`.pathbuild` subpaths, canvas pt)."""
    from geoverify.frontends.tikz.emit import path_style
    from geoverify.scene.primitives import BezierPath, Subpath

    parts = [(np.concatenate([segment_controls(s) for s in sp.segs]), sp.closed) for sp in subpaths if sp.segs]
    if not parts:
        return
    allpts = np.concatenate([c.reshape(-1, 2) for c, _ in parts])
    centre = (allpts.min(axis=0) + allpts.max(axis=0)) / 2
    for sh in st.get("shadows") or ():
        if sh.post != post:
            continue
        s2 = dict(sh.st)
        for k in ("draw", "fill"):
            if s2[k] == _FROM_PATH:  # a copy shadow: the path's colour, else the current one
                s2[k] = st[k] if st[k] not in (None, _FROM_PATH) else "current"
        draw, fill = s2["draw"] is not None, s2["fill"] is not None
        if not (draw or fill):
            continue
        style = path_style(s2, draw, fill)
        shift = np.asarray(sh.shift, dtype=np.float64)
        src = parts
        if s2.get("decorate_action") is not None:  # postaction={decorate, draw}: the decorated path
            from geoverify.frontends.tikz.decorations import decorate_pieces, path_pieces
            pieces = path_pieces(subpaths)
            src = [(np.concatenate([segment_controls(s) for s in sp.segs]), sp.closed)
                   for sp in (decorate_pieces(pieces, s2["decorate_action"]) if pieces else []) if sp.segs]
        moved = [Subpath(centre + sh.scale * (c + shift - centre), closed) for c, closed in src]
        scene.add(BezierPath(parts=moved, style=style, **common))
