"""Mathematical claims written in a task's texts, as sympy relation chains.

The texts of an IR (``|z+1| \\le 3 < 8 = |z^3|``, ``|PF_1|+|PF_2|=6``,
``N(f+g,C)=N(f,C)=3``) are claims the figure must state, so they must be true.
:func:`parse_chain` turns one into terms joined by relations; names it knows
are resolved through a :class:`ClaimContext`: the contour variable ``z``,
functions defined in the prompt (``f(z)=z^3``), distances ``|AB|`` between IR
points with coordinates, and zero counts ``N(h, C)`` / ``Z(h)``. Texts that are
not relations, or use names it does not know (``g \\circ f``), are not claims it
can check; they are returned as None, never as a pass.
"""

from __future__ import annotations

import re
import tokenize
from dataclasses import dataclass, field

import sympy as sp
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)

from geoverify.admission.contours import Z

__all__ = ["ClaimContext", "Chain", "parse_chain", "prompt_functions"]

_RELATIONS = [("<=", "le"), (">=", "ge"), ("<", "lt"), (">", "gt"), ("=", "eq")]
_LATEX = [
    (r"\\leqslant|\\leq|\\le(?![a-z])|≤", "<="), (r"\\geqslant|\\geq|\\ge(?![a-z])|≥", ">="),
    (r"\\lt(?![a-z])", "<"), (r"\\gt(?![a-z])", ">"), (r"\\cdot|\\times", "*"),
    (r"\\left|\\right|\\,|\\;|\\!|\\quad|\$", ""), (r"\\pi(?![a-z])", "pi"),
]
# What sympy's parser raises on text that is not an expression (it is then not a claim).
_PARSE_ERRORS = (SyntaxError, TypeError, ValueError, AttributeError, NameError, sp.SympifyError, tokenize.TokenError)
_TRANSFORMS = standard_transformations + (implicit_multiplication_application, convert_xor)
_DEF = re.compile(r"\b([A-Za-z])\s*\(\s*z\s*\)\s*=\s*([^,;]+?)(?=\s+(?:and|on|with|for|in)\b|[,;]|\.\s|\.$|$)")


def prompt_functions(prompt: str) -> dict[str, sp.Expr]:
    """Functions of z defined in a prompt (``f(z)=z^3 and g(z)=z+1`` -> ``{f: z**3, g: z + 1}``)."""
    out = {}
    for name, body in _DEF.findall(prompt):
        try:
            out[name] = parse_expr(body.strip().replace("^", "**"), local_dict={"z": Z, "I": sp.I, "i": sp.I},
                                   transformations=_TRANSFORMS)
        except _PARSE_ERRORS:
            continue
    return out


@dataclass(slots=True)
class ClaimContext:
    """Names a claim may use.

    Attributes
    ----------
    functions : dict of str to Expr
        ``f -> z**3``; ``f`` alone or ``f(z)`` both mean the expression.
    points : dict of str to (float, float)
        Point names (normalised labels and ids) with IR coordinates, for ``|AB|``.
    count : callable or None
        ``count(expr) -> int``: zeros of ``expr`` inside the task's contour.
    contour_name : str
        Name of the contour in ``N(h, C)``.
    """

    functions: dict = field(default_factory=dict)
    points: dict = field(default_factory=dict)
    count: object = None
    contour_name: str = "C"


@dataclass(slots=True)
class Chain:
    """``terms[0] rel[0] terms[1] rel[1] ...`` with sympy terms (numbers or expressions in z)."""

    text: str
    terms: list
    relations: list


def _norm_name(s: str) -> str:
    return re.sub(r"[{}\\$\s]", "", s)


def _distances(text: str, ctx: ClaimContext) -> str | None:
    """Replace ``|AB|`` between known points by the distance; None when some |..| is not a distance or z-term."""
    names = sorted(ctx.points, key=len, reverse=True)

    def split(content: str):
        c = _norm_name(content)
        for a in names:
            if c.startswith(a) and c[len(a):] in ctx.points:
                return a, c[len(a):]
        return None

    out, pos = [], 0
    bars = [m.start() for m in re.finditer(r"\|", text)]
    if len(bars) % 2:
        return None
    for k in range(0, len(bars), 2):
        i, j = bars[k], bars[k + 1]
        out.append(text[pos:i])
        content = text[i + 1:j]
        pair = split(content)
        if pair is not None:
            (ax, ay), (bx, by) = ctx.points[pair[0]], ctx.points[pair[1]]
            out.append(f"({sp.sqrt(sp.nsimplify(bx - ax) ** 2 + sp.nsimplify(by - ay) ** 2)})")
        else:
            out.append(f"Abs({content})")
        pos = j + 1
    out.append(text[pos:])
    return "".join(out)


def _counts(text: str, ctx: ClaimContext) -> str | None:
    """Replace ``N(h, C)``, ``N(h)``, ``Z(h)`` by the number of zeros of h inside the contour."""
    if ctx.count is None:
        return text if not re.search(r"\b[NZ]\(", text) else None
    bad = False

    def repl(m):
        nonlocal bad
        inner = m.group(2)
        parts = [p.strip() for p in inner.split(",")]
        if len(parts) == 2 and parts[1] != ctx.contour_name:
            bad = True
            return "0"
        try:
            expr = _expr(parts[0], ctx)
        except _PARSE_ERRORS:
            bad = True
            return "0"
        if expr is None or expr.free_symbols - {Z} or not expr.has(Z):
            bad = True
            return "0"
        return str(int(ctx.count(expr)))

    out = re.sub(r"\b([NZ])\(([^()]*(?:\([^()]*\)[^()]*)*)\)", repl, text)
    return None if bad else out


def _expr(s: str, ctx: ClaimContext):
    local = {"z": Z, "I": sp.I, "pi": sp.pi, "Abs": sp.Abs}
    for name, e in ctx.functions.items():
        local[name] = sp.Lambda(Z, e)
    # A bare function name (|g| <= 5) means its value at z.
    s = re.sub(r"\b([A-Za-z])\b(?!\s*\()", lambda m: f"{m.group(1)}(z)" if m.group(1) in ctx.functions else m.group(1), s)
    e = parse_expr(s, local_dict=local, transformations=_TRANSFORMS)
    return sp.sympify(e)


def parse_chain(text: str, ctx: ClaimContext) -> Chain | None:
    """The relation chain of a claim text, or None when it is not a checkable claim."""
    s = text
    for rx, rep in _LATEX:
        s = re.sub(rx, rep, s)
    s = s.replace("{", "(").replace("}", ")").replace("^", "**")
    if not re.search(r"<=|>=|<|>|=", s):
        return None
    s = _counts(s, ctx)
    if s is None:
        return None
    s = _distances(s, ctx)
    if s is None:
        return None
    parts = re.split(r"(<=|>=|<|>|=)", s)
    terms_txt, rels = parts[0::2], parts[1::2]
    try:
        terms = [_expr(t.strip(), ctx) for t in terms_txt]
    except _PARSE_ERRORS:
        return None
    for t in terms:
        if not isinstance(t, sp.Expr) or t.free_symbols - {Z}:
            return None
    rel_names = dict(_RELATIONS)
    return Chain(text, terms, [rel_names[r] for r in rels])
