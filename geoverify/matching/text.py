"""Normalising label text so that TeX, Unicode and plain spellings compare equal.

``$f(C)$``, ``\\(f(C)\\)``, ``f(C)`` and ``𝑓(𝐶)`` all normalise to ``f(C)``;
``|z+1| \\le 3 < 8 = |z^3|`` and ``|z+1| ≤ 3 < 8 = |z³|`` normalise alike.
"""

from __future__ import annotations

import functools
import re
import unicodedata

__all__ = ["normalize_text", "text_matches", "formula_equivalent", "tex_to_sympy"]

_TEX_SYMBOLS = {
    r"\le": "≤", r"\leq": "≤", r"\leqslant": "≤", r"\ge": "≥", r"\geq": "≥", r"\geqslant": "≥",
    r"\ne": "≠", r"\neq": "≠", r"\lt": "<", r"\gt": ">", r"\to": "→", r"\rightarrow": "→",
    r"\mapsto": "↦", r"\infty": "∞", r"\in": "∈", r"\subset": "⊂", r"\subseteq": "⊆",
    r"\subsetneq": "⊊", r"\subsetneqq": "⫋", r"\supset": "⊃", r"\supseteq": "⊇", r"\supsetneq": "⊋", r"\cup": "∪",
    r"\prime": "'", r"\cap": "∩", r"\times": "×", r"\cdot": "·", r"\circ": "∘", r"\partial": "∂", r"\pi": "π",
    r"\alpha": "α", r"\beta": "β", r"\gamma": "γ", r"\delta": "δ", r"\epsilon": "ε", r"\varepsilon": "ε",
    r"\theta": "θ", r"\lambda": "λ", r"\mu": "μ", r"\sigma": "σ", r"\phi": "φ", r"\varphi": "φ",
    r"\omega": "ω", r"\Omega": "Ω", r"\Gamma": "Γ", r"\Delta": "Δ", r"\angle": "∠", r"\perp": "⊥",
    r"\parallel": "∥", r"\sim": "∼", r"\cong": "≅", r"\approx": "≈", r"\equiv": "≡", r"\pm": "±",
    r"\colon": ":", r"\mid": "|", r"\vert": "|", r"\lvert": "|", r"\rvert": "|", r"\|": "‖", r"\emptyset": "∅",
    r"\varnothing": "∅", r"\triangle": "△", r"\ldots": "...", r"\dots": "...", r"\cdots": "...",
    r"\alpha": "α",
    r"\beta": "β",
    r"\gamma": "γ",
    r"\delta": "δ",
    r"\epsilon": "ε",
    r"\varepsilon": "ε",
    r"\zeta": "ζ",
    r"\eta": "η",
    r"\theta": "θ",
    r"\vartheta": "θ",
    r"\iota": "ι",
    r"\kappa": "κ",
    r"\lambda": "λ",
    r"\mu": "μ",
    r"\nu": "ν",
    r"\xi": "ξ",
    r"\pi": "π",
    r"\varpi": "π",
    r"\rho": "ρ",
    r"\varrho": "ρ",
    r"\sigma": "σ",
    r"\varsigma": "ς",
    r"\tau": "τ",
    r"\upsilon": "υ",
    r"\phi": "φ",
    r"\varphi": "φ",
    r"\chi": "χ",
    r"\psi": "ψ",
    r"\omega": "ω",
    r"\Gamma": "Γ",
    r"\Delta": "Δ",
    r"\Theta": "Θ",
    r"\Lambda": "Λ",
    r"\Xi": "Ξ",
    r"\Pi": "Π",
    r"\Sigma": "Σ",
    r"\Upsilon": "Υ",
    r"\Phi": "Φ",
    r"\Psi": "Ψ",
    r"\Omega": "Ω",
    r"\sin": "sin",
    r"\cos": "cos",
    r"\tan": "tan",
    r"\cot": "cot",
    r"\sec": "sec",
    r"\csc": "csc",
    r"\arcsin": "arcsin",
    r"\arccos": "arccos",
    r"\arctan": "arctan",
    r"\sinh": "sinh",
    r"\cosh": "cosh",
    r"\tanh": "tanh",
    r"\log": "log",
    r"\ln": "ln",
    r"\exp": "exp",
    r"\lim": "lim",
    r"\limsup": "limsup",
    r"\liminf": "liminf",
    r"\max": "max",
    r"\min": "min",
    r"\sup": "sup",
    r"\inf": "inf",
    r"\det": "det",
    r"\dim": "dim",
    r"\ker": "ker",
    r"\deg": "deg",
    r"\arg": "arg",
    r"\Re": "Re",
    r"\Im": "Im",
    r"\gcd": "gcd",
    r"\mod": "mod",
    r"\mathbb{C}": "ℂ", r"\mathbb{R}": "ℝ", r"\mathbb{Z}": "ℤ", r"\mathbb{N}": "ℕ", r"\mathbb{Q}": "ℚ",
}
_TEX_SYMBOL_RE = re.compile(
    "|".join(re.escape(c) + (r"(?![A-Za-z])" if c[-1].isalpha() else "") for c in sorted(_TEX_SYMBOLS, key=len, reverse=True))
)
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
# Commands whose argument is kept and the command dropped.
_WRAPPERS = re.compile(r"\\(?:ensuremath|mathrm|mathit|mathbf|mathsf|mathtt|mathcal|mathscr|textrm|textit|textbf|text|operatorname|boldsymbol|bm|mbox|hbox|emph|textsf|texttt|displaystyle|textstyle|scriptstyle)\b\s*")
_SPACING = re.compile(r"\\(?:,|;|:|!|quad|qquad|enspace|thinspace|medspace|thickspace| )|~")
_SIZING = re.compile(r"\\(?:left|right|big|Big|bigg|Bigg|bigl|bigr|Bigl|Bigr|biggl|biggr)\b\.?")
_FONT_SIZE = re.compile(r"\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge)\b")


