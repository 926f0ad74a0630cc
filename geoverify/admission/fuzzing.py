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
from geoverify.admission.expectations import (
    MAX_CHANGE,
    MIN_CHANGE,
    Subject,
    conjunctive_leaves,
    expect_move,
    expect_named,
    expect_resize,
    shown_elsewhere,
    swap_is_symmetry,
    targets,
)
from geoverify.admission.references import allowed_equivalences, forbidden_equivalences, is_ir_symmetry, reference_scenes
from geoverify.errors import InputError
from geoverify.ir import Task, load_task

__all__ = ["Finding", "FuzzReport", "fuzz_task", "conjunctive_leaves", "MIN_CHANGE", "MAX_CHANGE"]



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


# ---------------------------------------------------------------- strategies
def _allowed_strategy(s: Subject, st):
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


def _apply_allowed(s: Subject, ex):
    x0, y0, x1, y1 = s.scene.bbox()
    m = pt.about(((x0 + x1) / 2, (y0 + y1) / 2), angle=ex["angle"], scale=ex["scale"], reflect=ex["reflect"],
                 shift=(ex["tx"], ex["ty"]))
    sc = pt.upright_labels(s.scene, s.scene.transformed(m), ex["scale"])
    sc = pt.restyle(sc, ex["perm"], ex["width"])
    return pt.reorder(sc, pt.order_keeping_fills(sc, ex["order"]))


def _describe_allowed(ex) -> str:
    moved = sum(1 for k, o in enumerate(ex["order"]) if k != o)
    return (f"scale {ex['scale']:.4g}, shift ({ex['tx']:.4g}, {ex['ty']:.4g}), rotation {math.degrees(ex['angle']):.4g} deg"
            f"{', reflected' if ex['reflect'] else ''}, widths x{ex['width']:.3g}, colours permuted {ex['perm'][:4]}..., "
            f"{moved} drawing commands reordered (opaque fills keep their places)")


def _perturb_strategy(s: Subject, st, targets: dict):
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


def _apply_perturbation(s: Subject, ex) -> tuple[object, list, str]:
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
        return (pt.move_point(sc, at, v, b.labels, eps=2e-3 * s.size), expect_move(s, oid, v),
                f"point {oid} moved by {ex['frac']:.1%} of the figure size at {math.degrees(ex['theta']):.0f} deg")
    if fam == "resize":
        oid = ex["target"]
        b = s.b(oid)
        factor = 1 + ex["f"] if ex["grow"] else 1 - ex["f"]
        prims = [i for i in b.primitives if not isinstance(sc.primitives[i], (TextLabel, Arrow))]
        return (pt.map_primitives(sc, prims, pt.about(b.center, scale=factor)), expect_resize(s, oid, factor),
                f"circle {oid} resized by a factor {factor:.3g}")
    if fam == "delete":
        oid = ex["target"]
        b = s.b(oid)
        prims = list(b.primitives) + list(b.labels)
        ops = ("drawn", "label_bound", "matches_geometry", "text_present", "arrow_between", "point_on", "midpoint")
        if b.type == "point" and shown_elsewhere(sc, b.point, set(prims), 0.01 * s.size):
            # Its marker and label are gone but a path still ends or bends there: the point is still shown.
            ops = ("label_bound",)
        exp = [(g, w) for g, w in expect_named(s, oid, ops)
               if not any(l.op == "label_bound" and "text" in l.args for p in g for l in s.leaves[p])]
        return pt.delete_primitives(sc, prims), exp, f"{oid} deleted (with its labels)"
    if fam == "relabel":
        oid = ex["target"]
        b = s.b(oid)
        labs = list(b.labels) or list(b.primitives)
        exp = [(g, w) for g, w in expect_named(s, oid, ("label_bound", "text_present"))]
        exp = [(g, w) for g, w in exp if not any(l.op == "label_bound" and "text" in l.args for p in g for l in s.leaves[p])]
        return pt.relabel(sc, labs, "Zq"), exp, f"the label(s) of {oid} replaced by 'Zq'"
    if fam == "swap":
        a, c = ex["target"]
        ga, gc = s.binding.known[a], s.binding.known[c]
        preds = {p.id for p in s.task.predicates if {a, c} & p.objects()}
        same = ga.kind == gc.kind and ga.points.shape == gc.points.shape and np.allclose(ga.points, gc.points) \
            and (ga.radius or 0) == (gc.radius or 0)
        harmless = same or swap_is_symmetry(s, a, c)
        exp = [] if harmless or not preds else [(preds, f"labels of {a} and {c} exchanged")]
        return pt.swap_labels(sc, s.b(a).labels, s.b(c).labels), exp, f"labels of {a} and {c} swapped"
    if fam == "reverse":
        oid = ex["target"]
        b = s.b(oid)
        arrows = [i for i, ar in sc.arrows if ar.carrier is not None and ar.carrier in b.primitives]
        if b.type == "arrow" and len(b.primitives) > 1:
            arrows = [b.primitives[1]]
        return (pt.reverse_arrows(sc, arrows), expect_named(s, oid, ("traversal_direction", "arrow_between")),
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
        s = Subject(task, name, scene, base)
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
        strat = _perturb_strategy(s, st, targets(s))
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
