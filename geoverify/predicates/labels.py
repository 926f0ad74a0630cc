"""Label and text predicates: label bindings, text and formulas, readability, styles."""

from __future__ import annotations

import numpy as np

from geoverify.predicates.incidence import distance_to_object
from geoverify.predicates.registry import Context, operation
from geoverify.predicates.verdict import FAIL, INDETERMINATE, PASS, Verdict
from geoverify.scene.markers import point_markers

__all__ = ["label_bound", "text_present", "labels_readable", "distinct_styles"]


def _legend_distance(ctx: Context, lab, oid: str) -> float:
    """How far ``lab`` is from a legend sample of ``oid``: a short stroke drawn in the style of
    the object's curve (:func:`~geoverify.matching.binding.legend_samples`), which the label names it by."""
    from geoverify.matching.binding import legend_samples
    from geoverify.matching.style import stroke_key

    b = ctx.obj(oid)
    keys = {stroke_key(ctx.scene.primitives[i].style) for i in b.primitives
            if ctx.scene.primitives[i].style.stroke is not None}
    if not keys:
        return np.inf
    dists = [float(np.hypot(*(c.coords - lab.anchor).T).min()) for c in legend_samples(ctx.binding.features)
             if c.owner not in b.primitives and stroke_key(ctx.scene.primitives[c.owner].style) in keys]
    return min(dists, default=np.inf)


def _label_distance(ctx: Context, lab, oid: str) -> float:
    b = ctx.obj(oid)
    if b.type == "point":
        return float(np.hypot(*(lab.anchor - b.point)))
    d = distance_to_object(ctx, lab.anchor, oid)
    if b.type in ("curve", "parametric_curve", "image_curve", "circle") and b.primitives:
        d = min(d, _legend_distance(ctx, lab, oid))
    box = getattr(lab, "box", None)
    if ctx.binding.features.attached_labels and box is not None:
        # A node attached at a circle's centre but moved beside its outline by its options
        # (``circle (3) node[above right=2cm]``) is seen where its text is.
        seen = np.array([0.5 * (box[0] + box[2]), 0.5 * (box[1] + box[3])])
        d = min(d, distance_to_object(ctx, seen, oid))
    return d


def _colour_of(ctx: Context, oid: str) -> set:
    """Stroke colours of the primitives an object is bound to (fill for unstroked ones)."""
    out = set()
    for i in ctx.obj(oid).primitives:
        st = ctx.scene.primitives[i].style
        c = st.stroke if st.stroked else st.fill
        if c is not None:
            out.add(c)
    return out


def _coloured_for(ctx: Context, lab, oid: str, other: str) -> bool:
    """Whether a coloured label is in its object's colour and not in the other's.

    Image curves of Rouché's theorem wind through each other, so no place beside one is
    farther from the other; a figure then tells them apart by colour, and the reader
    matches a blue ``f(C)`` with the blue curve. Black labels decide nothing.
    """
    from geoverify.matching.style import colours_close

    colour = lab.style.fill
    if colour is None or colours_close(colour, "#000000"):
        return False
    mine, theirs = _colour_of(ctx, oid), _colour_of(ctx, other)
    return (any(colours_close(colour, c) for c in mine)
            and not any(colours_close(colour, c) for c in theirs))


@operation("label_bound")
def label_bound(ctx: Context, object: str, text: str | None = None, **_) -> Verdict:
    from geoverify.matching import normalize_text

    miss = ctx.missing(object)
    if miss:
        return miss
    b = ctx.obj(object)
    if text is not None:
        want = normalize_text(text)
        labels = [i for i, lab, norm in ctx.binding.features.labels if norm == want]
    else:
        labels = list(b.labels)
    if not labels:
        return Verdict(FAIL, f"no label names {ctx.name(object)}", objects=[object])
    margin = ctx.task.tolerances.label_margin * ctx.binding.features.scale
    best = min(labels, key=lambda i: _label_distance(ctx, ctx.scene.primitives[i], object))
    lab = ctx.scene.primitives[best]
    d = _label_distance(ctx, lab, object)
    allowed = margin + lab.font_size
    if d > allowed:
        return Verdict(FAIL, f"label {lab.text!r} is {d:.3g} away from {ctx.name(object)} (allowed {allowed:.3g})",
                       d, allowed, "canvas", [best] + b.primitives, [object])
    # The label must not sit nearer to another object of the same type (one a reader sees: not a
    # point only the frame's transform places, with nothing drawn there).
    for other, ob in ctx.binding.objects.items():
        if other == object or ob.type != b.type or ob.status != "bound":
            continue
        if ob.type == "point" and not ob.drawn:
            continue
        if ob.type == "point" and ob.point is not None and np.allclose(ob.point, b.point):
            continue
        try:
            d2 = _label_distance(ctx, lab, other)
        except (TypeError, ValueError):
            continue
        if d2 < d * 0.8 and not _coloured_for(ctx, lab, object, other):
            return Verdict(FAIL, f"label {lab.text!r} is nearer to {ctx.name(other)} than to {ctx.name(object)}",
                           d, allowed, "canvas", [best] + b.primitives, [object, other])
    return Verdict(PASS, f"label {lab.text!r} is bound to {ctx.name(object)}", d, allowed, "canvas",
                   [best] + b.primitives, [object])


