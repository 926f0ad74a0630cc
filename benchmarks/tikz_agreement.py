#!/usr/bin/env python3
"""Agreement of the native TikZ front-end with TeX on real figures.

For every ``.tex`` file under the given corpus folders:

1. interpret it natively with :func:`geoverify.frontends.tikz.parse_tikz`, timed in
   a pass of its own before any comparison: one figure at a time in this process,
   whose grammars and builtins are loaded before the first figure, in CPU seconds,
   the fastest of ``--repeat`` runs from the same process-wide caches, as
   ``frontend_speed.py`` times (median interpret time per figure and KB/s of source).
   Nothing else of the script runs meanwhile: timed beside the comparisons, a figure
   was charged for a second worker sharing the machine and for the garbage collector
   walking the rendered scenes the comparisons leave in the heap;
2. compile it with ``latex`` (fragments are wrapped in a ``standalone``
   document; ``-no-shell-escape -interaction=nonstopmode -halt-on-error``,
   ``openin_any=p``/``openout_any=p``, a timeout, a fresh temporary folder)
   and convert the DVI with ``dvisvgm --font-format=woff`` so text stays
   ``<text>``; parse that SVG with :func:`geoverify.frontends.svg.parse_svg`
   (``merge_text_runs=False``: one label per text run);
3. align native (pt, y up) and rendered (bp, y up) scenes by a similarity:
   the scale is fixed to 72/72.27, the translation is fitted (bounding-box
   start, then iterative closest point on sampled outline points, leaving out
   native samples under arrow heads);
4. compare stroked geometry (outline samples both ways: every native sample
   near a rendered one and back; rendered arrow heads are exempt near native
   arrow tips; rendered geometry a clip cuts, which TeX's SVG keeps whole, counts
   only inside what shows, the rendered scene's ``view``) and text positions (a TeX text run must start where a native
   label's text starts, on its baseline) within 0.5 % of the figure's size
   (diagonal of the rendered geometry). A label of several lines may start its first
   line at its left edge, centre or right edge (its alignment is not recorded).

A failing record's details give the worst points (``at_native_to_tex``,
``at_tex_to_native``, native pt) and the fitted ``shift``.

Figures that do not compile are not counted. tkz-euclide figures are counted
separately. Compiled SVGs are cached (``--cache``), so a rerun after changing
the front-end only re-interprets.

Usage::

    python benchmarks/tikz_agreement.py ../shared/corpus/tikz ../shared/corpus/generated \
        [--limit N] [--jobs 2] [--timeout 30] [--json out.json] [--cache DIR]
"""

from __future__ import annotations

import argparse
import collections
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
from agreement_report import (host_reference_ms, print_causes, print_rates,  # noqa: E402
                              print_speed_and_crashes, rate)
from frontend_warmup import import_frontend  # noqa: E402

TOL_FRACTION = 0.005
BP_PER_PT = 72.0 / 72.27

_BASE_PACKAGES = r"""\usepackage{amsmath,amssymb}
"""


# -- compile -----------------------------------------------------------------------

def _codeexample_preamble(text: str) -> str:
    """Preamble of a pgf manual code example (``% codeexample options: [preamble={...}]``)."""
    m = re.search(r"^% codeexample options:(.*)$", text, re.M)
    if not m:
        return ""
    opts = m.group(1)
    k = opts.find("preamble=")
    if k < 0:
        return ""
    i = opts.find("{", k)
    if i < 0:
        return ""
    depth = 0
    for j in range(i, len(opts)):
        if opts[j] == "{":
            depth += 1
        elif opts[j] == "}":
            depth -= 1
            if depth == 0:
                return opts[i + 1:j]
    return ""


def native_source(text: str) -> str:
    """What the native front-end reads of a figure file: the file, and before a pgf manual code
    example the preamble its ``codeexample options`` give TeX (``\\usetikzlibrary{arrows.meta}``
    changes what ``>`` means), so that both read the same figure."""
    pre = "" if "\\documentclass" in text else _codeexample_preamble(text)
    return pre + "\n" + text if pre.strip() else text


