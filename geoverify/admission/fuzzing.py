"""``fuzz``: property-based search for predicates that are too loose or too strict.

Starting from a reference scene that is delivered (D = 1), hypothesis draws

- allowed transforms (the frames' equivalences: translation and uniform scaling,
  rotation and reflection only where every frame allows them; re-stylings that
  keep distinct colours distinct; reorderings of the drawing commands). Law:
  every predicate still passes. A failing predicate is **too strict**.
- perturbations of one bound object (moved, resized, deleted, relabelled; two
  labels swapped; arrows reversed) and forbidden transforms. Each comes with the
  predicates it must break, decided from the exact size of the change: a
  relation whose residual grows past ``min_change`` (5% of the figure size by
  default) must fail. A predicate that still passes is **too loose**.

``hypothesis.find`` shrinks each counterexample to a minimal one, which is
written to disk as an SVG figure.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from geoverify.admission import perturbations as pt
from geoverify.admission.references import allowed_equivalences, forbidden_equivalences, is_ir_symmetry, reference_scenes
from geoverify.errors import InputError
from geoverify.ir import Task, load_task

__all__ = ["Finding", "FuzzReport", "fuzz_task", "conjunctive_leaves", "MIN_CHANGE", "MAX_CHANGE"]

#: Smallest perturbation that must change a proposition, fraction of the figure size.
MIN_CHANGE = 0.05
#: Largest move drawn, fraction of the figure size.
MAX_CHANGE = 0.2


@dataclass(slots=True)
class Finding:
    """One predicate found too loose or too strict, with its minimal example."""

    kind: str
    predicates: list
    family: str
    description: str
    reference: str
    figure: str | None = None
    messages: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"kind": self.kind, "predicates": list(self.predicates), "family": self.family,
                "description": self.description, "reference": self.reference, "figure": self.figure,
                "messages": dict(self.messages)}


@dataclass(slots=True)
class FuzzReport:
    """Findings of one task's fuzz run."""

    task_id: str
    examples: int
    seed: int | None
    min_change: float
    findings: list = field(default_factory=list)
    references: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    calls: int = 0
    elapsed: float = 0.0

    @property
    def clean(self) -> bool:
        return not self.findings

    def to_dict(self) -> dict:
        return {"task": self.task_id, "examples": self.examples, "seed": self.seed,
                "min_change": self.min_change, "max_change": MAX_CHANGE, "references": self.references,
                "checks_run": self.calls, "elapsed": round(self.elapsed, 3), "clean": self.clean,
                "findings": [f.to_dict() for f in self.findings], "notes": list(self.notes)}

    def render_text(self) -> str:
        head = (f"{self.task_id}: {'no too-loose or too-strict predicate found' if self.clean else f'{len(self.findings)} finding(s)'}"
                f" ({self.examples} examples per search, {self.calls} checks, {self.elapsed:.1f} s; perturbations "
                f"{self.min_change:.0%}-{MAX_CHANGE:.0%} of the figure size)")
        lines = [head]
        for f in self.findings:
            lines.append(f"  {f.kind.upper().replace('_', '-')} {', '.join(f.predicates)} [{f.reference}] {f.family}: "
                         f"{f.description}")
            for pid, msg in f.messages.items():
                lines.append(f"      {pid}: {msg[:200]}")
            if f.figure:
                lines.append(f"      minimal example: {f.figure}")
        for n in self.notes:
            lines.append(f"  note: {n}")
        return "\n".join(lines)


# ---------------------------------------------------------------- expectations
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


class _Subject:
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


def _targets(s: _Subject) -> dict[str, list]:
    from geoverify.scene import Arrow, TextLabel

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


def _shown_elsewhere(scene, p, skip: set, eps: float) -> bool:
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


def _swap_is_symmetry(s: _Subject, a: str, c: str) -> bool:
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


def _expect_move(s: _Subject, oid: str, v: np.ndarray) -> list:
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


def _expect_resize(s: _Subject, oid: str, factor: float) -> list:
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


def _expect_named(s: _Subject, oid: str, ops: tuple) -> list:
    out = []
    for pid, leaves in s.leaves.items():
        for leaf in leaves:
            if leaf.op in ops and oid in {v for v in leaf.args.values() if isinstance(v, str)}:
                out.append(({pid}, f"{leaf.op} of {oid}"))
    return out


