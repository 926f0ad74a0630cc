"""pgfmath: evaluation of TikZ/pgf mathematical expressions.

Expressions are parsed with ``grammars/pgfmath.lark`` and compiled once into a
Python closure (cached by text), because figures evaluate the same expression
many times (plots, loops). Semantics follow the pgf manual: trigonometry in
degrees, ``r`` postfix converts radians to degrees, ``atan2(y, x)``,
``mod`` truncated and ``Mod`` floored, ``round`` half away from zero. Lengths
are in TeX points (1 pt = 1/72.27 in); an expression "declares units" when
any of its terms carries one, which decides whether TikZ treats a coordinate as
a canvas length or as a multiple of the x/y vectors.

``rnd``/``rand``/``random`` are refused: a verifier must be deterministic.
"""

from __future__ import annotations

import math
import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

from lark import Token
from lark.exceptions import UnexpectedInput

from geoverify.errors import FigureSyntaxError, SourceLocation, UnsupportedConstructError
from geoverify.frontends.tikz.grammar import MATH_SKELETONS, syntax_error

__all__ = ["kept_macros", "KNOWN_VALUES", "evaluator", "UNITS_PT", "EM_PT", "EX_PT", "MathResult", "compile_expr", "evaluate", "format_number",
           "format_result", "parse_dimension"]

#: TeX units in points. em/ex are those of cmr10 at 10 pt (TikZ's default font);
#: with other fonts they are approximations.
EM_PT = 10.00002
EX_PT = 4.30554
UNITS_PT = {
    "pt": 1.0,
    "cm": 72.27 / 2.54,
    "mm": 72.27 / 25.4,
    "in": 72.27,
    "bp": 72.27 / 72.0,
    "px": 72.27 / 72.0,  # pdfTeX's \pdfpxdimen, 1bp unless a document changes it
    "pc": 12.0,
    "dd": 1238.0 / 1157.0,
    "cc": 12.0 * 1238.0 / 1157.0,
    "sp": 1.0 / 65536.0,
    "em": EM_PT,
    "ex": EX_PT,
}

_NUMBER_RE = re.compile(r"\s*([-+]?)\s*(\d+\.?\d*|\.\d+)\s*$")
_DIM_RE = re.compile(r"\s*([-+]?)\s*(\d+\.?\d*|\.\d+)\s*(pt|cm|mm|in|bp|px|pc|dd|cc|sp|em|ex)\s*$")


@dataclass(frozen=True, slots=True)
class MathResult:
    """A pgfmath value: ``value`` (points when ``units`` is True)."""

    value: float
    units: bool


def _deg_sin(x): return math.sin(math.radians(x))
def _deg_cos(x): return math.cos(math.radians(x))
def _deg_tan(x): return math.tan(math.radians(x))


def _round(x):
    return float(math.floor(abs(x) + 0.5)) * (1 if x >= 0 else -1)


def _ln(x):
    """ln as the fpu computes it: ln(0) is minus infinity (not an error)."""
    return -math.inf if x == 0 else math.log(x)


def _mod(x, y):
    if y == 0:
        raise ZeroDivisionError("mod by zero")
    return math.fmod(x, y)


def _floored_mod(x, y):
    if y == 0:
        raise ZeroDivisionError("Mod by zero")
    return x - y * math.floor(x / y)


def _factorial(x):
    n = int(round(x))
    if n < 0 or n > 170:
        raise ValueError("factorial argument out of range")
    return float(math.factorial(n))


