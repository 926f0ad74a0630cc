"""Turn a built TikZ path into scene primitives.

Each subpath becomes the most specific primitive that is exact for it: a full
circle or ellipse -> :class:`Circle`/:class:`Ellipse` (a small filled circle
-> :class:`Dot`), a single arc -> :class:`Arc`, straight segments only ->
:class:`Polyline`, anything else -> :class:`BezierPath`. Arrow tips become
:class:`Arrow` primitives at the ends of the last open subpath (a start tip
points backwards, out of the path) and ``decorations.markings`` arrows become
``Arrow(position="mid")`` with the path tangent at that fraction of its length.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz.arrowtips import (bar_offsets, barb_outlines, head_outlines, split_tip_lists, tip_offsets,
                                                uses_meta)
from geoverify.frontends.tikz.colors import to_hex
from geoverify.frontends.tikz.corners import round_corners
from geoverify.frontends.tikz.decorations import DECORATIONS, decorate_pieces, path_pieces
from geoverify.frontends.tikz.geometry import ellipse_arc, ellipse_axes, point_at_fraction
from geoverify.frontends.tikz.options import parse_arrow_spec
from geoverify.frontends.tikz.pathbuild import PathBuilder, segment_controls, segment_tangent
from geoverify.scene.primitives import Arc, Arrow, BezierPath, Circle, Dot, Ellipse, Polyline, Style
from geoverify.scene.primitives import Subpath as SceneSubpath

__all__ = ["path_style", "emit_path", "DOT_MAX_RADIUS"]

#: A filled circle up to this radius (pt) is a dot (TikZ figures mark points with 1-3 pt).
DOT_MAX_RADIUS = 4.0


def path_style(st: dict, draw: bool, fill: bool) -> Style:
    """Scene style of a path drawn (and/or filled) in state ``st``."""
    color = st["color"]
    stroke = None
    if draw:
        d = st["draw"]
        stroke = to_hex((st.get("draw_color") or color) if d in (None, "current") else d)
    fill_c = None
    if fill:
        f = st["fill"]
        fill_c = to_hex((st.get("fill_color") or color) if f in (None, "current") else f)
    return Style(stroke=stroke, stroke_width=float(st["line_width"]) if draw else 0.0,
                 dash=tuple(st["dash"]) if st["dash"] else None, fill=fill_c, opacity=float(st["opacity"]))


def _subpath_primitive(sp, style, common):
    segs = sp.segs
    kinds = {s[0] for s in segs}
    if kinds == {"E"} and len(segs) == 1:
        _, c, u, v = segs[0]
        rx, ry, rot, _, _ = ellipse_axes(u, v)
        if abs(rx - ry) <= 1e-9 * max(rx, 1.0):
            if style.fill is not None and rx <= DOT_MAX_RADIUS:
                return Dot(center=c, radius=rx, style=style, **common)
            return Circle(center=c, radius=rx, style=style, **common)
        if abs(rx - ry) <= 1e-9 * max(rx, 1.0):
            rot = 0.0
        return Ellipse(center=c, rx=rx, ry=ry, rotation=rot, style=style, **common)
    if kinds == {"A"} and len(segs) == 1 and not sp.closed:
        _, c, u, v, t0, t1 = segs[0]
        rx, ry, rot, start, sweep = ellipse_arc(c, u, v, t0, t1)
        if abs(rx - ry) <= 1e-9 * max(rx, 1.0):
            start += rot
            rot = 0.0
        return Arc(center=c, rx=rx, ry=ry, start=start, sweep=sweep, rotation=rot, style=style, **common)
    if kinds == {"L"}:
        pts = [segs[0][1]] + [s[2] for s in segs]
        if sp.closed and len(pts) > 2 and math.hypot(pts[-1][0] - pts[0][0], pts[-1][1] - pts[0][1]) < 1e-9:
            pts = pts[:-1]
        return Polyline(points=np.array(pts, dtype=np.float64), closed_flag=sp.closed, style=style, **common)
    ctrl = np.concatenate([segment_controls(s) for s in segs])
    return BezierPath(parts=[SceneSubpath(ctrl, sp.closed)], style=style, **common)


def _degenerate(sp) -> bool:
    """A subpath of lines and curves that never leaves its start (a comb tooth of height
    zero, say): it encloses nothing and its stroke has no length, so nothing shows."""
    segs = sp.segs
    if any(s[0] not in ("L", "C") for s in segs):
        return False
    # the control points of lines and curves are their written points: their spread, with an
    # early way out (a path that goes anywhere does so at once; plots have thousands of segments)
    x0 = x1 = float(segs[0][1][0])
    y0 = y1 = float(segs[0][1][1])
    for s in segs:
        for p in s[1:]:
            x, y = float(p[0]), float(p[1])
            x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
            if x1 - x0 >= 1e-9 or y1 - y0 >= 1e-9:
                return False
    return True


def _is_head(tip: str | None) -> bool:
    return tip is not None and not tip.startswith("!")


def _shorten_segs(segs: list, amount: float, at_end: bool) -> list:
    """``segs`` with the end (or start) segment shortened by ``amount``.

    An arc (or ellipse) is a chain of cubics in pgf's soft path, so its last (first)
    cubic is the one shortened; the arc becomes those cubics (``"C"`` segments)."""
    k = -1 if at_end else 0
    seg = segs[k]
    if seg[0] in ("A", "E"):
        pieces = [("C",) + tuple(tuple(p) for p in c) for c in segment_controls(seg)]
        pieces[k] = _shorten(pieces[k], amount, at_end)
        return segs[:-1] + pieces if at_end else pieces + segs[1:]
    out = list(segs)
    out[k] = _shorten(seg, amount, at_end)
    return out


def _shorten(seg, amount: float, at_end: bool):
    """``shorten >``/``shorten <``: pgf moves the end point by ``amount`` towards the
    neighbouring point of the segment; a curve's control points stay (pgf's quick
    shortening, pgfcorepathusage; only the ``bending`` library cuts curves precisely)."""
    if seg[0] == "L":
        p0, p1 = np.asarray(seg[1]), np.asarray(seg[2])
        d = p1 - p0
        n = float(np.hypot(*d))
        if n <= amount or n == 0:
            return seg
        if at_end:
            return ("L", tuple(p0), tuple(p1 - d / n * amount))
        return ("L", tuple(p0 + d / n * amount), tuple(p1))
    if seg[0] == "C":
        p0, c1, c2, p1 = (np.asarray(x, dtype=float) for x in seg[1:])
        if at_end:
            d = c2 - p1 if np.hypot(*(c2 - p1)) > 1e-9 else p0 - p1
            n = float(np.hypot(*d))
            v = d / n * amount if n else 0 * d
            return ("C", tuple(p0), tuple(c1), tuple(c2), tuple(p1 + v))
        d = c1 - p0 if np.hypot(*(c1 - p0)) > 1e-9 else p1 - p0
        n = float(np.hypot(*d))
        v = d / n * amount if n else 0 * d
        return ("C", tuple(p0 + v), tuple(c1), tuple(c2), tuple(p1))
    return seg


def emit_path(scene, path: PathBuilder, st: dict, *, draw: bool, fill: bool, source, panel: int,
              name: str | None = None, clipped: bool = False, bbox_proxies: dict | None = None) -> list[int]:
    """Add the primitives of ``path`` to ``scene``; returns their indices.

    ``bbox_proxies``, when given, maps the ``id`` of each drawn tip pgf leaves out of the
    picture's bounding box (old-style tips: :attr:`~.tipshapes.TipShape.in_bbox`) to what
    stands for it there: ``(the path's end as written (2,), half the path's line width)``
    (pgf's box has the path before its tips shorten it, widened by half its line width)."""
    for sp in path.subpaths:
        if path.radius is not None and (sp.radii is None or len(sp.radii) == len(sp.segs)):
            if sp.radii is not None:  # each corner as its segment was drawn (PathBuilder.radius)
                sp.segs = round_corners(sp.segs, sp.closed, sp.radii)
        elif st.get("rounded_corners"):
            sp.segs = round_corners(sp.segs, sp.closed, float(st["rounded_corners"]))
    deco = st.get("decoration")
    if st.get("decorate") and not st.get("decorate_post") and deco is not None and deco.name in DECORATIONS:
        # pgf decorates the path with its corners already rounded; tips go on the decorated ends
        pieces = path_pieces(path.subpaths)
        if st.get("shape_params"):  # shape backgrounds draw the path's shapes.geometric shape
            deco = deco.copy()
            deco.shape_params = st["shape_params"]
        path.subpaths = decorate_pieces(pieces, deco) if pieces else []
    actions = st.get("shadows")
    if actions:  # preactions: drawn behind the path, before its tips shorten it
        from geoverify.frontends.tikz.shadows import emit_shadows
        acommon = {"source": source, "panel": panel, "name": None, "clipped": clipped}
        emit_shadows(scene, path.subpaths, st, acommon)
        if not draw and not fill:  # a path used only by its actions
            emit_shadows(scene, path.subpaths, st, acommon, post=True)
            return []
    if st.get("shorten_end") or st.get("shorten_start"):
        open_subs = [sp for sp in path.subpaths if sp.segs and not sp.closed]
        if open_subs:
            if st.get("shorten_end"):
                sp = open_subs[-1]
                sp.segs = _shorten_segs(sp.segs, st["shorten_end"], True)
            if st.get("shorten_start"):
                sp = open_subs[-1]
                sp.segs = _shorten_segs(sp.segs, st["shorten_start"], False)
    style = path_style(st, draw, fill)
    common = {"source": source, "panel": panel, "name": name, "clipped": clipped}
    # the tips sit at the ends as written; dots, brackets and heads then cut the line back (a
    # path without tips or an arrow specification, most of them, has none of these to look for)
    tipped = draw and bool(st["arrow_start"] or st["arrow_end"] or st.get("arrow_spec"))
    written_ends = [(sp.segs[0], sp.segs[-1]) if sp.segs else None for sp in path.subpaths] if tipped else []
    dots = _dot_tips(path, st, style.stroke_width) if tipped else []
    barbs = _barbs(path, st, style.stroke_width) if tipped else []
    heads = _heads(path, st, style.stroke_width) if tipped else []
    out = []
    carrier_of = {}
    tips = st["arrow_start"] or st["arrow_end"]
    for k, sp in enumerate(path.subpaths):
        if not sp.segs or (not tips and _degenerate(sp)):
            continue
        prim = _subpath_primitive(sp, style, common)
        idx = scene.add(prim)
        carrier_of[k] = idx
        out.append(idx)
    if actions:  # postactions: drawn over the path
        emit_shadows(scene, path.subpaths, st, acommon, post=True)
    if not out or not draw:
        return out
    for centre, radius, filled in dots:
        out.append(scene.add(Circle(center=centre, radius=radius, style=Style(
            stroke=style.stroke, stroke_width=style.stroke_width, fill=style.stroke if filled else None,
            opacity=style.opacity), **common)))
    # arrow tips on the last open subpath
    a_start, a_end = st["arrow_start"], st["arrow_end"]
    lists = _tip_lists(st, style.stroke_width) if (a_start or a_end) else None
    if lists is None:
        lists = ([(a_start, 0.0)] if _is_head(a_start) else [], [(a_end, 0.0)] if _is_head(a_end) else [])
    if lists[0] or lists[1]:
        for k in range(len(path.subpaths) - 1, -1, -1):
            sp = path.subpaths[k]
            if sp.segs and not sp.closed:
                arrow_style = Style(stroke=style.stroke, stroke_width=style.stroke_width, fill=style.stroke,
                                    opacity=style.opacity)
                if lists[1]:
                    seg = written_ends[k][1]
                    fwd = np.asarray(segment_tangent(seg, 1.0), dtype=float)
                    end = np.asarray(_seg_end(seg), dtype=float)
                    for name, back in lists[1]:
                        d = -fwd if ("<" in name or "reversed" in name) else fwd
                        out.append(scene.add(Arrow(tip=end - back * _unit(fwd), direction=d, position="end",
                                                   carrier=carrier_of[k], style=arrow_style, **common)))
                if lists[0]:
                    seg = written_ends[k][0]
                    fwd = np.asarray(segment_tangent(seg, 0.0), dtype=float)
                    start = np.asarray(_seg_start(seg), dtype=float)
                    for name, back in lists[0]:
                        d = fwd if (name == ">" or "reversed" in name) else -fwd
                        out.append(scene.add(Arrow(tip=start + back * _unit(fwd), direction=d, position="start",
                                                   carrier=carrier_of[k], style=arrow_style, **common)))
                break
    out += _emit_bars(scene, path, st, style, common) if tipped else []
    if barbs:
        barb_style = Style(stroke=style.stroke, stroke_width=style.stroke_width, opacity=style.opacity)
        for kind, pts in barbs:
            if kind == "L":
                out.append(scene.add(Polyline(points=pts, style=barb_style, **common)))
            else:
                ctrl = np.array([pts[i:i + 4] for i in range(0, len(pts) - 1, 3)])
                out.append(scene.add(BezierPath(parts=[SceneSubpath(ctrl, False)], style=barb_style, **common)))
    for shape, pieces, written_end in heads:
        head_style = Style(stroke=style.stroke if shape.line_width > 0 else None, stroke_width=shape.line_width,
                           fill=_head_fill(shape, style), opacity=style.opacity)
        out.append(scene.add(_head_primitive(shape, pieces, head_style, common)))
        if not shape.in_bbox and bbox_proxies is not None:
            bbox_proxies[id(scene.primitives[out[-1]])] = (written_end, style.stroke_width / 2)
    marks = st.get("markings")
    if marks and st.get("decorate"):
        ctrl = np.concatenate([segment_controls(s) for sp in path.subpaths for s in sp.segs])
        total = None
        if any(isinstance(pos, tuple) for pos, _ in marks):
            from geoverify.frontends.tikz.geometry import sample_cubics
            total = float(sample_cubics(ctrl, 32)[1][-1])
            marks = [m for pos, tip in marks for m in _between_marks(pos, tip, total)]
        for pos, tip in marks:
            if isinstance(pos, tuple):  # absolute distance along the path
                frac = pos[1] / total if total > 0 else 0.0
                if frac < 0:
                    frac = 1.0 + frac
            else:
                frac = pos if pos >= 0 else 1.0 + pos
            p, d = point_at_fraction(ctrl, frac)
            tip_style = style
            if isinstance(tip, tuple):  # \arrow[options]: its own colour or line width
                tip, changed = tip
                tip_style = path_style({**st, **changed}, True, False)
            if tip == "<":
                d = -d
            arrow_style = Style(stroke=tip_style.stroke, stroke_width=tip_style.stroke_width, fill=tip_style.stroke,
                                opacity=tip_style.opacity)
            out.append(scene.add(Arrow(tip=p, direction=d, position="mid", carrier=out[0], style=arrow_style,
                                       **common)))
    return out


def _between_marks(pos, tip, total: float) -> list:
    """``mark=between positions a and b step s`` with a length among a, b, s: the marks at
    a, a + s, ... up to b, as distances along the path (``("abs", d)``); a fraction is of
    the path's length and a negative bound counts from the end. Other marks stay."""
    if not (isinstance(pos, tuple) and pos[0] == "between"):
        return [(pos, tip)]

    def dist(bound):
        kind, v = bound
        d = v * total if kind == "frac" else v
        return total + d if d < 0 else d

    a, b = dist(pos[1]), dist(pos[2])
    step = pos[3][1] * total if pos[3][0] == "frac" else pos[3][1]
    out = []
    d = a
    while step > 0 and d <= b + 1e-6 and len(out) < 1000:
        out.append((("abs", d), tip))
        d += step
    return out


def _unit(v):
    n = float(np.hypot(v[0], v[1]))
    return v / n if n > 0 else v


def _tip_lists(st: dict, line_width: float):
    """``(start heads, end heads)``, each ``[(name, distance before the end), ...]``, from the
    arrow specification as written (``<<->|``: an end has heads when any of its tips is one);
    None when it is not known or not understood (the one tip each end has is used then)."""
    spec, meta = st.get("arrow_spec") or (None, False)
    if not spec or parse_arrow_spec(spec, st["tip_default"]) != (st["arrow_start"], st["arrow_end"]):
        return None
    lists = split_tip_lists(spec)
    if lists is None:
        return None
    meta = meta or uses_meta(lists)
    out = []
    for text, at_start in ((lists[0], True), (lists[1], False)):
        heads = tip_offsets(text, st["tip_default"], line_width, at_start, meta) if text.strip() else []
        if heads is None:
            return None
        out.append(heads)
    return tuple(out)


def _emit_bars(scene, path: PathBuilder, st: dict, style: Style, common: dict) -> list[int]:
    """The bars (``|-|``, ``|<->|``) of the arrow specification: strokes across the ends of
    the last open subpath (:func:`~geoverify.frontends.tikz.arrowtips.bar_offsets`)."""
    spec, meta = st.get("arrow_spec") or (None, False)
    if not spec or "|" not in spec and "Bar" not in spec:
        return []
    if parse_arrow_spec(spec, st["tip_default"]) != (st["arrow_start"], st["arrow_end"]):
        return []
    lists = split_tip_lists(spec)
    sp = next((sp for sp in reversed(path.subpaths) if sp.segs and not sp.closed), None)
    if lists is None or sp is None:
        return []
    w = style.stroke_width
    bar_style = Style(stroke=style.stroke, stroke_width=w, opacity=style.opacity)
    out = []
    for text, at_start in ((lists[0], True), (lists[1], False)):
        if not text.strip():
            continue
        seg = sp.segs[0] if at_start else sp.segs[-1]
        fwd = _unit(np.asarray(segment_tangent(seg, 0.0 if at_start else 1.0), dtype=float))
        end = np.asarray(_seg_start(seg) if at_start else _seg_end(seg), dtype=float)
        inward = fwd if at_start else -fwd
        normal = np.array([-fwd[1], fwd[0]])
        for back, half in bar_offsets(text, st["tip_default"], w, at_start, meta):
            c = end + back * inward
            out.append(scene.add(Polyline(points=np.array([c - half * normal, c + half * normal]),
                                          style=bar_style, **common)))
    return out


def _barbs(path: PathBuilder, st: dict, lw: float) -> list:
    """The brackets and parentheses (``[-)``, ``Bracket``, ``Parenthesis``) at the ends of the
    last open subpath as ``(kind, points)`` (:func:`~geoverify.frontends.tikz.arrowtips.barb_outlines`);
    the subpath is cut back under them, as pgf does."""
    spec, meta = st.get("arrow_spec") or (None, False)
    if not spec or not any(c in spec for c in "[]()") and "Bracket" not in spec and "Parenthesis" not in spec:
        return []
    if parse_arrow_spec(spec, st["tip_default"]) != (st["arrow_start"], st["arrow_end"]):
        return []
    lists = split_tip_lists(spec)
    sp = next((sp for sp in reversed(path.subpaths) if sp.segs and not sp.closed), None)
    if lists is None or sp is None:
        return []
    out = []
    for text, at_start in ((lists[0], True), (lists[1], False)):
        if not text.strip():
            continue
        pieces, cut = barb_outlines(text, st["tip_default"], lw, at_start, meta)
        if not pieces:
            continue
        end, inward, left = _tip_frame(sp, at_start)
        for kind, pts in pieces:
            q = np.asarray(pts, dtype=float)
            out.append((kind, end + q[:, :1] * inward + q[:, 1:] * left))
        if cut > 0:
            sp.segs = _shorten_segs(sp.segs, cut, not at_start)
    return out


def _tip_frame(sp, at_start: bool):
    """Where a tip at the start (or end) of subpath ``sp`` sits: the end point, the unit
    direction into the path and the unit vector left of the outward direction, each (2,)."""
    seg = sp.segs[0] if at_start else sp.segs[-1]
    fwd = _unit(np.asarray(segment_tangent(seg, 0.0 if at_start else 1.0), dtype=float))
    end = np.asarray(_seg_start(seg) if at_start else _seg_end(seg), dtype=float)
    inward = fwd if at_start else -fwd
    return end, inward, np.array([inward[1], -inward[0]])


def _heads(path: PathBuilder, st: dict, lw: float) -> list:
    """The arrows.meta tips (Stealth, Latex, Triangle, Kite, Square, Circle, To ...) at the ends
    of the last open subpath as ``(shape, pieces, end as written (2,))``, their outlines placed as pgf draws them
    (:func:`~geoverify.frontends.tikz.arrowtips.head_outlines`); the subpath is cut back to
    the outermost tip's line end, as pgf does."""
    spec, meta = st.get("arrow_spec") or (None, False)
    if not spec or parse_arrow_spec(spec, st["tip_default"]) != (st["arrow_start"], st["arrow_end"]):
        return []
    lists = split_tip_lists(spec)
    sp = next((sp for sp in reversed(path.subpaths) if sp.segs and not sp.closed), None)
    if lists is None or sp is None:
        return []
    meta = meta or uses_meta(lists)
    out = []
    for text, at_start in ((lists[0], True), (lists[1], False)):
        if not text.strip():
            continue
        heads, cut = head_outlines(text, st["tip_default"], lw, at_start, meta)
        if not heads:
            continue
        end, inward, left = _tip_frame(sp, at_start)
        for shape, pieces in heads:
            placed = []
            for kind, pts in pieces:
                q = np.asarray(pts, dtype=float)
                placed.append((kind, end + q[:, :1] * inward + q[:, 1:] * left))
            out.append((shape, placed, np.asarray(end, dtype=float)))
        if cut > 0:
            sp.segs = _shorten_segs(sp.segs, cut, not at_start)
    return out


def _head_fill(shape, style: Style):
    if not shape.filled or not shape.closed:
        return None
    if shape.fill:
        try:
            return to_hex(shape.fill)
        except Exception:  # a colour expression the converter does not read: the line's colour
            return style.stroke
    return style.stroke


def _head_primitive(shape, pieces: list, style: Style, common: dict):
    """One primitive for a tip's outline: a closed polygon, or one path of cubics."""
    if all(kind == "L" for kind, _ in pieces) and len(pieces) == 1:
        pts = pieces[0][1]
        closed = shape.closed and len(pts) > 2 and float(np.hypot(*(pts[-1] - pts[0]))) < 1e-9
        return Polyline(points=pts[:-1] if closed else pts, closed_flag=closed, style=style, **common)
    segs = []
    for kind, pts in pieces:
        if kind == "L":
            for p0, p1 in zip(pts[:-1], pts[1:]):
                segs.append(np.array([p0, p0 + (p1 - p0) / 3, p0 + 2 * (p1 - p0) / 3, p1]))
        else:
            segs += [np.asarray(pts[i:i + 4]) for i in range(0, len(pts) - 1, 3)]
    return BezierPath(parts=[SceneSubpath(np.array(segs), shape.closed)], style=style, **common)


def _dot_tips(path: PathBuilder, st: dict, lw: float) -> list:
    """The ``*`` (filled) and ``o`` (open) tips of the arrows library at the ends of the
    last open subpath: ``(centre (2,), radius, filled)`` each; the subpath is shortened
    under them, as pgf does.

    pgflibraryarrows.code.tex: with ``a = 0.4pt + 0.2 line width``, the circle has radius
    ``4.5a`` and its centre is ``4.5a + line width / 2`` in from the path's end; the line
    stops ``1.5a + line width / 2`` (``*``) or ``9a + line width / 2`` (``o``) before the end.
    """
    ends = [(st["arrow_end"], True), (st["arrow_start"], False)]
    if not any(t in ("!*", "!o") for t, _ in ends):
        return []
    sp = next((sp for sp in reversed(path.subpaths) if sp.segs and not sp.closed), None)
    if sp is None:
        return []
    a = 0.4 + 0.2 * lw
    out = []
    for tip, at_end in ends:
        if tip not in ("!*", "!o"):
            continue
        seg = sp.segs[-1] if at_end else sp.segs[0]
        point = np.asarray(_seg_end(seg) if at_end else _seg_start(seg), dtype=float)
        tangent = np.asarray(segment_tangent(seg, 1.0 if at_end else 0.0), dtype=float)
        outward = _unit(tangent if at_end else -tangent)
        out.append((point - (4.5 * a + 0.5 * lw) * outward, 4.5 * a, tip == "!*"))
        cut = (1.5 * a if tip == "!*" else 9.0 * a) + 0.5 * lw
        sp.segs = _shorten_segs(sp.segs, cut, at_end)
    return out


def _seg_start(seg):
    if seg[0] in ("L", "C"):
        return seg[1]
    from geoverify.frontends.tikz.pathbuild import segment_point
    return segment_point(seg, 0.0)


def _seg_end(seg):
    if seg[0] == "L":
        return seg[2]
    if seg[0] == "C":
        return seg[4]
    from geoverify.frontends.tikz.pathbuild import segment_point
    return segment_point(seg, 1.0)
