"""The IR's function expressions, compiled without sympy.

Task authors write functions in sympy syntax (``z**3 + z + 1``, ``exp(I*t)``,
``(z-1)/(z**2+4)``). Importing sympy costs most of a second, so the common
needs are met here from Python's own ``ast``: a whitelist-checked expression is
compiled to a numpy function, and rational expressions are turned into
numerator/denominator coefficient arrays (for zeros and poles) by polynomial
arithmetic. Nothing is ``eval``-ed except the checked AST.
"""

from __future__ import annotations

import ast
import functools
import math

import numpy as np
from numpy.polynomial import polynomial as P

from geoverify.errors import IRValidationError

__all__ = ["compile_function", "rational_coefficients", "NotRational"]

_FUNCS = {
    "sin": np.sin, "cos": np.cos, "tan": np.tan, "exp": np.exp, "log": np.log, "ln": np.log,
    "sqrt": np.sqrt, "abs": np.abs, "Abs": np.abs, "re": np.real, "im": np.imag, "conjugate": np.conj,
    "conj": np.conj, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "arctan": np.arctan, "atan": np.arctan,
    "asin": np.arcsin, "acos": np.arccos, "arg": np.angle, "atan2": np.arctan2,
}
_CONSTS = {"pi": math.pi, "E": math.e, "e": math.e, "I": 1j, "i": 1j, "j": 1j}
_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)


class NotRational(ValueError):
    """The expression is not a rational function of its variable."""


def _parse(expression: str, variable: str) -> ast.Expression:
    text = expression.replace("^", "**")
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise IRValidationError(f"cannot parse function {expression!r}: {exc.msg}") from None
    for node in ast.walk(tree):
        if isinstance(node, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Load, ast.USub, ast.UAdd) + _BINOPS):
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, complex)):
            continue
        if isinstance(node, ast.Name):
            if node.id == variable or node.id in _CONSTS or node.id in _FUNCS:
                continue
            raise IRValidationError(f"unknown name {node.id!r} in function {expression!r}; the variable is {variable!r}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCS and not node.keywords:
            continue
        raise IRValidationError(f"unsupported construct {type(node).__name__} in function {expression!r}")
    return tree


@functools.lru_cache(maxsize=256)
def compile_function(expression: str, variable: str):
    """A numpy function of one (complex or real) array argument.

    Raises
    ------
    IRValidationError
        Unparsable text, or a name that is neither the variable, a constant nor a known function.
    """
    tree = _parse(expression, variable)
    code = compile(tree, f"<function {expression}>", "eval")
    env = {"__builtins__": {}}
    env.update(_FUNCS)
    env.update(_CONSTS)

    def f(x):
        scope = dict(env)
        scope[variable] = x
        with np.errstate(all="ignore"):
            return eval(code, scope)  # noqa: S307 - the AST was whitelisted above

    return f


@functools.lru_cache(maxsize=256)
def rational_coefficients(expression: str, variable: str) -> tuple[np.ndarray, np.ndarray]:
    """Numerator and denominator coefficients (lowest degree first) of a rational function.

    Raises
    ------
    NotRational
        When the expression uses transcendental functions of the variable or non-integer powers.
    """
    tree = _parse(expression, variable)

    def const(c) -> tuple[np.ndarray, np.ndarray]:
        return np.array([complex(c)]), np.array([1.0 + 0j])

    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant):
            return const(node.value)
        if isinstance(node, ast.Name):
            if node.id == variable:
                return np.array([0j, 1.0 + 0j]), np.array([1.0 + 0j])
            return const(_CONSTS[node.id])
        if isinstance(node, ast.UnaryOp):
            n, d = walk(node.operand)
            return (-n, d) if isinstance(node.op, ast.USub) else (n, d)
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Pow):
                n, d = walk(node.left)
                k = _int_exponent(node.right)
                if k >= 0:
                    return P.polypow(n, k), P.polypow(d, k)
                return P.polypow(d, -k), P.polypow(n, -k)
            a, b = walk(node.left), walk(node.right)
            if isinstance(node.op, ast.Add):
                return P.polyadd(P.polymul(a[0], b[1]), P.polymul(b[0], a[1])), P.polymul(a[1], b[1])
            if isinstance(node.op, ast.Sub):
                return P.polysub(P.polymul(a[0], b[1]), P.polymul(b[0], a[1])), P.polymul(a[1], b[1])
            if isinstance(node.op, ast.Mult):
                return P.polymul(a[0], b[0]), P.polymul(a[1], b[1])
            if isinstance(node.op, ast.Div):
                return P.polymul(a[0], b[1]), P.polymul(a[1], b[0])
        if isinstance(node, ast.Call):
            # a function of a constant is a constant; of the variable, not rational
            if any(isinstance(n, ast.Name) and n.id == variable for n in ast.walk(node)):
                raise NotRational(f"{expression!r} is not a rational function of {variable}")
            value = compile_function(ast.unparse(node), variable)(0.0)
            return const(value)
        raise NotRational(f"{expression!r} is not a rational function of {variable}")

    def _int_exponent(node) -> int:
        if any(isinstance(n, ast.Name) and n.id == variable for n in ast.walk(node)):
            raise NotRational(f"{expression!r} has a power depending on {variable}")
        val = compile_function(ast.unparse(node), variable)(0.0)
        if abs(complex(val).imag) > 0 or abs(complex(val).real - round(complex(val).real)) > 1e-12:
            raise NotRational(f"{expression!r} has a non-integer power")
        return int(round(complex(val).real))

    num, den = walk(tree)
    return P.polytrim(num, 0.0), P.polytrim(den, 0.0)
