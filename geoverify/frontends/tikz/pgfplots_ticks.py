"""pgfplots' automatic tick positions and tick label texts.

The rules are those of ``pgfplotsticks.code.tex``
(``\\pgfplots@assign@default@tick@foraxis``): the wanted number of ticks is
``trunc(axis length / max space between ticks) + 1`` (at least ``try min
ticks``), the raw step ``range / (wanted - 1)`` is snapped to 1, 2 or 5 times a
power of ten, the first tick is ``trunc(min / step) * step - step`` and, when
fewer than two steps fit, the computation is redone with one more wanted tick.
Tick labels are ``\\pgfmathprintnumber`` in math mode (fixed, two decimals,
``{,}`` between thousands), after pgfplots' ``scaled ticks`` factor.
"""

from __future__ import annotations

import math

import numpy as np

from geoverify.errors import FigureSyntaxError

__all__ = ["snap_step", "auto_tick_step", "auto_ticks", "log_ticks", "log_first_tick", "log_ticks_every", "ticks_in_range", "tick_scale_exponent",
           "format_number", "split_number_format", "SCI_STYLES", "NUMBER_FORMAT_KEYS"]

#: pgfplots' default ``max space between ticks`` (pt) and ``try min ticks``.
MAX_SPACE = 35.0
TRY_MIN = 4
OUTSIDE_SLACK = 5e-4


def snap_step(h: float) -> float:
    """Snap a positive raw step to 1, 2 or 5 times a power of ten (pgfplots'
    ``normalizetickdist``: mantissa < 1.5 -> 1, < 3.5 -> 2, < 7.5 -> 5, else 10)."""
    if not h > 0 or not math.isfinite(h):
        return 1.0
    e = math.floor(math.log10(h))
    m = h / 10.0 ** e
    if m >= 10.0 - 1e-12:  # log10 rounding
        m, e = m / 10.0, e + 1
    if m < 1.5:
        q = 1.0
    elif m < 3.5:
        q = 2.0
    elif m < 7.5:
        q = 5.0
    else:
        q = 10.0
    return q * 10.0 ** e


def _tex_raw_step(lo: float, hi: float, n: int, data_scale: tuple) -> float:
    """``(hi - lo) / (n - 1)`` as pgfplots computes it (``\\pgfplots@ticks@compute@tick@distance``):
    the limits in its data-scaled units ``T(v) = 10^E (v - m)`` as TeX dimensions (sp), their
    difference divided by the integer ``n - 1`` (truncating), printed and scaled back."""
    from geoverify.frontends.tikz.pgfplots_domain import tex_print_sp
    e, m = data_scale
    f = 10.0 ** e
    tlo, thi = (lo - m) * f, (hi - m) * f
    if not (math.isfinite(tlo) and math.isfinite(thi)) or max(abs(tlo), abs(thi)) >= 16383.0:
        return abs(hi - lo) / max(n - 1, 1)
    hsp = abs(round(thi * 65536.0) - round(tlo * 65536.0)) // max(n - 1, 1)
    return tex_print_sp(hsp) / f


def auto_tick_step(lo: float, hi: float, length: float, max_space: float = MAX_SPACE,
                   try_min: int = TRY_MIN, data_scale: tuple | None = None) -> float:
    """The step between pgfplots' automatic ticks on an axis ``[lo, hi]`` drawn
    ``length`` pt long; with the axis' ``data_scale`` ``(E, m)`` the raw step is taken in
    TeX's fixed point (:func:`_tex_raw_step`: a range just under a snapping bound, as 30 -
    1e-8 over four steps, snaps as TeX sees it)."""
    if not math.isfinite(length / max_space + lo + hi):
        raise FigureSyntaxError(f"an axis from {lo} to {hi}, {length} pt long, is not a finite range (too large?)")
    wanted = max(int(length / max_space) + 1, try_min)
    rng = abs(hi - lo)
    for extra in range(15):
        n = wanted + extra
        raw = rng / max(n - 1, 1) if data_scale is None else _tex_raw_step(lo, hi, n, data_scale)
        h = snap_step(raw)
        first = math.trunc(lo / h) * h - h
        if hi + 1e-9 * rng >= first + 2 * h:
            return h
    return h


