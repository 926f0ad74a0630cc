#!/usr/bin/env python3
"""Agreement of the native Asymptote front-end with the real ``asy`` on real figures.

For every ``.asy`` file under the given corpus folders:

1. interpret it natively with :func:`geoverify.frontends.asy.parse_asy` (timed in
   CPU seconds of the worker, whose grammar and builtins are loaded before its first
   figure, the fastest of ``--repeat`` runs, as ``frontend_speed.py`` times: median
   interpret time per figure and KB/s of source). Files under a ``math``
   folder (AoPS / MATH dataset blocks) use the ``aops`` dialect;
2. compile it with the real ``asy`` in a fresh temporary folder with a timeout
   (``-safe -noglobalread -render=0 -keep -f svg``); AoPS blocks get
   ``import aops_compat;`` with ``geoverify/gate/asy/aops_compat.asy`` beside
   them. The kept DVI is converted again with ``dvisvgm --font-format=woff`` so
   text stays ``<text>`` (asy's own SVG is the fallback). The SVG is read with
   :func:`geoverify.frontends.svg.parse_svg`;
3. align the native scene (bp, y up) to asy's by a similarity (scale and
   translation fitted: bounding boxes first, then iterative closest point; also
   the translation most label glyph runs agree on); of the candidates, the one
   with the smallest worst error, geometry or labels, is kept;
4. compare stroked and filled geometry both ways (dots included; arrow heads
   exempt near native arrow tips, where asy also shortens the path; clipped
   native primitives only one way) and label positions, within 0.5 % of the
   figure's size (diagonal of asy's geometry): every run of characters TeX sets
   for a native label (one font, one baseline: a fraction's numerator and
   denominator, a radical sign, scripts; placed by the box model and turned with
   the label's frame) must start where one of dvisvgm's text runs starts, with
   the same first letter or digit. TeX's rules inside labels (dvisvgm's ``<rect>``:
   fraction bars, radical vincula) are text, not geometry, and are left out.

Blocks that do not compile with asy are not counted; 3D blocks (``import
three`` and friends) are counted separately. Compiled SVGs are cached.

Usage::

    python benchmarks/asy_agreement.py ../shared/corpus/asy [--limit N] [--jobs 2]
        [--timeout 60] [--json out.json] [--cache DIR] [--match TEXT]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

# The report printing shared with the other agreement benchmark (also when loaded by path, as tests do).
sys.path.insert(0, str(Path(__file__).resolve().parent))
from agreement_report import print_causes, print_rates, print_speed_and_crashes, rate  # noqa: E402
from frontend_warmup import import_frontend  # noqa: E402

TOL_FRACTION = 0.005
ROOT = Path(__file__).resolve().parents[1]
COMPAT = ROOT / "geoverify" / "gate" / "asy" / "aops_compat.asy"
# a 3D module imported anywhere: AoPS blocks put several statements on one line
# ("size(180); import three; ...")
_THREE = re.compile(r"\bimport\s+(three|graph3|solids|bsp|obj)\b")


# -- compile ---------------------------------------------------------------------------

def compile_svg(text: str, dialect: str, timeout: float) -> tuple[str | None, str]:
    """asy's SVG of the figure, or (None, reason)."""
    tmp = tempfile.mkdtemp(prefix="gv-asy-")
    try:
        src = text
        if dialect == "aops":
            shutil.copy(COMPAT, Path(tmp, "aops_compat.asy"))
            src = "import aops_compat; " + text
        Path(tmp, "figure.asy").write_text(src, encoding="utf-8")
        env = dict(os.environ, HOME=tmp)
        try:
            r = subprocess.run(["asy", "-safe", "-noglobalread", "-render=0", "-keep", "-f", "svg", "-o", "figure",
                                "figure.asy"], cwd=tmp, env=env, capture_output=True, timeout=timeout,
                               stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return None, "asy timeout"
        svg = Path(tmp, "figure.svg")
        if r.returncode != 0 or not svg.exists():
            err = (r.stderr or r.stdout).decode("utf-8", "replace")
            m = re.search(r"figure\.asy: \d+\.\d+: (.*)", err)
            return None, "asy error: " + (m.group(1)[:60] if m else err.strip().splitlines()[-1][:60] if err.strip() else "?")
        dvi = Path(tmp, "figure_.dvi")
        if dvi.exists():
            try:
                subprocess.run(["dvisvgm", "--font-format=woff", "-o", "text.svg", "figure_.dvi"], cwd=tmp, env=env,
                               capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                pass
            t = Path(tmp, "text.svg")
            if t.exists():
                return t.read_text(encoding="utf-8"), "ok"
        return svg.read_text(encoding="utf-8"), "ok"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def cached_compile(text: str, dialect: str, cache: Path, timeout: float, cached_only: bool = False):
    key = hashlib.sha256((dialect + "\0" + text + "\0" + COMPAT.read_text()).encode("utf-8", "replace")).hexdigest()[:24]
    f = cache / f"{key}.json"
    if f.exists():
        try:
            d = json.loads(f.read_text())
            return d["svg"], d["reason"]
        except (ValueError, KeyError):
            pass
    if cached_only:
        return None, "not in cache"
    svg, reason = compile_svg(text, dialect, timeout)
    cache.mkdir(parents=True, exist_ok=True)
    tmpf = f.with_suffix(".tmp%d" % os.getpid())
    tmpf.write_text(json.dumps({"svg": svg, "reason": reason}))
    tmpf.replace(f)
    return svg, reason


_RULE = re.compile(r"<rect\b[^>]*/>|<rect\b[^>]*>\s*</rect>")


def strip_tex_rules(svg: str) -> str:
    """asy's SVG without TeX's rules (fraction bars, radical vincula, ``\\rule``).

    dvisvgm writes the rules of typeset text as ``<rect>`` elements and asy's own
    drawing as ``<path>``: the rules belong to labels (whose glyphs are not geometry
    either), so they are left out of the geometry comparison.
    """
    return _RULE.sub("", svg)


# -- compare ---------------------------------------------------------------------------

def _sample_controls(c, spacing):
    """Points along cubic segments ``c (K, 4, 2)``, at most ``spacing`` apart."""
    out = []
    for seg in c:
        poly = np.hypot(*np.diff(seg, axis=0).T).sum()
        n = int(min(max(np.ceil(poly / spacing), 1), 2000))
        t = np.linspace(0, 1, n + 1)
        s = 1 - t
        w = np.stack([s ** 3, 3 * s * s * t, 3 * s * t * t, t ** 3], axis=1)
        out.append(w @ seg)
    return np.vstack(out) if out else np.zeros((0, 2))


def _samples(scene, with_clipped=True, spacing=0.25):
    """Outline samples ``(N, 2)`` of visible geometry and dots (as small circles)."""
    from geoverify.scene.primitives import Arrow, Dot, TextLabel, arc_controls

    pts = []
    for p in scene.primitives:
        if isinstance(p, (Arrow, TextLabel)):
            continue
        if p.clipped and not with_clipped:
            continue
        if isinstance(p, Dot):
            if p.radius > 0:
                pts.append(_sample_controls(arc_controls(p.center, p.radius, p.radius, 0.0, 2 * np.pi), spacing))
            else:
                pts.append(p.center[None])
            continue
        if not p.style.visible:
            continue
        for sp in p.subpaths():
            pts.append(_sample_controls(sp.controls, spacing))
    return np.vstack(pts) if pts else np.zeros((0, 2))


def _extent_size(scene):
    """Diagonal of everything the figure shows: geometry and text boxes."""
    pts = [_samples(scene, True, spacing=1e9)]
    for lab in _labels(scene):
        pts.append(np.asarray(lab.box, dtype=float).reshape(2, 2))
    pts = np.vstack(pts)
    if len(pts) == 0:
        return 1.0
    return float(np.hypot(*(pts.max(axis=0) - pts.min(axis=0)))) or 1.0


def _labels(scene):
    from geoverify.scene.primitives import TextLabel

    return [p for p in scene.primitives if isinstance(p, TextLabel) and p.text.strip()]


def _icp(a, b, tree_b, tol, s, t, fit_scale, iters=15):
    for _ in range(iters):
        q = s * a + t
        d, idx = tree_b.query(q)
        near = d < max(3 * tol, np.percentile(d, 60))
        if near.sum() < 3:
            break
        x = a[near]
        y = b[idx[near]]
        if fit_scale:
            xm, ym = x.mean(axis=0), y.mean(axis=0)
            xc, yc = x - xm, y - ym
            den = float((xc * xc).sum())
            s_new = float((xc * yc).sum()) / den if den > 0 else s
            if not 0.5 < s_new / s < 2.0:
                break
            t_new = ym - s_new * xm
        else:
            s_new = s
            t_new = t + np.median(y - (s * x + t), axis=0)
        moved = abs(s_new - s) * float(np.abs(a).max()) + float(np.hypot(*(t_new - t)))
        s, t = s_new, t_new
        if moved < 1e-4 * tol:
            break
    return s, t


def _fits(a, b, tree_b, tol, a_all=None):
    """Candidate similarities (scale s, translation t) mapping native samples a onto asy's b.

    Both scenes are in bp, so the first candidate keeps s = 1 and fits the
    translation (bounding-box centres, then iterative closest point); the second
    also fits the scale (label-size estimates change asy's size() fitting). With
    ``a_all`` (all native samples, arrow tips included) a third candidate keeps
    s = 1 and starts from the centre of that box: asy's arrow heads reach the
    tips, so ``a`` without the tips is off-centre, and iterative closest point
    cannot slide a figure made of horizontal and vertical lines back along them.
    """
    t0 = (b.min(axis=0) + b.max(axis=0)) / 2 - (a.min(axis=0) + a.max(axis=0)) / 2
    s1, t1 = _icp(a, b, tree_b, tol, 1.0, t0, False)
    ea = a.max(axis=0) - a.min(axis=0)
    eb = b.max(axis=0) - b.min(axis=0)
    da, db = float(np.hypot(*ea)), float(np.hypot(*eb))
    s = db / da if da > 0 else 1.0
    tb = (b.min(axis=0) + b.max(axis=0)) / 2 - s * (a.min(axis=0) + a.max(axis=0)) / 2
    s2, t2 = _icp(a, b, tree_b, tol, s, tb, False, 5)
    s2, t2 = _icp(a, b, tree_b, tol, s2, t2, True)
    out = [(s1, t1), (s2, t2)]
    if a_all is not None and len(a_all) != len(a):
        t3 = (b.min(axis=0) + b.max(axis=0)) / 2 - (a_all.min(axis=0) + a_all.max(axis=0)) / 2
        out.append(_icp(a, b, tree_b, tol, 1.0, t3, False))
    return out


def _compare_geometry(native, a, a_all, b, tree_b, tips, s, t, tol):
    from scipy.spatial import cKDTree

    d_ab = np.zeros(1)
    if len(a):
        d_ab, _ = tree_b.query(s * a + t)
        if len(tips):
            d_ab = np.where(cKDTree(tips).query(a)[0] < 12.0, 0.0, d_ab)
    d_ba, _ = cKDTree(s * a_all + t).query(b)
    if len(tips):
        d_ba = np.where(cKDTree(s * tips + t).query(b)[0] < 12.0 * s, 0.0, d_ba)
    return max(float(d_ab.max()), float(d_ba.max())), float(d_ab.max()), float(d_ba.max())


def _svg_run_starts(lb, direction):
    """Canvas start ``(N, 2)`` of asy's text runs (one SVG text chunk each) written along ``direction``.

    The SVG front-end places a chunk's anchor at the middle of its baseline, half
    its estimated advance (:func:`geoverify.frontends.svg.text.advance` times the
    font size) past the start; the run starts that far back along the text's
    direction, the native label's.
    """
    from geoverify.frontends.svg.text import advance

    half = np.array([0.5 * advance(p.text.strip()) * p.font_size for p in lb])
    return np.array([p.anchor for p in lb]) - half[:, None] * np.asarray(direction)[None, :]


def _first_char(text):
    """The first character of a run when it is a letter or digit (compared exactly), else ``""``."""
    ch = text.strip()[:1]
    return ch if ch.isalnum() else ""


def _native_runs(lab):
    """Canvas start ``(K, 2)`` of a native label's glyph runs, their first characters and
    the text direction: TeX's runs (:func:`geoverify.frontends.asy.textmetrics.text_runs`)
    mapped by the label's frame.

    A run that continues the previous one's pen on another baseline (``joined``: a
    radical sign after a minus sign) has no ``x`` in dvisvgm's SVG; the SVG reader
    puts it after the previous run's estimated advance, and the native run is placed
    the same way (its ``y`` and the previous run's start stay TeX's own). Material the model does not
    set glyph by glyph is used only when no run is known: its start (the old rule).
    A label of rules only (``$\\_$``) has no run.
    """
    from geoverify.frontends.asy.textmetrics import text_depth, text_runs
    from geoverify.frontends.svg.text import advance

    frame = lab.frame
    if frame is None:  # no frame: the box's left end of the baseline, unrotated
        frame = np.array([[1.0, 0.0, lab.box[0]], [0.0, 1.0, lab.box[1] + text_depth(lab.text, lab.font_size)]])
    scale = float(np.sqrt(abs(np.linalg.det(frame[:, :2])))) or 1.0
    runs = text_runs(lab.text, lab.font_size / scale)
    known = [r for r in runs if r.text]
    if not runs:  # TeX sets no character (a rule such as ``\_``): no text to compare
        return np.zeros((0, 2)), [], frame[:, 0] / scale
    if not known:  # no glyph is known: where the first unknown material starts
        return np.array([runs[0][:2]]) @ frame[:, :2].T + frame[:, 2], [""], frame[:, 0] / scale
    xy, pen = [], None
    for r in known:
        x = pen + advance(prev.text) * prev.size if r.joined and pen is not None else r.x
        xy.append((x, r.y))
        pen, prev = x, r
    xy = np.array(xy)
    return xy @ frame[:, :2].T + frame[:, 2], [_first_char(r.text) for r in known], frame[:, 0] / scale


def _label_error(la, lb, s, t):
    """Largest distance from a native glyph run to asy's nearest run with the same first character.

    Every run TeX sets for a native label (its characters in one font on one
    baseline: a fraction's numerator and denominator, a radical sign and its
    radicand, scripts) is mapped by the label's frame and the fitted similarity
    ``(s, t)`` and must start where one of asy's SVG text runs starts; a run
    that begins with a letter or digit must meet a run beginning with the same
    one. Returns the distance and the label it belongs to.
    """
    firsts = np.array([_first_char(p.text) for p in lb])
    worst, which = 0.0, ""
    for lab in la:
        starts, chars, direction = _native_runs(lab)
        cand = _svg_run_starts(lb, direction)
        for q, ch in zip(s * starts + t, chars):
            ok = firsts == ch if ch else np.ones(len(lb), dtype=bool)
            d = float(np.min(np.hypot(*(cand[ok] - q).T))) if ok.any() else np.inf
            if d > worst:
                worst, which = d, lab.text
    return worst, which


def _label_fit(la, lb, s, tol):
    """Translation (or None) that puts most native glyph runs, scaled by ``s``, on asy's
    runs with the same first letter or digit.

    A candidate for figures whose geometry cannot place itself: a few bp drawn under
    arrow heads (geometry near arrow tips is exempt from the comparison, and asy's
    heads widen its box) leave the geometry fit free to slide, while every label
    still says where the figure is. The offset most run pairs agree on (within the
    tolerance) is taken, averaged over those pairs.
    """
    from scipy.spatial import cKDTree

    firsts = np.array([_first_char(p.text) for p in lb])
    offs = []
    for lab in la:
        starts, chars, direction = _native_runs(lab)
        cand = _svg_run_starts(lb, direction)
        for q, ch in zip(starts, chars):
            if ch:
                offs.append(cand[firsts == ch] - s * q)
    offs = np.vstack(offs) if offs else np.zeros((0, 2))
    if len(offs) == 0:
        return None
    if len(offs) > 4000:  # many tick labels of one digit: a sample finds the mode
        offs = offs[np.random.default_rng(0).choice(len(offs), 4000, replace=False)]
    tree = cKDTree(offs)
    support = tree.query_ball_point(offs, tol, return_length=True)
    best = offs[int(np.argmax(support))]
    return offs[tree.query_ball_point(best, tol)].mean(axis=0)


def align_and_compare(native, rendered, tol_fraction=TOL_FRACTION):
    """(ok, cause, details) for one native scene against asy's rendering."""
    from scipy.spatial import cKDTree
    from geoverify.scene.primitives import Arrow

    size = _extent_size(rendered)
    tol = tol_fraction * size
    spacing = max(tol / 4, 1e-3)
    a_all = _samples(native, True, spacing)
    a = _samples(native, False, spacing)
    b = _samples(rendered, True, spacing)
    la, lb = _labels(native), _labels(rendered)
    if len(a_all) == 0 and len(b) == 0:
        if bool(la) != bool(lb):
            return False, "labels missing" if not la else "labels extra", {}
        return True, "", {}
    if len(a_all) == 0:
        return False, "geometry missing", {}
    if len(b) == 0:
        return False, "geometry extra (asy draws nothing)", {}
    tips = np.array([p.tip for p in native.primitives if isinstance(p, Arrow)]).reshape(-1, 2)
    # asy shortens a path under its arrow head and draws the head: both ends are exempt
    # near native arrow tips (radius: a generous arrow size in native units).
    if len(tips):
        tip_tree = cKDTree(tips)
        a_free = tip_tree.query(a_all)[0] > 12.0
    else:
        a_free = np.ones(len(a_all), dtype=bool)
    fit_a = a_all[a_free] if a_free.sum() >= 3 else a_all
    tree_b = cKDTree(b)
    fits = _fits(fit_a, b, tree_b, tol, a_all)
    if la and lb:
        # the labels' own alignment, at both scales the geometry fits found
        for s in sorted({1.0, min(fits[:2], key=lambda f: _compare_geometry(
                native, a, a_all, b, tree_b, tips, f[0], f[1], tol)[0])[0]}):
            t = _label_fit(la, lb, s, tol)
            if t is not None:
                fits.append((s, t))
    # The alignment is a nuisance parameter: the candidate with the smallest worst error,
    # geometry or labels, is kept (labels only count where the geometry agrees).
    best = None
    for s, t in fits:
        res = _compare_geometry(native, a, a_all, b, tree_b, tips, s, t, tol)
        lab = (0.0, "")
        if res[0] <= tol and la and lb:
            lab = _label_error(la, lb, s, t)
        score = max(res[0], lab[0])
        if best is None or score < best[0]:
            best = (score, res, lab, s, t)
    _, (err, d_ab_max, d_ba_max), (worst, which), s, t = best
    details = {"size": size, "tol": tol, "scale": s, "max_native_to_asy": d_ab_max, "max_asy_to_native": d_ba_max}
    if err > tol:
        details["worst"] = "native->asy" if d_ab_max > d_ba_max else "asy->native"
        return False, "geometry mismatch", details
    if la:
        if not lb:
            return False, "labels missing in asy output", details
        details["worst_label"] = which
        details["max_label"] = worst
        if worst > tol:
            return False, "label position mismatch", details
    return True, "", details


# -- one figure ----------------------------------------------------------------------------

def subject_of(path: Path) -> str:
    m = re.match(r"(train|test)_([a-z_]+?)_\d+", path.stem)
    return m.group(2) if m else path.stem.split("__")[0]


def process(args):
    path, root, cache, timeout, cached_only, repeat = args
    from frontend_speed import best_of
    from geoverify.errors import GeoverifyError
    from geoverify.frontends.asy import parse_asy

    import_frontend("asy")
    from geoverify.frontends.svg import parse_svg

    p = Path(path)
    raw = p.read_bytes()
    text = raw.decode("utf-8", "replace")
    rel = p.relative_to(root) if p.is_relative_to(root) else p
    source = rel.parts[0] if len(rel.parts) > 1 else Path(root).name
    dialect = "aops" if "math" in p.parts[:-1] else "plain"
    rec = {"file": str(p), "source": source, "subject": subject_of(p), "bytes": len(raw), "dialect": dialect,
           "three": bool(_THREE.search(text))}
    t0 = time.process_time()   # CPU seconds: other work on the machine does not count
    native = None
    try:
        native, rec["seconds"], _ = best_of(lambda: parse_asy(text, filename=str(p), dialect=dialect), repeat, [])
        rec["native"] = "ok"
    except GeoverifyError as err:
        rec["native"] = f"{type(err).__name__}: {err.message[:80]}"
    except Exception as err:  # a crash is a bug we want counted, not a stopped benchmark
        rec["native"] = f"CRASH {type(err).__name__}: {str(err)[:80]}"
    if native is None:
        rec["seconds"] = time.process_time() - t0   # until the error
    svg, reason = cached_compile(text, dialect, Path(cache), timeout, cached_only)
    if reason == "not in cache":
        rec["skipped"] = True
    rec["compiled"] = svg is not None
    rec["compile_reason"] = reason
    if svg is None:
        return rec
    if native is None:
        rec["ok"] = False
        rec["cause"] = "native error: " + rec["native"].split(":")[0]
        return rec
    unsupported = sorted({d.construct for d in native.diagnostics if d.code == "UNSUPPORTED"})
    rec["unsupported"] = unsupported[:10]
    try:
        # one label per text chunk: each glyph run of a native label must start where a chunk starts
        rendered = parse_svg(strip_tex_rules(svg), merge_text_runs=False)
    except Exception as err:
        rec["ok"] = False
        rec["cause"] = f"asy SVG unreadable: {type(err).__name__}"
        return rec
    try:
        ok, cause, det = align_and_compare(native, rendered)
    except Exception as err:
        ok, cause, det = False, f"compare crash {type(err).__name__}", {}
    rec["ok"] = ok
    rec["details"] = det
    if not ok:
        rec["cause"] = ("unsupported: " + unsupported[0]) if unsupported else cause
    return rec


def report(records) -> None:
    flat = [r for r in records if not r["three"]]
    three = [r for r in records if r["three"]]
    g, c = rate(flat)
    print(f"files: {len(records)} ({len(three)} 3D); compiled with asy: {sum(r['compiled'] for r in records)}")
    print(f"AGREEMENT (2D blocks that asy compiles): {g}/{c} = {100 * g / max(c, 1):.1f}%")
    g3, c3 = rate(three)
    print(f"3D blocks (separate, native reports 'unsupported: three'): {g3}/{c3}")
    for key in ("source", "subject"):
        print_rates(flat, key)
    print_causes(flat, "2D")
    print_speed_and_crashes(records)


def warm_up() -> None:
    """Import the front-end's modules and interpret one figure per dialect in this process (grammar,
    builtins, font metrics), so that the first figures a worker interprets are not charged for start-up."""
    from geoverify.frontends.asy import parse_asy

    import_frontend("asy")
    for dialect in ("plain", "aops"):
        parse_asy('size(50); draw((0,0)--(1,1)); label("$A$", (0,0), SW);', dialect=dialect)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="+", help="corpus folders (searched recursively for .asy)")
    ap.add_argument("--limit", type=int, default=0, help="at most this many files per folder (0 = all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3,
                    help="interpret runs per figure, the fastest timed (as benchmarks/frontend_speed.py)")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "geoverify-asy-agreement-cache"))
    ap.add_argument("--json", help="write per-figure records here")
    ap.add_argument("--match", help="only files whose path contains this text")
    ap.add_argument("--cached-only", action="store_true", help="skip figures asy has not compiled yet")
    args = ap.parse_args(argv)
    if not shutil.which("asy"):
        print("asy is needed (scripts/install-toolchains.sh)", file=sys.stderr)
        return 2
    jobs = []
    for root in args.corpus:
        root = str(Path(root).resolve())
        files = sorted(Path(root).rglob("*.asy"))
        if args.match:
            files = [f for f in files if args.match in str(f)]
        if args.limit:
            files = files[: args.limit]
        jobs += [(str(f), root, args.cache, args.timeout, args.cached_only, args.repeat) for f in files]
    t0 = time.time()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, initializer=warm_up) as ex:
            records = list(ex.map(process, jobs, chunksize=4))
    else:
        warm_up()
        records = [process(j) for j in jobs]
    records = [r for r in records if not r.get("skipped")]
    report(records)
    print(f"\nwall time {time.time() - t0:.0f} s for {len(records)} files")
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