_FRACTION = re.compile(r"\\(?:[dtc]?frac|nicefrac|sfrac)(?![A-Za-z])\s*")


def _tex_argument(s: str, i: int) -> tuple[str, int] | None:
    """The TeX argument starting at ``s[i]`` (spaces skipped): a brace group's inside, a control
    word or one character; and where it ends. None at the end or at an unbalanced group."""
    while i < len(s) and s[i] == " ":
        i += 1
    if i >= len(s) or s[i] == "}":
        return None
    if s[i] == "{":
        depth = 0
        for j in range(i, len(s)):
            depth += {"{": 1, "}": -1}.get(s[j], 0)
            if depth == 0:
                return s[i + 1:j], j + 1
        return None
    if s[i] == "\\":
        m = re.match(r"\\([A-Za-z]+|.)", s[i:])
        return m.group(0), i + len(m.group(0))
    return s[i], i + 1


def _fractions(s: str) -> str:
    """``\\frac{a}{b}`` (and ``\\dfrac``, ``\\tfrac``, ``\\frac12``) written inline as ``a/b``, with
    parentheses around a numerator or denominator of more than one symbol."""
    for _ in range(20):  # nested fractions, innermost last
        m = _FRACTION.search(s)
        if m is None:
            return s
        num = _tex_argument(s, m.end())
        den = _tex_argument(s, num[1]) if num else None
        if den is None:
            return s
        parts = []
        for arg in (num[0], den[0]):
            arg = _fractions(arg).strip()
            plain = arg.replace("{", "").replace("}", "")
            atom = len(plain) == 1 or re.fullmatch(r"\\[A-Za-z]+|\d+(?:\.\d+)?|[A-Za-z]", plain) or \
                re.fullmatch(r"\\[A-Za-z]+\s*\{[^{}]*\}", arg)  # \sqrt{2}, \bar{z}
            parts.append(arg if atom else "(" + arg + ")")
        s = s[:m.start()] + parts[0] + "/" + parts[1] + s[den[1]:]
    return s