_FUNCS: dict[str, Callable] = {
    "sin": _deg_sin, "cos": _deg_cos, "tan": _deg_tan,
    "sec": lambda x: 1.0 / _deg_cos(x), "cosec": lambda x: 1.0 / _deg_sin(x), "cot": lambda x: 1.0 / _deg_tan(x),
    "asin": lambda x: math.degrees(math.asin(x)), "acos": lambda x: math.degrees(math.acos(x)),
    "atan": lambda x: math.degrees(math.atan(x)), "atan2": lambda y, x: math.degrees(math.atan2(y, x)),
    "sinh": math.sinh, "cosh": math.cosh, "tanh": math.tanh,
    "deg": math.degrees, "rad": math.radians,
    "sqrt": math.sqrt, "exp": math.exp, "ln": _ln, "log10": math.log10, "log2": math.log2,
    "pow": lambda x, y: math.pow(x, y), "abs": abs, "neg": lambda x: -x,
    "mod": _mod, "Mod": _floored_mod,
    "min": lambda *a: min(a), "max": lambda *a: max(a),
    "floor": lambda x: float(math.floor(x)), "ceil": lambda x: float(math.ceil(x)),
    "round": _round, "int": lambda x: float(math.trunc(x)), "frac": lambda x: x - math.trunc(x),
    "sign": lambda x: float((x > 0) - (x < 0)), "real": float,
    "veclen": lambda x, y: math.hypot(x, y),
    "add": lambda x, y: x + y, "subtract": lambda x, y: x - y, "multiply": lambda x, y: x * y,
    "divide": lambda x, y: x / y, "div": lambda x, y: float(math.trunc(x / y)),
    "greater": lambda x, y: float(x > y), "less": lambda x, y: float(x < y),
    "equal": lambda x, y: float(x == y), "notequal": lambda x, y: float(x != y),
    "notgreater": lambda x, y: float(x <= y), "notless": lambda x, y: float(x >= y),
    "ifthenelse": lambda c, a, b: a if c else b, "and": lambda x, y: float(bool(x) and bool(y)),
    "or": lambda x, y: float(bool(x) or bool(y)), "not": lambda x: float(not x),
    "factorial": _factorial, "iseven": lambda x: float(int(x) % 2 == 0), "isodd": lambda x: float(int(x) % 2 == 1),
    "gcd": lambda x, y: float(math.gcd(int(x), int(y))),
    "scalar": lambda x: x, "width": None, "height": None, "depth": None,
}
_CONSTANTS = {"pi": math.pi, "e": math.e, "true": 1.0, "false": 0.0}
_RANDOM = {"rnd", "rand", "random"}

_Env = dict  # macro name (with backslash) -> float (points when it is a length)