# ---------------------------------------------------------------- strategies
def _allowed_strategy(s: _Subject, st):
    eq = allowed_equivalences(s.task)
    n = len(s.scene.primitives)
    return st.fixed_dictionaries({
        "scale": st.floats(0.2, 5.0),
        "tx": st.floats(-500.0, 500.0),
        "ty": st.floats(-500.0, 500.0),
        "angle": st.floats(0.0, 2 * math.pi) if "rotation" in eq else st.just(0.0),
        "reflect": st.booleans() if "reflection" in eq else st.just(False),
        "perm": st.permutations(range(12)),
        "width": st.floats(0.5, 2.0),
        "order": st.permutations(range(n)) if n <= 400 else st.just(list(range(n))),
    })


def _apply_allowed(s: _Subject, ex):
    x0, y0, x1, y1 = s.scene.bbox()
    m = pt.about(((x0 + x1) / 2, (y0 + y1) / 2), angle=ex["angle"], scale=ex["scale"], reflect=ex["reflect"],
                 shift=(ex["tx"], ex["ty"]))
    sc = pt.upright_labels(s.scene, s.scene.transformed(m), ex["scale"])
    sc = pt.restyle(sc, ex["perm"], ex["width"])
    return pt.reorder(sc, ex["order"])


def _describe_allowed(ex) -> str:
    moved = sum(1 for k, o in enumerate(ex["order"]) if k != o)
    return (f"scale {ex['scale']:.4g}, shift ({ex['tx']:.4g}, {ex['ty']:.4g}), rotation {math.degrees(ex['angle']):.4g} deg"
            f"{', reflected' if ex['reflect'] else ''}, widths x{ex['width']:.3g}, colours permuted {ex['perm'][:4]}..., "
            f"{moved} drawing commands reordered")


def _perturb_strategy(s: _Subject, st, targets: dict):
    forms = []
    if "move" in targets:
        forms.append(st.fixed_dictionaries({"family": st.just("move"), "target": st.sampled_from(targets["move"]),
                                            "frac": st.floats(MIN_CHANGE, MAX_CHANGE), "theta": st.floats(0, 2 * math.pi)}))
    if "resize" in targets:
        forms.append(st.fixed_dictionaries({"family": st.just("resize"), "target": st.sampled_from(targets["resize"]),
                                            "f": st.floats(0.1, 0.5), "grow": st.booleans()}))
    for fam in ("delete", "relabel", "reverse", "swap"):
        if fam in targets:
            forms.append(st.fixed_dictionaries({"family": st.just(fam), "target": st.sampled_from(targets[fam])}))
    forb = forbidden_equivalences(s.task)
    if "rotation" in forb:
        forms.append(st.fixed_dictionaries({"family": st.just("rotation"), "angle": st.floats(15.0, 345.0)}))
    if "reflection" in forb:
        forms.append(st.fixed_dictionaries({"family": st.just("reflection"), "axis": st.floats(0.0, 180.0)}))
    return st.one_of(forms) if forms else None


