"""pgfplots three-dimensional axes (an ``axis`` with ``\\addplot3``).

The rules are pgfplots' own (``pgfplots.scaling.code.tex``,
``pgfplotscoordprocessing.code.tex``, ``pgfplots.code.tex``):

- view: ``view={az}{el}`` (default ``{25}{30}``) gives the unit directions
  ``x = (cos az, -sin az sin el)``, ``y = (sin az, cos az sin el)``,
  ``z = (0, cos el)``; ``x dir=reverse`` flips one. With ``scale mode=stretch
  to fill`` each direction spans its axis range (the box is a cube in data
  terms) and the horizontal and vertical components are scaled so that the
  projected box is ``width - 45pt`` by ``height - 45pt`` (as in 2D);
- limits: the data; ``enlargelimits=auto`` widens only z, by 10 %;
- the view direction ``n = (-sin az cos el, cos az cos el, -sin el)`` decides
  which box faces lie behind the data: edges with a face behind are drawn
  (nine for a general view), each with the ticks of its axis pointing into the
  box along both other directions; ``grid`` lines lie on the faces behind;
- tick labels sit on one edge of the projected box's outline per axis (the
  lower one for x and y, the left one for z) with pgfplots' ``near ticklabel``
  anchor: the anchor the inner normal points to, slid along the axis so that
  the node's centre lies on the normal through the tick; axis labels likewise
  at ``ticklabel cs:0.5`` beyond the tick labels (``zlabel`` rotated by 90);
- plots: ``surf`` and ``mesh`` as one closed patch per mesh cell (``surf``
  filled; ``shader=faceted`` also drawn), other plots as projected lines and
  marks (:func:`~geoverify.frontends.tikz.pgfplots_draw.draw_plot`).

TikZ statements in the axis use ``axis cs`` in three dimensions (the picture's
x, y and z vectors are the data unit vectors).
"""

from __future__ import annotations

import dataclasses

import math
import re

import numpy as np

from geoverify.errors import GeoverifyError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.pgfplots import Axis, _num
from geoverify.frontends.tikz.pgfplots3d_center import center_lines, crossing, draw_center_axes, line_point
from geoverify.frontends.tikz.pgfplots3d_equal import scale_uniformly, widen_limits
from geoverify.frontends.tikz.pgfplots3d_view import TICK_LEN as _TICK_LEN
from geoverify.frontends.tikz.pgfplots3d_view import near_ticklabel_offset, unit as _unit, view_vectors
from geoverify.frontends.tikz.pgfplots_contour import contour_lines, place_contour_labels
from geoverify.frontends.tikz.pgfplots_draw import draw_plot
from geoverify.frontends.tikz.pgfplots_options import usable_range
from geoverify.frontends.tikz.pgfplots_plots import Plot, without_addplots
from geoverify.frontends.tikz.pgfplots_quiver import Quiver
from geoverify.frontends.tikz.pgfplots_ticks import format_number, split_number_format
from geoverify.frontends.tikz.tex import Reader
from geoverify.scene.primitives import Polyline

__all__ = ["Axis3D", "KNOWN_KEYS_3D", "is_three_d"]

#: axis keys interpreted by the 3D axis besides the 2D ones
KNOWN_KEYS_3D = {"view", "zmin", "zmax", "zlabel", "ztick", "zticklabels", "z dir", "zlabel style",
                 "z tick label style", "zticklabel style", "y domain", "domain y", "enlarge z limits",
                 "zmajorgrids", "ztick align", "view/h", "view/v", "view/az", "view/el", "z post scale",
                 "ztick distance",
                 "xticklabel pos", "yticklabel pos", "zticklabel pos", "ticklabel pos", "z label style",
                 "samples y", "variable", "variable y", "mesh/rows", "mesh/cols", "mesh/ordering", "surf",
                 "mesh", "shader", "tickwidth", "3d box"}

_INNER = 3.333
_AXES = "xyz"


def is_three_d(body) -> bool:
    """Whether an axis body holds an ``\\addplot3`` (pgfplots then draws a 3D axis)."""
    for i, t in enumerate(body):
        if t[0] == "\\addplot":
            j = i + 1
            while j < len(body) and body[j][0] == " ":
                j += 1
            if j < len(body) and body[j][0] == "3":
                return True
    return False


