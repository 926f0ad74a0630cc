"""Compare a candidate figure with a reference on the relations the reference shows.

Both figures are mined (:mod:`geoverify.fidelity.mine`). Each relation mined
from the reference is checked in the candidate (recall); each relation mined
from the candidate is checked in the reference (precision). Objects are matched
by label first; a reference point whose label is missing or duplicated in the
other figure is then looked for by geometry: a similarity fitted on the points
matched by label predicts where it should be, and the nearest drawn point there
(dot, vertex, crossing) stands for it.

Scores are over primary relations (implied ones are reported beside them); a
candidate that fails the technical gate scores 0 everywhere.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field

import numpy as np

from geoverify.errors import GeoverifyError, InputError
from geoverify.fidelity.marks import without_marks
from geoverify.fidelity.mine import MinedFigure, MiningTolerances, mine_scene
from geoverify.fidelity.placement import drawing_samples, placement_rows
from geoverify.fidelity.relations import OBJECT_TYPES, RELATION_TYPES, parse_relation_id, relation_id
from geoverify.ir import task_from_dict
from geoverify.matching import Features, bind, extract_features
from geoverify.matching.features import PointKind
from geoverify.predicates import PASS, evaluate_predicate
from geoverify.scene import Scene, TextLabel

__all__ = ["Figure", "RelationCheck", "FidelityScore", "prepare_figure", "figure_from_scene", "check_task_in",
           "compare_figures", "compare"]

# A point found by geometry must be within this fraction of the figure size of its prediction.
_GEOMETRY_MATCH_REL = 0.03
# Synthetic label texts that stand for points matched by geometry (never a real label).
_TOKEN = "zzgeo{}"
# Relation types whose failure message is prefixed with the relation itself.
_PREFIXED = ("betweenness", "intersection", "centre", "tick_marks", "equal_angle", "angle_bisector", "concyclic")


@dataclass(slots=True)
class Figure:
    """A figure prepared for comparison: its scene, features, mined task and gate.

    Attributes
    ----------
    scene : Scene or None
        None when the figure did not parse.
    mined : MinedFigure or None
    task : dict or None
        The mined task.json draft.
    text : str
        Source code (for the text metrics).
    fmt : str
    T : bool
        Technical gate (real toolchain when asked and available, else native: parsed and non-empty).
    gate : dict
        How T was decided: ``{"kind": "native" | "real", "code": ..., "message": ...}``.
    """

    scene: Scene | None
    features: Features | None
    mined: MinedFigure | None
    task: dict | None
    text: str = ""
    fmt: str = ""
    name: str = ""
    T: bool = True
    gate: dict = field(default_factory=dict)
    elapsed: float = 0.0
    geo_scene: Scene | None = None


@dataclass(slots=True)
class RelationCheck:
    """One mined relation checked in the other figure."""

    id: str
    type: str
    implied: bool
    text: str
    verdict: str
    message: str

    @property
    def passed(self) -> bool:
        return self.verdict == PASS

    def to_dict(self) -> dict:
        return {"id": self.id, "type": self.type, "implied": self.implied, "relation": self.text,
                "verdict": self.verdict, "message": self.message}


def _prf(hit_r: int, n_r: int, hit_p: int, n_p: int) -> dict:
    recall = hit_r / n_r if n_r else None
    precision = hit_p / n_p if n_p else None
    if recall is None or precision is None:
        f1 = None  # a type only one figure shows: its recall or precision says it all
    elif not recall or not precision:
        f1 = 0.0
    else:
        f1 = 2 * precision * recall / (precision + recall)
    return {"reference": n_r, "recalled": hit_r, "candidate": n_p, "correct": hit_p,
            "recall": recall, "precision": precision, "f1": f1}


@dataclass(slots=True)
class FidelityScore:
    """The comparison of one candidate with one reference.

    Attributes
    ----------
    recall_checks : list of RelationCheck
        Reference relations checked in the candidate.
    precision_checks : list of RelationCheck
        Candidate relations checked in the reference.
    object_recall, label_recall : float or None
    T : bool
    gate : dict
    text_metrics : dict
        Keyword-match F1, BLEU, chrF++, ROUGE-L (when both are Asymptote and the libraries exist).
    """

    reference: str
    candidate: str
    T: bool
    gate: dict
    recall_checks: list
    precision_checks: list
    object_recall: float | None
    label_recall: float | None
    points: dict
    text_metrics: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)

    def _rows(self, implied: bool, placement: bool = True):
        keep = (lambda c: c.implied == implied and (placement or c.type != "placement"))
        return [c for c in self.recall_checks if keep(c)], [c for c in self.precision_checks if keep(c)]

    def summary(self, implied: bool = False, placement: bool = True) -> dict:
        """Precision, recall and F1 overall (primary relations, or implied ones).

        ``placement=False`` leaves the placement relations out: the structural score of a
        candidate that may draw the configuration in another shape.
        """
        r, p = self._rows(implied, placement)
        if not self.T:
            return _prf(0, len(r), 0, len(p)) | {"recall": 0.0 if r else None, "precision": 0.0, "f1": 0.0}
        out = _prf(sum(c.passed for c in r), len(r), sum(c.passed for c in p), len(p))
        rec, prec = out["recall"], out["precision"]
        if rec is not None and prec is None:
            # The candidate shows no relation at all: nothing wrong in it (precision 1), only missing ones.
            out["f1"] = 2 * rec / (1 + rec)
        elif rec is None and prec is not None:
            out["f1"] = prec  # the reference shows none: what the candidate claims must still hold there
        return out

    def per_type(self) -> dict:
        r, p = self._rows(False)
        out = {}
        for t in RELATION_TYPES:
            rt = [c for c in r if c.type == t]
            pt = [c for c in p if c.type == t]
            if not rt and not pt:
                continue
            ok = self.T
            out[t] = _prf(sum(c.passed for c in rt) if ok else 0, len(rt), sum(c.passed for c in pt) if ok else 0, len(pt))
        return out

    @property
    def f1(self) -> float:
        """The headline score: F1 of primary relations (1.0 for a figure with no relations it keeps)."""
        s = self.summary()
        if s["f1"] is None:
            return 1.0 if self.T else 0.0
        return s["f1"]

    def missing(self) -> list[RelationCheck]:
        """Reference relations the candidate does not show (primary first)."""
        bad = [c for c in self.recall_checks if not c.passed]
        return sorted(bad, key=lambda c: (c.implied, RELATION_TYPES.index(c.type)))

    def extra(self) -> list[RelationCheck]:
        """Candidate relations the reference does not show."""
        return [c for c in self.precision_checks if not c.passed and not c.implied]

    def to_dict(self) -> dict:
        return {
            "reference": self.reference, "candidate": self.candidate, "T": self.T, "gate": self.gate,
            "score": self.f1, "relations": self.summary(), "implied_relations": self.summary(True),
            "structural_relations": self.summary(placement=False),
            "per_type": self.per_type(), "object_recall": self.object_recall, "label_recall": self.label_recall,
            "points": self.points, "missing": [c.to_dict() for c in self.missing()],
            "extra": [c.to_dict() for c in self.extra()], "text_metrics": self.text_metrics,
            "timings": {k: round(v, 4) for k, v in self.timings.items()}, "notes": self.notes,
        }

    def render_text(self) -> str:
        s = self.summary()

        def pct(x):
            return "  -  " if x is None else f"{100 * x:5.1f}"

        lines = [f"{self.candidate}  vs  reference {self.reference}",
                 f"  gate T = {int(self.T)} ({self.gate.get('kind', 'native')}"
                 + (f": {self.gate.get('code')}" if self.gate.get("code") else "") + ")",
                 f"  fidelity F1 {pct(self.f1)}   relation precision {pct(s['precision'])}  recall {pct(s['recall'])}"
                 f"   ({s['recalled']}/{s['reference']} reference relations shown, {s['correct']}/{s['candidate']} candidate relations true)",
                 f"  structural F1 {pct(self.summary(placement=False)['f1'])} (placement relations left out: the shape may differ)",
                 f"  object recall {pct(self.object_recall)}   label recall {pct(self.label_recall)}"]
        pt = self.per_type()
        if pt:
            lines.append("  per relation type      recall  precision    F1")
            for t, v in pt.items():
                lines.append(f"    {t:<20} {pct(v['recall'])}    {pct(v['precision'])}  {pct(v['f1'])}"
                             f"   ({v['recalled']}/{v['reference']}, {v['correct']}/{v['candidate']})")
        if self.text_metrics:
            lines.append("  text metrics: " + ", ".join(f"{k} {v:.1f}" if isinstance(v, (int, float)) else f"{k} {v}"
                                                        for k, v in self.text_metrics.items()))
        miss = self.missing()
        if miss:
            lines.append("  missing or wrong:")
            for c in miss[:40]:
                lines.append(f"    - [{c.type}{', implied' if c.implied else ''}] {c.message}")
            if len(miss) > 40:
                lines.append(f"    ... and {len(miss) - 40} more")
        extra = self.extra()
        if extra:
            lines.append("  shown by the candidate but not by the reference:")
            for c in extra[:20]:
                lines.append(f"    - [{c.type}] {c.text}: {c.message}")
        for n in self.notes:
            lines.append(f"  note: {n}")
        return "\n".join(lines)


# ------------------------------------------------------------------ preparing figures
def figure_from_scene(scene: Scene, *, text: str = "", name: str = "", tolerances: MiningTolerances | None = None,
                      T: bool = True, gate: dict | None = None) -> Figure:
    """Mine an already parsed scene into a :class:`Figure`."""
    t0 = time.perf_counter()
    geo = without_marks(scene)
    feats = extract_features(geo)
    mined = mine_scene(scene, tolerances, feats)
    task = mined.to_task(task_id=name or "figure")
    non_empty = not scene.is_empty()
    g = dict(gate or {"kind": "native"})
    if not non_empty:
        g.setdefault("code", "TECH_EMPTY")
    return Figure(scene, feats, mined, task, text, scene.source_format, name, T and non_empty, g,
                  time.perf_counter() - t0, geo)


def prepare_figure(source, *, format: str | None = None, dialect: str = "aops", gate: bool = False,
                   name: str | None = None, tolerances: MiningTolerances | None = None) -> Figure:
    """Read, (optionally) gate, parse and mine one figure.

    Parameters
    ----------
    source : str or Path
        Figure file, or its code.
    gate : bool
        Decide T with the real toolchain (:mod:`geoverify.gate`, when installed and
        the tool exists; the native check otherwise, said in ``gate["kind"]``).

    Returns
    -------
    Figure
        A figure that does not parse has ``scene None`` and ``T False`` (never raised).
    """
    from geoverify.evaluation.check import read_source
    from geoverify.frontends import detect_format, parse_figure

    text, filename = read_source(source)
    label = name or filename or "<code>"
    try:
        fmt = format or detect_format(text, filename)
    except GeoverifyError as exc:
        return Figure(None, None, None, None, text, "", label, False, {"kind": "native", "code": exc.code, "message": str(exc)})
    ginfo = {"kind": "native"}
    if gate:
        try:
            from geoverify.gate import GateCache, run_gate
        except ImportError:
            run_gate = None
            ginfo["message"] = "real gate not installed; native check used"
        if run_gate is not None:
            # Cached: a rerun of a folder comparison does not compile the same code again.
            g = run_gate(text, fmt, dialect=dialect, cache=GateCache())
            if g.T is None:
                ginfo["message"] = f"toolchain unavailable ({g.error_code}); native check used"
            else:
                ginfo = {"kind": "real", "code": g.error_code}
                if not g.T:
                    ginfo["message"] = (g.log_excerpt or "")[:300]
                    return Figure(None, None, None, None, text, fmt, label, False, ginfo)
    opts = {"dialect": dialect} if fmt == "asy" else {}
    try:
        scene = parse_figure(text, format=fmt, filename=filename, **opts)
    except GeoverifyError as exc:
        ginfo.update({"code": ginfo.get("code") or exc.code, "message": str(exc)[:300]})
        if ginfo["kind"] == "real":
            ginfo["message"] = "compiled, but the native front-end cannot read it: " + ginfo["message"]
        return Figure(None, None, None, None, text, fmt, label, False, ginfo)
    return figure_from_scene(scene, text=text, name=label, tolerances=tolerances, gate=ginfo)


# ------------------------------------------------------------------ matching and checking
def _similarities(src: np.ndarray, dst: np.ndarray) -> list:
    """Least-squares similarities mapping ``src (N, 2)`` onto ``dst (N, 2)``, ``f(x) -> y``, best first.

    Both orientations are returned when they fit equally well (two points, or collinear
    ones, cannot tell a figure from its mirror image); otherwise the better one only.
    Each ``f`` carries its scale factor as ``f.scale``.
    """
    found = []
    for reflect in (False, True):
        s = src * np.array([1.0, -1.0]) if reflect else src
        ms, md = s.mean(axis=0), dst.mean(axis=0)
        a, b = s - ms, dst - md
        za = a[:, 0] + 1j * a[:, 1]
        zb = b[:, 0] + 1j * b[:, 1]
        den = float(np.vdot(za, za).real)
        if den <= 0:
            continue
        k = np.vdot(za, zb) / den  # complex scale-rotation
        found.append((float(np.abs(k * za - zb).sum()), reflect, k, ms, md))
    if not found:
        return []
    found.sort(key=lambda t: t[0])
    tie = 1e-9 * max(float(np.abs(dst).max()), 1.0) * len(dst)
    out = []
    for res, reflect, k, ms, md in found:
        if res > found[0][0] + tie:
            break

        def f(x, reflect=reflect, k=k, ms=ms, md=md):
            x = np.asarray(x, dtype=float) * (np.array([1.0, -1.0]) if reflect else 1.0) - ms
            z = k * (x[..., 0] + 1j * x[..., 1])
            return np.stack([z.real, z.imag], axis=-1) + md

        f.scale = float(abs(k))
        out.append(f)
    return out


def _similarity(src: np.ndarray, dst: np.ndarray):
    """The best least-squares similarity (with reflection when better) mapping src onto dst: ``f(x) -> y``."""
    fits = _similarities(src, dst)
    return fits[0] if fits else None


def _clear_rim_point(rd, rounds: list) -> np.ndarray:
    """The point of round ``rd``'s outline ``(2,)`` farthest from every other drawn round.

    A name put there tells ``rd`` from circles that touch it (tangent circles share a point).
    """
    pts = np.asarray(rd.points, dtype=float)
    if not len(pts):
        a = np.linspace(0.0, 2 * np.pi, 72, endpoint=False)
        pts = rd.center + rd.radius * np.stack([np.cos(a), np.sin(a)], axis=1)
    clear = np.full(len(pts), np.inf)
    for other in rounds:
        if other is rd:
            continue
        clear = np.minimum(clear, np.abs(np.hypot(*(pts - other.center).T) - other.radius))
    return pts[int(np.argmax(clear))]


def _unlabelled_circle_at(ref_circle, fits: list, rounds: list, full: bool):
    """The candidate's drawn round that best shows an unlabelled reference circle.

    ``ref_circle`` is ``(cx, cy, r)`` in the reference; each similarity in ``fits`` (from the
    labelled points) maps it into the candidate; the drawn round nearest one of those images
    (centre offset plus radius difference) is returned, or None when nothing round is drawn.
    """
    cands = [r for r in rounds if r.full] if full else list(rounds)
    cands = cands or list(rounds)
    best, score = None, np.inf
    c0, r0 = np.asarray(ref_circle[:2], dtype=float), float(ref_circle[2])
    for f in fits:
        c, r = f(c0), f.scale * r0
        for rd in cands:
            s = float(np.hypot(*(rd.center - c))) + abs(rd.radius - r)
            if s < score:
                best, score = rd, s
    return best


def _strip_coords(task: dict) -> dict:
    out = dict(task)
    out["objects"] = [{k: v for k, v in o.items() if k != "coords"} for o in task["objects"]]
    return out


def check_task_in(task: dict, figure: Figure, mined: MinedFigure | None = None) -> tuple[list, dict]:
    """Check a mined task's relations in another figure.

    Parameters
    ----------
    task : dict
        The mined task (its points carry their reference ``coords``).
    figure : Figure
        The figure to check them in.
    mined : MinedFigure, optional
        What the task was mined from: with it, the placement of the labelled points
        and circles is checked too (:mod:`geoverify.fidelity.placement`).

    Returns
    -------
    checks : list of RelationCheck
    points : dict
        Point id -> ``"label"``, ``"geometry"`` or ``"missing"``: how it was matched.
    """
    base = _strip_coords(task)
    t = task_from_dict(base, schema=False)  # mined drafts were validated when mined
    scene, feats = figure.geo_scene or figure.scene, figure.features
    binding = bind(t, scene, feats)
    ref_xy = {o["id"]: np.asarray(o["coords"], dtype=float) for o in task["objects"]
              if o["type"] == "point" and "coords" in o}
    # The binding reads an attached label beside a crossing as naming it (matching.snapping), as mining did.
    how = {pid: "label" if binding[pid].status == "bound" and binding[pid].via == "label" else "missing"
           for pid in ref_xy}
    geo = {}
    found = {p for p, h in how.items() if h == "label"}
    lost = [p for p in ref_xy if p not in found]
    # Circles with no labelled point on them or at their centre: found where the labelled points put them.
    unlabelled = [o for o in task["objects"] if o["type"] in ("circle", "arc") and "center" not in o
                  and not o.get("through") and len(o.get("coords") or ()) == 3]
    fits = []
    if (lost or unlabelled) and len(found) >= 2:
        fits = _similarities(np.array([ref_xy[p] for p in sorted(found)]),
                             np.array([binding[p].point for p in sorted(found)]))
    if lost and fits:
        f = fits[0]
        kinds = np.isin(feats.point_kind, (PointKind.DOT, PointKind.VERTEX, PointKind.INTERSECTION, PointKind.ANCHOR))
        cand = feats.points[kinds]
        taken = np.array([binding[p].point for p in found])
        radius = _GEOMETRY_MATCH_REL * feats.scale
        for p in lost:
            if not len(cand):
                break
            xy = f(ref_xy[p])
            d = np.hypot(*(cand - xy).T)
            k = int(np.argmin(d))
            if d[k] > radius:
                continue
            if len(taken) and float(np.hypot(*(taken - cand[k]).T).min()) < 0.005 * feats.scale:
                continue  # that drawn point already belongs to a labelled one
            geo[p] = cand[k].copy()
            taken = np.vstack([taken, cand[k][None]]) if len(taken) else cand[k][None]
    circle_at = {}
    if fits:
        for o in unlabelled:
            rd = _unlabelled_circle_at(o["coords"], fits, feats.rounds, o["type"] == "circle")
            if rd is not None:
                circle_at[o["id"]] = rd
    where = {p: np.asarray(binding[p].point, dtype=float) for p in found} | geo
    spoken = {}  # synthetic label -> the name a reader knows the object by
    if lost or circle_at:
        # Rebind with every point the label lookup could not place unambiguously named by a
        # synthetic label at its geometric match (or by nothing: missing), and every unlabelled
        # circle named by one on the drawn circle that shows it.
        sc = copy.copy(scene)
        sc.primitives = list(scene.primitives)
        data = dict(base)
        objs = []
        for o in base["objects"]:
            spoken[_TOKEN.format(len(objs))] = (o.get("labels") or [o["id"]])[0]
            if o["type"] == "point" and o["id"] in lost:
                o = dict(o)
                if o["id"] in geo:
                    tok = _TOKEN.format(len(objs))
                    sc.add(TextLabel(text=tok, anchor=geo[o["id"]], font_size=1.0))
                    o["labels"] = [tok]
                    how[o["id"]] = "geometry"
                elif binding[o["id"]].status == "ambiguous":
                    o["labels"] = []
                # else: a label naming no drawn point keeps its name (an undrawn centre still tells its circle)
            elif o["id"] in circle_at:
                o = dict(o)
                rd = circle_at[o["id"]]
                tok = _TOKEN.format(len(objs))
                rim = _clear_rim_point(rd, feats.rounds)
                sc.add(TextLabel(text=tok, anchor=rim, font_size=1.0))
                o["labels"] = [tok]
            objs.append(o)
        data["objects"] = objs
        t = task_from_dict(data, schema=False)
        binding = bind(t, sc, extract_features(sc))
    out = []
    for pred in t.predicates:
        parsed = parse_relation_id(pred.id)
        if parsed is None:
            continue
        rtype, implied = parsed
        res = evaluate_predicate(pred, binding)
        v = res.verdict
        rel = pred.question.split(" (implied by")[0]
        msg = v.message or rel
        for tok, name in sorted(spoken.items(), key=lambda kv: -len(kv[0])):  # zzgeo12 before zzgeo1
            msg = msg.replace(tok, name)
        if rtype in _PREFIXED and v.verdict != PASS:
            # Their operations speak of parts ("angle ABD is 41.0 degrees"): say which relation first.
            msg = f"{rel}: no, {msg}"
        out.append(RelationCheck(pred.id, rtype, implied, rel, v.verdict, msg))
    if mined is not None:
        out.extend(_placement_checks(task, mined, binding, where, figure))
    return out, how


def _placement_checks(task: dict, mined: MinedFigure, binding, where: dict, figure: Figure) -> list[RelationCheck]:
    feats = figure.features
    names = {o["id"]: o["labels"][0] for o in task["objects"] if o["type"] == "point" and o.get("labels")}
    # Points of the draft only: a labelled point in no relation is left out of it (and of placement).
    ref_pts = {p: np.asarray(xy, dtype=float) for p, xy in mined.points.items() if p in names and p not in mined.floating}
    ref_circ = {c: (np.asarray(v[0], dtype=float), float(v[1])) for c, v in mined.circles.items() if c in binding.objects}
    # Any drawn circle may show it: the binding picks one circle per object by what it passes
    # through, and concentric or equal circles through the same point are alike to it.
    drawn = [(np.asarray(r.center, dtype=float), float(r.radius)) for r in feats.rounds]
    cand_circ = {}
    for c in ref_circ:
        b = binding[c]
        first = [(np.asarray(b.center, dtype=float), float(b.radius))] \
            if b.status == "bound" and b.drawn and b.center is not None and b.radius else []
        cand_circ[c] = first + drawn
    out = []
    cand_drawing = None
    if mined.drawing is not None:
        # The figure's own drawing was sampled when it was mined (same scene without marks, same scale).
        own = figure.mined.drawing if figure.mined is not None else None
        cand_drawing = own if own is not None else drawing_samples(figure.geo_scene or figure.scene, feats.scale)
    for row in placement_rows(ref_pts, ref_circ, where, cand_circ, feats.scale, names, mined.drawing, cand_drawing):
        verdict = PASS if row.passed else ("indeterminate" if row.passed is None else "fail")
        out.append(RelationCheck(relation_id("placement", row.key), "placement", False, row.text, verdict, row.message))
    return out


def compare_figures(ref: Figure, cand: Figure, *, text_metrics: bool = True) -> FidelityScore:
    """Score ``cand`` against ``ref`` (both prepared with :func:`prepare_figure`)."""
    if ref.scene is None or ref.task is None:
        raise InputError(f"the reference {ref.name} cannot be read: {ref.gate.get('message', 'no scene')}")
    t0 = time.perf_counter()
    notes = []
    points = {}
    if cand.scene is None or not cand.T:
        rows = [RelationCheck(p["id"], *parse_relation_id(p["id"]), p.get("question", "").split(" (implied by")[0],
                              "fail", "not evaluated: the candidate did not pass the technical gate")
                for p in ref.task["predicates"] if parse_relation_id(p["id"])]
        score = FidelityScore(ref.name, cand.name, False, cand.gate, rows, [], 0.0, 0.0, {}, notes=notes)
    else:
        recall_checks, how = check_task_in(ref.task, cand, ref.mined)
        precision_checks, _ = check_task_in(cand.task, ref, cand.mined)
        ref_points = list(how)
        obj_rows = [c for c in recall_checks if c.type in OBJECT_TYPES]
        n_obj = len(ref_points) + len(obj_rows)
        hit_obj = sum(h != "missing" for h in how.values()) + sum(c.passed for c in obj_rows)
        object_recall = hit_obj / n_obj if n_obj else None
        label_recall = (sum(h == "label" for h in how.values()) / len(how)) if how else None
        points = how
        if not ref.mined.relations:
            notes.append("no relation was mined from the reference: the score says nothing about geometry")
        score = FidelityScore(ref.name, cand.name, True, cand.gate, recall_checks, precision_checks,
                              object_recall, label_recall, points, notes=notes)
    score.timings["compare"] = time.perf_counter() - t0
    score.timings["prepare"] = ref.elapsed + cand.elapsed
    if text_metrics and ref.fmt == "asy" and cand.text and (cand.fmt in ("asy", "")):
        from geoverify.fidelity.textmetrics import text_metrics as tm

        score.text_metrics = tm(ref.text, cand.text)
    return score


def compare(reference, candidate, *, format: str | None = None, candidate_format: str | None = None,
            dialect: str = "aops", gate: bool = False) -> FidelityScore:
    """Compare one candidate figure with a reference figure (paths or code)."""
    ref = prepare_figure(reference, format=format, dialect=dialect)
    cand = prepare_figure(candidate, format=candidate_format, dialect=dialect, gate=gate)
    return compare_figures(ref, cand)
