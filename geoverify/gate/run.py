"""run_gate: the technical gate T for one figure, and the scene of what was rendered."""

from __future__ import annotations

import time

from geoverify.gate.asymptote import gate_asy
from geoverify.gate.cache import GateCache, cache_key
from geoverify.gate.ink import MIN_INK_PIXELS, ink_pixels
from geoverify.gate.result import GateResult
from geoverify.gate.sandbox import Scratch, bwrap_available, read_output
from geoverify.gate.settings import DEFAULT_SETTINGS, GateSettings
from geoverify.gate.svgdoc import check_svg, looks_like_svg, render_svg
from geoverify.gate.tex import gate_tikz
from geoverify.gate.toolchains import FORMAT_TOOLS, available_toolchains, toolchain_versions

__all__ = ["run_gate", "rendered_scene", "GATE_FORMATS", "DIALECTS"]

GATE_FORMATS = ("svg", "tikz", "asy")
DIALECTS = ("plain", "aops")


def run_gate(text: str, fmt: str, *, dialect: str = "plain", settings: GateSettings | None = None,
             cache: GateCache | None = None) -> GateResult:
    """Decide the technical gate T for one figure with the real toolchains.

    Parameters
    ----------
    text : str
        The figure code (as extracted by :func:`geoverify.frontends.extract.extract_figure`).
    fmt : {"svg", "tikz", "asy"}
    dialect : {"plain", "aops"}
        ``"aops"`` loads the AoPS compatibility module for Asymptote.
    settings : GateSettings, optional
    cache : GateCache, optional
        Looked up first, filled after a run.

    Returns
    -------
    GateResult
        ``T`` is None (``TOOLCHAIN_UNAVAILABLE``) when a needed tool is missing or the
        sandbox the settings ask for does not work here; never a pass or a fail then.

    Raises
    ------
    geoverify.errors.InputError
        ``fmt`` or ``dialect`` is not one of the allowed values.
    """
    from geoverify.errors import InputError

    if fmt not in GATE_FORMATS:
        raise InputError(f"unknown gate format {fmt!r}; expected one of: {', '.join(GATE_FORMATS)}")
    if dialect not in DIALECTS:
        raise InputError(f"unknown dialect {dialect!r}; expected one of: {', '.join(DIALECTS)}")
    settings = settings or DEFAULT_SETTINGS
    start = time.monotonic()
    versions = toolchain_versions(fmt)
    key = None
    if cache is not None:
        key = cache_key(text, fmt, dialect, versions, settings.cache_fields())
        hit = cache.get(key)
        if hit is not None:
            hit.elapsed = time.monotonic() - start
            hit.details["cache"] = "hit"
            return hit
    result = _run_uncached(text, fmt, dialect, settings)
    result.fmt = fmt
    result.toolchain = versions
    result.elapsed = time.monotonic() - start
    if cache is not None and key is not None:
        result.details["cache"] = "miss"
        cache.put(key, result)
    return result


def _run_uncached(text: str, fmt: str, dialect: str, settings: GateSettings) -> GateResult:
    if not text or not text.strip():
        return GateResult.failure(fmt, "TECH_NO_OUTPUT", "no figure code")
    nbytes = len(text.encode("utf-8", "surrogatepass"))
    if nbytes > settings.max_source_bytes:
        return GateResult.failure(
            fmt, "TECH_RESOURCE",
            f"source is {nbytes} bytes; the gate accepts at most {settings.max_source_bytes} (max_source_bytes)",
        )
    tools = available_toolchains()
    missing = [t for t in FORMAT_TOOLS[fmt] if tools.get(t) is None]
    if settings.sandbox == "bwrap" and not bwrap_available():
        missing.append("bwrap (working)")
    if missing:
        return GateResult.failure(fmt, "TOOLCHAIN_UNAVAILABLE", "missing: " + ", ".join(missing))
    with Scratch(deadline=time.monotonic() + settings.total_timeout) as scratch:
        if fmt == "tikz":
            return gate_tikz(text, scratch, settings)
        if fmt == "asy":
            return gate_asy(text, scratch, settings, dialect)
        return _gate_svg(text, scratch, settings)


def _gate_svg(text: str, scratch: Scratch, settings: GateSettings) -> GateResult:
    if not looks_like_svg(text):
        return GateResult.failure("svg", "TECH_FORMAT", "no <svg> element: not an SVG document", format_correct=False)
    check = check_svg(text)
    if check.code is not None:
        return GateResult.failure("svg", check.code, check.message, format_correct=True, compilable=False)
    (scratch.path / "figure.svg").write_text(text, encoding="utf-8")
    run = render_svg("figure.svg", "figure.png", scratch, settings)
    png_path = scratch.path / "figure.png"
    details = {"sandbox": run.sandbox, "render_seconds": round(run.elapsed, 3), "depth": check.depth,
               "elements": check.elements}
    if not run.ok or not png_path.is_file():
        if run.timed_out:
            code, excerpt = "TECH_TIMEOUT", f"rsvg-convert killed after {settings.timeout:g} s wall time"
        elif run.resource_killed:
            code, excerpt = "TECH_RESOURCE", f"rsvg-convert killed ({run.over_budget or f'signal {-run.returncode}'})"
        else:
            code, excerpt = "TECH_RENDER", (run.stderr or run.stdout).strip()[:2000]
        res = GateResult.failure("svg", code, excerpt, format_correct=True, compilable=True, rendered=False)
        res.details = details
        return res
    png = read_output(png_path, settings.max_file_bytes) or b""
    ink = ink_pixels(png)
    details["ink_pixels"] = ink
    non_empty = ink >= MIN_INK_PIXELS
    return GateResult(
        T=non_empty,
        parts={"format_correct": True, "compilable": True, "rendered": True, "non_empty": non_empty},
        error_code=None if non_empty else "TECH_EMPTY",
        log_excerpt="" if non_empty else f"no visible ink in the rendering ({ink} ink pixels)",
        svg=text, png=png, fmt="svg", details=details,
    )


def rendered_scene(result: GateResult, **options):
    """The scene of what the toolchain really drew: ``result.svg`` through the SVG front-end.

    Returns
    -------
    geoverify.scene.Scene
        With ``source_format = "rendered-svg"``.

    Raises
    ------
    geoverify.errors.FigureFormatError
        The gate produced no SVG (it failed before rendering).
    """
    from geoverify.errors import FigureFormatError
    from geoverify.frontends.svg import parse_svg

    if result.svg is None:
        raise FigureFormatError(
            f"gate result has no rendered SVG (error {result.error_code or 'none'}); nothing to parse"
        )
    scene = parse_svg(result.svg, filename=f"rendered-{result.fmt or 'figure'}.svg", **options)
    scene.source_format = "rendered-svg"
    return scene
