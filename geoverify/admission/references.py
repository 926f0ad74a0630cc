"""Reference artifacts, variants and the equivalent-form policy of a task.

- every reference passes the technical gate (real toolchain, when asked) and
  gets D = 1 natively, in every format supplied;
- every variant gets exactly the verdicts its ``expect`` lists (unlisted
  predicates pass) and the T it declares: a variant must fail what it claims to break;
- positive examples: the references, moved by allowed transforms, still get D = 1;
- negative examples: a transform a frame forbids (rotation, reflection) makes
  some hard predicate fail.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.admission.rubric import FAIL, NEEDS_EXPERT, PASS, Check
from geoverify.ir import Task

__all__ = ["reference_checks", "variant_checks", "policy_checks", "reference_scenes", "allowed_equivalences",
           "forbidden_equivalences", "forbidden_probe", "is_ir_symmetry", "about_centre", "FORBIDDEN_ROTATION_DEG"]

#: A transform moving every IR object by less than this fraction of its frame is a symmetry.
SYMMETRY_TOL = 0.05
#: Rotation used as the forbidden-rotation probe: no symmetry angle of the usual figures (90, 120, 72, 60 ...).
FORBIDDEN_ROTATION_DEG = 33.0


def _failing(report) -> dict:
    return {r.predicate.id: f"{r.predicate.kind} {r.verdict.verdict}: {r.verdict.message}"
            for r in report.results if not r.verdict.passed}


def _gate(task: Task, art, cache) -> Check:
    rel = art.path.name
    try:
        from geoverify.gate import run_gate
    except ImportError as exc:
        return Check(f"ref.gate.{rel}", NEEDS_EXPERT, f"{rel}: the technical gate is not installed ({exc})")
    text = art.path.read_text(encoding="utf-8", errors="replace")
    g = run_gate(text, art.format, dialect=task.dialect, cache=cache)
    if g.T is None:
        return Check(f"ref.gate.{rel}", NEEDS_EXPERT, f"{rel}: toolchain unavailable, T undecided ({g.error_code})")
    if not g.T:
        excerpt = (g.log_excerpt or "").strip().splitlines()[:3]
        return Check(f"ref.gate.{rel}", FAIL, f"{rel} ({art.format}) fails the technical gate: {g.error_code}"
                     + (f": {' / '.join(excerpt)}" if excerpt else ""), details={"error_code": g.error_code})
    return Check(f"ref.gate.{rel}", PASS, f"{rel} ({art.format}) compiles and renders (T = 1, "
                                          f"{g.details.get('ink_pixels', '?')} ink pixels)")


def reference_checks(task: Task, *, gate: bool = True, cache=None) -> list[Check]:
    """Gate and D = 1 of every reference, per format."""
    from geoverify.evaluation.check import check

    if not task.references:
        return [Check("ref.present", FAIL, "the task has no reference artifact")]
    out = []
    for art in task.references:
        rel = art.path.name
        if gate:
            out.append(_gate(task, art, cache))
        rep = check(art.path, task, format=art.format)
        if rep.tech_error:
            out.append(Check(f"ref.D.{rel}", FAIL, f"{rel} cannot be read natively: {rep.tech_error['code']}: "
                                                   f"{rep.tech_error['message'][:200]}"))
            continue
        bad = _failing(rep)
        if bad:
            hard = [p for p in bad if bad[p].startswith("hard")]
            out.append(Check(f"ref.D.{rel}", FAIL, f"{rel} ({art.format}) is not delivered (D = 0): "
                             + "; ".join(f"{k}: {v}" for k, v in bad.items()),
                             details={"failing": sorted(bad), "hard_failing": hard}))
        else:
            out.append(Check(f"ref.D.{rel}", PASS, f"{rel} ({art.format}) satisfies all {len(task.hard)} hard and "
                                                   f"{len(task.soft)} soft predicates (D = 1)"))
    return out


def variant_checks(task: Task) -> list[Check]:
    """Each variant must get the verdicts (and T) it declares."""
    from geoverify.evaluation.check import check

    out = []
    for v in task.variants:
        rel = v.path.relative_to(task.root).as_posix() if task.root else v.path.name
        rep = check(v.path, task, format=v.format)
        got = {r.predicate.id: r.verdict.verdict for r in rep.results}
        problems = []
        if bool(rep.scores.T) != bool(v.expect_T):
            problems.append(f"T = {int(bool(rep.scores.T))}, declared {int(bool(v.expect_T))}")
        for pid, verdict in got.items():
            want = v.expect.get(pid, "pass")
            if verdict != want:
                kind = "the predicate is too loose" if want == "fail" and verdict == "pass" else \
                    "the predicate is too strict" if want == "pass" else "verdict differs"
                problems.append(f"{pid} expected {want}, got {verdict} ({kind})")
        what = f"variant {rel}" + (f" ({v.mutation})" if v.mutation else "")
        if problems:
            out.append(Check(f"variant.{rel}", FAIL, f"{what}: " + "; ".join(problems)))
        else:
            out.append(Check(f"variant.{rel}", PASS, f"{what} gets its declared verdicts"))
    if not task.variants:
        out.append(Check("variant.present", PASS, "no wrong variants: negative examples come from the transform "
                                                  "probes only", evidence=False))
    return out


def reference_scenes(task: Task) -> list[tuple[str, object]]:
    """``(file name, Scene)`` of each reference the native front-ends can read."""
    from geoverify.errors import GeoverifyError
    from geoverify.frontends import load_figure

    out = []
    for art in task.references:
        opts = {"dialect": task.dialect} if art.format == "asy" else {}
        try:
            out.append((art.path.name, load_figure(art.path, format=art.format, **opts)))
        except GeoverifyError:
            continue
    return out


def _plane_frames(task: Task):
    return [f for f in task.frames.values() if f.kind != "diagram" and task.objects_in(f.id)]


def allowed_equivalences(task: Task) -> set[str]:
    """Equivalences every frame with objects declares (a whole-scene transform must suit all frames)."""
    frames = [f for f in task.frames.values() if task.objects_in(f.id)]
    if not frames:
        return {"translation", "uniform_scaling"}
    out = set(frames[0].equivalences)
    for f in frames[1:]:
        out &= set(f.equivalences)
    return out | {"translation", "uniform_scaling"}


def forbidden_equivalences(task: Task) -> set[str]:
    """Rotation/reflection when some plane frame with known coordinates forbids it."""
    out = set()
    for f in _plane_frames(task):
        for e in ("rotation", "reflection"):
            if e not in f.equivalences:
                out.add(e)
    return out


#: Candidate probes per forbidden equivalence: (label, similarity keywords); the first that is no
#: symmetry of the IR is used (a reflection across the real axis maps z^3 + z + 1 onto itself).
_PROBES = {
    "rotation": [(f"rotation by {a:g} degrees", dict(angle=math.radians(a))) for a in (FORBIDDEN_ROTATION_DEG, 47.0, 71.0)],
    "reflection": [("reflection in the horizontal axis", dict(reflect=True)),
                   ("reflection in the vertical axis", dict(reflect=True, angle=math.pi)),
                   ("reflection in the diagonal", dict(reflect=True, angle=math.pi / 2)),
                   ("reflection in the 30-degree line", dict(reflect=True, angle=math.pi / 3))],
}


def _frame_samples(task: Task, frame: str) -> dict[str, np.ndarray]:
    from geoverify.matching import known_geometry, sample_known

    memo: dict = {}
    out = {}
    for o in task.objects_in(frame):
        g = known_geometry(task, o, memo)
        if g is None or len(g.points) == 0:
            continue
        pts = sample_known(g) if g.kind == "circle" else g.points.reshape(-1, 2)
        out[o.id] = np.asarray(pts, dtype=float)
    return out


def is_ir_symmetry(task: Task, linear: np.ndarray, frames=None, tol: float = SYMMETRY_TOL) -> bool:
    """True when the linear map (about the frame's centroid) maps every IR object of the frames onto itself.

    ``tol`` is a fraction of the frame's size: a map that moves no object by more
    than that does not change the proposition (a reflection in a line 1 degree off
    a symmetry axis is a symmetry followed by a 2-degree rotation).
    """
    from geoverify.kernels import directed_hausdorff

    for f in frames or _plane_frames(task):
        objs = _frame_samples(task, f.id)
        if not objs:
            continue
        allp = np.vstack(list(objs.values()))
        c = allp.mean(axis=0)
        size = float(np.hypot(*(allp.max(axis=0) - allp.min(axis=0)))) or 1.0
        for pts in objs.values():
            q = (pts - c) @ linear.T + c
            if len(pts) == 1:
                d = float(np.hypot(*(q[0] - pts[0])))
            else:
                d = max(directed_hausdorff(q, pts), directed_hausdorff(pts, q))
            if d > tol * size:
                return False
    return True


def forbidden_probe(task: Task, equivalence: str):
    """``(label, similarity keywords)`` of the first probe of ``equivalence`` that is no IR symmetry, or None."""
    from geoverify.scene import similarity_matrix

    frames = [f for f in _plane_frames(task) if equivalence not in f.equivalences]
    for label, kw in _PROBES[equivalence]:
        if not is_ir_symmetry(task, similarity_matrix(**kw)[:2, :2], frames):
            return label, kw
    return None


def about_centre(scene, angle: float = 0.0, reflect: bool = False, scale: float = 1.0, shift=(0.0, 0.0)):
    """3x3 similarity about the centre of the scene's bounding box, then a shift (canvas units)."""
    from geoverify.scene import similarity_matrix

    x0, y0, x1, y1 = scene.bbox()
    c = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    m = similarity_matrix(scale=scale, angle=angle, reflect=reflect)
    t = c - m[:2, :2] @ c + np.asarray(shift, dtype=float)
    m[:2, 2] = t
    return m


def policy_checks(task: Task, scenes=None) -> list[Check]:
    """Positive (allowed transforms keep D = 1) and negative (forbidden ones break it) examples."""
    from geoverify.evaluation.check import check_scene

    scenes = reference_scenes(task) if scenes is None else scenes
    if not scenes:
        return [Check("policy.examples", NEEDS_EXPERT, "no reference could be read to build policy examples")]
    allowed = allowed_equivalences(task)
    probes = [("translation and scaling x0.37", dict(scale=0.37, shift=(123.0, -45.0))),
              ("scaling x2.9", dict(scale=2.9))]
    if "rotation" in allowed:
        probes.append(("rotation by 37 degrees", dict(angle=math.radians(37.0))))
    if "reflection" in allowed:
        probes.append(("reflection", dict(reflect=True)))
    out = []
    for name, sc in scenes:
        bad = {}
        for label, kw in probes:
            from geoverify.admission.perturbations import upright_labels

            moved = upright_labels(sc, sc.transformed(about_centre(sc, **kw)), kw.get("scale", 1.0))
            rep = check_scene(moved, task)
            if not rep.delivered:
                bad[label] = _failing(rep)
        if bad:
            label, fails = next(iter(bad.items()))
            out.append(Check(f"policy.allowed.{name}", FAIL,
                             f"{name}: allowed transform '{label}' is rejected (too strict): "
                             + "; ".join(f"{k}: {v}" for k, v in fails.items()), details={"rejected": sorted(bad)}))
        else:
            out.append(Check(f"policy.allowed.{name}", PASS,
                             f"{name}: D = 1 after {', '.join(p for p, _ in probes)}"))
        for e in sorted(forbidden_equivalences(task)):
            probe = forbidden_probe(task, e)
            if probe is None:
                out.append(Check(f"policy.forbidden.{e}.{name}", PASS, f"{name}: every {e} probe is a symmetry of "
                                 f"the IR, so none changes the proposition", evidence=False))
                continue
            label, kw = probe
            rep = check_scene(sc.transformed(about_centre(sc, **kw)), task)
            hard_failed = [r.predicate.id for r in rep.results if r.predicate.kind == "hard" and not r.verdict.passed]
            if hard_failed:
                out.append(Check(f"policy.forbidden.{e}.{name}", PASS,
                                 f"{name}: the forbidden {label} is rejected by {', '.join(hard_failed)}"))
            else:
                frames = [f.id for f in _plane_frames(task) if e not in f.equivalences]
                out.append(Check(f"policy.forbidden.{e}.{name}", FAIL,
                                 f"{name}: the task accepts a {label} although frame(s) {', '.join(frames)} forbid "
                                 f"{e} and it is no symmetry of the IR: no hard predicate fails (too loose; either allow {e} "
                                 f"in the frame or pin the orientation, e.g. with matches_geometry)"))
    return out
