"""Data of a ``\\datavisualization``: the formats pgf's data visualization reads.

pgf reads data with ``\\pgfdata`` (``pgfmoduledatavisualization.code.tex``) and
the formats of ``pgflibrarydatavisualization.formats.functions.code.tex``:

- ``table`` (the default): a head line of attribute names, then one data point
  per line; ``separator`` (default ``,``) splits the fields;
- ``named``: ``name=value`` pairs on each line;
- ``function``: ``var x : interval [a:b] samples n;`` (or ``step s``) and
  ``var x : {v1, v2, ...};`` lines, then ``func y = expression;`` lines; the
  variables run as nested loops (the first one outermost), each point
  evaluates the functions in order. The interval is sampled as pgf does: the
  step ``(b - a) / (n - 1)`` is cut to five decimals and added to ``a`` while
  the value stays at most ``b`` (TeX dimensions, so the last sample can fall
  just short of ``b``).

A data point is a ``dict`` of attribute -> value (a float where the field is a
number, else the text, e.g. the ``set`` of a point).
"""

from __future__ import annotations

import math
import re

from geoverify.errors import FigureSyntaxError

__all__ = ["function_points", "named_points", "table_points", "tex_code_points", "to_value"]

_SP = 65536.0
# \value reads one argument: a braced name or a single character (TeX's undelimited argument)
_VALUE_RE = re.compile(r"\\value\s*(?:\{\s*([^{}]*?)\s*\}|([^\s{}\\]))")
_VAR_RE = re.compile(r"^var\s+([^:]+?)\s*:\s*(.*)$", re.S)
_FUNC_RE = re.compile(r"^func\s+([^=]+?)\s*=\s*(.*)$", re.S)
_INTERVAL_RE = re.compile(r"^interval\s*\[([^:\]]*):([^\]]*)\]\s*(?:(samples|step)\s+(.+))?$", re.S)


def to_value(text: str):
    """A field's value: a float when it reads as a number, else the stripped text."""
    s = text.strip()
    if len(s) >= 2 and s[0] == "{" and s[-1] == "}":
        s = s[1:-1].strip()
    try:
        return float(s)
    except ValueError:
        return s


def _lines(body: str) -> list[str]:
    return [ln.strip() for ln in body.splitlines() if ln.strip() and not ln.strip().startswith("%")]


def table_points(body: str, separator: str = ",", headline: str | None = None) -> list[dict]:
    """Points of the ``table`` format (first line: the attribute names, unless ``headline``)."""
    lines = _lines(body)
    if headline is None:
        if not lines:
            return []
        headline, lines = lines[0], lines[1:]
    split = (lambda s: s.split()) if separator.strip() == "" else (lambda s: s.split(separator))
    names = [n.strip() for n in split(headline)]
    out = []
    for ln in lines:
        fields = split(ln)
        out.append({n: to_value(f) for n, f in zip(names, fields) if n})
    return out


def named_points(body: str, expand=None) -> list[dict]:
    """Points of the ``named`` format: ``x=1, y=2`` on each line.

    A value may be a ``\\foreach`` list in braces (``x={1,...,4}, y={1,2}``): pgf runs a
    loop over each key's list, the first key's outermost, and makes a point in the
    innermost (``\\pgf@dv@parse@named``); ``expand(text) -> list of str`` expands such a
    list (``...`` ranges).

    Raises
    ------
    FigureSyntaxError
        A value list when no ``expand`` is given.
    """
    from geoverify.frontends.tikz.datavis_axes import split_keys
    out = []
    for ln in _lines(body):
        keys = []
        for k, v in split_keys(ln):
            v = (v or "").strip()
            if "," in v or "..." in v:  # (split_keys took the braces off the list)
                if expand is None:
                    raise FigureSyntaxError("a value list in the named data format is not interpreted")
                values = expand(v)
            else:
                values = [v]
            keys.append((k.strip(), [to_value(x) for x in values]))
        points = [{}]
        for k, values in keys:  # the first key's loop is the outermost
            points = [{**p, k: x} for p in points for x in values]
        out += points
    return out


_TEX_CODE_RE = re.compile(r"\\pgfkeyssetvalue\s*\{([^{}]*)\}\s*\{([^{}]*)\}|\\pgfkeys\s*\{((?:[^{}]|\{[^{}]*\})*)\}"
                          r"|\\pgfdatapoint(?![A-Za-z@])|\\[A-Za-z@]+")


