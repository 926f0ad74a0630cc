"""What a perturbation must break: the predicates it changes by at least ``MIN_CHANGE``.

A perturbation changes a proposition only by a measurable amount: a point moved
by 12% of the figure size is 12% off a circle only when moved across it. Each
expectation is a group of predicates of which at least one must fail, with the
reason; a group is only formed when the exact change (computed from the baseline
binding) reaches ``MIN_CHANGE`` of the figure size.
"""

from __future__ import annotations

import numpy as np

from geoverify.ir import Task

__all__ = ["MIN_CHANGE", "MAX_CHANGE", "Subject", "conjunctive_leaves", "targets", "expect_move", "expect_resize",
           "expect_named", "shown_elsewhere", "swap_is_symmetry"]

#: Smallest perturbation that must change a proposition, fraction of the figure size.
MIN_CHANGE = 0.05
#: Largest move drawn, fraction of the figure size.
MAX_CHANGE = 0.2


def conjunctive_leaves(expr):
    """Leaves reached from the root through ``all`` nodes only (their failure fails the predicate)."""
    if expr.op == "all":
        for c in expr.children:
            yield from conjunctive_leaves(c)
    elif expr.op not in ("any", "not"):
        yield expr


def _dist_to_bound(b, p) -> float | None:
    if b.type in ("line", "segment", "ray") and b.points is not None:
        a, c = b.points
        d = c - a
        s = float((p - a) @ d / max(float(d @ d), 1e-300))
        if b.type in ("segment", "ray"):
            s = max(s, 0.0)
        if b.type == "segment":
            s = min(s, 1.0)
        return float(np.hypot(*(a + s * d - p)))
    if b.center is not None and b.radius is not None and b.type in ("circle", "region") and b.closed:
        return abs(float(np.hypot(*(p - b.center))) - b.radius)
    if b.curve is not None and len(b.curve) > 1:
        from geoverify.kernels import point_polyline_distances

        return float(point_polyline_distances(p[None], b.curve, np.array([0, len(b.curve)]))[0, 0])
    return None


class Subject:
    """A reference scene with its baseline binding, and the leaves of each predicate by operation."""

    def __init__(self, task: Task, name: str, scene, report):
        self.task, self.name, self.scene, self.report = task, name, scene, report
        self.binding = report.binding
        self.size = scene.scale()
        self.leaves = {p.id: list(conjunctive_leaves(p.check)) for p in task.predicates}
        self.passed = {r.predicate.id for r in report.results if r.verdict.passed}

    def b(self, oid):
        return self.binding.objects[oid]

    def pinned(self, oid: str) -> bool:
        """Its frame's transform is fixed by at least two other located objects with known geometry."""
        fr = self.task.objects[oid].frame
        fit = self.binding.frames.get(fr)
        if fit is None or not fit.determined or self.task.frames[fr].kind == "diagram":
            return False
        return len([k for k in fit.inliers if k != oid]) >= 2

    def frame_predicates(self, oid: str) -> set:
        """Predicates naming an object of ``oid``'s frame: the frame's fit may follow a moved object, so one
        of them (not necessarily the object's own matches_geometry) must notice."""
        fr = self.task.objects[oid].frame
        objs = {o.id for o in self.task.objects_in(fr)}
        return {p.id for p in self.task.predicates if p.objects() & objs}

    def leaves_of(self, op: str):
        for pid, leaves in self.leaves.items():
            for leaf in leaves:
                if leaf.op == op:
                    yield pid, leaf

    def refs_of(self, oid: str) -> set:
        from geoverify.admission.structure import REF_FIELDS

        out = set()
        for fld in REF_FIELDS:
            v = self.task.objects[oid].data.get(fld)
            for x in (v if isinstance(v, list) else [v]):
                if isinstance(x, str):
                    out.add(x)
        return out


def targets(s: Subject) -> dict[str, list]:
    from geoverify.scene import TextLabel

    owners: dict[int, set] = {}
    for oid, b in s.binding.objects.items():
        for i in b.primitives:
            owners.setdefault(i, set()).add(oid)
    t: dict[str, list] = {"move": [], "resize": [], "delete": [], "relabel": [], "swap": [], "reverse": []}
    for oid, b in s.binding.objects.items():
        if b.status != "bound":
            continue
        if b.type == "point" and b.point is not None and b.drawn:
            t["move"].append(oid)
        if b.type in ("circle", "arc") and b.radius and b.primitives:
            t["resize"].append(oid)
        own = [i for i in b.primitives if not isinstance(s.scene.primitives[i], TextLabel) or b.type == "text"]
        if own and all(owners.get(i) == {oid} or b.type == "point" for i in own) and b.type not in ("region",):
            t["delete"].append(oid)
        if b.labels and s.task.objects[oid].labels or (b.type == "text" and b.primitives):
            t["relabel"].append(oid)
        arrows = [i for i, a in s.scene.arrows if a.carrier is not None and a.carrier in b.primitives]
        if b.type == "arrow" and len(b.primitives) > 1:
            arrows = [b.primitives[1]]
        if arrows:
            t["reverse"].append(oid)
    labelled = [o for o in s.binding.objects if o in t["relabel"] and s.b(o).type != "text"]
    for i, a in enumerate(labelled):
        for bb in labelled[i + 1:]:
            if s.b(a).type == s.b(bb).type and s.binding.known.get(a) is not None and s.binding.known.get(bb) is not None:
                t["swap"].append((a, bb))
    return {k: v for k, v in t.items() if v}


