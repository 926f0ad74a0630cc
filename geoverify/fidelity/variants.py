"""The variants a reference is measured against: harmless ones and the five mutations.

Harmless variants (every relation must survive, score 1.0): the same figure
translated, uniformly scaled, restyled, and transcribed into TikZ and SVG.

Mutations (score strictly lower, failing only relations that involve what was
changed): a labelled point moved by 5% of the figure's size, a perpendicular
tilted by 5 degrees, a circle's radius changed by 5%, two labels swapped, a
segment removed. Each targets what the reference's mined relations say, so
that it changes something those relations can see; a mutation with no target
(no circle, no perpendicular) is not applicable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from geoverify.fidelity import mutate
from geoverify.fidelity.compare import Figure
from geoverify.scene import Scene, similarity_matrix

__all__ = ["Variant", "harmless_variants", "mutations", "HARMLESS", "MUTATIONS"]

# Candidates tried for a mutation that must take effect (a point that moves, a segment that goes).
_TRIES = 4
HARMLESS = ("self", "translated", "scaled", "restyled", "tikz", "svg")
MUTATIONS = ("moved_point", "tilted_perpendicular", "circle_radius", "swapped_labels", "removed_segment")


@dataclass(slots=True)
class Variant:
    """A variant of a reference: a scene, or code to parse (``fmt``), and what it touches."""

    name: str
    scene: Scene | None = None
    code: str | None = None
    fmt: str | None = None
    touched: frozenset = frozenset()
    description: str = ""


def harmless_variants(ref: Figure) -> list[Variant]:
    from geoverify.fidelity.transcribe import to_svg, to_tikz

    sc = ref.scene
    return [
        Variant("self", code=ref.text, fmt=ref.fmt),
        Variant("translated", sc.transformed(similarity_matrix(1.0, 0.0, 137.0 + 3 * ref.mined.scale, -59.0))),
        Variant("scaled", sc.transformed(similarity_matrix(2.75))),
        Variant("restyled", mutate.restyle(sc)),
        Variant("tikz", code=to_tikz(sc, ref.mined.points), fmt="tikz"),
        Variant("svg", code=to_svg(sc, ref.mined.points), fmt="svg"),
    ]


def _relation_count(ref: Figure) -> dict:
    counts = {p: 0 for p in ref.mined.points}
    for r in ref.mined.primary():
        for p in set(r.points):
            if p in counts:
                counts[p] += 1
    return counts


def _line_of(ref: Figure, oid: str) -> list[str]:
    return ref.mined.lines.get(oid) or next((o["through"] for o in ref.mined.objects if o["id"] == oid), [])


def mutations(ref: Figure) -> list[Variant]:
    """The applicable mutations of a reference (see the module docstring)."""
    m = ref.mined
    sc, s = ref.scene, m.scale
    pts = m.points
    counts = _relation_count(ref)
    out = []
    ranked = sorted((p for p in counts if counts[p] > 0), key=lambda p: (-counts[p], p))
    # A point strokes pass through (a vertex or dot) moves with them; a labelled crossing
    # would only lose its label's place (its label names the crossing again).
    # A labelled point where nothing is drawn (a label in a region) would only move its label.
    movable = [p for p in ranked if _is_drawn_vertex(ref, pts[p])]
    others = [q for q in ranked if q not in movable and q not in m.floating]
    for p in (movable + others)[:_TRIES]:
        # Diagonal to a line through it, so that both its incidence and the lengths at it change.
        base = 0.0
        for pl in m.lines.values():
            if p in pl and len(pl) >= 2:
                d = pts[pl[-1]] - pts[pl[0]]
                base = math.atan2(d[1], d[0])
                break
        ang = base + math.radians(45.0 if base else 37.0)
        if not base:
            # On a circle and on no line: off the circle, radially, so that its incidence changes.
            for oid, (c, rad, _) in m.circles.items():
                if abs(float(np.hypot(*(pts[p] - c))) - rad) <= 1e-3 * s and float(np.hypot(*(pts[p] - c))) > 0:
                    ang = math.atan2(pts[p][1] - c[1], pts[p][0] - c[0])
                    break
        delta = 0.05 * s * np.array([math.cos(ang), math.sin(ang)])
        moved = mutate.move_point(sc, pts[p], delta, name=p)
        # It must take effect: the point is read where it was moved to (a labelled crossing of
        # strokes that do not move stays put, its label naming it again).
        if _read_at(moved, p, pts[p] + delta, 0.01 * s):
            out.append(Variant("moved_point", moved, touched=frozenset({p}), description=f"{p} moved by 5% of the figure"))
            break
    perp = [r for r in m.primary() if r.type in ("perpendicular", "right_angle_mark")]
    if perp:
        r = perp[0]
        if r.check["op"] == "angle_value":
            v, b = r.check["vertex"], r.check["to"]
            pivot = pts[v]
            line = next((pl for pl in m.lines.values() if v in pl and b in pl), [v, b])
        else:
            la, lb = _line_of(ref, r.check["a"]), _line_of(ref, r.check["b"])
            pivot = _crossing(pts[la[0]], pts[la[-1]], pts[lb[0]], pts[lb[-1]])
            line = lb
        moving = {q: pts[q] for q in line if np.hypot(*(pts[q] - pivot)) > 1e-6 * s}
        if moving:
            tilted = mutate.rotate_points(sc, moving, pivot, 5.0)
            # It must take effect: a labelled crossing on an axis does not turn with its label.
            a5 = math.radians(5.0)
            rot = np.array([[math.cos(a5), -math.sin(a5)], [math.sin(a5), math.cos(a5)]])
            q, xy = max(moving.items(), key=lambda kv: float(np.hypot(*(kv[1] - pivot))))
            if _read_at(tilted, q, pivot + rot @ (xy - pivot), 0.01 * s):
                out.append(Variant("tilted_perpendicular", tilted, touched=frozenset(moving),
                                   description=f"{r.text}: tilted by 5 degrees"))
    circ = [(oid, c) for oid, c in m.circles.items()
            if any(r.type == "incidence" and oid in r.objects for r in m.primary())]
    if circ:
        oid, (c, rad, owner) = circ[0]
        on = {p for r in m.relations if oid in r.objects for p in r.points}
        mut = sc
        # Every primitive that draws this circle (an outline and a filled sector both show it).
        owners = {rd.owner for rd in ref.features.rounds
                  if np.hypot(*(rd.center - c)) <= 1e-3 * s and abs(rd.radius - rad) <= 1e-3 * s} | {owner}
        for o in sorted(owners):
            mut = mutate.scale_round(mut, o, c, 1.05)
        out.append(Variant("circle_radius", mut, touched=frozenset(on | {oid}),
                           description=f"radius of {oid} changed by 5%"))
    if len(ranked) >= 2:
        a = ranked[0]
        # The partner whose relations differ most from a's: the swap must change something.
        rel_a = {r.id for r in m.primary() if a in r.points}
        order = sorted((q for q in pts if q != a), key=lambda q: (len(rel_a ^ {r.id for r in m.primary() if q in r.points}), q),
                       reverse=True)
        # A swap that a symmetry of the figure undoes (the two legs of an isosceles right angle, the
        # two ends of a symmetric figure's axis) draws the same figure: not a mutation.
        b = next((q for q in order if _swap_changes_placement(pts, a, q, s, m.drawing)), None)
        if b is not None:
            out.append(Variant("swapped_labels", mutate.swap_labels(sc, a, b), touched=frozenset({a, b}),
                               description=f"labels {a} and {b} swapped"))
    segs = sorted((r for r in m.primary() if r.type == "segment"),
                  key=lambda r: (sum(counts.get(p, 0) for p in r.points), r.id), reverse=True)
    for r in segs[:_TRIES]:
        a, b = r.points[:2]
        cut = mutate.remove_segment(sc, pts[a], pts[b])
        # It must take effect: a segment also drawn by another stroke, or too short to see, is not removed.
        if _drawn_share(cut, pts[a], pts[b]) < 0.5:
            out.append(Variant("removed_segment", cut, touched=frozenset({a, b, r.objects[0]}),
                               description=f"segment {a}{b} removed"))
            break
    return out


def _read_at(scene: Scene, name: str, xy: np.ndarray, tol: float) -> bool:
    """Whether mining ``scene`` reads point ``name`` within ``tol`` of ``xy``."""
    from geoverify.fidelity.mine import mine_scene

    got = mine_scene(scene).points.get(name)
    return got is not None and float(np.hypot(*(got - xy))) <= tol


def _drawn_share(scene: Scene, a: np.ndarray, b: np.ndarray) -> float:
    """Share of segment ab still drawn in ``scene`` (within the checking distance)."""
    from geoverify.fidelity.marks import without_marks
    from geoverify.ir import Tolerances
    from geoverify.matching import coverage, extract_features

    f = extract_features(without_marks(scene))
    return coverage(f, a, b, Tolerances().distance * f.scale)[0]


def _is_drawn_vertex(ref: Figure, xy: np.ndarray) -> bool:
    from geoverify.matching.features import PointKind

    f = ref.features
    near = np.hypot(*(f.points - xy).T) <= 1e-6 * f.scale if len(f.points) else np.zeros(0, dtype=bool)
    return bool(np.any(near & np.isin(f.point_kind, (PointKind.VERTEX, PointKind.DOT))))


def _swap_changes_placement(pts: dict, a: str, b: str, scale: float, drawing: np.ndarray | None) -> bool:
    """Whether swapping the labels a and b changes where the labels sit on the drawing, up to a similarity."""
    from geoverify.fidelity.placement import placement_rows

    swapped = dict(pts)
    swapped[a], swapped[b] = pts[b], pts[a]
    rows = placement_rows(pts, {}, swapped, {}, scale, ref_drawing=drawing, cand_drawing=drawing)
    return any(r.passed is not True for r in rows)


def _crossing(p1, p2, q1, q2) -> np.ndarray:
    d1, d2 = p2 - p1, q2 - q1
    den = d1[0] * d2[1] - d1[1] * d2[0]
    if abs(den) < 1e-12:
        return 0.5 * (q1 + q2)
    t = ((q1 - p1)[0] * d2[1] - (q1 - p1)[1] * d2[0]) / den
    return p1 + t * d1