@operation("text_present")
def text_present(ctx: Context, text: str, **_) -> Verdict:
    b = ctx.obj(text)
    want = ctx.task.objects[text].data["text"]
    if b.status == "bound" and b.via == "document text":
        return Verdict(PASS, f"text '{want}' is present in the document's text outside the pictures", objects=[text])
    if b.status == "bound":
        shown = [ctx.scene.primitives[i].text for i in b.primitives]
        return Verdict(PASS, f"text '{want}' is present as '{shown[0]}'", primitives=b.primitives, objects=[text])
    v = INDETERMINATE if ctx.scene.partial else FAIL
    return Verdict(v, f"text '{want}' is not in the figure", objects=[text])


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0.0) * max(h, 0.0)


@operation("labels_readable")
def labels_readable(ctx: Context, objects=None, **_) -> Verdict:
    labs = ctx.scene.labels
    if objects:
        keep = set()
        for oid in objects:
            keep.update(ctx.obj(oid).labels)
        labs = [(i, lab) for i, lab in labs if i in keep]
    worst, pairs = 0.0, []
    for k in range(len(labs)):
        for j in range(k + 1, len(labs)):
            a, b = labs[k][1].box, labs[j][1].box
            area = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
            if area <= 0:
                continue
            frac = _overlap(a, b) / area
            if frac > 0:
                pairs.append((labs[k][0], labs[j][0]))
                worst = max(worst, frac)
    score = 1.0 if worst == 0 else 0.5 if worst <= 0.15 else 0.0
    verdict = PASS if score == 1.0 else FAIL
    msg = "no labels overlap" if not pairs else f"{len(pairs)} pair(s) of labels overlap (worst {worst:.0%} of the smaller box)"
    return Verdict(verdict, msg, worst, 0.0, "ratio", sorted({i for p in pairs for i in p}), list(objects or []), score=score)


@operation("distinct_styles")
def distinct_styles(ctx: Context, objects, **_) -> Verdict:
    miss = ctx.missing(*objects, need_drawn=True)
    if miss:
        return miss
    styles = {}
    for oid in objects:
        prims = [ctx.scene.primitives[i] for i in ctx.obj(oid).primitives]
        styles[oid] = prims[0].style if prims else None

    def alike(a, b) -> bool:
        # Widths within 25% of each other do not tell two curves apart.
        if a is None or b is None:
            return False
        wa, wb = a.stroke_width, b.stroke_width
        similar_width = abs(wa - wb) <= 0.25 * max(wa, wb, 1e-12)
        return a.stroke == b.stroke and a.fill == b.fill and bool(a.dash) == bool(b.dash) and similar_width

    # Markers of different shapes (zeros as rings, poles as crosses) are told apart by shape alone.
    marks = point_markers(ctx.scene)
    shapes = {oid: {m.shape for m in marks if set(m.primitives) & set(ctx.obj(oid).primitives)} for oid in objects}
    same = [(a, b) for k, a in enumerate(objects) for b in objects[k + 1:]
            if alike(styles[a], styles[b]) and set(ctx.obj(a).primitives) != set(ctx.obj(b).primitives)
            and not (shapes[a] and shapes[b] and shapes[a].isdisjoint(shapes[b]))]
    shared = [(a, b) for k, a in enumerate(objects) for b in objects[k + 1:]
              if set(ctx.obj(a).primitives) & set(ctx.obj(b).primitives)]
    bad = same + shared
    n_pairs = len(objects) * (len(objects) - 1) // 2
    score = 1.0 if not bad else 0.5 if len(bad) < n_pairs else 0.0
    msg = ("the objects are drawn in distinguishable styles" if not bad else
           "indistinguishable: " + ", ".join(f"{ctx.name(a)}/{ctx.name(b)}" for a, b in bad))
    return Verdict(PASS if not bad else FAIL, msg, float(len(bad)), 0.0, "count", ctx.prims(*objects), list(objects), score=score)
