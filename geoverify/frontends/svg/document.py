"""The public entry point: SVG text -> :class:`~geoverify.scene.Scene`.

Canvas: unit ``"bp"`` (1 CSS px = 0.75 bp), y up. The outermost viewport is
``width`` x ``height`` (any CSS unit; from the ``viewBox`` size when absent, and
CSS's default 300 x 150 px when both are absent); the viewBox is fitted into
it by ``preserveAspectRatio``; then ``y_canvas = viewport_height_bp - y_bp``.
"""

from __future__ import annotations

import sys

import numpy as np

from geoverify.errors import BudgetExceededError, FigureFormatError, SourceLocation
from geoverify.frontends.limits import DEFAULT_LIMITS, Budget, Limits
from geoverify.frontends.svg.arrowheads import HEAD_MAX, recognise_arrowheads
from geoverify.frontends.svg.builder import SceneBuilder
from geoverify.frontends.svg.clipping import viewport_region
from geoverify.frontends.svg.shapes import DOT_MAX_RADIUS
from geoverify.frontends.svg.style import DEFAULT_INHERITED, cascade
from geoverify.frontends.svg.units import PX_TO_BP, parse_length
from geoverify.frontends.svg.viewport import parse_viewbox, viewbox_matrix
from geoverify.frontends.svg.xmldoc import read_xml
from geoverify.scene.graph import Scene, visible_view

__all__ = ["parse_svg", "root_matrix", "display_factor", "NOMINAL_DISPLAY_SIZE"]

_DEFAULT_SIZE = (300.0, 150.0)


def _absolute(value):
    # Percent sizes of the outermost svg depend on the embedding page: unknown here.
    if value is None or value.strip().endswith("%"):
        return None
    v = parse_length(value, default=None)
    return v if v is not None and v > 0 else None


def root_matrix(root) -> tuple[np.ndarray, tuple[float, float], tuple[float, float]]:
    """User -> canvas map of the outermost ``<svg>`` and its viewport.

    Returns
    -------
    m : (3, 3) float64
    viewport : (width, height)
        The size percentages refer to, in user units.
    size : (width, height)
        The canvas size in px.
    """
    a = root.attrs
    vb = parse_viewbox(a.get("viewBox"))
    w, h = _absolute(a.get("width")), _absolute(a.get("height"))
    if vb is not None:
        if w is None and h is None:
            w, h = vb[2], vb[3]
        elif w is None:
            w = h * vb[2] / vb[3]
        elif h is None:
            h = w * vb[3] / vb[2]
    else:
        w = w if w is not None else _DEFAULT_SIZE[0]
        h = h if h is not None else _DEFAULT_SIZE[1]
    flip = np.array([[PX_TO_BP, 0.0, 0.0], [0.0, -PX_TO_BP, h * PX_TO_BP], [0.0, 0.0, 1.0]])
    if vb is None:
        return flip, (w, h), (w, h)
    return flip @ viewbox_matrix(vb, w, h, a.get("preserveAspectRatio")), (vb[2], vb[3]), (w, h)


#: The size (bp, the larger side) at which a figure without a size of its own is taken to be
#: shown: 400 px, a column of a page. The size limits of dots and arrowheads grow with a larger one.
NOMINAL_DISPLAY_SIZE = 300.0


def display_factor(root, size: tuple[float, float]) -> float:
    """How much larger than :data:`NOMINAL_DISPLAY_SIZE` the figure is, when it has no size of its own.

    An ``<svg>`` with an absolute ``width`` or ``height`` is drawn at that size, so a
    dot of 3 bp is a dot whatever the figure: the factor is 1. One given by its
    ``viewBox`` alone (or percentages) has no physical size: a page shows it as large
    as it has room for, so a dot of 8 units in a 1000-unit figure is as small to
    the eye as one of 2.4 units in a 300-unit figure. The factor, at least 1, is then
    the larger side of the canvas (``size``, px) over the nominal one.
    """
    a = root.attrs
    if _absolute(a.get("width")) is not None or _absolute(a.get("height")) is not None:
        return 1.0
    if parse_viewbox(a.get("viewBox")) is None:
        return 1.0
    return max(1.0, max(size) * PX_TO_BP / NOMINAL_DISPLAY_SIZE)


