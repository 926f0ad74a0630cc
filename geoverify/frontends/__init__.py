"""Front-ends: figure code -> :class:`~geoverify.scene.Scene`.

Each format has a sub-package with one public entry point:

- :func:`geoverify.frontends.svg.parse_svg`
- :func:`geoverify.frontends.tikz.parse_tikz`
- :func:`geoverify.frontends.asy.parse_asy`

All take ``(text, *, filename=None, limits=None, **options)`` and return a
Scene; unsupported constructs become diagnostics on the scene (never silently
dropped); syntax errors raise :class:`~geoverify.errors.FigureSyntaxError` with
line and column; budgets raise :class:`~geoverify.errors.BudgetExceededError`.
"""

from __future__ import annotations

from pathlib import Path

from geoverify.errors import FigureFormatError
from geoverify.frontends.limits import DEFAULT_LIMITS, Budget, Limits

__all__ = ["load_figure", "parse_figure", "detect_format", "Limits", "Budget", "DEFAULT_LIMITS", "FORMATS"]

FORMATS = ("svg", "tikz", "asy")
_SUFFIXES = {".svg": "svg", ".tex": "tikz", ".tikz": "tikz", ".asy": "asy"}


def detect_format(text: str, filename: str | None = None) -> str:
    """Guess the figure language from the file name, then from the text.

    Returns
    -------
    str
        One of ``"svg"``, ``"tikz"``, ``"asy"``.
    """
    if filename:
        fmt = _SUFFIXES.get(Path(filename).suffix.lower())
        if fmt:
            return fmt
    head = text.lstrip()[:2000]
    if head.startswith("<?xml") or "<svg" in head:
        return "svg"
    if "\\begin{tikzpicture}" in text or "\\documentclass" in head or "\\tikz" in text:
        return "tikz"
    if any(tok in text for tok in ("draw(", "label(", "unitsize(", "size(", "import ", "dot(", "fill(")):
        return "asy"
    raise FigureFormatError(
        "cannot tell the figure's format; expected an SVG document, a TikZ picture or Asymptote code"
        + (f" (file {filename})" if filename else "")
    )


def parse_figure(text: str, *, format: str | None = None, filename: str | None = None,
                 limits: Limits | None = None, **options):
    """Parse figure code of any supported format into a Scene."""
    fmt = format or detect_format(text, filename)
    if fmt == "svg":
        from geoverify.frontends.svg import parse_svg as parse
    elif fmt == "tikz":
        from geoverify.frontends.tikz import parse_tikz as parse
    elif fmt == "asy":
        from geoverify.frontends.asy import parse_asy as parse
    else:
        raise FigureFormatError(f"unknown figure format {fmt!r}; expected one of: {', '.join(FORMATS)}")
    return parse(text, filename=filename, limits=limits or DEFAULT_LIMITS, **options)


def load_figure(path, *, format: str | None = None, limits: Limits | None = None, **options):
    """Read a figure file and parse it into a Scene."""
    p = Path(path)
    limits = limits or DEFAULT_LIMITS
    size = p.stat().st_size
    Budget(limits).check_size(size)
    raw = p.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return parse_figure(text, format=format, filename=str(p), limits=limits, **options)
