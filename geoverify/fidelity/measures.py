"""Mining of lengths and angles: tick marks, midpoints, equal lengths, equal angles, bisectors.

A mixin of the miner (:class:`geoverify.fidelity.mine._Miner`): it reads the
miner's labelled points (``pts``), drawn lines (``carriers``), objects and
tolerances, and records relations through its ``add``.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.fidelity.marks import find_ticks
from geoverify.fidelity.relations import Relation

__all__ = ["MeasureMining", "angle_between", "seg_name"]


def angle_between(u: np.ndarray, v: np.ndarray) -> float:
    """Angle between two lines (unit directions), degrees in [0, 90]."""
    c = abs(float(u @ v))
    return math.degrees(math.acos(min(1.0, c)))


def seg_name(a: str, b: str) -> str:
    """Id of the segment between points ``a`` and ``b`` (end names in sorted order)."""
    return a + b if a <= b else b + a


class MeasureMining:
    """Length and angle relations (mixed into the miner)."""

    def elementary_segments(self) -> list[tuple[str, str, str]]:
        out = []
        for c in self.carriers:
            for a, b in zip(c.pts[:-1], c.pts[1:]):
                out.append((seg_name(a, b), a, b))
        return list(dict.fromkeys(out))

    def length(self, a: str, b: str) -> float:
        return float(np.hypot(*(self.pts[a] - self.pts[b])))

    def tick_relations(self) -> list[tuple[str, str, str]]:
        """Equal-length tick marks; returns the segment pairs they equate with the relation id.

        A tick belongs to the stretch between two labelled points of one drawn line whose
        middle it crosses (BM of B, D, M, C when the tick is halfway from B to M).
        """
        counts: dict[str, int] = {}
        for tk in find_ticks(self.scene, self.s):
            best = None
            for c in self.carriers:
                if angle_between(c.u, tk.direction) < 45:
                    continue
                rel = tk.mid - c.p0
                if abs(rel[0] * c.u[1] - rel[1] * c.u[0]) > 0.3 * tk.length:
                    continue
                t = float(rel @ c.u)
                for i in range(len(c.pts)):
                    for j in range(i + 1, len(c.pts)):
                        L = c.t[j] - c.t[i]
                        if L <= 2 * tk.length:
                            continue
                        off = abs((t - c.t[i]) / L - 0.5)
                        if off <= 0.12 and (best is None or off < best[0]):
                            best = (off, c.pts[i], c.pts[j])
            if best is not None:
                sid = self.seg(best[1], best[2], True)
                counts[sid] = counts.get(sid, 0) + 1
        by_count: dict[int, list] = {}
        for sid, n in counts.items():
            by_count.setdefault(n, []).append(sid)
        out = []
        for n, sids in sorted(by_count.items()):
            sids.sort()
            for other in sids[1:]:
                la = self._seg_len(sids[0])
                lb = self._seg_len(other)
                ratio = abs(la - lb) / max(la, lb)
                if ratio > self.tol.check.length_ratio:
                    self.notes.append(f"tick marks say {sids[0]} = {other} but the lengths differ by {ratio:.1%}: not mined.")
                    continue
                r = self.add(Relation("tick_marks", f"{sids[0]}|{other}", {"op": "equal_length", "a": sids[0], "b": other},
                                      f"{sids[0]} and {other} carry {n} tick mark{'s' if n > 1 else ''} each (equal lengths)",
                                      (sids[0], other), tuple(self.objects[sids[0]]["through"] + self.objects[other]["through"]),
                                      residual=ratio))
                out.append((sids[0], other, r.id))
        return out

    def _seg_len(self, sid: str) -> float:
        a, b = self.objects[sid]["through"]
        return self.length(a, b)

    def midpoints(self) -> list[tuple[str, str, str]]:
        out = []
        for c in self.carriers:
            for i in range(1, len(c.pts) - 1):
                for a in range(i):
                    for b in range(i + 1, len(c.pts)):
                        la, lb = c.t[i] - c.t[a], c.t[b] - c.t[i]
                        if abs(la - lb) > self.tol.length_ratio * max(la, lb):
                            continue
                        m, pa, pb = c.pts[i], c.pts[a], c.pts[b]
                        sid = self.seg(pa, pb, True)
                        r = self.add(Relation("midpoint", f"{m}|{sid}", {"op": "midpoint", "point": m, "segment": sid},
                                              f"{m} is the midpoint of {sid}", (m, sid), (m, pa, pb),
                                              residual=abs(la - lb) / max(la, lb)))
                        out.append((seg_name(pa, m), seg_name(m, pb), r.id))
        return out

    def equal_lengths(self, explained: list[tuple[str, str, str]]):
        # Drawn segments: the pieces between consecutive points, whole drawn segments, and the
        # stretches that ticks and midpoints name (BM of B, D, M, C).
        segs = [(o["id"], self.length(*o["through"])) for o in self.objects.values()
                if o["type"] == "segment" and o.get("description") == "drawn"]
        segs.sort(key=lambda s: s[1])
        strict, check = self.tol.length_ratio, self.tol.check.length_ratio
        classes, cur = [], []
        for s in segs:
            if cur and (s[1] - cur[-1][1]) > strict * s[1]:
                if len(cur) > 1:
                    classes.append(cur)
                if (s[1] - cur[-1][1]) <= check * s[1]:
                    self.notes.append(f"{cur[-1][0]} and {s[0]} have nearly equal lengths "
                                      f"({(s[1] - cur[-1][1]) / s[1]:.2%} apart): not mined.")
                cur = []
            cur.append(s)
        if len(cur) > 1:
            classes.append(cur)
        why = {}
        for a, b, rid in explained:
            why.setdefault(frozenset((a, b)), []).append(rid)
        for cls in classes:
            names = [s[0] for s in cls]
            parent = {n: n for n in names}

            def find(x):
                while parent[x] != x:
                    x = parent[x]
                return x

            for pair in why:
                a, b = tuple(pair)
                if a in parent and b in parent:
                    parent[find(b)] = find(a)
            comps: dict = {}
            for nm in names:
                comps.setdefault(find(nm), []).append(nm)
            reps = [c[0] for c in comps.values()]
            for comp in comps.values():
                ids = sorted({rid for p, rids in why.items() if p <= set(comp) for rid in rids})
                for other in comp[1:]:
                    r = self._equal(comp[0], other)
                    if r.type == "equal_length":  # not the tick relation that already says it
                        r.implied_by = ids or ["marks"]
            for other in reps[1:]:
                self._equal(reps[0], other)

    def _equal(self, a: str, b: str) -> Relation:
        a, b = sorted((a, b))
        la, lb = self._seg_len(a), self._seg_len(b)
        return self.add(Relation("equal_length", f"{a}|{b}", {"op": "equal_length", "a": a, "b": b},
                                 f"{a} and {b} have equal length", (a, b),
                                 tuple(self.objects[a]["through"] + self.objects[b]["through"]),
                                 residual=abs(la - lb) / max(la, lb)))

    def angles(self):
        strict = self.tol.angle_deg
        measured = []
        for v in self.active:
            rays = []
            for c in self.carriers:
                if v not in c.pts:
                    continue
                k = c.pts.index(v)
                for q in ([c.pts[k - 1]] if k > 0 else []) + ([c.pts[k + 1]] if k + 1 < len(c.pts) else []):
                    d = self.pts[q] - self.pts[v]
                    rays.append((math.degrees(math.atan2(d[1], d[0])) % 360.0, q))
            if len(rays) < 2:
                continue
            rays.sort()
            adj = []
            for i in range(len(rays)):
                a0, q0 = rays[i]
                a1, q1 = rays[(i + 1) % len(rays)]
                val = (a1 - a0) % 360.0
                if len(rays) == 2 and val > 180:
                    val, q0, q1 = 360 - val, q1, q0
                adj.append((val, q0, q1))
            for i in range(len(adj)):
                v1, qa, qb = adj[i]
                v2, qb2, qc = adj[(i + 1) % len(adj)]
                if len(adj) < 3 or qb2 != qb or v1 + v2 >= 179 or abs(v1 - v2) > strict or v1 < 3:
                    continue
                self.add(Relation("angle_bisector", f"{v}|{qa}|{qb}|{qc}",
                                  {"all": [{"op": "angle_value", "vertex": v, "from": qa, "to": qb, "degrees": round(v1, 3)},
                                           {"op": "angle_value", "vertex": v, "from": qb, "to": qc, "degrees": round(v2, 3)}]},
                                  f"{v}{qb} bisects angle {qa}{v}{qc} ({v1:.1f} degrees each side)", (v, qa, qb, qc),
                                  (v, qa, qb, qc)))
            for val, q0, q1 in adj:
                if 3 <= val <= 177 and abs(val - 90) > self.tol.check.angle_deg:
                    measured.append((val, v, *sorted((q0, q1))))
        measured.sort()
        cls, cur = [], []
        for m in measured:
            if cur and m[0] - cur[-1][0] > strict:
                if len(cur) > 1:
                    cls.append(cur)
                cur = []
            cur.append(m)
        if len(cur) > 1:
            cls.append(cur)
        for group in cls:
            first = group[0]
            for m in group[1:]:
                if (m[1], m[2], m[3]) == (first[1], first[2], first[3]):
                    continue
                vertical = m[1] == first[1]
                r = self.add(Relation(
                    "equal_angle", f"{first[2]}{first[1]}{first[3]}|{m[2]}{m[1]}{m[3]}",
                    {"all": [{"op": "angle_value", "vertex": first[1], "from": first[2], "to": first[3], "degrees": round(first[0], 3)},
                             {"op": "angle_value", "vertex": m[1], "from": m[2], "to": m[3], "degrees": round(m[0], 3)}]},
                    f"angle {first[2]}{first[1]}{first[3]} equals angle {m[2]}{m[1]}{m[3]} ({first[0]:.1f} degrees)",
                    (first[1], first[2], first[3], m[1], m[2], m[3]), (first[1], first[2], first[3], m[1], m[2], m[3])))
                if vertical:
                    # Two equal angles at one vertex: the halves of a bisected angle, or vertical angles.
                    bis = [b.id for b in self.rels.values() if b.type == "angle_bisector" and b.objects[0] == m[1]
                           and {first[2], first[3], m[2], m[3]} <= set(b.objects[1:])]
                    r.implied_by = bis or [f"vertical angles at {m[1]}"]