def auto_ticks(lo: float, hi: float, length: float, max_space: float = MAX_SPACE,
               try_min: int = TRY_MIN, data_scale: tuple | None = None) -> np.ndarray:
    """Automatic tick positions ``(N,)`` inside ``[lo, hi]`` (``data_scale``: see
    :func:`auto_tick_step`)."""
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        return np.zeros(0)
    h = auto_tick_step(lo, hi, length, max_space, try_min, data_scale)
    # measured: TeX keeps a tick lying up to about 0.05 % of the range outside the limits
    # (sin(x) sampled to 0.9995 still gets its tick at 1)
    slack = OUTSIDE_SLACK * (hi - lo) / h
    i0 = math.ceil(lo / h - max(1e-6, slack))
    i1 = math.floor(hi / h + max(1e-6, slack))
    if i1 - i0 > 10000:
        return np.zeros(0)
    return np.array([k * h for k in range(i0, i1 + 1)], dtype=float)


def log_ticks(lo: float, hi: float, length: float, max_space: float = MAX_SPACE,
              try_min: int = 3) -> tuple[np.ndarray, float]:
    """Automatic ticks ``(N,)`` of a log axis (limits and ticks as log10 values) and their
    step: whole decades, every ``j``-th one when ``range / (wanted - 1) >= 2``
    (``try min ticks log`` = 3); falls back to the linear rule on the exponents when
    fewer than two decades fit."""
    wanted = max(int(length / max_space) + 1, try_min)
    h = (hi - lo) / max(wanted - 1, 1)
    j = 1 if h < 2 else math.floor(h)
    ticks = log_ticks_every(lo, hi, j)
    if len(ticks) >= 2:
        return ticks, float(j)
    # pgfplots' fallback (autoadjust@result, log case): the range over one tick less than the
    # linear rule (two less from four wanted ticks on), snapped, ticks at its multiples
    n = wanted - 1
    if n > 2:
        n -= 1
    step = snap_step((hi - lo) / n)
    i0, i1 = math.ceil(lo / step - 1e-6), math.floor(hi / step + 1e-6)
    if i1 - i0 > 10000:
        return np.zeros(0), step
    return np.array([k * step for k in range(i0, i1 + 1)], dtype=float), step


def log_first_tick(lo: float, j: float, given: bool = False) -> int:
    """The first entry of pgfplots' tick list of a log axis (log10 lower limit ``lo``, a tick
    every ``j`` decades): ``I = trunc(lo)`` (one less below zero), moved up a decade when that
    brings it nearer to ``lo`` (pgfplots' rule for ticks not known to be uniform: ``j > 1``, or
    any ``j`` of a given ``tick distance``)."""
    i0 = math.trunc(lo) - (1 if lo < 0 else 0)
    if (given or abs(j - 1.0) > 1e-9) and 2 * (lo - i0) - j < 0:
        i0 += 1
    return i0


def log_ticks_every(lo: float, hi: float, j: float, given: bool = False) -> np.ndarray:
    """Ticks ``(N,)`` every ``j`` decades of a log axis (log10 limits) from
    :func:`log_first_tick` (``given``: the step is a ``tick distance``)."""
    i0 = log_first_tick(lo, j, given)
    out = []
    k = i0
    while k <= hi + 1e-9 and len(out) < 10000:
        if k >= lo - 1e-9:
            out.append(k)
        k += j
    return np.array(out, dtype=float)


def ticks_in_range(values, lo: float, hi: float) -> np.ndarray:
    """The given tick positions ``(N,)`` that lie on the axis (pgfplots drops the others)."""
    tol = 1e-6 * max(abs(hi - lo), 1e-12)
    v = np.asarray(values, dtype=float)
    return v[(v >= lo - tol) & (v <= hi + tol)]


def tick_scale_exponent(lo: float, hi: float, above: int = 3, below: int = -1) -> int:
    """Exponent ``E`` of pgfplots' ``scaled ticks=true``: labels show ``value / 10^E`` and
    a ``\\cdot 10^{E}`` label is added; 0 when the limits' larger exponent lies in
    ``[below, above]``."""
    def exponent(v):
        return math.floor(math.log10(abs(v))) if v != 0 and math.isfinite(v) else None

    ea, eb = exponent(lo), exponent(hi)
    if ea is None and eb is None:
        return 0
    e = max(x for x in (ea, eb) if x is not None)
    if e > above or e < below:
        return e
    return 0


#: ``/pgf/number format/sci ...`` display styles of the exponent (pgfmathfloat.code.tex)
SCI_STYLES = {"sci 10^e": "\\cdot 10^{{{}}}", "sci 10e": "\\cdot 10^{{{}}}", "sci subscript": "_{{{}}}",
              "sci superscript": "^{{{}}}"}
#: the ``/pgf/number format/`` keys :func:`split_number_format` reads
NUMBER_FORMAT_KEYS = {"fixed", "fixed zerofill", "zerofill", "std", "sci", "precision", ".cd",
                      "1000 sep"} | set(SCI_STYLES)