def _apply_perturbation(s: _Subject, ex) -> tuple[object, list, str]:
    """(scene, expectations, description); expectations are (predicate ids, why) groups of which one must fail."""
    from geoverify.scene import Arrow, Dot, TextLabel

    fam = ex["family"]
    sc = s.scene
    if fam == "move":
        oid = ex["target"]
        v = ex["frac"] * s.size * np.array([math.cos(ex["theta"]), math.sin(ex["theta"])])
        b = s.b(oid)
        # Move what is drawn there (a dot's centre), not the frame's rounded prediction.
        dots = [sc.primitives[i].center for i in b.primitives if isinstance(sc.primitives[i], Dot)]
        at = dots[0] if dots else b.point
        return (pt.move_point(sc, at, v, b.labels, eps=2e-3 * s.size), _expect_move(s, oid, v),
                f"point {oid} moved by {ex['frac']:.1%} of the figure size at {math.degrees(ex['theta']):.0f} deg")
    if fam == "resize":
        oid = ex["target"]
        b = s.b(oid)
        factor = 1 + ex["f"] if ex["grow"] else 1 - ex["f"]
        prims = [i for i in b.primitives if not isinstance(sc.primitives[i], (TextLabel, Arrow))]
        return (pt.map_primitives(sc, prims, pt.about(b.center, scale=factor)), _expect_resize(s, oid, factor),
                f"circle {oid} resized by a factor {factor:.3g}")
    if fam == "delete":
        oid = ex["target"]
        b = s.b(oid)
        prims = list(b.primitives) + list(b.labels)
        ops = ("drawn", "label_bound", "matches_geometry", "text_present", "arrow_between", "point_on", "midpoint")
        if b.type == "point" and _shown_elsewhere(sc, b.point, set(prims), 0.01 * s.size):
            # Its marker and label are gone but a path still ends or bends there: the point is still shown.
            ops = ("label_bound",)
        exp = [(g, w) for g, w in _expect_named(s, oid, ops)
               if not any(l.op == "label_bound" and "text" in l.args for p in g for l in s.leaves[p])]
        return pt.delete_primitives(sc, prims), exp, f"{oid} deleted (with its labels)"
    if fam == "relabel":
        oid = ex["target"]
        b = s.b(oid)
        labs = list(b.labels) or list(b.primitives)
        exp = [(g, w) for g, w in _expect_named(s, oid, ("label_bound", "text_present"))]
        exp = [(g, w) for g, w in exp if not any(l.op == "label_bound" and "text" in l.args for p in g for l in s.leaves[p])]
        return pt.relabel(sc, labs, "Zq"), exp, f"the label(s) of {oid} replaced by 'Zq'"
    if fam == "swap":
        a, c = ex["target"]
        ga, gc = s.binding.known[a], s.binding.known[c]
        preds = {p.id for p in s.task.predicates if {a, c} & p.objects()}
        same = ga.kind == gc.kind and ga.points.shape == gc.points.shape and np.allclose(ga.points, gc.points) \
            and (ga.radius or 0) == (gc.radius or 0)
        harmless = same or _swap_is_symmetry(s, a, c)
        exp = [] if harmless or not preds else [(preds, f"labels of {a} and {c} exchanged")]
        return pt.swap_labels(sc, s.b(a).labels, s.b(c).labels), exp, f"labels of {a} and {c} swapped"
    if fam == "reverse":
        oid = ex["target"]
        b = s.b(oid)
        arrows = [i for i, ar in sc.arrows if ar.carrier is not None and ar.carrier in b.primitives]
        if b.type == "arrow" and len(b.primitives) > 1:
            arrows = [b.primitives[1]]
        return (pt.reverse_arrows(sc, arrows), _expect_named(s, oid, ("traversal_direction", "arrow_between")),
                f"{len(arrows)} arrow(s) on {oid} reversed")
    x0, y0, x1, y1 = sc.bbox()
    c = ((x0 + x1) / 2, (y0 + y1) / 2)
    if fam == "rotation":
        ang = math.radians(ex["angle"])
        m = pt.about(c, angle=ang)
        desc = f"forbidden rotation by {ex['angle']:.1f} deg"
    else:
        ang = math.radians(2 * ex["axis"])
        m = pt.about(c, angle=ang, reflect=True)
        desc = f"forbidden reflection in the line at {ex['axis']:.1f} deg"
    hard = {p.id for p in s.task.hard}
    frames = [f for f in s.task.frames.values() if f.kind != "diagram" and fam not in f.equivalences]
    sym = is_ir_symmetry(s.task, m[:2, :2], frames)
    return sc.transformed(m), ([] if sym else [(hard, desc)]), desc


# ---------------------------------------------------------------- driver
def _settings(examples: int):
    from hypothesis import HealthCheck, Phase, settings

    return settings(max_examples=examples, database=None, deadline=None,
                    phases=[Phase.generate, Phase.shrink],
                    suppress_health_check=list(HealthCheck))