@functools.lru_cache(maxsize=4096)
def normalize_text(text: str) -> str:
    """Canonical form of a label for comparison.

    Removes math delimiters, font and spacing commands, braces and white space;
    maps TeX symbol commands and Unicode look-alikes (mathematical italic letters,
    superscript digits) to one spelling; writes powers as ``^n``.
    """
    # Superscripts first: NFKC would turn z³ into z3.
    s = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻]+)", lambda m: "^" + m.group(1).translate(_SUPERSCRIPTS), text)
    s = unicodedata.normalize("NFKC", s)
    s = s.replace("\\(", "").replace("\\)", "").replace("\\[", "").replace("\\]", "").replace("$", "")
    s = _SIZING.sub("", s)
    s = _FONT_SIZE.sub("", s)
    s = _SPACING.sub(" ", s)
    s = _WRAPPERS.sub("", s)
    if "frac" in s:
        s = _fractions(s)
    s = _TEX_SYMBOL_RE.sub(lambda m: _TEX_SYMBOLS[m.group(0)], s)
    s = s.translate(_SUBSCRIPTS)
    s = s.replace("−", "-").replace("–", "-").replace("⁄", "/").replace("◦", "∘").replace("′", "'").replace("∗", "*").replace("<=", "≤").replace(">=", "≥")
    s = s.replace("!=", "≠").replace("->", "→")
    s = s.replace("{", "").replace("}", "").replace("_", "")
    s = re.sub(r"\s+", "", s).replace("^'", "'")  # f^{\prime} is f'
    return s


def text_matches(label: str, wanted: str) -> bool:
    """True when ``label`` and ``wanted`` are the same text after normalisation."""
    return normalize_text(label) == normalize_text(wanted)


def tex_to_sympy(text: str) -> str:
    """Best-effort translation of a normalised TeX formula to sympy syntax."""
    s = normalize_text(text)
    s = re.sub(r"\\frac(\w|\([^()]*\))(\w|\([^()]*\))", r"(\1)/(\2)", s)
    s = s.replace("^", "**").replace("·", "*").replace("×", "*").replace("π", "pi")
    s = re.sub(r"\\sqrt(\w+|\([^()]*\))", r"sqrt(\1)", s)
    s = re.sub(r"\|([^|]+)\|", r"Abs(\1)", s)
    s = re.sub(r"(\d)([A-Za-z(])", r"\1*\2", s)
    s = s.replace(")(", ")*(")
    return s


def formula_equivalent(label: str, formula: str) -> bool | None:
    """Compare a label with a formula symbolically.

    Returns
    -------
    bool or None
        True/False when both sides parse with sympy (relations compared side by
        side, expressions by simplification of their difference); None when either
        does not parse.
    """
    import sympy
    from sympy.parsing.sympy_parser import (
        convert_xor,
        implicit_multiplication_application,
        parse_expr,
        standard_transformations,
    )

    transformations = standard_transformations + (implicit_multiplication_application, convert_xor)

    def parse(s: str):
        parts = re.split(r"(≤|≥|<|>|=|≠)", tex_to_sympy(s))
        exprs = [parse_expr(p, transformations=transformations, evaluate=True) for p in parts[::2]]
        return exprs, parts[1::2]

    try:
        a_exprs, a_rel = parse(label)
        b_exprs, b_rel = parse(formula)
    except Exception:  # noqa: BLE001 - sympy raises many types on unparsable text
        return None
    if a_rel != b_rel or len(a_exprs) != len(b_exprs):
        return False
    try:
        return all(sympy.simplify(x - y) == 0 for x, y in zip(a_exprs, b_exprs))
    except Exception:  # noqa: BLE001
        return None
