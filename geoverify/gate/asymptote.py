"""The gate for Asymptote: scan, run ``asy -f svg`` sandboxed, render, check ink.

Pipeline:

1. format: not another language (a LaTeX document or SVG markup is TECH_FORMAT);
   AoPS ``[asy] ... [/asy]`` tags are dropped;
2. the source scan of :mod:`geoverify.gate.asy_guard` (TECH_UNSAFE before running);
3. ``asy -safe -noglobalread -render=0 -keep -f svg -o figure figure.asy`` in
   scratch. The AoPS dialect copies ``geoverify/gate/asy/aops_compat.asy`` into
   scratch (asy finds modules in its working directory) and puts ``import
   aops_compat;`` before the user's first line, on the same line, so line numbers
   in messages stay the user's. Without that file the program runs as plain
   Asymptote and ``details["aops_compat"]`` says so. ``import olympiad;`` and
   ``import cse5;`` (AoPS modules that Debian's asy lacks) get one-line stand-in
   modules in scratch that import the compatibility module;
4. render: rsvg-convert on asy's SVG, then the ink rule of :mod:`geoverify.gate.ink`;
5. the SVG handed on keeps text as ``<text>``: asy's own call passes ``--no-fonts``
   to dvisvgm, so the kept DVI (``figure_.dvi``) is converted again with
   ``--font-format=woff``; asy's SVG is the fallback.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from geoverify.errors import UnsafeInputError
from geoverify.gate.asy_guard import check_asy
from geoverify.gate.ink import MIN_INK_PIXELS, ink_pixels
from geoverify.gate.logs import asy_error_excerpt, tex_unsafe_attempt
from geoverify.gate.result import GateResult
from geoverify.gate.sandbox import Scratch, read_output, run_sandboxed
from geoverify.gate.settings import GateSettings
from geoverify.gate.svgdoc import check_svg, looks_like_svg, render_svg

__all__ = ["gate_asy", "COMPAT_MODULE", "strip_aops_tags"]

COMPAT_MODULE = Path(__file__).parent / "asy" / "aops_compat.asy"
#: Modules of AoPS's renderer that aops_compat stands in for.
AOPS_MODULES = ("olympiad", "cse5")
ASY_SYSTEM_DIR = Path("/usr/share/asymptote")
_AOPS_TAG = re.compile(r"\[/?asy\]", re.IGNORECASE)


def strip_aops_tags(text: str) -> str:
    """Drop AoPS ``[asy]``/``[/asy]`` tags, keeping line numbers."""
    return _AOPS_TAG.sub("", text)


def _read(path, limit: int) -> str:
    data = read_output(path, limit)
    return "" if data is None else data.decode("utf-8", "replace")


def gate_asy(text: str, scratch: Scratch, settings: GateSettings, dialect: str = "plain") -> GateResult:
    """Run the Asymptote gate on ``text`` inside ``scratch`` (see the module docstring)."""
    if dialect == "aops":
        text = strip_aops_tags(text)
    if "\\documentclass" in text or "\\begin{tikzpicture}" in text or looks_like_svg(text):
        return GateResult.failure("asy", "TECH_FORMAT", "this is LaTeX/TikZ or SVG, not Asymptote code",
                                  format_correct=False)
    try:
        check_asy(text)
    except UnsafeInputError as exc:
        return GateResult.failure("asy", "TECH_UNSAFE", str(exc), format_correct=True, compilable=False)
    details: dict = {"dialect": dialect}
    source = text
    if dialect == "aops":
        if COMPAT_MODULE.is_file():
            shutil.copyfile(COMPAT_MODULE, scratch.path / "aops_compat.asy")
            source = "import aops_compat; " + text
            details["aops_compat"] = "loaded"
            # AoPS figures say "import olympiad;" / "import cse5;", modules Debian's asy
            # does not ship; aops_compat defines their helpers, so these names load it.
            for name in AOPS_MODULES:
                if not (ASY_SYSTEM_DIR / f"{name}.asy").is_file():
                    (scratch.path / f"{name}.asy").write_text("import aops_compat;\n", encoding="utf-8")
        else:
            details["aops_compat"] = "missing: ran as plain Asymptote"
    (scratch.path / "figure.asy").write_text(source, encoding="utf-8")
    argv = ["asy", "-safe", "-noglobalread", "-noglobalwrite", "-render=0", "-keep", "-nointeractiveView",
            "-f", "svg", "-o", "figure", "figure.asy"]
    run = run_sandboxed(argv, scratch, settings=settings, name="asy")
    details["sandbox"] = run.sandbox
    details["compile_seconds"] = round(run.elapsed, 3)
    out = run.stdout + "\n" + run.stderr
    if not run.ok:
        if run.timed_out:
            code, excerpt = "TECH_TIMEOUT", f"killed after {settings.timeout:g} s wall time"
        elif run.resource_killed or "out of memory" in out.lower() or "bad_alloc" in out:
            code, excerpt = "TECH_RESOURCE", (f"killed: {run.over_budget} budget exceeded" if run.over_budget
                                             else asy_error_excerpt(out) or f"killed by signal {-run.returncode}")
        elif tex_unsafe_attempt(out + _read(scratch.path / "figure_.log", settings.max_log_chars)):
            code, excerpt = "TECH_UNSAFE", asy_error_excerpt(out)
        else:
            code, excerpt = "TECH_COMPILE", asy_error_excerpt(out)
        res = GateResult.failure("asy", code, excerpt, format_correct=True, compilable=False)
        res.details = details
        return res
    svg_path = scratch.path / "figure.svg"
    if not svg_path.is_file():
        res = GateResult.failure("asy", "TECH_EMPTY", "asy drew nothing (no output file)", format_correct=True,
                                 compilable=True, rendered=True, non_empty=False)
        res.details = details
        return res
    asy_svg = _read(svg_path, settings.max_file_bytes)
    check = check_svg(asy_svg)
    if check.code is not None:
        code = "TECH_UNSAFE" if check.code == "TECH_UNSAFE" else "TECH_RENDER"
        res = GateResult.failure("asy", code, f"asy's SVG refused: {check.message}", format_correct=True,
                                 compilable=True, rendered=False)
        res.details = details
        return res
    rsvg = render_svg("figure.svg", "figure.png", scratch, settings)
    png_path = scratch.path / "figure.png"
    if not rsvg.ok or not png_path.is_file():
        code = "TECH_TIMEOUT" if rsvg.timed_out else ("TECH_RESOURCE" if rsvg.resource_killed else "TECH_RENDER")
        res = GateResult.failure("asy", code, (rsvg.stderr or rsvg.stdout)[:2000], format_correct=True,
                                 compilable=True, rendered=False)
        res.details = details
        return res
    png = read_output(png_path, settings.max_file_bytes) or b""
    ink = ink_pixels(png)
    details["ink_pixels"] = ink
    svg, details["svg_route"] = _text_svg(scratch, settings), "dvisvgm --font-format=woff"
    if svg is None:
        svg, details["svg_route"] = asy_svg, "asy -f svg (glyphs as paths)"
    non_empty = ink >= MIN_INK_PIXELS
    return GateResult(
        T=non_empty,
        parts={"format_correct": True, "compilable": True, "rendered": True, "non_empty": non_empty},
        error_code=None if non_empty else "TECH_EMPTY",
        log_excerpt="" if non_empty else f"no visible ink in the rendering ({ink} ink pixels)",
        svg=svg, png=png, fmt="asy", details=details,
    )


def _text_svg(scratch: Scratch, settings: GateSettings) -> str | None:
    if not settings.keep_svg_text or not (scratch.path / "figure_.dvi").is_file():
        return None
    conv = run_sandboxed(["dvisvgm", "-v3", "--optimize", "--font-format=woff", "-o", "figure-text.svg",
                          "figure_.dvi"], scratch, settings=settings, name="dvisvgm")
    path = scratch.path / "figure-text.svg"
    if not conv.ok or not path.is_file():
        return None
    svg = _read(path, settings.max_file_bytes)
    return svg if check_svg(svg).code is None else None