def fuzz_task(task, *, examples: int = 20, seed: int | None = None, out=None, all_references: bool = False,
              max_findings: int = 3) -> FuzzReport:
    """Fuzz a task's predicates from its reference scene(s).

    Parameters
    ----------
    task : Task or path-like
    examples : int
        ``max_examples`` of each hypothesis search (one for allowed transforms, one
        for perturbations, repeated after each finding, up to ``max_findings`` each).
    seed : int, optional
        Makes the run reproducible.
    out : path-like, optional
        Folder for the minimal examples (SVG) of the findings.
    all_references : bool
        Fuzz every reference, not only the first one the native front-ends read.
    """
    try:
        from hypothesis import find
        from hypothesis import strategies as st
        from hypothesis.errors import NoSuchExample
    except ImportError as exc:
        raise InputError(f"geoverify fuzz needs hypothesis (pip install 'geoverify[test]'): {exc}") from None
    from geoverify.evaluation.check import check_scene

    t0 = time.perf_counter()
    if not isinstance(task, Task):
        task = load_task(task)
    rep = FuzzReport(task.id, examples, seed, MIN_CHANGE)
    scenes = reference_scenes(task)
    if not all_references:
        scenes = scenes[:1]
    if not scenes:
        rep.notes.append("no reference could be read natively: nothing to fuzz")
    outdir = Path(out) / task.id if out is not None else None
    rng = random.Random(seed) if seed is not None else None

    def run_check(sc):
        rep.calls += 1
        try:
            return check_scene(sc, task)
        except Exception as exc:  # noqa: BLE001 - an engine error on a fuzzed scene is a finding, not a crash
            rep.notes.append(f"engine error on a fuzzed scene: {type(exc).__name__}: {exc}")
            return None

    def save(sc, stem: str) -> str | None:
        if outdir is None:
            return None
        from geoverify.admission.svgwriter import scene_to_svg

        outdir.mkdir(parents=True, exist_ok=True)
        path = outdir / f"{stem}.svg"
        path.write_text(scene_to_svg(sc, title=stem), encoding="utf-8")
        return str(path)

    for name, scene in scenes:
        base = check_scene(scene, task)
        rep.references.append(name)
        if not base.delivered:
            rep.notes.append(f"{name}: the reference is not delivered (D = 0), so it cannot seed the search")
            continue
        s = _Subject(task, name, scene, base)
        # Allowed transforms: every predicate that passed must still pass.
        strict_found: set = set()
        strat = _allowed_strategy(s, st)
        for _ in range(max_findings):
            def too_strict(ex):
                r = run_check(_apply_allowed(s, ex))
                return r is not None and any(not x.verdict.passed and x.predicate.id in s.passed
                                             and x.predicate.id not in strict_found for x in r.results)
            try:
                ex = find(strat, too_strict, settings=_settings(examples), random=rng)
            except NoSuchExample:
                break
            sc = _apply_allowed(s, ex)
            r = check_scene(sc, task)
            bad = {x.predicate.id: x.verdict.message for x in r.results
                   if not x.verdict.passed and x.predicate.id in s.passed and x.predicate.id not in strict_found}
            strict_found |= set(bad)
            rep.findings.append(Finding("too_strict", sorted(bad), "allowed transform", _describe_allowed(ex), name,
                                        save(sc, f"{Path(name).stem}-too-strict-{'-'.join(sorted(bad))}"), bad))
        # Perturbations: some predicate of each expectation group must fail.
        targets = _targets(s)
        strat = _perturb_strategy(s, st, targets)
        found_keys: set = set()

        def key(ex):
            return ex["family"], str(ex.get("target", ""))

        for _ in range(max_findings if strat is not None else 0):
            def too_loose(ex):
                if key(ex) in found_keys:
                    return False
                sc, groups, _ = _apply_perturbation(s, ex)
                if not groups:
                    return False
                r = run_check(sc)
                if r is None:
                    return False
                passed = {x.predicate.id for x in r.results if x.verdict.passed}
                return any(g <= passed for g, _ in groups)
            try:
                ex = find(strat, too_loose, settings=_settings(examples), random=rng)
            except NoSuchExample:
                break
            sc, groups, desc = _apply_perturbation(s, ex)
            r = check_scene(sc, task)
            passed = {x.predicate.id: x.verdict.message for x in r.results if x.verdict.passed}
            hit = [(g, w) for g, w in groups if g <= set(passed)]
            preds = sorted(set().union(*[g for g, _ in hit]))

            found_keys.add(key(ex))
            why = "; ".join(w for _, w in hit)
            tgt = ex.get("target", ex["family"])
            stem = f"{Path(name).stem}-too-loose-{ex['family']}-{'-'.join(tgt) if isinstance(tgt, tuple) else tgt}"
            rep.findings.append(Finding("too_loose", preds, ex["family"], f"{desc} (must fail: {why})", name,
                                        save(sc, stem), {p: passed[p] for p in preds}))
    rep.elapsed = time.perf_counter() - t0
    return rep