def shown_elsewhere(scene, p, skip: set, eps: float) -> bool:
    """A vertex, control end point, arrow tip or circle centre of another primitive lies within ``eps`` of ``p``."""
    from geoverify.scene import Arrow, Circle, TextLabel

    for i, q in enumerate(scene.primitives):
        if i in skip or isinstance(q, TextLabel):
            continue
        if isinstance(q, Arrow):
            if np.hypot(*(q.tip - p)) <= eps:
                return True
            continue
        if isinstance(q, Circle):
            continue
        for sp_ in q.subpaths():
            ends = np.vstack([sp_.controls[:, 0], sp_.controls[-1:, 3]])
            if np.min(np.hypot(*(ends - p).T)) <= eps:
                return True
    return False


def swap_is_symmetry(s: Subject, a: str, c: str) -> bool:
    """Exchanging a and c is an allowed transform of the IR (T1 and T2 mirror each other in OP)."""
    from geoverify.matching.frames import Correspondence, fit_transform, transform_points

    task = s.task
    fr = task.objects[a].frame
    if task.objects[c].frame != fr:
        return False
    swap = {a: c, c: a}
    corr, pts = [], []
    for o in task.objects_in(fr):
        g, h = s.binding.known.get(o.id), s.binding.known.get(swap.get(o.id, o.id))
        if g is None or h is None or g.kind not in ("point", "circle") or h.kind != g.kind:
            continue
        corr.append(Correspondence(g.points[0], h.points[0], g.radius, h.radius))
        pts.append(g.points[0])
    if len(corr) < 2:
        return False
    m, _ = fit_transform(corr, task.frames[fr].equivalences)
    if m is None:
        return False
    pts = np.asarray(pts)
    size = float(np.hypot(*(pts.max(axis=0) - pts.min(axis=0)))) or 1.0
    worst = max(float(np.hypot(*(transform_points(m, k.ir) - k.canvas))) for k in corr)
    return worst <= MIN_CHANGE * size


def expect_move(s: Subject, oid: str, v: np.ndarray) -> list:
    p = s.b(oid).point
    q = p + v
    thr = MIN_CHANGE * s.size
    out = []
    for pid, leaf in s.leaves_of("point_on"):
        if leaf.args["point"] == oid and oid not in s.refs_of(leaf.args["on"]):
            d = _dist_to_bound(s.b(leaf.args["on"]), q)
            if d is not None and d >= thr:
                out.append(({pid}, f"{oid} is {d / s.size:.1%} of the figure off {leaf.args['on']}"))
    for pid, leaf in s.leaves_of("midpoint"):
        if leaf.args["point"] == oid and oid not in s.refs_of(leaf.args["segment"]) and np.hypot(*v) >= thr:
            out.append(({pid}, f"{oid} moved {np.hypot(*v) / s.size:.1%} from the midpoint of {leaf.args['segment']}"))
    if s.pinned(oid) and np.hypot(*v) >= thr and any(l.args["object"] == oid for _, l in s.leaves_of("matches_geometry")):
        out.append((s.frame_predicates(oid), f"{oid} moved {np.hypot(*v) / s.size:.1%} away from its IR position"))
    for pid, leaf in s.leaves_of("collinear"):
        pts = leaf.args["points"]
        if oid in pts and len(pts) >= 3:
            others = np.array([s.b(x).point for x in pts if x != oid and s.b(x).point is not None])
            if len(others) >= 2:
                c = others.mean(axis=0)
                n = np.linalg.svd(others - c)[2][-1]
                d = abs(float((q - c) @ n))
                if d >= thr:
                    out.append(({pid}, f"{oid} is {d / s.size:.1%} of the figure off the line of the others"))
    return out


def expect_resize(s: Subject, oid: str, factor: float) -> list:
    b = s.b(oid)
    r2 = b.radius * factor
    thr = MIN_CHANGE * s.size
    out = []
    for pid, leaf in s.leaves_of("point_on"):
        if leaf.args["on"] == oid:
            q = s.b(leaf.args["point"]).point
            if q is not None:
                d = abs(float(np.hypot(*(q - b.center))) - r2)
                if d >= thr:
                    out.append(({pid}, f"{leaf.args['point']} is {d / s.size:.1%} of the figure off the resized {oid}"))
    for pid, leaf in s.leaves_of("tangent"):
        if oid in (leaf.args["a"], leaf.args["b"]):
            other = s.b(leaf.args["b"] if leaf.args["a"] == oid else leaf.args["a"])
            if other.type in ("line", "segment", "ray") and other.points is not None:
                a, c = other.points
                dd = c - a
                d = abs(float(dd[0] * (b.center[1] - a[1]) - dd[1] * (b.center[0] - a[0]))) / max(np.hypot(*dd), 1e-300)
                res = abs(d - r2)
            elif other.center is not None:
                d = float(np.hypot(*(b.center - other.center)))
                res = min(abs(d - r2 - other.radius), abs(d - abs(r2 - other.radius)))
            else:
                continue
            if res >= thr:
                out.append(({pid}, f"tangency residual {res / s.size:.1%} of the figure after resizing {oid}"))
    if s.pinned(oid) and abs(r2 - b.radius) >= thr and any(l.args["object"] == oid for _, l in s.leaves_of("matches_geometry")):
        out.append((s.frame_predicates(oid), f"{oid} radius changed by {abs(r2 - b.radius) / s.size:.1%} of the figure"))
    return out


def expect_named(s: Subject, oid: str, ops: tuple) -> list:
    out = []
    for pid, leaves in s.leaves.items():
        for leaf in leaves:
            if leaf.op in ops and oid in {v for v in leaf.args.values() if isinstance(v, str)}:
                out.append(({pid}, f"{leaf.op} of {oid}"))
    return out
