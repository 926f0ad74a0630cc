"""TeX's dimensions: what TeX reads for a decimal length and prints for one.

TeX keeps a dimension as an integer number of scaled points (sp, 1/65536 pt).
Reading ``0.1pt`` rounds the decimal digits to sp (``round_decimals``, tex.web
section 102); ``\\the`` prints the fewest decimals, at most five, that read back
as the same sp (``print_scaled``, section 103). Macros that do arithmetic in
dimension registers (pgffor's ``...`` ranges) accumulate these roundings:
``0, 0.1, ..., 1`` steps by 6554 sp and prints ``0.30002``.
"""

from __future__ import annotations

__all__ = ["UNITY", "print_scaled", "scan_sp"]

#: sp in one pt
UNITY = 65536

#: :func:`scan_sp` and :func:`print_scaled` by their argument: pure functions that pgfplots'
#: fpu arithmetic asks again and again for the same few values (five calls in six repeat one)
_SP: dict = {}
_PRINTED: dict[int, str] = {}
_MAX = 20000


def scan_sp(v: float | str) -> int:
    """The sp TeX reads for the decimal ``v`` pt, a number or its text (``round_decimals``: its
    first 17 decimals rounded half up to sp; the digit-by-digit floors of tex.web come to one floor
    of the whole fraction)."""
    sp = _SP.get(v)
    if sp is None:
        if len(_SP) >= _MAX:
            _SP.clear()
        sp = _SP[v] = _scan_sp(v)
    return sp


def _scan_sp(v: float | str) -> int:
    """:func:`scan_sp`, computed."""
    text = v.strip() if isinstance(v, str) else f"{v:.17f}"
    neg = text.startswith("-")
    whole, _, frac = text.lstrip("+-").partition(".")
    frac = frac[:17]
    a = (2 * UNITY * int(frac)) // 10 ** len(frac) if frac else 0
    sp = int(whole or 0) * UNITY + (a + 1) // 2
    return -sp if neg else sp


def print_scaled(sp: int) -> str:
    """The text ``\\the`` gives for a dimension of ``sp`` (without ``pt``): ``1.0``,
    ``0.30002``, ``-2.5``."""
    if type(sp) is not int:  # (a float prints otherwise, yet equals the int as a key)
        return _print_scaled(sp)
    text = _PRINTED.get(sp)
    if text is None:
        if len(_PRINTED) >= _MAX:
            _PRINTED.clear()
        text = _PRINTED[sp] = _print_scaled(sp)
    return text


def _print_scaled(sp: int) -> str:
    """:func:`print_scaled`, computed."""
    neg, s = sp < 0, abs(sp)
    whole = s // UNITY
    s = 10 * (s % UNITY) + 5
    delta, digits = 10, []
    while True:
        if delta > UNITY:
            s += 0x8000 - 50000  # round the last digit
        digits.append(str(s // UNITY))
        s = 10 * (s % UNITY)
        delta *= 10
        if s <= delta:
            break
    return ("-" if neg else "") + f"{whole}." + "".join(digits)