def tex_code_points(body: str) -> list[dict]:
    """Points of the ``TeX code`` format: ``\\pgfkeys{/data point/.cd, x=0, y=1}``,
    ``\\pgfkeys{/data point/x=2}`` and ``\\pgfkeyssetvalue{/data point/x}{3}`` set the
    attributes, which keep their values; each ``\\pgfdatapoint`` makes a point of them.

    Raises
    ------
    FigureSyntaxError
        Other commands in the code (loops, macros) are not run.
    """
    from geoverify.frontends.tikz.datavis_axes import split_keys
    point: dict = {}
    out = []
    for m in _TEX_CODE_RE.finditer(body):
        if m.group(1) is not None:  # \pgfkeyssetvalue{/data point/<name>}{<value>}
            key = m.group(1).strip()
            if key.startswith("/data point/"):
                point[key[12:]] = to_value(m.group(2))
        elif m.group(3) is not None:  # \pgfkeys{...}: /data point/.cd, then names relative to it
            path = ""
            for k, v in split_keys(m.group(3)):
                k = k.strip()
                if k.endswith("/.cd"):
                    path = k[:-4].rstrip("/") + "/"
                    continue
                full = k if k.startswith("/") else path + k
                if full.startswith("/data point/") and v is not None:
                    point[full[12:]] = to_value(v)
        elif m.group(0).startswith("\\pgfdatapoint"):
            out.append(dict(point))
        else:
            raise FigureSyntaxError(f"{m.group(0)} in TeX code data is not interpreted")
    return out


def _sp(x: float) -> int:
    return int(math.floor(x * _SP + 0.5)) if x >= 0 else -int(math.floor(-x * _SP + 0.5))


def _interval_values(a: float, b: float, step: float) -> list[float]:
    """pgf's interval loop in TeX dimensions: ``x = a, a + step, ...`` while ``x <= b``."""
    x, end, st = _sp(a), _sp(b), _sp(step)
    if st <= 0:
        return [x / _SP] if x <= end else []
    n = (end - x) // st + 1
    if n > 100000:
        raise FigureSyntaxError("a data interval has more than 100000 samples")
    return [(x + i * st) / _SP for i in range(max(n, 0))]


def function_points(body: str, evaluate, default_samples: int = 25) -> list[dict]:
    """Points of the ``function`` format; ``evaluate(expr) -> float`` evaluates pgfmath.

    Raises
    ------
    FigureSyntaxError
        A line that is neither ``var`` nor ``func``, or an unreadable interval.
    """
    variables: list[tuple[str, list[float]]] = []
    funcs: list[tuple[str, str]] = []
    for stmt in body.split(";"):
        s = " ".join(stmt.split())
        if not s:
            continue
        m = _VAR_RE.match(s)
        if m:
            name, spec = m.group(1).strip(), m.group(2).strip()
            iv = _INTERVAL_RE.match(spec)
            if iv:
                a, b = evaluate(iv.group(1)), evaluate(iv.group(2))
                if iv.group(3) == "step":
                    step = evaluate(iv.group(4))
                else:
                    n = int(round(evaluate(iv.group(4)))) if iv.group(3) else default_samples
                    if n < 2:
                        raise FigureSyntaxError(f"an interval needs 2 or more samples, not {n}")
                    step = math.trunc((b - a) / (n - 1) * 1e5) / 1e5  # pgfmath's 5 decimals
                variables.append((name, _interval_values(a, b, step)))
            elif spec.startswith("{") and spec.endswith("}"):
                variables.append((name, [evaluate(v) for v in spec[1:-1].split(",") if v.strip()]))
            else:
                raise FigureSyntaxError(f"cannot read the data variable '{s}'")
            continue
        m = _FUNC_RE.match(s)
        if m:
            funcs.append((m.group(1).strip(), m.group(2).strip()))
            continue
        raise FigureSyntaxError(f"cannot read '{s[:40]}' in function data (expected 'var' or 'func')")
    out: list[dict] = []

    def run(i: int, point: dict) -> None:
        if i == len(variables):
            p = dict(point)
            for name, expr in funcs:
                p[name] = evaluate(_VALUE_RE.sub(lambda m: _num(p, m.group(1) or m.group(2)), expr))
            out.append(p)
            return
        name, values = variables[i]
        for v in values:
            point[name] = v
            run(i + 1, point)

    if variables:
        run(0, {})
    return out


def _num(point: dict, name: str) -> str:
    v = point.get(name.strip())
    if not isinstance(v, float):
        raise FigureSyntaxError(f"\\value {name.strip()} has no number")
    return f"({v!r})"