def split_number_format(style: str) -> tuple[dict, str]:
    """``(format keys, other keys)`` of a tick label style: ``/pgf/number format/fixed``,
    ``fixed zerofill``, ``precision=N`` (also after ``/pgf/number format/.cd``) become
    :func:`format_number` arguments; the rest stays a TikZ style."""
    from geoverify.frontends.tikz.options import split_options
    fmt: dict = {}
    rest = []
    in_format = False
    for k, v in split_options(style or ""):
        key = k.strip()
        for prefix in ("/pgf/number format/", "number format/"):
            if key.startswith(prefix):
                key, in_format = key[len(prefix):], True
                break
        else:
            if key.startswith("/"):
                in_format = False
            elif not in_format:
                rest.append(k if v is None else f"{k}={{{v}}}")
                continue
        if key == ".cd":
            continue
        if key in ("fixed", "fixed zerofill", "zerofill", "std", "sci"):
            fmt["fixed"] = key in ("fixed", "fixed zerofill", "zerofill") or fmt.get("fixed", False)
            if "zerofill" in key:
                fmt["zerofill"] = v is None or v.strip() != "false"
        elif key == "precision" and v:
            fmt["precision"] = _precision(v)
        elif key == "1000 sep":  # the thousands separator (empty: none)
            fmt["sep"] = (v or "").strip()
        elif key in SCI_STYLES:
            fmt["sci_style"] = SCI_STYLES[key]
        else:
            rest.append(k if v is None else f"{k}={{{v}}}")
    return fmt, ",".join(rest)


def _precision(text: str) -> int:
    """``precision=<n>`` of a number format: a whole number of digits (TeX stops on anything else)."""
    try:
        v = float(text.strip())
    except ValueError:
        raise FigureSyntaxError(f"number format precision={text.strip()!r} is not a number") from None
    if not math.isfinite(v) or not 0 <= v <= 1000:
        raise FigureSyntaxError(f"number format precision={text.strip()!r} is not a number of digits")
    return int(v)


def format_number(v: float, precision: int = 2, fixed: bool = False, zerofill: bool = False,
                  sci_style: str = "\\cdot 10^{{{}}}", relative: bool = False, sep: str = "{,}") -> str:
    """``\\pgfmathprintnumber`` (fixed, ``precision`` decimals, trailing zeros dropped unless
    ``zerofill``, ``{,}`` thousands separators) as math-mode TeX, e.g. ``$-1{,}500$``;
    without ``fixed``, pgf's ``std`` format: numbers from 10^5 up and below 10^-p (``p`` half
    the precision, truncated: 10^-1 for precision 2) are written ``a\\cdot 10^{e}`` (``a_{e}``,
    ``a^{e}`` with ``sci_style`` from :data:`SCI_STYLES`). ``relative``: pgf's ``fixed
    relative``, rounded to ``precision`` significant digits and printed fixed with all of them
    (``0.00012``, ``10{,}000``). ``sep``: ``1000 sep``, the thousands separator."""
    if not math.isfinite(v):
        return "$" + ("-" if v < 0 else "") + "\\infty$"
    if relative:  # pgfmathprintnumber@FIXED@RELATIVE: the mantissa to precision - 1 decimals
        if v == 0:
            return "$0$"
        e = math.floor(math.log10(abs(v)) + 1e-12)
        mant = round(v / 10.0 ** e, max(precision - 1, 0))
        digits = max(precision - 1 - e, 0)
        return format_number(mant * 10.0 ** e, precision=digits, fixed=True, sep=sep)
    if v != 0 and not fixed:
        e = math.floor(math.log10(abs(v)))
        if e < -(precision // 2) or e >= 5:  # pgfmathprintnumber@STD@issci
            mant = v / 10.0 ** e
            if abs(round(abs(mant), precision)) >= 10:
                mant, e = mant / 10, e + 1
            return format_number(mant, precision)[:-1] + sci_style.format(e) + "$"
    scaled = math.floor(abs(v) * 10 ** precision + 0.5 + 1e-9)  # pgf rounds half up
    r = math.copysign(scaled / 10 ** precision, v) if scaled else 0.0
    neg = r < 0
    s = f"{abs(r):.{precision}f}" if precision > 0 else f"{abs(r):.0f}"
    if precision > 0 and not zerofill:
        s = s.rstrip("0").rstrip(".")
    ip, _, fp = s.partition(".")
    groups = []
    while len(ip) > 3:
        groups.insert(0, ip[-3:])
        ip = ip[:-3]
    groups.insert(0, ip)
    body = sep.join(groups) + ("." + fp if fp else "")
    return "$" + ("-" if neg else "") + body + "$"