def _compile(node, units: list[bool]) -> Callable[[_Env], float]:
    """Closure evaluating a pgfmath parse tree; ``units[0]`` becomes True when a unit occurs,
    ``units[1]`` when a macro of the environment is read."""
    if isinstance(node, Token):
        raise AssertionError(node)
    d = node.data
    ch = node.children
    if d == "number":
        v = float(ch[0])
        return lambda env: v
    if d == "dimension":
        units[0] = True
        v = float(ch[0]) * UNITS_PT[str(ch[1])]
        return lambda env: v
    if d in ("var", "var_dimension"):
        name = str(ch[0])
        if name.endswith(_TEXT_BASE):
            name = name[:-len(_TEXT_BASE)]
        units[1] = True
        if d == "var_dimension":
            units[0] = True
            f = UNITS_PT[str(ch[1])]
        else:
            f = 1.0
            if name in _LENGTH_MACROS:
                units[0] = True

        def var(env, name=name, f=f):
            try:
                return env[name] * f
            except KeyError:
                raise FigureSyntaxError(f"undefined control sequence {name} in a pgfmath expression; "
                                        "define it with \\def, \\newcommand or \\pgfmathsetmacro") from None
        return var
    if d == "call0":
        name = str(ch[0])
        if name in _CONSTANTS:
            v = _CONSTANTS[name]
            return lambda env: v
        if name in _RANDOM:
            raise UnsupportedConstructError(f"pgfmath function '{name}' is random; a verifier cannot reproduce it")
        raise FigureSyntaxError(f"unknown pgfmath constant or function '{name}'")
    if d == "call":
        name = str(ch[0])
        args = [_compile(c, units) for c in ch[1:] if c is not None]
        if name in _RANDOM:
            raise UnsupportedConstructError(f"pgfmath function '{name}' is random; a verifier cannot reproduce it")
        fn = _FUNCS.get(name)
        if fn is None:
            raise FigureSyntaxError(f"unknown pgfmath function '{name}'; expected one of the pgf manual's "
                                    "functions (sin, cos, sqrt, veclen, atan2, mod, min, max, ...)")
        if len(args) == 1:
            a0 = args[0]
            return lambda env: fn(a0(env))
        if len(args) == 2:
            a0, a1 = args
            return lambda env: fn(a0(env), a1(env))
        return lambda env: fn(*(a(env) for a in args))
    if d == "array":
        raise UnsupportedConstructError("pgfmath arrays are not interpreted")
    if len(ch) == 1:  # unary "+" and plain parentheses
        inner = _compile(ch[0], units)
        if d == "neg":
            return lambda env: -inner(env)
        if d == "not_":
            return lambda env: float(not inner(env))
        if d == "radians":
            return lambda env: math.degrees(inner(env))
        if d == "factorial":
            return lambda env: _factorial(inner(env))
        return inner
    if d == "ifthen":
        c, a, b = (_compile(x, units) for x in ch)
        return lambda env: a(env) if c(env) else b(env)
    if d == "compare":
        a = _compile(ch[0], units)
        b = _compile(ch[2], units)
        op = str(ch[1])
        ops = {"<": float.__lt__, ">": float.__gt__, "<=": float.__le__, ">=": float.__ge__,
               "==": float.__eq__, "!=": float.__ne__}[op]
        return lambda env: float(ops(float(a(env)), float(b(env))))
    a = _compile(ch[0], units)
    b = _compile(ch[1], units)
    if d == "add":
        return lambda env: a(env) + b(env)
    if d == "sub":
        return lambda env: a(env) - b(env)
    if d == "mul":
        def mul(env):  # the fpu's product: zero times anything, an infinity too, is zero
            x, y = a(env), b(env)
            return 0.0 if x == 0 or y == 0 else x * y
        return mul
    if d == "div":
        def div(env):
            den = b(env)
            if den == 0:
                raise FigureSyntaxError("division by zero in a pgfmath expression")
            return a(env) / den
        return div
    if d == "pow":
        base = ch[0]
        if getattr(base, "data", None) == "var" and str(base.children[0]).endswith(_TEXT_BASE):
            # the macro's text is the base: a negative value's minus sign is a unary minus
            def text_pow(env):
                v, e = a(env), b(env)
                return -math.pow(-v, e) if v < 0 else math.pow(v, e)
            return text_pow
        return lambda env: math.pow(a(env), b(env))
    if d == "and_":
        return lambda env: float(bool(a(env)) and bool(b(env)))
    if d == "or_":
        return lambda env: float(bool(a(env)) or bool(b(env)))
    raise AssertionError(d)


#: A variable named ``\\x@textbase`` is ``\\x``, and a power of it reads its text: TikZ's plot
#: variable is a macro, so ``\\x^2`` with ``\\x`` = -3.8 is ``-3.8^2`` = -(3.8^2) (:func:`text_powers`)
_TEXT_BASE = "@textbase"


def text_powers(text: str, name: str) -> str:
    """``text`` with the macro ``name`` marked where it is the base of a power (``\\x^2``, not ``(\\x)^2``),
    so that the power is taken of the macro's text, as TeX expands it."""
    if "^" not in text:
        return text
    return re.sub(re.escape(name) + r"(?![A-Za-z@])(?=\s*\^)", lambda m: name + _TEXT_BASE, text)

#: Length registers pgf defines; referring to them declares units.
_LENGTH_MACROS = {"\\pgflinewidth", "\\textwidth", "\\linewidth", "\\columnwidth", "\\tikzleveldistance",
                  "\\tikzsiblingdistance"}