def parse_svg(text: str, *, filename: str | None = None, limits: Limits | None = None, strict: bool = False,
              merge_text_runs: bool = True) -> Scene:
    """Parse an SVG document into a scene.

    Parameters
    ----------
    text : str
        The SVG document.
    filename : str, optional
        Recorded in every primitive's source location.
    limits : Limits, optional
        Budgets (size, nesting depth, elements, ``<use>`` instantiations,
        primitives, time). Defaults to :data:`~geoverify.frontends.limits.DEFAULT_LIMITS`.
    strict : bool
        Raise :class:`~geoverify.errors.UnsupportedConstructError` on the first
        construct that cannot be interpreted instead of recording it.
    merge_text_runs : bool
        Join text runs into labels (default): the positioned chunks of one
        ``<text>`` (a chunk starts at every ``<tspan>`` with ``x`` or ``y``), and
        in dvisvgm output neighbouring runs of different fonts less than half an
        em apart. False keeps every chunk a label of its own at its own place,
        which is what a run-by-run comparison with TeX's output wants.

    Returns
    -------
    Scene
        ``unit="bp"``, ``source_format="svg"``, y up. Arrowheads drawn as
        separate shapes at line ends also appear as :class:`Arrow` primitives
        (see :mod:`.arrowheads`).

    Raises
    ------
    FigureSyntaxError
        Malformed XML (with line and column).
    FigureFormatError
        Well-formed XML whose root is not ``<svg>``.
    UnsafeInputError
        Internal DTD subsets and ``<!ENTITY>`` declarations, ``<use>`` cycles.
    BudgetExceededError
        Size, depth, element, ``<use>``, primitive or time budget exhausted.
    """
    limits = limits or DEFAULT_LIMITS
    budget = Budget(limits)
    budget.check_size(len(text) if text.isascii() else len(text.encode("utf-8")))
    root, ids = read_xml(text, filename=filename, limits=limits)
    if root.tag != "svg":
        raise FigureFormatError(
            f"root element is <{root.tag}>, expected <svg>",
            location=SourceLocation(root.line, root.column, filename, f"<{root.tag}>"),
        )
    scene = Scene(unit="bp", source_format="svg")
    builder = SceneBuilder(root, ids, scene, budget, filename=filename, strict=strict,
                           dvisvgm="dvisvgm" in text[:400], merge_text_runs=merge_text_runs)
    builder.precheck_uses()
    m, vp, size = root_matrix(root)
    factor = display_factor(root, size)
    builder.dot_max = DOT_MAX_RADIUS * factor
    inh, local = cascade(root, DEFAULT_INHERITED, builder.sheet)
    if local.get("display", "").strip() == "none":
        return scene
    ctx = builder.root_context(m, vp)
    ctx.inh = inh
    # The outermost viewport cuts whatever lies outside the canvas.
    ctx.clips = viewport_region(np.diag([PX_TO_BP, PX_TO_BP, 1.0]), 0.0, 0.0, *size)
    if "opacity" in local:
        try:
            ctx.opacity = min(1.0, max(0.0, float(local["opacity"])))
        except ValueError:
            pass
    builder.active.add(id(root))
    # The walk recurses about three Python frames per nesting level; make room for
    # Limits.max_depth levels (Python 3.11 frames do not use the C stack).
    old_limit = sys.getrecursionlimit()
    needed = 4 * limits.max_depth + 200
    if needed > old_limit:
        sys.setrecursionlimit(needed)
    try:
        # Absurd transforms (scale(1e308)) overflow to inf; such primitives are dropped with a
        # warning diagnostic, so numpy's own overflow warnings would only be noise.
        with np.errstate(over="ignore", invalid="ignore"):
            builder.render_children(root, ctx)
            recognise_arrowheads(scene, HEAD_MAX * factor)
            if builder.clip_boxes:
                visible_view(scene, {i: builder.clip_boxes[id(p)] for i, p in enumerate(scene.primitives)
                                     if id(p) in builder.clip_boxes})
    except RecursionError:
        raise BudgetExceededError(
            f"SVG nesting too deep for the walker (Limits.max_depth={limits.max_depth})") from None
    finally:
        if needed > old_limit:
            sys.setrecursionlimit(old_limit)
    return scene