class Axis3D(Axis):
    """An ``axis`` with ``\\addplot3``: a projected box, its ticks, labels and plots."""

    # -- limits and size -------------------------------------------------------
    def limits(self):
        interp, kv = self.interp, self.kv
        self.log.setdefault("z", (kv.get("zmode") or "").strip() == "log")
        self.reverse.setdefault("z", (kv.get("z dir") or "").strip() == "reverse")
        if self.log["z"] or self.log["x"] or self.log["y"]:
            interp.note("UNSUPPORTED", "log axes in 3D are drawn linearly", "zmode", self.loc)
        data = [p.points for p in self.plots if p.three_d and len(p.points)]
        data += [p.quiver.ends for p in self.plots if p.three_d and p.quiver is not None and p.quiver.update_limits]
        pts = np.vstack(data) if data else np.zeros((0, 3))
        pts = pts[np.all(np.isfinite(pts), axis=1)]
        self.data_upper = set()
        self.auto_lim = {}
        for i, a in enumerate(_AXES):
            lo = _num(interp, kv[a + "min"], self.st) if kv.get(a + "min") else None
            hi = _num(interp, kv[a + "max"], self.st) if kv.get(a + "max") else None
            auto_lo, auto_hi = lo is None, hi is None
            if lo is None:
                lo = float(pts[:, i].min()) if len(pts) else (hi - 1.0 if hi is not None else 0.0)
            if hi is None:
                hi = float(pts[:, i].max()) if len(pts) else lo + 1.0
            lo, hi, changed = usable_range(lo, hi)
            if changed:
                auto_lo = auto_hi = False
            mode, star = self.mode(a)
            enl = kv.get(f"enlarge {a} limits", kv.get("enlargelimits", "auto"))
            enl = "true" if enl is None else enl.strip()
            boxed = mode in ("box", "none") or star
            do_lo = do_hi = False
            frac = 0.1
            if enl == "auto":
                if a == "z" and boxed:
                    do_lo, do_hi = auto_lo, auto_hi
            elif enl in ("true", "upper", "lower"):
                do_lo, do_hi = enl in ("true", "lower"), enl in ("true", "upper")
            elif enl != "false":
                try:
                    frac = _num(interp, enl, self.st)
                    do_lo = do_hi = True
                except GeoverifyError:
                    interp.note("UNSUPPORTED", f"enlargelimits={enl} in 3D is not interpreted", "enlargelimits",
                                self.loc)
            if auto_hi and not do_hi:
                self.data_upper.add(a + "max")
            rng = hi - lo
            lo, hi = lo - (frac * rng if do_lo else 0.0), hi + (frac * rng if do_hi else 0.0)
            self.auto_lim[a] = (auto_lo, auto_hi)
            setattr(self, a + "min", lo)
            setattr(self, a + "max", hi)

    def lim(self, a):
        return getattr(self, a + "min"), getattr(self, a + "max")

    def view(self):
        """(azimuth, elevation) in degrees."""
        az, el = 25.0, 30.0
        for key, v in self.kv.items():  # in the order given: view/h (= view/az) after view={..}{..} wins
            v = (v or "").strip()
            if not v:
                continue
            if key == "view":
                m = re.fullmatch(r"\{([^{}]*)\}\s*\{([^{}]*)\}", v)
                if m:
                    az, el = _num(self.interp, m.group(1), self.st), _num(self.interp, m.group(2), self.st)
                else:
                    self.interp.note("UNSUPPORTED", f"view={v} is not interpreted", "view", self.loc)
            elif key in ("view/h", "view/az"):
                az = _num(self.interp, v, self.st)
            elif key in ("view/v", "view/el"):
                el = _num(self.interp, v, self.st)
        return az, el

    def size(self):
        interp, kv, st = self.interp, self.kv, self.st
        W = interp.number(kv["width"], st).value if kv.get("width") else None
        H = interp.number(kv["height"], st).value if kv.get("height") else None
        if W is None:
            W = 240.0 if H is None else H * 240.0 / 207.0
        if H is None:
            H = W * 207.0 / 240.0
        if not self.flag("scale only axis"):
            W, H = W - 45.0, H - 45.0
        for k in ("x", "y", "z", "plot box ratio", "unit vector ratio", "scale mode"):
            if k in kv and (kv[k] is None or kv[k].strip() not in ("", "false")):  # flags have no value
                interp.note("UNSUPPORTED", f"'{k}' of a 3D axis is not interpreted", k, self.loc)
        equal = "image" if self.flag("axis equal image") else "keep" if self.flag("axis equal") else None
        self.az, self.el = self.view()
        vec, n = view_vectors(self.az, self.el)
        for i, a in enumerate(_AXES):
            if self.reverse[a]:
                vec[i] = -vec[i]
        u = np.zeros((3, 2))
        if equal:  # unit vector ratio=1 1 1: scale mode=scale uniformly
            k, grow = scale_uniformly(vec, [self.lim(a)[1] - self.lim(a)[0] for a in _AXES], W, H)
            for i, a in enumerate(_AXES):
                u[i] = vec[i] * k
                if equal == "keep":
                    lo, hi = widen_limits(*self.lim(a), grow[i], *self.auto_lim[a])
                    setattr(self, a + "min", lo)
                    setattr(self, a + "max", hi)
        else:
            bw = float(np.abs(vec[:, 0]).sum())
            bh = float(np.abs(vec[:, 1]).sum())
            sx = W / bw if bw > 1e-12 else 1.0
            sy = H / bh if bh > 1e-12 else 1.0
            for i, a in enumerate(_AXES):
                lo, hi = self.lim(a)
                u[i] = (vec[i, 0] * sx / (hi - lo), vec[i, 1] * sy / (hi - lo))
        for i, a in enumerate(_AXES):
            f = kv.get(a + " post scale") or kv.get("scale")
            if f:
                u[i] *= _num(interp, f, st)
        self.u = u
        self.n3 = n
        # which side (0: min, 1: max) of each axis is the box face behind the data
        self.back = {}
        for i, a in enumerate(_AXES):
            pos = n[i] > 1e-12 if not self.reverse[a] else n[i] < -1e-12
            self.back[a] = 1 if pos else 0
        self.origin = (0.0, 0.0)
        corners = np.array([self.P3(*self.corner(a, b, c)) for a in (0, 1) for b in (0, 1) for c in (0, 1)])
        lo = corners.min(axis=0)
        self.origin = (-float(lo[0]), -float(lo[1]))
        self.W, self.H = W, H
        self.sx = self.sy = 1.0

    def place(self):
        if self.kv.get("at") or self.kv.get("anchor"):
            self.interp.note("UNSUPPORTED", "'at'/'anchor' of a 3D axis is not interpreted", "at", self.loc)
        self.ox, self.oy = 0.0, 0.0

    # -- geometry ---------------------------------------------------------------
    def corner(self, sx, sy, sz):
        return (self.lim("x")[sx], self.lim("y")[sy], self.lim("z")[sz])

    def P3(self, x, y, z):
        """Picture coordinates (pt) of a data point."""
        u = self.u
        return (self.origin[0] + x * u[0, 0] + y * u[1, 0] + z * u[2, 0],
                self.origin[1] + x * u[0, 1] + y * u[1, 1] + z * u[2, 1])

    def project(self, pts):
        """Picture coordinates ``(N, 2)`` of data points ``(N, 3)``."""
        return np.asarray(pts, dtype=float) @ self.u + np.array(self.origin)

    def edge_point(self, a, sides, v):
        """The point at value ``v`` of axis ``a`` on the box edge at ``sides`` (0/1 for the
        two other axes, in x, y, z order)."""
        i = _AXES.index(a)
        others = [b for b in _AXES if b != a]
        q = [0.0, 0.0, 0.0]
        q[i] = v
        for b, s in zip(others, sides):
            q[_AXES.index(b)] = self.lim(b)[s]
        return self.P3(*q)

    def face_behind(self, b, s):
        return self.back[b] == s

    def box_choice(self):
        """``3d box``: ``background`` (pgfplots' default), ``complete`` (the key without a
        value) or ``complete*``."""
        if "3d box" not in self.kv:
            return "background"
        v = (self.kv.get("3d box") or "complete").strip()
        if v not in ("background", "complete", "complete*"):
            self.interp.note("UNSUPPORTED", f"3d box={v} is not interpreted", "3d box", self.loc)
            return "background"
        return v

    def drawn_edges(self, a):
        """Sides ``(s1, s2)`` of the edges of axis ``a`` with a face behind the data; every
        edge with ``3d box=complete`` (\\pgfplots@draw@axis@post draws the faces in front too,
        with their ticks)."""
        others = [b for b in _AXES if b != a]
        every = self.box_choice() != "background"
        return [(s1, s2) for s1 in (0, 1) for s2 in (0, 1)
                if every or self.face_behind(others[0], s1) or self.face_behind(others[1], s2)]

    def ticklabel_edge(self, a):
        """The edge of axis ``a`` that gets tick labels (``\\pgfplots@init@ticklabelaxisspecfor``):
        of the two edges on the outline, the first (sides 00, else 10) when its middle lies
        strictly below (x, y) or left of (z) the box's centre, else the other one;
        ``{a}ticklabel pos=upper/right`` the other way round."""
        others = [b for b in _AXES if b != a]

        def on_hull(e):
            return self.face_behind(others[0], e[0]) != self.face_behind(others[1], e[1])
        first, other = ((0, 0), (1, 1)) if on_hull((0, 0)) else ((1, 0), (0, 1))
        if not on_hull(first):
            return None
        k = 0 if a == "z" else 1
        lo, hi = self.lim(a)
        c = (lo + hi) / 2
        below = self.edge_point(a, first, c)[k] < (self.edge_point(a, first, c)[k] +
                                                   self.edge_point(a, other, c)[k]) / 2 - 1e-9
        pos = (self.kv.get(a + "ticklabel pos") or self.kv.get("ticklabel pos") or "").strip()
        if pos in ("upper", "right", "top"):
            return other if below else first
        return first if below else other

    def hidden(self, a):
        """Whether axis ``a`` points at the viewer (a zero projected unit vector, as z in
        ``view={0}{90}``): pgfplots then hides it."""
        return math.hypot(*self.u[_AXES.index(a)]) * (self.lim(a)[1] - self.lim(a)[0]) < 1e-6

    def dir2(self, a):
        """Unit canvas direction of increasing ``a``."""
        return _unit(self.u[_AXES.index(a)])

    def outer_normal(self, a, sides):
        others = [b for b in _AXES if b != a]
        v = [0.0, 0.0]
        for b, s in zip(others, sides):
            d = self.dir2(b)
            sign = 1.0 if s == 1 else -1.0
            v[0] += sign * d[0]
            v[1] += sign * d[1]
        return _unit(v)

    # -- drawing ------------------------------------------------------------------
    def stroke_state(self, color, width, key=None):
        st = dict(self.interp.st)
        st.update(draw="current", fill=None, dash=None, arrow_start=None, arrow_end=None)
        st["color"], st["line_width"] = color, width
        for k in ((key,) if isinstance(key, str) else key or ()):
            if self.kv.get(k):
                self.interp.apply_options(st, self.kv[k])
        return st

    def decorate_and_draw(self, body):
        interp, kv = self.interp, self.kv
        base = self.st["ctm"]
        saved = interp.st
        saved_box = getattr(interp, "axis_box", None)
        for key in ("axis lines", "axis lines*", "axis x line", "axis y line", "axis z line",
                    "xtick pos", "ytick pos", "ztick pos"):  # axis on top: the drawing order only
            if key in kv and not (key.startswith("axis lines") and center_lines(self)[0]):
                interp.note("UNSUPPORTED", f"'{key}' of a 3D axis is not interpreted", key, self.loc)
        try:
            interp.st = dict(saved)
            hidden = self.flag("hide axis") or (kv.get("axis lines") or "").strip() == "none"
            ticks = {a: self.ticks3(a) for a in _AXES} if not hidden else {}
            centered, star = center_lines(self)
            if not hidden:
                self.grid3(ticks)
                if centered:
                    draw_center_axes(self, ticks, star)
                else:
                    self.box_and_ticks(ticks)
            for p in self.plots:
                self.draw_plot3(p)
            labels = self.tick_labels3(ticks) if not hidden else {}
            self.set_description_frames(labels)
            self.axis_labels3(labels)
            self.title3()
            if self.legend_texts:
                self.legend3()
            # other statements in 3D axis coordinates
            interp.axis_box = (self.xmin, self.xmax, self.ymin, self.ymax, self.zmin, self.zmax)
            interp.st = dict(saved)
            interp.st["ctm"] = G.compose(base, (1.0, 0.0, 0.0, 1.0, self.origin[0], self.origin[1]))
            interp.st["xvec"], interp.st["yvec"], interp.st["zvec"] = (tuple(self.u[0]), tuple(self.u[1]),
                                                                      tuple(self.u[2]))
            rest = without_addplots(body)
            interp.statements(Reader(rest, interp.defs, interp.budget, interp.source), None)
        finally:
            interp.st = saved
            interp.axis_box = saved_box
            interp.axis_description = interp.ticklabel_frames = interp.ticklabel_extents = None

    def set_description_frames(self, labels):
        """``axis description cs`` (the projected box's bounding box) and ``xticklabel cs`` (``y``,
        ``z``: the edge holding an axis' tick labels from its lower to its upper limit, its outer
        normal and the largest tick dimen) for the statements in the axis."""
        base, interp = self.st["ctm"], self.interp
        interp.axis_description = (G.apply(base, (self.ox, self.oy)), G.apply_linear(base, (self.W, 0.0)),
                                   G.apply_linear(base, (0.0, self.H)))
        frames, extents = {}, {}
        for a in _AXES:
            edge, n_out, dist = labels.get(a, (None if self.hidden(a) else self.ticklabel_edge(a), None, 0.0))
            if edge is None:
                continue
            n_out = n_out or self.outer_normal(a, edge)
            lo, hi = self.lim(a)
            p, q = self.edge_point(a, edge, lo), self.edge_point(a, edge, hi)
            nx, ny = G.apply_linear(base, n_out)
            norm = math.hypot(nx, ny) or 1.0
            frames[a] = (G.apply(base, p), G.apply_linear(base, (q[0] - p[0], q[1] - p[1])), (nx / norm, ny / norm))
            extents[a] = dist
        interp.ticklabel_frames, interp.ticklabel_extents = frames, extents

    def ticks3(self, a):
        """``ticks(a)`` of the 2D axis with this axis' length: the projected edge of ``a``."""
        lo, hi = self.lim(a)
        length = math.hypot(*self.u[_AXES.index(a)]) * (hi - lo)
        if self.hidden(a):
            return np.zeros(0), None, np.zeros(0), 0
        self.kv.setdefault("try min ticks", "3")  # pgfplots' every 3d description
        saved = (self.xmin, self.xmax, self.ymin, self.ymax, self.W, self.H)
        try:
            if a == "z":
                self.ymin, self.ymax = self.zmin, self.zmax
                self.log.setdefault("z", False)
                self.H = length
            elif a == "x":
                self.W = length
            else:
                self.H = length
            try:
                major, labels, minor, scale = self.ticks(a)
                if a + "tick" not in self.kv:
                    # automatic ticks beyond a limit: measured, TeX keeps one 0.018 % of the range
                    # outside (sin sampled to 0.99964) and drops one 0.0325 % outside (x^2 - y^2
                    # sampled to 3.9974): a tighter cut than the 2D slack
                    slack = 3e-4 * (hi - lo)
                    keep = (major >= lo - slack) & (major <= hi + slack)
                    major = major[keep]
                return major, labels, minor, scale
            except (ValueError, IndexError):
                self.interp.note("UNSUPPORTED", f"{a}tick={self.kv.get(a + 'tick')} in 3D is not interpreted",
                                 a + "tick", self.loc)
                return np.zeros(0), None, np.zeros(0), 0
        finally:
            self.xmin, self.xmax, self.ymin, self.ymax, self.W, self.H = saved

    def grid3(self, ticks):
        g = (self.kv.get("grid") or "").strip()
        if g not in ("major", "both") and not any(self.flag(a + "majorgrids") for a in _AXES):
            if g in ("minor",):
                self.interp.note("UNSUPPORTED", "minor grid lines of 3D axes are not drawn", "grid", self.loc)
            return
        st = self.stroke_state((0.75, 0.75, 0.75), 0.4, ("grid style", "major grid style"))
        # the face behind, orthogonal to c; with 3d box=complete* the face in front too
        faces = [(c, self.back[c]) for c in _AXES] + \
            ([(c, 1 - self.back[c]) for c in _AXES] if self.box_choice() == "complete*" else [])
        for c, s in faces:
            for a in _AXES:
                if a == c or not (g in ("major", "both") or self.flag(a + "majorgrids")):
                    continue
                b = next(x for x in _AXES if x not in (a, c))
                for v in ticks[a][0]:
                    ends = []
                    for sb in (0, 1):
                        q = {a: v, b: self.lim(b)[sb], c: self.lim(c)[s]}
                        ends.append(self.P3(q["x"], q["y"], q["z"]))
                    self.line(ends, st, construct="grid")

    def box_and_ticks(self, ticks):
        kv = self.kv
        st = self.stroke_state((0.0, 0.0, 0.0), 0.4, "axis line style")
        tst = self.stroke_state((0.5, 0.5, 0.5), 0.2, "tick style")
        tick_len = kv.get("major tick length") or kv.get("tickwidth")  # tickwidth: its older name
        length = _num(self.interp, tick_len, self.st) if tick_len else _TICK_LEN
        for a in _AXES:
            lo, hi = self.lim(a)
            others = [b for b in _AXES if b != a]
            align = (kv.get(a + "tick align") or kv.get("tick align") or "inside").strip()
            for sides in ([] if self.hidden(a) else self.drawn_edges(a)):
                self.line([self.edge_point(a, sides, lo), self.edge_point(a, sides, hi)], st,
                          construct="axis lines")
                for v in ticks[a][0] if length else ():
                    p = self.edge_point(a, sides, v)
                    for b, s in zip(others, sides):
                        d = self.dir2(b)
                        inward = -1.0 if s == 1 else 1.0
                        if align == "outside":
                            t0, t1 = 0.0, -inward * length
                        elif align == "center":
                            t0, t1 = -length / 2, length / 2
                        else:
                            t0, t1 = 0.0, inward * length
                        self.line([(p[0] + t0 * d[0], p[1] + t0 * d[1]), (p[0] + t1 * d[0], p[1] + t1 * d[1])],
                                  tst, construct="ticks")

    def place_near(self, text, at, n_out, d, opts, angle=0.0, opposite=False, align="center"):
        """A node with ``anchor=near ticklabel`` (``opposite``: ``near ticklabel opposite``)
        at picture point ``at``; returns its text primitives."""
        from geoverify.frontends.tikz.placement import _node_size
        nst = self.interp.node_state(self.interp.st, opts)
        _box, _w, _ww, _h, _d, _ixs, hw, hh, _outer = _node_size(nst, "rectangle", text)
        n = n_out if opposite else (-n_out[0], -n_out[1])
        off = near_ticklabel_offset(n, d, hw, hh, angle, align)
        x, y = at[0] + off[0], at[1] + off[1]
        rot = f",rotate={angle:g}" if angle else ""
        return [p for p in self.tikz(f"\\node[{opts}{rot},anchor=center] at ({x:.5f}pt,{y:.5f}pt) {{{text}}};")
                if hasattr(p, "text")]

    def tick_labels3(self, ticks):
        out = {}
        for a in _AXES:
            major, labels, _minor, scale = ticks[a]
            edge = None if self.hidden(a) else self.ticklabel_edge(a)
            if edge is None or not len(major):
                continue
            n_out = self.outer_normal(a, edge)
            d = self.dir2(a)
            style = ",".join(s for s in (self.styles.get("tick label style"), self.styles.get("ticklabel style"),
                                         self.styles.get(f"{a} tick label style"),
                                         self.styles.get(f"{a}ticklabel style")) if s)
            number_format, style = split_number_format(style)
            opts = "inner sep=3.333pt" + ("," + style if style else "")
            centered = center_lines(self)[0]
            align = (self.kv.get(a + "tick align") or self.kv.get("tick align") or
                     ("center" if centered else "inside")).strip()
            shift = {"outside": _TICK_LEN, "center": _TICK_LEN / 2}.get(align, 0.0)
            cross = crossing(self)[a]
            lo, hi = self.lim(a)
            prims = []
            for i, v in enumerate(major):
                if centered and abs(v - cross) <= 1e-9 * max(1.0, abs(hi - lo)):
                    continue  # no tick (and label) where the centred lines cross
                if labels is not None:
                    if i >= len(labels):
                        break
                    text = labels[i]
                    if text is None:
                        continue
                else:
                    text = format_number(v / 10.0 ** scale, **number_format)
                p = line_point(self, a, v) if centered else self.edge_point(a, edge, v)
                at = (p[0] + shift * n_out[0], p[1] + shift * n_out[1])
                prims += [(q, p) for q in self.place_near(text, at, n_out, d, opts)]
            if scale:
                self.interp.note("APPROXIMATED", f"the {a} tick scale label (10^{scale}) is not drawn",
                                 "scaled ticks", self.loc)
            out[a] = (edge, n_out, self.largest_tick_dimen(prims, n_out))
        return out

    def largest_tick_dimen(self, labels, n_out):
        """pgfplots' ``largest tick dimen``: the farthest reach of a tick label's box (inner sep
        included) beyond its tick along the outer normal; ``labels``: (text primitive, tick
        point) pairs in picture coordinates."""
        inv = G.invert(self.interp.st["ctm"])
        dist = 0.0
        for prim, tick in labels:
            lo = G.apply(inv, (prim.box[0], prim.box[1]))
            hi = G.apply(inv, (prim.box[2], prim.box[3]))
            x = max(lo[0], hi[0]) + _INNER if n_out[0] > 0 else min(lo[0], hi[0]) - _INNER
            y = max(lo[1], hi[1]) + _INNER if n_out[1] > 0 else min(lo[1], hi[1]) - _INNER
            dist = max(dist, (x - tick[0]) * n_out[0] + (y - tick[1]) * n_out[1])
        return dist

    def axis_labels3(self, labels):
        for a in _AXES:
            text = self.kv.get(a + "label")
            if text is None or not text.strip() or self.hidden(a):
                continue
            if self.replaced_label(a, text):
                continue
            edge, _n, dist = labels.get(a, (self.ticklabel_edge(a), None, 0.0))
            if edge is None:
                continue
            n_out = self.outer_normal(a, edge)
            lo, hi = self.lim(a)
            if center_lines(self)[0]:
                # at the line's upper end: near ticklabel opposite, near ticklabel align=inside
                style = ",".join(s for s in (self.styles.get("label style"), self.styles.get(a + "label style"),
                                             self.styles.get(a + " label style")) if s)
                opts = "inner sep=3.333pt" + ("," + style if style else "")
                self.place_near(text, line_point(self, a, hi), n_out, self.dir2(a), opts, opposite=True,
                                align="inside")
                continue
            mid = self.edge_point(a, edge, (lo + hi) / 2)
            at = (mid[0] + dist * n_out[0], mid[1] + dist * n_out[1])
            style = ",".join(s for s in (self.styles.get("label style"), self.styles.get(a + "label style"),
                                         self.styles.get(a + " label style")) if s)
            given, style = self.description_point(style)
            if given is not None:  # at={(u,v)}: there, still anchored near its tick labels
                at = given
            # z labels turn by 90; y labels too in view {0}{90} (pgfplots' every 3d view {0}{90})
            angle = 90.0 if a == "z" or (a == "y" and self.az % 360 == 0 and self.el == 90) else 0.0
            if style and "sloped" in style:
                # sloped (like its own axis) / sloped like <b> axis: along that axis' projected
                # direction, turned upright (pgfplots' default: no upside-down text)
                kept = []
                for k, v in split_options(style):
                    m = re.fullmatch(r"sloped(?: like ([xyz]) axis)?", k)
                    if m is None:
                        kept.append(k if v is None else f"{k}={{{v}}}")
                        continue
                    if v is not None:
                        self.interp.note("UNSUPPORTED", f"'{k}={v}' is not interpreted", k, self.loc)
                    d = self.dir2(m.group(1) or a)
                    angle = math.degrees(math.atan2(d[1], d[0]))
                    if angle > 90.0 + 1e-9 or angle < -90.0 + 1e-9:
                        angle = angle - 180.0 if angle > 0 else angle + 180.0
                style = ",".join(kept)
            opts = "inner sep=3.333pt" + ("," + style if style else "")
            self.place_near(text, at, n_out, self.dir2(a), opts, angle=angle)

    def replaced_label(self, a, text) -> bool:
        """``every axis x label/.style={at={(rel axis cs:u,v,w)}, ...}`` replaces pgfplots' own
        label style: the node centred there (``axis cs:`` points too; a 2D ``(u,v)`` is in axis
        description cs), with only the given keys. Whether it was placed."""
        own = self.kv.get(f"every axis {a} label/.style")
        if own is None:
            return False
        opts = split_options(own)
        at = next((v for k, v in opts if k == "at" and v), None)
        t = (at or "").strip()
        while t.startswith("{") and t.endswith("}"):
            t = t[1:-1].strip()
        m = re.fullmatch(r"\(\s*(rel axis cs:|axis cs:)\s*([^,()]+),([^,()]+),([^,()]+)\)", t)
        if m is None:
            point, _rest = self.description_point(own)
            if point is None:
                return False
        else:
            vals = [_num(self.interp, g, self.st) for g in m.groups()[1:]]
            if m.group(1).startswith("rel"):
                vals = [lo + f * (hi - lo) for f, (lo, hi) in zip(vals, (self.lim(b) for b in _AXES))]
            point = self.P3(*vals)
        rest = ",".join(k if v is None else f"{k}={{{v}}}" for k, v in opts if k != "at")
        self.tikz(f"\\node[inner sep=3.333pt{',' + rest if rest else ''}] at ({point[0]:.5f}pt,{point[1]:.5f}pt) "
                  f"{{{text}}};")
        return True

    def description_point(self, style):
        """``(point, style)``: the ``at`` of a label style in ``axis description cs`` (a bare
        ``(u,v)`` is read there, as pgfplots does) on the projected box's bounding box, as a
        picture point, and the style without it; ``(None, style)`` without one."""
        if not style or "at" not in style:
            return None, style
        opts = split_options(style)
        at = next((v for k, v in opts if k == "at" and v), None)
        if at is None:
            return None, style
        rest = ",".join(k if v is None else f"{k}={{{v}}}" for k, v in opts if k != "at")
        t = at.strip()
        while t.startswith("{") and t.endswith("}"):
            t = t[1:-1].strip()
        m = re.fullmatch(r"\(\s*(?:axis description cs:)?\s*([^,()]+),([^,()]+)\)", t)
        if m is None:
            self.interp.note("UNSUPPORTED", f"3D axis label at={at} is not interpreted", "at", self.loc)
            return None, rest
        u, v = (_num(self.interp, g, self.st) for g in m.groups())
        return (self.ox + u * self.W, self.oy + v * self.H), rest

    def legend3(self):
        """The legend, placed in the axis description cs of the projected box's bounding box
        (``surf``/``mesh`` entries show pgfplots' mesh legend image)."""
        rx, ry = self.xmax - self.xmin, self.ymax - self.ymin
        self.P = lambda x, y: (self.ox + (x - self.xmin) / rx * self.W, self.oy + (y - self.ymin) / ry * self.H)
        try:
            self.legend()
        finally:
            del self.P

    def title3(self):
        title = self.kv.get("title")
        if title is None or not title.strip():
            return
        corners = np.array([self.P3(*self.corner(a, b, c)) for a in (0, 1) for b in (0, 1) for c in (0, 1)])
        x = (corners[:, 0].min() + corners[:, 0].max()) / 2
        y = corners[:, 1].max() + 6.0
        style = self.styles.get("title style")
        self.tikz(f"\\node[inner sep=3.333pt,anchor=south{',' + style if style else ''}] at ({x:.5f}pt,{y:.5f}pt) "
                  f"{{{title}}};")

    def draw_plot3(self, p: Plot):
        interp = self.interp
        if not p.three_d:
            # pgfplots draws a 2D plot of a 3D axis in the axis' z = zmin plane (measured with latex + dvisvgm)
            p = _in_floor_plane(p, self.zmin)
        q = self.project(p.points)
        shape = p.shape3d
        if p.patch_type not in (None, "rectangle", "line"):
            interp.note("UNSUPPORTED", f"patch type={p.patch_type} of a 3D plot is not interpreted (drawn as "
                        "rectangles)", "patch type", p.loc)
        # patch type=line: line patches join each scan line's consecutive points (the lines below)
        if p.patch and p.patch_type != "line" and shape is not None and shape[0] >= 2 and shape[1] >= 2:
            self.patches(p, q.reshape(shape[0], shape[1], 2))
            if p.mark:  # pgfplots marks a mesh's or surface's points too (also with only marks)
                draw_plot(interp, Plot(q, p.st, p.loc, mark=p.mark, mark_st=p.mark_st, only_marks=True,
                                       mark_size=p.mark_size, mark_text=p.mark_text), self.st["ctm"], None)
            return
        if p.patch and shape is None:
            interp.note("UNSUPPORTED", f"{p.patch} plot of scan lines of unequal length is drawn as lines",
                        p.patch, p.loc)
        # lines (and marks): one run per scan line
        rows = [q] if shape is None else [q[i * shape[1]:(i + 1) * shape[1]] for i in range(shape[0])]
        nan = np.full((1, 2), np.nan)
        pts = np.vstack([np.vstack([r, nan]) for r in rows])[:-1]
        p2 = Plot(pts, p.st, p.loc, mark=p.mark, mark_st=p.mark_st, only_marks=p.only_marks, smooth=p.smooth,
                  forget=p.forget, mark_size=p.mark_size, mark_text=p.mark_text)
        if p.quiver is not None:  # arrows from the projected points to their projected ends
            p2.points = q
            p2.quiver = Quiver(self.project(p.quiver.ends), p.quiver.style, p.quiver.update_limits)
        draw_plot(interp, p2, self.st["ctm"], None)
        if p.contour is not None:
            self.contour_labels(p, q)

    def contour_labels(self, p: Plot, q):
        """``contour prepared``: its lines' labels (a line ends at an empty line or where the
        contour value changes)."""
        m = self.interp.st["ctm"]
        rows, values = p.contour
        lines = contour_lines([G.apply(m, tuple(pt)) for pt in q], rows, values)
        place_contour_labels(self.interp, self.interp.st, [(c, v) for c, v in lines if math.isfinite(v)], p.loc)

    def patches(self, p: Plot, grid):
        """One closed quadrilateral per mesh cell: ``mesh`` drawn, ``surf`` filled (and drawn
        with ``shader=faceted``, the default)."""
        from geoverify.frontends.tikz.emit import path_style
        m = self.interp.st["ctm"]
        st = dict(p.st)
        st["dash"] = st.get("dash")
        surf = p.patch == "surf"
        shader = (p.shader or "faceted").split()[0]
        self.interp.note("APPROXIMATED", f"{p.patch} patches are drawn in the plot's colour (the colour map's "
                         f"colours and shader={shader} shading are not modelled)", p.patch, p.loc)
        draw = not surf or shader in ("faceted", "faceted interp")
        if surf:
            st["fill"] = "current"
        if not draw:
            st["draw"] = None
        style = path_style(st, draw, surf)
        src = self._src(p.patch)
        rows, cols = grid.shape[0], grid.shape[1]
        g = np.asarray(grid, dtype=np.float64)[:, :, :2]
        canvas = np.empty_like(g)       # G.apply on every grid point at once
        canvas[..., 0] = m[0] * g[..., 0] + m[2] * g[..., 1] + m[4]
        canvas[..., 1] = m[1] * g[..., 0] + m[3] * g[..., 1] + m[5]
        finite = np.isfinite(g).all(axis=2)
        # every cell's corners (i, j), (i, j+1), (i+1, j+1), (i+1, j) and whether all are finite, at once
        quads = np.stack([canvas[:-1, :-1], canvas[:-1, 1:], canvas[1:, 1:], canvas[1:, :-1]], axis=2)
        whole = (finite[:-1, :-1] & finite[:-1, 1:] & finite[1:, 1:] & finite[1:, :-1]).tolist()
        for i in range(rows - 1):
            for j in range(cols - 1):
                if whole[i][j]:
                    self.interp.scene.add(Polyline(points=quads[i, j].copy(), closed_flag=True, style=style,
                                                   source=src, panel=self.interp.panel))


def _in_floor_plane(p: Plot, z: float) -> Plot:
    """A 2D plot's points ``(N, 2)`` (and quiver ends) as 3D points ``(N, 3)`` at height ``z``."""
    def lift(pts):
        pts = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        return np.column_stack([pts, np.full(len(pts), z)])

    quiver = p.quiver
    if quiver is not None:
        quiver = Quiver(lift(quiver.ends), quiver.style, quiver.update_limits, quiver.meta)
    return dataclasses.replace(p, points=lift(p.points), three_d=True, quiver=quiver)
