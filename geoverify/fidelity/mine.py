"""Relation mining: a Gold IR draft from a reference figure.

The miner reads a scene (any source language), finds its labelled points
(labels that are one capital letter with optional primes or subscripts), the
straight strokes and circles drawn through or about them, and the relations
that hold among those objects *exactly* in the drawing. "Exactly" is a
mining tolerance ten times tighter than the checking one: a reference drawn
from computed coordinates shows its constructed relations to rounding error,
while an accidental near-relation (two segments of almost the same length) is
left out and reported in the draft's notes instead.

Guards against coincidences:

- two labelled points closer than 1% of the figure are near-coincident: the
  second takes no part in relations (noted);
- relations implied by others are kept but marked (see
  :mod:`geoverify.fidelity.relations`);
- a tick-mark equality is only mined when the drawing also has the two lengths
  equal (within the checking tolerance).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from geoverify.fidelity.figure import POINT_LABEL, MinedFigure, MiningTolerances, on_drawing, point_name
from geoverify.fidelity.marks import find_right_angle_marks, without_marks
from geoverify.fidelity.measures import MeasureMining, angle_between, seg_name
from geoverify.fidelity.placement import drawing_samples
from geoverify.fidelity.relations import Relation, sanitize_id
from geoverify.ir import task_from_dict
from geoverify.kernels import point_polyline_distances
from geoverify.matching import Features, bind, coverage, extract_features
from geoverify.matching.features import PointKind
from geoverify.scene import Scene

# The figure-level names are re-exported: callers know them from here.
__all__ = ["POINT_LABEL", "MiningTolerances", "MinedFigure", "mine_scene", "point_name", "on_drawing"]


def mine_scene(scene: Scene, tolerances: MiningTolerances | None = None, features: Features | None = None) -> MinedFigure:
    """Mine the labelled objects and the relations among them from a scene.

    ``features``, when given, must be those of ``without_marks(scene)``.
    """
    return _Miner(scene, tolerances or MiningTolerances(), features).run()


@dataclass(slots=True)
class _Carrier:
    """A maximal drawn straight piece through labelled points (sorted along ``u``)."""

    pts: list
    t: np.ndarray
    p0: np.ndarray
    u: np.ndarray
    kind: str = "segment"
    oid: str = ""


@dataclass(slots=True)
class _Round:
    oid: str
    center: str | None
    through: list
    c: np.ndarray
    r: float
    full: bool
    owner: int = -1


class _Miner(MeasureMining):
    def __init__(self, scene: Scene, tol: MiningTolerances, feats: Features | None):
        self.scene = scene
        self.tol = tol
        # Geometry is read without the right-angle marks (annotations); the marks from the scene itself.
        self.geo = without_marks(scene)
        self.f = feats if feats is not None else extract_features(self.geo)
        self.s = self.f.scale
        self.eps = tol.distance * self.s
        self.notes: list[str] = []
        self.pts: dict[str, np.ndarray] = {}
        self.floating: set[str] = set()
        self.labels: dict[str, str] = {}
        self.active: list[str] = []
        self.objects: dict[str, dict] = {}
        self.rels: dict[str, Relation] = {}
        self._checks: dict[str, Relation] = {}
        self.carriers: list[_Carrier] = []
        self.rounds: list[_Round] = []
        # Full circles with no labelled point on them or at their centre: objects only when a
        # labelled line or circle is tangent to them (an incircle of a triangle labelled at two vertices).
        self.unlabelled: list[_Round] = []

    # ------------------------------------------------------------ helpers
    def add(self, rel: Relation) -> Relation:
        """Record a relation; an existing one with the same key or the very same check is returned instead.

        One check, one predicate: a tick-mark equality and the plain equality of the same two
        segments are one relation (the first found, the more telling, is kept).
        """
        sig = json.dumps(rel.check, sort_keys=True)
        old = self.rels.get(f"{rel.type}|{rel.key}") or self._checks.get(sig)
        if old is not None:
            return old
        self.rels[f"{rel.type}|{rel.key}"] = rel
        self._checks[sig] = rel
        return rel

    def seg(self, a: str, b: str, drawn: bool) -> str:
        oid = seg_name(a, b)
        if oid not in self.objects:
            first, second = sorted((a, b))
            self.objects[oid] = {"id": oid, "type": "segment", "through": [first, second],
                                 "description": "drawn" if drawn else "auxiliary: not drawn as such"}
        elif drawn:
            self.objects[oid]["description"] = "drawn"
        return oid

    # ------------------------------------------------------------ points
    def _drawn_at(self, xy: np.ndarray) -> bool:
        """Whether something is drawn at ``xy``: a dot, vertex or crossing, or a stroke through it."""
        kinds = np.isin(self.f.point_kind, (PointKind.DOT, PointKind.VERTEX, PointKind.INTERSECTION))
        if kinds.any() and float(np.hypot(*(self.f.points[kinds] - xy).T).min()) <= self.eps:
            return True
        if on_drawing(self.f, xy, self.eps):
            return True
        return any(abs(float(np.hypot(*(xy - rd.center))) - rd.radius) <= self.eps for rd in self.f.rounds if rd.full)

    def locate_points(self):
        names: dict[str, str] = {}
        for _, lab, norm in self.f.labels:
            nm = point_name(norm)
            if nm is not None:
                names.setdefault(nm, lab.text)
            elif norm and len(norm) <= 3 and norm[:1].isupper():
                self.notes.append(f"label {lab.text!r} is not read as a point name.")
        if not names:
            return
        objs = [{"id": sanitize_id(n), "type": "point", "labels": [n]} for n in sorted(names)]
        task = task_from_dict({"schema_version": "1.0", "id": "locate", "discipline": "geometry", "prompt": "locate",
                               "objects": objs, "predicates": [{"id": "p", "kind": "hard",
                                                                 "check": {"op": "drawn", "object": objs[0]["id"]}}]})
        binding = bind(task, self.geo, self.f)
        for o in objs:
            b = binding[o["id"]]
            if b.status != "bound" or b.point is None:
                self.notes.append(f"point {o['labels'][0]} is not located ({b.note or b.status}); left out.")
                continue
            xy = np.asarray(b.point, dtype=float)  # a label beside its point is read as naming it (bind)
            self.pts[o["id"]] = xy
            self.labels[o["id"]] = o["labels"][0]
            if not self._drawn_at(xy):
                self.floating.add(o["id"])
        order = sorted(self.pts)
        for i, a in enumerate(order):
            near = [b for b in order[:i] if b in self.active
                    and np.hypot(*(self.pts[a] - self.pts[b])) < self.tol.coincide * self.s]
            if near:
                self.notes.append(f"{a} nearly coincides with {near[0]}: it takes no part in relations.")
            else:
                self.active.append(a)
        for a in order:
            self.objects[a] = {"id": a, "type": "point", "labels": [self.labels[a]],
                               "coords": [round(float(v), 4) for v in self.pts[a]]}

    # ------------------------------------------------------------ straight strokes
    def find_carriers(self):
        ids = self.active
        n = len(ids)
        if n < 2:
            return
        X = np.array([self.pts[i] for i in ids])
        covtol = 2.0 * self.eps
        on: dict = {}
        covered = []
        for i in range(n):
            for j in range(i + 1, n):
                frac, _ = coverage(self.f, X[i], X[j], covtol)
                if frac < 0.98:
                    continue
                d = X[j] - X[i]
                L = float(np.hypot(*d))
                u = d / L
                rel = X - X[i]
                t = rel @ u
                off = np.abs(rel[:, 0] * u[1] - rel[:, 1] * u[0])
                inside = (off <= self.eps) & (t >= -self.eps) & (t <= L + self.eps)
                on[(i, j)] = frozenset(np.nonzero(inside)[0].tolist())
                covered.append((i, j))
        for (i, j) in covered:
            members = on[(i, j)]
            if any(k != (i, j) and {i, j} <= on[k] and len(on[k]) >= len(members) and on[k] != members
                   for k in covered):
                continue
            ends = {i, j}
            if any(k != (i, j) and on[k] == members and set(k) != ends and
                   np.hypot(*(X[k[1]] - X[k[0]])) > np.hypot(*(X[j] - X[i])) for k in covered):
                continue
            if any(c.pts and set(c.pts) == {ids[m] for m in members} for c in self.carriers):
                continue
            u = (X[j] - X[i]) / np.hypot(*(X[j] - X[i]))
            if u[0] < -1e-12 or (abs(u[0]) <= 1e-12 and u[1] < 0):
                u = -u
            mem = sorted(members, key=lambda m: float((X[m] - X[i]) @ u))
            p0 = X[mem[0]]
            t = np.array([float((X[m] - p0) @ u) for m in mem])
            self.carriers.append(_Carrier([ids[m] for m in mem], t, p0, u))
        self._near_incidences(X)
        for c in self.carriers:
            a, b = c.pts[0], c.pts[-1]
            ext = 0.04 * self.s
            before = coverage(self.f, self.pts[a], self.pts[a] - ext * c.u, covtol)[0] >= 0.9
            after = coverage(self.f, self.pts[b], self.pts[b] + ext * c.u, covtol)[0] >= 0.9
            if before and after:
                c.kind, c.oid = "line", f"line_{seg_name(a, b)}"
                self.objects[c.oid] = {"id": c.oid, "type": "line", "through": sorted([a, b]), "description": "drawn"}
            elif before or after:
                origin, other = (a, b) if after else (b, a)
                c.kind, c.oid = "ray", f"ray_{origin}{other}"
                self.objects[c.oid] = {"id": c.oid, "type": "ray", "through": [origin, other], "description": "drawn"}
            else:
                c.oid = self.seg(a, b, True)

    def _near_incidences(self, X: np.ndarray):
        """Note labelled points that are near a carrier but not on it (not mined)."""
        check = self.tol.check.distance * self.s
        for c in self.carriers:
            L = c.t[-1]
            for k, pid in enumerate(self.active):
                if pid in c.pts:
                    continue
                rel = X[k] - c.p0
                t = float(rel @ c.u)
                off = abs(rel[0] * c.u[1] - rel[1] * c.u[0])
                if 0 < t < L and self.eps < off <= check:
                    self.notes.append(f"{pid} is near {c.pts[0]}{c.pts[-1]} (off by {off / self.s:.2%} of the figure) "
                                      "but not on it: not mined.")

    def carrier_relations(self):
        for c in self.carriers:
            name = f"{c.pts[0]}{c.pts[-1]}"
            if len(c.pts) == 2 and c.kind == "segment":
                self.add(Relation("segment", c.oid, {"op": "drawn", "object": c.oid}, f"segment {c.oid} is drawn",
                                  (c.oid,), tuple(c.pts)))
                continue
            if c.kind != "segment":
                self.add(Relation(c.kind, c.oid, {"op": "drawn", "object": c.oid}, f"{c.kind} {name} is drawn",
                                  (c.oid,), tuple(c.pts)))
            elem = []
            for a, b in zip(c.pts[:-1], c.pts[1:]):
                sid = self.seg(a, b, True)
                r = Relation("segment", sid, {"op": "drawn", "object": sid}, f"segment {sid} is drawn", (sid,), (a, b))
                if c.kind != "segment":
                    r.implied_by.append(f"rel.{c.kind}.{c.oid}")
                elem.append(self.add(r).id)
            if c.kind == "segment" and len(c.pts) > 2:
                self.add(Relation("segment", c.oid, {"op": "drawn", "object": c.oid}, f"segment {c.oid} is drawn",
                                  (c.oid,), tuple(c.pts), implied_by=elem))
            between = []
            for p in c.pts[1:-1]:
                rtype = "betweenness" if c.kind == "segment" else "incidence"
                txt = f"{p} lies between {c.pts[0]} and {c.pts[-1]}" if c.kind == "segment" else f"{p} lies on {c.kind} {name}"
                r = self.add(Relation(rtype, f"{p}|{c.oid}", {"op": "point_on", "point": p, "on": c.oid}, txt,
                                      (p, c.oid), (p, *c.pts)))
                between.append(r)
            if len(c.pts) >= 3:
                self.add(Relation("collinear", "".join(c.pts), {"op": "collinear", "points": list(c.pts)},
                                  f"{', '.join(c.pts)} are collinear", (), tuple(c.pts),
                                  implied_by=[r.id for r in between]))

    # ------------------------------------------------------------ directions
    def direction_relations(self, marks_done: dict):
        cs = self.carriers
        n = len(cs)
        if n < 2:
            return
        strict, check = self.tol.angle_deg, self.tol.check.angle_deg
        parent = list(range(n))

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        same_line: set = set()
        for i in range(n):
            for j in range(i + 1, n):
                ang = angle_between(cs[i].u, cs[j].u)
                if ang <= strict:
                    rel = self.pts[cs[j].pts[0]] - cs[i].p0
                    if abs(rel[0] * cs[i].u[1] - rel[1] * cs[i].u[0]) <= self.eps:
                        same_line.add((i, j))
                        pts = sorted(set(cs[i].pts) | set(cs[j].pts), key=lambda p: float((self.pts[p] - cs[i].p0) @ cs[i].u))
                        self.add(Relation("collinear", "".join(pts), {"op": "collinear", "points": pts},
                                          f"{', '.join(pts)} are collinear", (), tuple(pts)))
                        continue
                    parent[find(j)] = find(i)
                elif ang <= check:
                    self.notes.append(f"{cs[i].oid} and {cs[j].oid} are nearly parallel ({ang:.2f} degrees): not mined.")
                elif strict < 90 - ang <= check:
                    self.notes.append(f"{cs[i].oid} and {cs[j].oid} are nearly perpendicular ({ang:.2f} degrees): not mined.")
        classes: dict = {}
        for i in range(n):
            classes.setdefault(find(i), []).append(i)
        groups = [g for g in classes.values()]
        for g in groups:
            if len(g) < 2:
                continue
            first = g[0]
            prim = {}
            for j in g[1:]:
                if (first, j) in same_line:
                    continue
                r = self._parallel(first, j)
                prim[j] = r.id
            for a_i, a in enumerate(g[1:]):
                for b in g[2 + a_i:]:
                    if (a, b) in same_line:
                        continue
                    r = self._parallel(a, b)
                    if r.type == "parallel" and r.id not in prim.values():
                        r.implied_by = [v for k, v in prim.items() if k in (a, b)] or ["parallel class"]
        for x in range(len(groups)):
            for y in range(x + 1, len(groups)):
                gx, gy = groups[x], groups[y]
                ang = angle_between(cs[gx[0]].u, cs[gy[0]].u)
                if 90 - ang > strict:
                    continue
                pairs = [(min(i, j), max(i, j)) for i in gx for j in gy]
                marked = [p for p in pairs if p in marks_done]
                if marked:
                    primary_id = marks_done[marked[0]]
                else:
                    shared = [p for p in pairs if set(cs[p[0]].pts) & set(cs[p[1]].pts)]
                    primary = (shared or pairs)[0]
                    primary_id = self._perpendicular(*primary).id
                for p in pairs:
                    r = self._perpendicular(*p)
                    if r.type == "perpendicular" and r.id != primary_id and not r.implied:
                        r.implied_by = [primary_id]

    def _parallel(self, i: int, j: int) -> Relation:
        a, b = sorted((self.carriers[i].oid, self.carriers[j].oid))
        ang = angle_between(self.carriers[i].u, self.carriers[j].u)
        return self.add(Relation("parallel", f"{a}|{b}", {"op": "parallel", "a": a, "b": b},
                                 f"{a} is parallel to {b}", (a, b),
                                 tuple(dict.fromkeys(self.carriers[i].pts + self.carriers[j].pts)), residual=ang))

    def _perpendicular(self, i: int, j: int) -> Relation:
        a, b = sorted((self.carriers[i].oid, self.carriers[j].oid))
        ang = angle_between(self.carriers[i].u, self.carriers[j].u)
        return self.add(Relation("perpendicular", f"{a}|{b}", {"op": "perpendicular", "a": a, "b": b},
                                 f"{a} is perpendicular to {b}", (a, b),
                                 tuple(dict.fromkeys(self.carriers[i].pts + self.carriers[j].pts)), residual=90 - ang))

    def _carriers_at(self, v: np.ndarray, tol: float):
        """``(carrier index, position of v along it)`` of carriers passing within ``tol`` of ``v``."""
        out = []
        for k, c in enumerate(self.carriers):
            rel = v - c.p0
            t = float(rel @ c.u)
            if abs(rel[0] * c.u[1] - rel[1] * c.u[0]) <= tol and -tol <= t <= c.t[-1] + tol:
                out.append((k, t))
        return out

    def right_angle_marks(self) -> dict:
        """Mine right-angle marks; returns ``{(i, j): relation id}`` of the carrier pairs they mark."""
        done = {}
        for m in find_right_angle_marks(self.scene, self.s):
            tol = max(self.eps, 0.15 * m.size)
            legs = []
            for d in (m.d1, m.d2):
                best = None
                for k, t in self._carriers_at(m.vertex, tol):
                    c = self.carriers[k]
                    if angle_between(c.u, d) > 4.0:
                        continue
                    sign = 1.0 if float(c.u @ d) > 0 else -1.0
                    # A labelled point on the marked side of the vertex names the leg.
                    ahead = [(sign * (tp - t), p) for p, tp in zip(c.pts, c.t) if sign * (tp - t) > tol]
                    if ahead:
                        best = (k, min(ahead)[1])
                        break
                legs.append(best)
            if None in legs:
                continue
            (k1, q1), (k2, q2) = legs
            if k1 == k2:
                continue
            vertex = next((p for p in self.active if np.hypot(*(self.pts[p] - m.vertex)) <= tol), None)
            pair = (min(k1, k2), max(k1, k2))
            dev = 90.0 - angle_between(self.carriers[k1].u, self.carriers[k2].u)
            if dev > self.tol.check.angle_deg:
                self.notes.append(f"a right-angle mark between {self.carriers[k1].oid} and {self.carriers[k2].oid} marks "
                                  f"an angle of {90 - dev:.1f} degrees: not mined.")
                continue
            if vertex is not None:
                a, b = sorted((q1, q2))
                rel = Relation("right_angle_mark", f"{vertex}|{a}|{b}",
                               {"op": "angle_value", "vertex": vertex, "from": a, "to": b, "degrees": 90},
                               f"angle {a}{vertex}{b} is marked as a right angle", (vertex, a, b), (vertex, a, b))
            else:
                a, b = sorted((self.carriers[k1].oid, self.carriers[k2].oid))
                rel = Relation("right_angle_mark", f"{a}|{b}", {"op": "perpendicular", "a": a, "b": b},
                               f"the angle between {a} and {b} is marked as a right angle", (a, b),
                               tuple(dict.fromkeys(self.carriers[k1].pts + self.carriers[k2].pts)))
            done[pair] = self.add(rel).id
        return done

    # ------------------------------------------------------------ lengths
    # ------------------------------------------------------------ circles
    def find_circles(self):
        seen = []
        for rd in self.f.rounds:
            if rd.radius < 0.02 * self.s:
                continue
            st = self.scene.primitives[rd.owner].style
            if st.filled and not st.stroked and rd.radius < 0.08 * self.s:
                continue  # a filled disc marks a point (dot(A, linewidth(3))); it is not a circle of the figure
            if any(np.hypot(*(rd.center - c)) <= self.eps and abs(rd.radius - r) <= self.eps for c, r in seen):
                continue
            seen.append((rd.center, rd.radius))
            center = next((p for p in self.active if np.hypot(*(self.pts[p] - rd.center)) <= self.eps), None)
            through = []
            for p in self.active:
                if p == center:
                    continue
                xy = self.pts[p]
                if rd.full:
                    d = abs(float(np.hypot(*(xy - rd.center))) - rd.radius)
                else:
                    d = float(point_polyline_distances(xy[None], rd.points, np.array([0, len(rd.points)]))[0, 0])
                if d <= self.eps:
                    through.append(p)
                elif d <= self.tol.check.distance * self.s and (rd.full or d < 0.05 * self.s):
                    self.notes.append(f"{p} is near a drawn circle (off by {d / self.s:.2%} of the figure) but not on it: not mined.")
            if not through and center is None and rd.full:
                self.unlabelled.append(_Round("", None, [], rd.center, rd.radius, True, rd.owner))
                continue
            if not through and (center is None or (not rd.full and rd.radius < 0.15 * self.s)):
                continue  # unlabelled arc, or an angle mark
            base = f"circle_{center}" if center else "circle_" + "".join(through[:3])
            oid, k = base, 2
            while oid in self.objects:
                oid, k = f"{base}_{k}", k + 1
            obj = {"id": oid, "type": "circle" if rd.full else "arc", "description": "drawn"}
            if center:
                obj["center"] = center
            if through:
                obj["through"] = through[:3]
            self.objects[oid] = obj
            self.rounds.append(_Round(oid, center, through, rd.center, rd.radius, rd.full, rd.owner))

    def circle_relations(self):
        for c in self.rounds:
            kind = "circle" if c.full else "arc"
            desc = f"{kind} {c.oid}" + (f" about {c.center}" if c.center else "")
            self.add(Relation("circle", c.oid, {"op": "drawn", "object": c.oid}, f"{desc} is drawn", (c.oid,),
                              tuple(([c.center] if c.center else []) + c.through)))
            inc = []
            for p in c.through:
                inc.append(self.add(Relation("incidence", f"{p}|{c.oid}", {"op": "point_on", "point": p, "on": c.oid},
                                             f"{p} lies on {c.oid}", (p, c.oid), (p,))).id)
            if len(c.through) >= 4:
                self.add(Relation("concyclic", "".join(c.through), {"op": "concyclic", "points": list(c.through)},
                                  f"{', '.join(c.through)} are concyclic", (), tuple(c.through), implied_by=inc))
            if c.center and len(c.through) >= 2:
                radii = [self.seg(c.center, p, False) for p in c.through]
                for other in radii[1:]:
                    self.add(Relation("centre", f"{c.center}|{radii[0]}|{other}",
                                      {"op": "equal_length", "a": radii[0], "b": other},
                                      f"{c.center} is the centre of {c.oid} ({radii[0]} = {other})", (radii[0], other),
                                      (c.center, *c.through)))
            elif c.center:
                self.notes.append(f"{c.center} as centre of {c.oid} is not checkable: the vocabulary has no "
                                  "centre operation and fewer than two labelled points lie on it.")

    def _unlabelled_object(self, c: _Round) -> _Round:
        """Make an unlabelled circle an object (once): it is found in a candidate by where the
        labelled points put its reference ``coords`` (centre x, centre y, radius)."""
        if not c.oid:
            k = 1
            while f"circle_u{k}" in self.objects:
                k += 1
            c.oid = f"circle_u{k}"
            self.objects[c.oid] = {"id": c.oid, "type": "circle",
                                   "description": "drawn; no labelled point lies on it or at its centre",
                                   "coords": [round(float(c.c[0]), 4), round(float(c.c[1]), 4), round(float(c.r), 4)]}
            self.rounds.append(c)
        return c

    def tangencies(self):
        tol = self.eps
        labelled = list(self.rounds)
        # An unlabelled circle is found in another figure where two labelled points put it: with
        # fewer, nothing would tell it from the other circles drawn there.
        unlabelled = self.unlabelled if len(self.active) >= 2 else []
        for c in labelled + unlabelled:
            for car in self.carriers:
                rel = c.c - car.p0
                t = float(rel @ car.u)
                d = abs(rel[0] * car.u[1] - rel[1] * car.u[0])
                if abs(d - c.r) <= tol and -tol <= t <= car.t[-1] + tol:
                    if not c.oid:
                        self._unlabelled_object(c)
                    a, b = sorted((car.oid, c.oid))
                    on = [q for q in (c.center, *c.through) if q]
                    self.add(Relation("tangent", f"{a}|{b}", {"op": "tangent", "a": car.oid, "b": c.oid},
                                      f"{car.oid} is tangent to {c.oid}", (car.oid, c.oid), tuple(dict.fromkeys((*car.pts, *on)))))
        for i, c1 in enumerate(labelled):
            for c2 in labelled[i + 1:] + unlabelled:
                d = float(np.hypot(*(c1.c - c2.c)))
                if d <= tol:
                    continue
                if min(abs(d - (c1.r + c2.r)), abs(d - abs(c1.r - c2.r))) <= tol:
                    if not c2.oid:
                        self._unlabelled_object(c2)
                    on = [q for q in (c1.center, *c1.through, c2.center, *c2.through) if q]
                    self.add(Relation("tangent", f"{c1.oid}|{c2.oid}", {"op": "tangent", "a": c1.oid, "b": c2.oid},
                                      f"{c1.oid} and {c2.oid} are tangent", (c1.oid, c2.oid), tuple(dict.fromkeys(on))))

    # ------------------------------------------------------------ intersections and angles
    def intersections(self):
        for p in self.active:
            through = [c for c in self.carriers if p in c.pts]
            inner = [c for c in through if p not in (c.pts[0], c.pts[-1])]
            if len(through) < 2 or not inner:
                continue
            for c1 in inner:
                for c2 in through:
                    if c2 is c1 or angle_between(c1.u, c2.u) <= self.tol.angle_deg:
                        continue
                    a, b = sorted((c1.oid, c2.oid))
                    r = self.add(Relation("intersection", f"{p}|{a}|{b}",
                                          {"all": [{"op": "point_on", "point": p, "on": a}, {"op": "point_on", "point": p, "on": b}]},
                                          f"{p} is the intersection of {a} and {b}", (p, a, b),
                                          tuple(dict.fromkeys((p, *c1.pts, *c2.pts)))))
                    for rr in self.rels.values():
                        if rr.type in ("betweenness", "incidence") and rr.key in (f"{p}|{a}", f"{p}|{b}") and r.id not in rr.implied_by:
                            rr.implied_by.append(r.id)

    # ------------------------------------------------------------ run
    def run(self) -> MinedFigure:
        self.locate_points()
        self.find_carriers()
        self.carrier_relations()
        marks = self.right_angle_marks()
        self.direction_relations(marks)
        self.find_circles()
        self.circle_relations()
        self.tangencies()
        explained = self.tick_relations() + self.midpoints()
        self.equal_lengths(explained)
        self.intersections()
        self.angles()
        objects = [o for o in self.objects.values()]
        order = {"point": 0, "segment": 1, "line": 2, "ray": 3, "circle": 4, "arc": 4}
        objects.sort(key=lambda o: (order.get(o["type"], 9), o["id"]))
        return MinedFigure(points=dict(self.pts), objects=objects, relations=list(self.rels.values()),
                           notes=self.notes, scale=self.s, source_format=self.scene.source_format,
                           circles={c.oid: (c.c, c.r, c.owner) for c in self.rounds},
                           lines={c.oid: list(c.pts) for c in self.carriers}, precision=self.tol.precision(),
                           drawing=drawing_samples(self.geo, self.s), floating=set(self.floating))