#: Compiled expressions by their text: ``(function, units, reads the environment)``.
_CACHE: dict[str, tuple[Callable[[_Env], float], bool, bool]] = {}
#: Values of the texts that read no macro (numbers, lengths, ``2*3cm``): a pure function of
#: the text, so each is computed once per process (figures repeat ``0``, ``1cm``, ``0.5`` a lot).
KNOWN_VALUES: dict[str, MathResult] = {}
#: Texts that do not compile: ``(error class, message, context, whether it had the location)``.
FAILED: dict[str, tuple] = {}
_VALUES_MAX = 20000


def compile_expr(text: str, location: SourceLocation | None = None) -> tuple[Callable[[_Env], float], bool]:
    """Compile a pgfmath expression.

    Returns
    -------
    (function, units)
        ``function(env) -> float`` evaluates it with the variables of ``env``
        (a dict from macro name, backslash included, to a float); ``units`` is True
        when the expression declares units (its value is then in points).
    """
    return _compiled(text, location)[:2]


def _compiled(text: str, location: SourceLocation | None) -> tuple[Callable[[_Env], float], bool, bool]:
    """``(function, units, reads the environment)`` of an expression, compiled once per text.

    A text that does not compile raises the same error each time it comes again, without
    a second parse (a plot of 80 x 80 samples of a broken expression parsed it 12,800 times)."""
    hit = _CACHE.get(text)
    if hit is not None:
        return hit
    failed = FAILED.get(text)
    if failed is not None:
        cls, message, context, located = failed
        raise cls(message, location=location if located else None, context=context)
    try:
        return _compile_text(text, location)
    except (FigureSyntaxError, UnsupportedConstructError) as err:
        if len(FAILED) >= _VALUES_MAX:
            FAILED.clear()
        FAILED[text] = (type(err), err.message, err.context, err.location is not None)
        raise


def _compile_text(text: str, location: SourceLocation | None) -> tuple[Callable[[_Env], float], bool, bool]:
    """:func:`_compiled` without the tables: parse and compile ``text``, keep the result."""
    parsed = text
    try:
        tree = MATH_SKELETONS.tree(parsed)
    except UnexpectedInput as err:
        missing = text.count("(") - text.count(")")
        if not 0 < abs(missing) <= 8:
            raise syntax_error(err, text, f"pgfmath expression {text!r}", location) from None
        # pgfmath closes parentheses left open at the end ("cos(deg(x)" is cos(deg(x))), and a
        # ")" closing nothing ends a group opened at the start ("1+2)*3" is 9, as TeX computes)
        try:
            tree = MATH_SKELETONS.tree(parsed + ")" * missing if missing > 0 else "(" * -missing + parsed)
        except UnexpectedInput:
            raise syntax_error(err, text, f"pgfmath expression {text!r}", location) from None
    units = [False, False]
    fn = _compile(tree, units)
    out = (fn, units[0], units[1])
    if len(_CACHE) > 20000:
        _CACHE.clear()
    _CACHE[text] = out
    return out


def evaluate(text: str, env: _Env | None = None, location: SourceLocation | None = None) -> MathResult:
    """Evaluate a pgfmath expression; a fast path handles plain numbers and dimensions.

    The value of a text that reads no macro is kept (:data:`KNOWN_VALUES`); :class:`MathResult`
    is immutable, so every caller may share it."""
    hit = KNOWN_VALUES.get(text)
    if hit is not None:
        return hit
    compiled = _CACHE.get(text)  # (an expression of the environment, evaluated again: no number)
    if compiled is None:
        m = _NUMBER_RE.match(text)
        if m:
            v = float(m.group(2))
            return _keep(text, MathResult(-v if m.group(1) == "-" else v, False))
        m = _DIM_RE.match(text)
        if m:
            v = float(m.group(2)) * UNITS_PT[m.group(3)]
            return _keep(text, MathResult(-v if m.group(1) == "-" else v, True))
        compiled = _compiled(text, location)
    fn, units, reads_env = compiled
    result = MathResult(_call(fn, env or {}, text, location), units)
    return result if reads_env else _keep(text, result)