def wrap_document(text: str) -> str:
    """A compilable standalone document for a figure file or fragment."""
    if "\\documentclass" in text:
        return text
    pre = _codeexample_preamble(text)
    pkgs = ["\\usepackage{tikz}"]
    if "\\begin{axis}" in text or "\\addplot" in text or "pgfplots" in pre:
        pkgs.append("\\usepackage{pgfplots}\\pgfplotsset{compat=newest}")
    if "tikzcd" in text:
        pkgs.append("\\usepackage{tikz-cd}")
    if "\\tkz" in text:
        pkgs.append("\\usepackage{tkz-euclide}")
    body = text
    if "\\begin{tikzpicture}" not in text and "\\tikz" not in text and "\\begin{tikzcd}" not in text:
        body = "\\begin{tikzpicture}\n" + text + "\n\\end{tikzpicture}"
    libs = set(re.findall(r"\\usetikzlibrary\{([^}]*)\}", text))
    lib_line = "".join(f"\\usetikzlibrary{{{x}}}" for x in libs)
    return ("\\documentclass[tikz]{standalone}\n" + "\n".join(pkgs) + "\n" + _BASE_PACKAGES + pre + "\n" + lib_line
            + "\n\\begin{document}\n" + body + "\n\\end{document}\n")


def compile_svgs(text: str, timeout: float) -> tuple[list[str] | None, str]:
    """Compile to one SVG text per page; (None, reason) when it does not compile."""
    doc = wrap_document(text)
    tmp = tempfile.mkdtemp(prefix="gv-tikz-")
    try:
        Path(tmp, "fig.tex").write_text(doc, encoding="utf-8")
        env = dict(os.environ, openin_any="p", openout_any="p", shell_escape="f", TEXMFOUTPUT=tmp)
        try:
            r = subprocess.run(["latex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error",
                                "fig.tex"], cwd=tmp, env=env, capture_output=True, timeout=timeout,
                               stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return None, "latex timeout"
        if r.returncode != 0 or not Path(tmp, "fig.dvi").exists():
            log = r.stdout.decode("latin-1", "replace")
            m = re.search(r"^! (.*)$", log, re.M)
            return None, "latex error: " + (m.group(1)[:60] if m else "unknown")
        try:
            r = subprocess.run(["dvisvgm", "--font-format=woff", "--page=1-", "-o", "fig-%p.svg", "fig.dvi"],
                               cwd=tmp, env=env, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return None, "dvisvgm timeout"
        pages = sorted(Path(tmp).glob("fig-*.svg"), key=lambda p: int(re.findall(r"\d+", p.stem)[-1]))
        if not pages:
            return None, "dvisvgm produced no SVG"
        return [p.read_text(encoding="utf-8") for p in pages], "ok"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _cache_file(text: str, cache: Path) -> Path:
    return cache / (hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:24] + ".json")


def cached_compile(text: str, cache: Path, timeout: float):
    f = _cache_file(text, cache)
    if f.exists():
        try:
            d = json.loads(f.read_text())
            return d["svgs"], d["reason"]
        except (ValueError, KeyError):
            pass
    svgs, reason = compile_svgs(text, timeout)
    cache.mkdir(parents=True, exist_ok=True)
    tmpf = f.with_suffix(".tmp%d" % os.getpid())
    tmpf.write_text(json.dumps({"svgs": svgs, "reason": reason}))
    tmpf.replace(f)
    return svgs, reason


# -- compare -----------------------------------------------------------------------

def _samples(scene, panel=None, spacing=1.0, scale=1.0, clipped_out=None):
    """Outline points ``(N, 2)`` of visible geometry, at most ``spacing`` apart (after
    multiplying by ``scale``); dots count as their circles. With a list ``clipped_out``,
    one bool per point is appended to it: whether the point's primitive is clipped."""
    from geoverify.scene.primitives import Arrow, Dot, TextLabel, arc_controls
    pts = []
    for p in scene.primitives:
        n0 = sum(len(x) for x in pts)
        if panel is not None and p.panel != panel:
            continue
        if isinstance(p, (Arrow, TextLabel)):
            continue
        if isinstance(p, Dot):
            if p.radius > 0:
                c = arc_controls(p.center, p.radius, p.radius, 0.0, 2 * np.pi)
                pts.append(_sample_controls(c * scale, spacing))
            else:
                pts.append(p.center[None] * scale)
            if clipped_out is not None:
                clipped_out.extend([bool(p.clipped)] * (sum(len(x) for x in pts) - n0))
            continue
        if not p.style.visible:
            continue
        for sp in p.subpaths():
            pts.append(_sample_controls(sp.controls * scale, spacing))
        if clipped_out is not None:
            clipped_out.extend([bool(p.clipped)] * (sum(len(x) for x in pts) - n0))
    return np.vstack(pts) if pts else np.zeros((0, 2))


def _sample_controls(c, spacing):
    out = []
    for seg in c:
        length = float(np.sum(np.hypot(*np.diff(seg, axis=0).T)))
        n = int(min(2000, max(4, np.ceil(length / max(spacing, 1e-6)))))
        t = np.linspace(0, 1, n + 1)
        s = 1 - t
        w = np.stack([s ** 3, 3 * s * s * t, 3 * s * t * t, t ** 3], axis=1)
        out.append(w @ seg)
    return np.vstack(out)


def _text_items(scene, panel=None):
    from geoverify.frontends.tikz.fonts import measure
    from geoverify.scene.primitives import TextLabel
    out = []
    for p in scene.primitives:
        if not isinstance(p, TextLabel) or (panel is not None and p.panel != panel) or not p.text.strip():
            continue
        out.append(p)
    return out


def _first_run_offset(text, size):
    """Where the first character of a label's (first line of) text sits, from its baseline's left
    end, in pt: TeX raises some material that starts a label (a radical's surd, the numerator
    of ``\\nicefrac``, a leading superscript), and its first text run starts there. ``(0, 0)``
    when the text starts with material whose glyphs the box model does not know."""
    from geoverify.frontends.texbox import glyph_runs
    from geoverify.frontends.tikz.fonts import node_lines
    lines = node_lines(text)
    runs = glyph_runs(lines[0].strip(), size) if lines else []
    if not runs or not runs[0].text:
        return np.zeros(2)
    return np.array([runs[0].x, runs[0].y])


def _turned(frame) -> bool:
    """Whether a label's frame (2, 3) turns its text (None: upright)."""
    return frame is not None and abs(frame[1, 0]) + max(-frame[0, 0], 0.0) > 1e-3


def _run_start(lab) -> np.ndarray:
    """Where a turned native label's first text run starts (pt): its frame's start moved by the
    first run's offset, in the frame's directions."""
    return lab.frame[:, :2] @ _first_run_offset(lab.text, lab.font_size) + lab.frame[:, 2]


def align_and_compare(native, rendered, native_panel, tol_fraction=TOL_FRACTION):
    """(ok, cause, details): compare one native panel with one rendered page."""
    from scipy.spatial import cKDTree
    from geoverify.frontends.tikz.fonts import measure
    b = _samples(rendered, spacing=1e9)
    if len(b):
        span0 = b.max(axis=0) - b.min(axis=0)
        step = max(TOL_FRACTION * float(np.hypot(*span0)) / 3, 0.05)
    else:
        step = 1.0
    a = _samples(native, native_panel, spacing=step, scale=BP_PER_PT)
    b_clipped = []
    b = _samples(rendered, spacing=step, clipped_out=b_clipped)
    b_clipped = np.asarray(b_clipped, dtype=bool).reshape(len(b))
    na_text = _text_items(native, native_panel)
    nb_text = _text_items(rendered)
    if len(a) == 0 and len(b) == 0 and not na_text and not nb_text:
        return True, "", {}
    if (len(a) == 0) != (len(b) == 0):
        return False, "geometry missing" if len(a) == 0 else "geometry extra (TeX draws nothing)", {}
    if len(b):
        span = b.max(axis=0) - b.min(axis=0)
    else:
        boxes = np.array([t.box for t in nb_text])
        span = np.array([boxes[:, 2].max() - boxes[:, 0].min(), boxes[:, 3].max() - boxes[:, 1].min()])
    size = float(np.hypot(*span)) or 1.0
    tol = tol_fraction * size
    # translation: several starts (corners and centres of the outlines' boxes, text runs),
    # each refined by ICP (translation only); keep the one with the best 90th percentile
    if len(a) and len(b):
        tree_b = cKDTree(b)
        starts = [b.min(axis=0) - a.min(axis=0), b.max(axis=0) - a.max(axis=0),
                  (b.min(axis=0) + b.max(axis=0)) / 2 - (a.min(axis=0) + a.max(axis=0)) / 2]
        # native samples under arrow heads (TeX shortens the line there) do not steer the fit
        from geoverify.scene.primitives import Arrow
        fit = np.ones(len(a), dtype=bool)
        for arrow in native.primitives:
            if isinstance(arrow, Arrow) and arrow.panel == native_panel:
                reach = 3.5 + 5.5 * arrow.style.stroke_width
                fit &= np.hypot(*(a - arrow.tip * BP_PER_PT).T) >= reach
        a_fit = a[fit] if fit.sum() >= 3 else a
        best = None
        for t in starts:
            for _ in range(10):
                d, idx = tree_b.query(a_fit + t)
                near = d < max(5 * tol, np.percentile(d, 60))
                if near.sum() < 3:
                    break
                shift = np.median(b[idx[near]] - (a_fit[near] + t), axis=0)
                t = t + shift
                if np.hypot(*shift) < 1e-3 * tol:
                    break
            d1 = tree_b.query(a + t)[0]
            d2 = cKDTree(a + t).query(b[~b_clipped] if (~b_clipped).sum() >= 3 else b)[0]
            score = max(np.percentile(d1, 90), np.percentile(d2, 90))
            if best is None or score < best[0]:
                best = (score, t)
        t = best[1]
    else:
        if not na_text or not nb_text:
            return False, "text missing" if not na_text else "text extra", {}
        ta = np.array([[(x.box[0] + x.box[2]) / 2, x.box[1]] for x in na_text]) * BP_PER_PT
        tb = np.array([[(x.box[0] + x.box[2]) / 2, x.box[1]] for x in nb_text])
        t = tb.mean(axis=0) - ta.mean(axis=0)
        # TeX may split a label into several runs (kerns), which moves the mean: refine with
        # the median offset of each native label's left edge and baseline to the nearest run
        # A turned label's runs start where its frame starts them (its box's left and bottom are
        # another point of the turned text): turned labels are matched by their frames' starts.
        la = np.array([_run_start(x) if _turned(x.frame) else
                       [x.box[0], x.box[1] + measure(x.text, x.font_size)[0].depth] for x in na_text]) * BP_PER_PT
        lb = np.array([x.frame[:, 2] if _turned(x.frame) else [x.box[0], x.anchor[1]] for x in nb_text])
        tree_lb = cKDTree(lb)
        for _ in range(3):
            _, idx = tree_lb.query(la + t)
            t = t + np.median(lb[idx] - (la + t), axis=0)
    details = {"size": size, "tol": tol, "shift": [round(float(v), 3) for v in t]}
    if len(a) and len(b):
        ap = a + t
        d_ab, _ = cKDTree(b).query(ap)
        d_ba, _ = cKDTree(ap).query(b)
        if b_clipped.any() and rendered.view is not None:
            # TeX's SVG keeps clipped geometry whole (flagged); what its clips cut away
            # (outside the rendered view) need not be drawn natively
            v = rendered.view
            outside = (b[:, 0] < v[0] - tol) | (b[:, 0] > v[2] + tol) | (b[:, 1] < v[1] - tol) | (b[:, 1] > v[3] + tol)
            d_ba = np.where(b_clipped & outside, 0.0, d_ba)
        # arrow heads are drawn geometry in TeX's output and tips in ours
        from geoverify.scene.primitives import Arrow
        arrows = [p for p in native.primitives if isinstance(p, Arrow) and p.panel == native_panel]
        if arrows:
            # arrow heads: TeX shortens the line under the head and draws the head as
            # geometry; both sides are exempt within a head's length of a native tip
            # (pgf's heads are a few points plus a few line widths long)
            near_b = np.zeros(len(b), dtype=bool)
            near_a = np.zeros(len(ap), dtype=bool)
            for arrow in arrows:
                tip = arrow.tip * BP_PER_PT + t
                reach = 3.5 + 5.5 * arrow.style.stroke_width
                near_b |= np.hypot(*(b - tip).T) < reach
                near_a |= np.hypot(*(ap - tip).T) < reach
            d_ba = np.where(near_b, 0.0, d_ba)
            d_ab = np.where(near_a, 0.0, d_ab)
        if na_text:
            # TeX draws fraction bars, radicals and over/underlines of text as rules (paths):
            # they belong to the labels, not to the figure's geometry
            inside = np.zeros(len(b), dtype=bool)
            for lab in na_text:
                lo = lab.box[:2] * BP_PER_PT + t - tol
                hi = lab.box[2:] * BP_PER_PT + t + tol
                inside |= np.all((b >= lo) & (b <= hi), axis=1)
            d_ba = np.where(inside, 0.0, d_ba)
        details["max_native_to_tex"] = float(d_ab.max())
        details["max_tex_to_native"] = float(d_ba.max())
        # where the worst points are, in the native picture's pt (to find the construct)
        details["at_native_to_tex"] = [round(float(v), 2) for v in a[int(d_ab.argmax())]]
        details["at_tex_to_native"] = [round(float(v), 2) for v in (b[int(d_ba.argmax())] - t) / BP_PER_PT]
        if d_ab.max() > tol or d_ba.max() > tol:
            return False, "geometry mismatch", details
    # text: left edge and baseline of each native label against TeX's text pieces (TeX
    # splits a label into one <text> per font run: a piece on that baseline starting there)
    if na_text:
        if not nb_text:
            return False, "text missing in TeX output", details
        rb = np.array([[x.box[0], x.anchor[1], x.box[2]] for x in nb_text])
        worst = 0.0
        for lab in na_text:
            box, widths = measure(lab.text, lab.font_size)
            bw, bh = (lab.box[2] - lab.box[0]), (lab.box[3] - lab.box[1])
            stacked = any(k in lab.text for k in ("\\frac", "\\dfrac", "\\tfrac", "\\begin{", "\\over",
                                                   "\\substack", "\\stackrel", "\\binom"))
            turned = _turned(lab.frame)
            if turned and not stacked and not (abs(bh - (box.height + box.depth)) > 0.05 * lab.font_size
                                               and abs(bw - box.width) > 0.05):
                # a turned label whose box looks upright (upside down, or square-ish): a turned TeX run
                # must start where its frame starts it
                q = _run_start(lab) * BP_PER_PT + t
                starts = np.array([x.frame[:, 2] for x in nb_text if x.frame is not None]).reshape(-1, 2)
                dist = float(np.min(np.hypot(*(starts - q).T))) if len(starts) else np.inf
                if dist > worst:
                    worst, details["worst_label"] = dist, lab.text[:40]
                continue
            if stacked or (abs(bh - (box.height + box.depth)) > 0.05 * lab.font_size and abs(bw - box.width) > 0.05):
                # a rotated label, or one with stacked parts (fractions, arrays) whose runs sit on
                # several baselines: its runs must lie inside its box
                lo = lab.box[:2] * BP_PER_PT + t - tol
                hi = lab.box[2:] * BP_PER_PT + t + tol
                pts = np.array([x.anchor for x in nb_text])
                inside = np.all((pts >= lo) & (pts <= hi), axis=1)
                c = (lo + hi) / 2
                dist = 0.0 if inside.any() else float(np.min(np.hypot(*(pts - c).T)))
                if dist > worst:
                    worst, details["worst_label"] = dist, lab.text[:40]
                continue
            base = lab.box[1] + box.depth
            lefts = [lab.box[0]]
            if len(widths) > 1:
                # several lines: the first line starts at the left edge (align=left), in the
                # middle (align=center) or at the right (align=right); a label does not say which
                base = lab.box[3] - box.height
                lefts += [(lab.box[0] + lab.box[2]) / 2 - widths[0] / 2, lab.box[2] - widths[0]]
            offset = _first_run_offset(lab.text, lab.font_size)
            dist = np.inf
            for left in lefts:
                q = (np.array([left, base]) + offset) * BP_PER_PT + t
                width = (lab.box[2] - lab.box[0]) * BP_PER_PT
                on_line = np.abs(rb[:, 1] - q[1]) < max(tol, 0.5)
                inside = on_line & (rb[:, 2] > q[0] - tol) & (rb[:, 0] < q[0] + width + tol)
                if inside.any():
                    # a run must start where the label starts (neighbouring labels may overlap it)
                    dist = min(dist, float(np.min(np.abs(rb[inside, 0] - q[0]))))
                else:
                    dist = min(dist, float(np.min(np.hypot(rb[:, 0] - q[0], rb[:, 1] - q[1]))))
            if dist > worst:
                worst, details["worst_label"] = dist, lab.text[:40]
        details["max_text"] = worst
        if worst > tol:
            return False, "text position mismatch", details
    return True, "", details


def parse_rendered(svg: str):
    """The rendered scene with one label per dvisvgm text chunk.

    dvisvgm writes one ``<text>`` per font run and puts kerns, word gaps, further
    lines and even separate labels of one font as positioned ``<tspan>``s; the
    comparison looks for the run that starts where a native label starts, so
    runs are not joined into labels (``merge_text_runs=False``).
    """
    from geoverify.frontends.svg import parse_svg
    return parse_svg(svg, merge_text_runs=False)


# -- one figure -------------------------------------------------------------------------

def time_native(path: str, repeat: int) -> float:
    """CPU seconds of interpreting ``path``: the fastest of ``repeat`` runs (see the module
    docstring); a figure that fails is timed until its error, once."""
    from frontend_speed import best_of, process_caches
    from geoverify.frontends.tikz import parse_tikz

    text = Path(path).read_bytes().decode("utf-8", "replace")
    t0 = time.process_time()
    try:
        return best_of(lambda: parse_tikz(native_source(text), filename=str(path)), repeat,
                       process_caches("tikz"))[1]
    except Exception:  # (the comparison pass records what the error was)
        return time.process_time() - t0


def process(args):
    path, root, cache, timeout, repeat = args
    from frontend_speed import best_of, process_caches
    from geoverify.errors import GeoverifyError
    from geoverify.frontends.svg import parse_svg
    from geoverify.frontends.tikz import parse_tikz

    import_frontend("tikz")
    raw = Path(path).read_bytes()
    text = raw.decode("utf-8", "replace")
    rel = Path(path).relative_to(root)
    source = rel.parts[0] if len(rel.parts) > 1 else Path(root).name
    tkz = "\\tkz" in text or "tkz" in source.lower()
    rec = {"file": str(path), "source": source, "tkz": tkz, "bytes": len(raw)}
    t0 = time.process_time()   # CPU seconds: other work on the machine does not count
    native = None
    try:
        native, rec["seconds"], _ = best_of(lambda: parse_tikz(native_source(text), filename=str(path)), repeat,
                                             process_caches("tikz"))
        rec["native"] = "ok"
    except GeoverifyError as err:
        rec["native"] = f"{type(err).__name__}: {err.message[:80]}"
    except Exception as err:  # a crash is a bug we want counted, not a stopped benchmark
        rec["native"] = f"CRASH {type(err).__name__}: {str(err)[:80]}"
    if native is None:
        rec["seconds"] = time.process_time() - t0   # until the error
    svgs, reason = cached_compile(text, Path(cache), timeout)
    rec["compiled"] = svgs is not None
    rec["compile_reason"] = reason
    if svgs is None:
        return rec
    if native is None:
        rec["ok"] = False
        rec["cause"] = "native error: " + rec["native"].split(":")[0]
        return rec
    unsupported = [d for d in native.diagnostics if d.code == "UNSUPPORTED"]
    rec["unsupported"] = sorted({d.construct for d in unsupported})[:10]
    panels = sorted({p.panel for p in native.primitives}) or [0]
    try:
        rendered = [parse_rendered(s) for s in svgs]
    except Exception as err:
        rec["ok"] = False
        rec["cause"] = f"rendered SVG unreadable: {type(err).__name__}"
        return rec
    if len(rendered) != len(panels):
        # pages without drawing (e.g. an empty picture) do not count
        rendered = [r for r in rendered if len(r.primitives)] or rendered
    if len(rendered) != len(panels):
        rec["ok"] = False
        rec["cause"] = f"panel count {len(panels)} vs {len(rendered)} pages"
        if unsupported:
            rec["cause"] = "unsupported: " + rec["unsupported"][0]
        return rec
    ok = True
    cause = ""
    details = []
    for pnl, rsc in zip(panels, rendered):
        try:
            good, why, det = align_and_compare(native, rsc, pnl)
        except Exception as err:
            good, why, det = False, f"compare crash {type(err).__name__}", {}
        details.append(det)
        if not good:
            ok, cause = False, why
            break
    rec["ok"] = ok
    rec["details"] = details
    if not ok:
        rec["cause"] = ("unsupported: " + rec["unsupported"][0]) if unsupported else cause
    return rec


def warm_up() -> None:
    """Import the front-end's modules and interpret one figure in this process (grammars, font
    metrics, builtins), so that the first figures a worker interprets are not charged for start-up."""
    from geoverify.frontends.tikz import parse_tikz

    import_frontend("tikz")
    parse_tikz("\\begin{tikzpicture}\\draw (0,0) -- (1,1) node {$A$};\\end{tikzpicture}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="+", help="corpus folders (searched recursively for .tex)")
    ap.add_argument("--limit", type=int, default=0, help="at most this many files per folder (0 = all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3,
                    help="interpret runs per figure, the fastest timed (as benchmarks/frontend_speed.py)")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--cache", default=os.path.join(tempfile.gettempdir(), "geoverify-tikz-agreement-cache"))
    ap.add_argument("--json", help="write per-figure records here")
    ap.add_argument("--match", help="only files whose path contains this text")
    ap.add_argument("--cached-only", action="store_true",
                    help="skip files whose TeX output is not in the cache yet (quick reruns)")
    ap.add_argument("--failures", action="store_true",
                    help="also print every failing figure (excluding tkz-euclide): cause, where, file")
    ap.add_argument("--per-source", type=int, default=0,
                    help="at most this many files per source folder, evenly spaced (0 = all)")
    args = ap.parse_args(argv)
    if not shutil.which("latex") or not shutil.which("dvisvgm"):
        print("latex and dvisvgm are needed (scripts/install-toolchains.sh)", file=sys.stderr)
        return 2
    jobs = []
    for root in args.corpus:
        files = sorted(Path(root).rglob("*.tex"))
        if args.match:
            files = [f for f in files if args.match in str(f)]
        if args.per_source:
            groups = collections.defaultdict(list)
            for f in files:
                rel = f.relative_to(root)
                groups[rel.parts[0] if len(rel.parts) > 1 else ""].append(f)
            files = []
            for _, fs in sorted(groups.items()):
                step = max(1, len(fs) / args.per_source)
                files += [fs[int(i * step)] for i in range(min(len(fs), args.per_source))]
        if args.limit:
            files = files[: args.limit]
        if args.cached_only:
            files = [f for f in files if _cache_file(f.read_text(encoding="utf-8", errors="replace"),
                                                     Path(args.cache)).exists()]
        jobs += [(str(f), root, args.cache, args.timeout, args.repeat) for f in files]
    t0 = time.time()
    warm_up()
    print(f"timing the native front-end on {len(jobs)} figures, then comparing with TeX ...", file=sys.stderr)
    host_before = host_reference_ms()
    seconds = [time_native(j[0], args.repeat) for j in jobs]   # the timing pass (module docstring)
    host_ms = (host_before, host_reference_ms())
    jobs = [(*j[:4], 1) for j in jobs]                          # the comparisons interpret once
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, initializer=warm_up) as ex:
            records = list(ex.map(process, jobs, chunksize=4))
    else:
        records = [process(j) for j in jobs]                   # (warmed up for the timing pass)
    for rec, t in zip(records, seconds):
        rec["seconds"] = t
    report(records, host_ms)
    if args.failures:
        list_failures(records)
    print(f"\nwall time {time.time() - t0:.0f} s for {len(records)} files")
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    return 0


def list_failures(records) -> None:
    """One line per failing figure: cause, the worst distances and where (native pt), the file."""
    print("\nfailing figures (excluding tkz-euclide), by cause:")
    bad = [r for r in records if not r["tkz"] and r.get("compiled") and not r.get("ok")]
    for r in sorted(bad, key=lambda r: (r.get("cause", ""), r["file"])):
        d = (r.get("details") or [{}])[-1] or {}
        where = ""
        if "max_native_to_tex" in d:
            where = (f"native->TeX {d['max_native_to_tex']:.2f} at {d.get('at_native_to_tex')}, "
                     f"TeX->native {d['max_tex_to_native']:.2f} at {d.get('at_tex_to_native')}, tol {d['tol']:.2f}")
        if "max_text" in d and d["max_text"] > d.get("tol", 0):
            where = f"label {d.get('worst_label')!r} off by {d['max_text']:.2f}, tol {d['tol']:.2f}"
        print(f"  {r.get('cause', '')[:40]:40s} {where}  {r['file']}")


def report(records, host_ms: tuple[float, float] | None = None) -> None:
    main_recs = [r for r in records if not r["tkz"]]
    tkz_recs = [r for r in records if r["tkz"]]
    g, c = rate(main_recs)
    print(f"files: {len(records)} ({len(tkz_recs)} tkz-euclide); compiled: {sum(r['compiled'] for r in records)}")
    print(f"AGREEMENT (excluding tkz-euclide): {g}/{c} = {100 * g / max(c, 1):.1f}% of compiling figures")
    g2, c2 = rate(tkz_recs)
    print(f"tkz-euclide (separate): {g2}/{c2} = {100 * g2 / max(c2, 1):.1f}%")
    print_rates(records, "source", 45)
    print_causes(main_recs, "excluding tkz-euclide", 25)
    print_speed_and_crashes(records, host_ms)


if __name__ == "__main__":
    raise SystemExit(main())
