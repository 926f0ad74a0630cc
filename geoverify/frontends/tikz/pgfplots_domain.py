"""Where pgfplots samples a ``domain`` (``\\addplot {expr}``, ``samples=n``).

pgfplots turns ``domain=a:b`` into the loop ``a, a + h, ..., b``
(``\\pgfplots@domain@to@foreach``, ``pgfplotsutil.code.tex``), computing its second entry
``a + (b - a)/(n - 1)`` with pgf's fpu, whose operations work on TeX dimensions (sp,
1/65536 pt): a division divides mantissas of two digits before the point with pgfmath's
fixed-point ``\\pgfmathdivide@`` (an integer divisor truncates), an addition aligns
mantissas of three digits by truncating divisions, a product multiplies a dimension by a
printed factor. The loop then takes ``i h + a`` (``correct sampling``, from ``compat=1.13``)
or adds ``h`` to the last value (before). So ``domain=-5:5`` with 25 samples ends at
4.9998401, not 5, and the data limits (hence the tick step) are TeX's.
"""

from __future__ import annotations

import math
from decimal import Decimal

import numpy as np

from geoverify.frontends.tikz.texdimen import UNITY, print_scaled, scan_sp

__all__ = ["domain_samples", "fpu_add", "fpu_divide", "fpu_multiply", "pgf_divide", "tex_print_sp", "tex_sp"]

_UNITY = UNITY
_MAX_SP = 16383.99998 * _UNITY  # TeX's largest dimension
tex_sp = scan_sp  # the sp TeX reads for a decimal (number or text) given in pt
_print_text = print_scaled  # the text TeX prints for a dimension of sp (without pt)


def tex_print_sp(sp: int) -> float:
    """The number TeX prints for a dimension of ``sp``."""
    return float(_print_text(sp))