def _call(fn: Callable[[_Env], float], env: _Env, text: str, location: SourceLocation | None) -> float:
    """``fn(env)``, the compiled ``text``, as a float; its failures as :class:`FigureSyntaxError` at ``location``."""
    try:
        return float(fn(env))
    except FigureSyntaxError as err:
        if err.location is None and location is not None:
            err.location = location
        raise
    except (ValueError, OverflowError, ZeroDivisionError, TypeError) as err:
        raise FigureSyntaxError(f"pgfmath cannot evaluate {text!r}: {err}", location=location) from None


def evaluator(text: str, env: _Env, location: SourceLocation | None = None) -> Callable[[], float]:
    """``evaluate(text, env, location).value`` as a function of what ``env`` holds at each call.

    For an expression evaluated at many values of its variables (a plot's samples, set in
    ``env`` between calls): compiled here once, so that a sample costs the call of the
    compiled function alone. The values and errors are :func:`evaluate`'s; a text that does
    not compile raises here."""
    fn = _compiled(text, location)[0]
    return lambda: _call(fn, env, text, location)


def _keep(text: str, result: MathResult) -> MathResult:
    """``result``, kept as the value of ``text`` (which reads no macro) in :data:`KNOWN_VALUES`."""
    if len(KNOWN_VALUES) >= _VALUES_MAX:
        KNOWN_VALUES.clear()
    KNOWN_VALUES[text] = result
    return result


def parse_dimension(text: str, env: _Env | None = None, location: SourceLocation | None = None,
                    default_unit: float = 1.0) -> float:
    """A length in points; a unitless value is multiplied by ``default_unit``."""
    r = evaluate(text, env, location)
    return r.value if r.units else r.value * default_unit


_INT_CALL = re.compile(r"\s*int\s*\((.*)\)\s*", re.S)


def format_result(expr: str, v: float) -> str:
    """``\\pgfmathresult`` of ``expr`` with value ``v``: an integer when the expression is
    ``int(...)`` as a whole (pgf's ``int`` returns ``\\the`` of a count: ``2``), else
    :func:`format_number` (``2.0``)."""
    m = _INT_CALL.fullmatch(expr)
    if m and m.group(1).count("(") == m.group(1).count(")") and abs(v) < 1e15:
        depth = 0
        for ch in m.group(1):  # "int(a) + int(b)" is not one call
            depth += (ch == "(") - (ch == ")")
            if depth < 0:
                return format_number(v)
        return str(int(v))
    return format_number(v)


def whole(value: float, rounded: bool = False) -> int:
    """``int(value)`` (``round(value)`` when ``rounded``) of a pgfmath value where a count is
    needed (samples, bins, parts); a value beyond floats is a :class:`FigureSyntaxError`
    (TeX: "Dimension too large"), not an OverflowError."""
    if not math.isfinite(value):
        raise FigureSyntaxError(f"a count of {value} is not a finite number (too large?)")
    return round(value) if rounded else int(value)


def format_number(v: float) -> str:
    """A number the way ``\\pgfmathresult`` prints it (``2.0``, ``0.5``, ``-1.73204``)."""
    if not math.isfinite(v):  # TeX stops: "Dimension too large" (or pgfmath's own overflow)
        raise FigureSyntaxError(f"a pgfmath result of {v} is not a finite number (too large?)")
    if v == int(v) and abs(v) < 1e15:
        return f"{int(v)}.0"
    s = f"{v:.5f}".rstrip("0")
    return s


@contextmanager
def kept_macros(env: dict, names):
    """Bind macros of ``env`` (``\\x``, ``\\y`` ...) inside a ``with`` block and give them back
    after it: each name's value from before, or none when it had none."""
    saved = {m: env.get(m) for m in names}
    try:
        yield env
    finally:
        for m, val in saved.items():
            if val is None:
                env.pop(m, None)
            else:
                env[m] = val
