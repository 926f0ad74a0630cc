"""Incidences, tangencies and other relations evaluated on the IR's own coordinates.

A predicate such as ``point_on T1 omega`` is a claim about the instance. When
the IR gives coordinates to every object it names, the claim is evaluated here
in IR coordinates with tolerances far tighter than a figure's (the IR's numbers
are rounded to about six digits), three-valued like the figure predicates:
relations about drawing (labels, styles, arrows) are unknown here.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.admission.rubric import FAIL, PASS, Check
from geoverify.ir import CheckExpr, Task
from geoverify.kernels import point_polyline_distances, points_in_polygon
from geoverify.matching import known_geometry, sample_known

__all__ = ["relation_checks", "evaluate_in_ir", "REL_TOL", "ANGLE_TOL_DEG"]

#: Distance tolerance, fraction of the frame's IR extent (and relative tolerance of equal lengths),
#: unless the task declares its coordinates' precision (``tolerances.coordinate_precision``).
REL_TOL = 1e-4
#: Angle tolerance in degrees at :data:`REL_TOL` (scaled with a declared precision).
ANGLE_TOL_DEG = 0.01


class _IR:
    def __init__(self, task: Task):
        self.task = task
        self.memo: dict = {}
        self.extent: dict[str, float] = {}
        # Coordinates read off a drawing (a mined task) hold its relations only to its precision.
        self.rel = max(REL_TOL, task.tolerances.coordinate_precision or 0.0)
        self.angle = ANGLE_TOL_DEG * self.rel / REL_TOL

    def g(self, oid):
        return known_geometry(self.task, self.task.objects[oid], self.memo)

    def tol(self, oid) -> float:
        fr = self.task.objects[oid].frame
        if fr not in self.extent:
            pts = []
            for o in self.task.objects_in(fr):
                g = self.g(o.id)
                if g is None or len(g.points) == 0:
                    continue
                pts.append(sample_known(g) if g.kind in ("circle", "line") else g.points.reshape(-1, 2))
            allp = np.vstack(pts) if pts else np.zeros((1, 2))
            self.extent[fr] = float(np.hypot(*(allp.max(axis=0) - allp.min(axis=0)))) or 1.0
        return self.rel * self.extent[fr]

    def point(self, oid):
        g = self.g(oid)
        return None if g is None or g.kind != "point" else g.points[0]

    def dist(self, p, oid) -> float | None:
        g = self.g(oid)
        if g is None:
            return None
        t = self.task.objects[oid].type
        if g.kind == "line":
            a, b = g.points
            d = b - a
            s = float((p - a) @ d / max(d @ d, 1e-300))
            if t in ("segment", "ray"):
                s = max(s, 0.0)
            if t == "segment":
                s = min(s, 1.0)
            return float(np.hypot(*(a + s * d - p)))
        if g.kind == "circle":
            return abs(float(np.hypot(*(p - g.points[0]))) - g.radius)
        if g.kind == "curve":
            return float(point_polyline_distances(p[None], g.points, np.array([0, len(g.points)]))[0, 0])
        if g.kind == "point":
            return float(np.hypot(*(p - g.points[0])))
        return None


def _angle(u, v) -> float:
    c = abs(float(u @ v)) / (np.hypot(*u) * np.hypot(*v))
    return math.degrees(math.acos(min(1.0, c)))


def _leaf(ir: _IR, node: CheckExpr) -> tuple[bool | None, str]:
    a = node.args
    op = node.op
    if op == "point_on":
        p = ir.point(a["point"])
        d = None if p is None else ir.dist(p, a["on"])
        if d is None:
            return None, ""
        tol = ir.tol(a["on"])
        return d <= tol, f"{a['point']} is {d:.3g} from {a['on']} (IR tolerance {tol:.2g})"
    if op in ("collinear", "concyclic"):
        pts = [ir.point(x) for x in a["points"]]
        if any(p is None for p in pts):
            return None, ""
        pts = np.asarray(pts)
        tol = ir.tol(a["points"][0])
        if op == "collinear":
            c = pts.mean(axis=0)
            d = float(np.abs((pts - c) @ np.linalg.svd(pts - c)[2][-1]).max())
        else:
            if len(pts) < 4:
                return True, ""
            from geoverify.kernels import fit_circle

            cx, cy, r, _ = fit_circle(pts)
            d = float(np.abs(np.hypot(pts[:, 0] - cx, pts[:, 1] - cy) - r).max()) if np.isfinite(r) else math.inf
        return d <= tol, f"{', '.join(a['points'])}: largest deviation {d:.3g} (IR tolerance {tol:.2g})"
    if op in ("parallel", "perpendicular"):
        ga, gb = ir.g(a["a"]), ir.g(a["b"])
        if ga is None or gb is None:
            return None, ""
        ang = _angle(ga.points[1] - ga.points[0], gb.points[1] - gb.points[0])
        dev = ang if op == "parallel" else 90.0 - ang
        return dev <= ir.angle, f"{a['a']} and {a['b']} meet at {ang:.4f} degrees"
    if op == "tangent":
        ga, gb = ir.g(a["a"]), ir.g(a["b"])
        if ga is None or gb is None or "circle" not in (ga.kind, gb.kind):
            return None, ""
        tol = max(ir.tol(a["a"]), ir.tol(a["b"]))
        if ga.kind == "circle" and gb.kind == "circle":
            d = float(np.hypot(*(ga.points[0] - gb.points[0])))
            res = min(abs(d - ga.radius - gb.radius), abs(d - abs(ga.radius - gb.radius)))
        else:
            line, circ = (ga, gb) if ga.kind == "line" else (gb, ga)
            p, q = line.points
            dd = q - p
            d = abs(float(dd[0] * (circ.points[0][1] - p[1]) - dd[1] * (circ.points[0][0] - p[0]))) / np.hypot(*dd)
            res = abs(d - circ.radius)
        return res <= tol, f"{a['a']} and {a['b']}: tangency residual {res:.3g} (IR tolerance {tol:.2g})"
    if op == "equal_length":
        ga, gb = ir.g(a["a"]), ir.g(a["b"])
        if ga is None or gb is None:
            return None, ""
        la, lb = (float(np.hypot(*(g.points[1] - g.points[0]))) for g in (ga, gb))
        r = abs(la - lb) / max(la, lb, 1e-300)
        return r <= ir.rel, f"{a['a']} = {la:.6g}, {a['b']} = {lb:.6g}"
    if op == "midpoint":
        p, gs = ir.point(a["point"]), ir.g(a["segment"])
        if p is None or gs is None:
            return None, ""
        d = float(np.hypot(*(p - gs.points.mean(axis=0))))
        tol = ir.tol(a["segment"])
        return d <= tol, f"{a['point']} is {d:.3g} from the midpoint of {a['segment']}"
    if op == "angle_value":
        v, p, q = ir.point(a["vertex"]), ir.point(a["from"]), ir.point(a["to"])
        if v is None or p is None or q is None:
            return None, ""
        u, w = p - v, q - v
        ang = math.degrees(math.acos(max(-1.0, min(1.0, float(u @ w) / (np.hypot(*u) * np.hypot(*w))))))
        return abs(ang - float(a["degrees"])) <= ir.angle, f"the angle is {ang:.4f} degrees, not {a['degrees']}"
    if op in ("inside", "outside"):
        g = ir.g(a["point"])
        reg = ir.g(a["region"])
        if g is None or reg is None or reg.kind not in ("circle", "curve"):
            return None, ""
        pts = g.points.reshape(-1, 2)
        if len(pts) == 0:
            return None, ""
        tol = ir.tol(a["region"])
        if reg.kind == "circle":
            r = np.hypot(*(pts - reg.points[0]).T)
            inside, edge = r < reg.radius, np.abs(r - reg.radius) <= tol
        else:
            inside = points_in_polygon(pts, reg.points)
            edge = point_polyline_distances(pts, reg.points, np.array([0, len(reg.points)]))[:, 0] <= tol
        want = op == "inside"
        ok = bool(np.all(inside == want) and not edge.any())
        where = "on the boundary of" if edge.any() else ("not inside" if want else "inside")
        return ok, f"{a['point']} is {where} {a['region']} in IR coordinates"
    return None, ""


def evaluate_in_ir(task: Task, expr: CheckExpr, ir: _IR | None = None) -> tuple[bool | None, list[str]]:
    """Three-valued value of a check expression on the IR's coordinates, with the messages of false leaves."""
    ir = ir or _IR(task)
    if expr.op in ("all", "any"):
        vals, msgs = [], []
        for c in expr.children:
            v, m = evaluate_in_ir(task, c, ir)
            vals.append(v)
            msgs += m
        if expr.op == "all":
            v = False if False in vals else (None if None in vals else True)
        else:
            v = True if True in vals else (None if None in vals else False)
        return v, msgs if v is False else []
    if expr.op == "not":
        v, _ = evaluate_in_ir(task, expr.children[0], ir)
        return (None if v is None else not v), ([f"not ({expr.children[0].op})"] if v is True else [])
    v, msg = _leaf(ir, expr)
    return v, [msg] if v is False else []


def relation_checks(task: Task) -> list[Check]:
    """One check per predicate whose relations the IR's coordinates decide."""
    ir = _IR(task)
    out = []
    for p in task.predicates:
        v, msgs = evaluate_in_ir(task, p.check, ir)
        if v is False:
            out.append(Check(f"ir.relation.{p.id}", FAIL, f"the IR's own coordinates contradict {p.id} ({p.path}): "
                                                          + "; ".join(msgs)))
        elif v is True:
            out.append(Check(f"ir.relation.{p.id}", PASS, f"{p.id} holds on the IR's coordinates"))
    return out