def pgf_divide(x: float, y: float) -> float:
    """``x / y`` (``x >= 0``, ``y >= 1``) as pgfmath's fixed-point ``\\pgfmathdivide@``: an
    integer ``y`` divides the sp of ``x`` (truncating); else the long division digit by digit
    on dimensions, ``y`` shifted a decimal place by printing it; the digits read back as a
    dimension."""
    sx, sy = tex_sp(x), tex_sp(y)
    if sy % _UNITY == 0:
        return tex_print_sp(sx // (sy // _UNITY))
    val, k, period = Decimal(0), 0, True
    for _ in range(48):
        if not (sx > 1 and sy > 1):  # \pgfmath@small@number (0.00002pt, 1sp) < x and < y
            break
        if sy > sx:
            period = False
            ip, _, fp = _print_text(sy).partition(".")
            q, r = divmod(int(ip), 10)
            sy = tex_sp(f"{q}.{r}{fp}")
            if sy > sx:
                k += 1  # a 0 digit
        else:
            c, sx = sx // sy, sx % sy
            if period:
                val = Decimal(c)
            else:
                k += 1
                val += Decimal(c) / (Decimal(10) ** k)
    return tex_print_sp(tex_sp(format(val, "f")))


def _extended(v: float) -> tuple[int, int]:
    """``(m, e)``: ``v = m 10^e`` with ``100 <= |m| < 1000`` as sp of a TeX dimension (the
    fpu's extended precision for additions, ``\\pgfmathfloattoextentedprecision``)."""
    e = math.floor(math.log10(abs(v)))
    m = float(f"{v / 10.0 ** e:.9g}")
    if abs(m) >= 10.0:
        m, e = m / 10.0, e + 1
    return tex_sp(m * 100.0), e - 2


def fpu_add(x: float, y: float) -> float:
    """``x + y`` as pgf's fpu adds (``\\pgfmathfloatadd@``): both mantissas in extended
    precision, the one of the smaller exponent shifted by integer divisions (truncating),
    the sum of the sp printed as TeX prints a dimension."""
    if x == 0.0 or y == 0.0:
        return x + y
    (mx, ex), (my, ey) = _extended(x), _extended(y)
    if ex < ey:
        (mx, ex), (my, ey) = (my, ey), (mx, ex)
    k = ex - ey
    my = int(my / 10 ** k) if k <= 8 else 0  # \divide truncates towards zero
    return float(Decimal(_print_text(mx + my)).scaleb(ex))


def fpu_divide(x: float, y: float) -> float:
    """``x / y`` as pgf's fpu divides (``\\pgfmathfloatdivide@``): the mantissas with one more
    digit before the point (``10 <= m < 100``) divided by :func:`pgf_divide`."""
    if x == 0.0 or y == 0.0:
        return 0.0 if x == 0.0 else math.copysign(math.inf, x)
    ex, ey = math.floor(math.log10(abs(x))), math.floor(math.log10(abs(y)))
    mx, my = float(f"{abs(x) / 10.0 ** ex:.9g}") * 10.0, float(f"{abs(y) / 10.0 ** ey:.9g}") * 10.0
    q = pgf_divide(mx, my)
    return math.copysign(float(Decimal(repr(q)).scaleb(ex - ey)), x * y)


def fpu_multiply(x: float, y: float) -> float:
    """``x * y`` as pgf's fpu multiplies (``\\pgfmathfloatmultiply@``): the mantissas with one
    more digit before the point, the first (a dimension) times the printed second (TeX's
    decimal factor: the whole part, then the fraction's sp share, truncating)."""
    if x == 0.0 or y == 0.0:
        return 0.0
    ex, ey = math.floor(math.log10(abs(x))), math.floor(math.log10(abs(y)))
    mx, my = float(f"{abs(x) / 10.0 ** ex:.9g}") * 10.0, float(f"{abs(y) / 10.0 ** ey:.9g}") * 10.0
    sx = tex_sp(mx)
    whole, _, frac = _print_text(tex_sp(my)).partition(".")
    f = tex_sp("0." + frac)
    prod = sx * int(whole) + sx * f // _UNITY
    return math.copysign(float(Decimal(_print_text(prod)).scaleb(ex + ey - 2)), x * y)


#: :func:`domain_samples` by its arguments (plots of a figure share their domain and samples);
#: the limits by their repr, as -0.0 starts the legacy loop otherwise than 0.0
_SAMPLES: dict[tuple, np.ndarray] = {}
_SAMPLES_MAX = 2000


def domain_samples(a: float, b: float, n: int, precise: bool = True) -> np.ndarray:
    """``(n,)`` float64: pgfplots' sample positions of ``domain=a:b`` with ``samples=n``
    (see the module docstring); ``precise``: pgfplots' ``correct sampling`` (on from
    ``compat=1.13``), else its legacy loop; evenly spaced when a limit is beyond TeX's
    dimensions. The caller gets its own array."""
    key = (repr(a), repr(b), n, precise)
    xs = _SAMPLES.get(key)
    if xs is None:
        if len(_SAMPLES) >= _SAMPLES_MAX:
            _SAMPLES.clear()
        xs = _SAMPLES[key] = _domain_samples(a, b, n, precise)
    return xs.copy()


def _domain_samples(a: float, b: float, n: int, precise: bool) -> np.ndarray:
    """:func:`domain_samples`, computed."""
    n = max(2, int(n))
    if not (abs(a) < _MAX_SP / _UNITY and abs(b) < _MAX_SP / _UNITY) or a == b:
        return np.linspace(a, b, n)
    # \\pgfmathparse{a + (b - a)/(n - 1)} under pgfplots' fpu: the second entry of the loop
    a, b = (float(f"{v:.8g}") for v in (a, b))
    start = a
    h = fpu_add(fpu_add(a, fpu_divide(fpu_add(b, -a), float(n - 1))), -a)
    if h == 0.0:
        return np.linspace(a, b, n)
    if not precise:  # the legacy loop adds h to the last value
        xs = [start]
        for _ in range(n - 1):
            xs.append(fpu_add(xs[-1], h))
        return np.array(xs, dtype=np.float64)
    # correct sampling (compat 1.13 on): the i-th value is i h + a
    return np.array([fpu_add(fpu_multiply(float(i), h), start) for i in range(n)], dtype=np.float64)
