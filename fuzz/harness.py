"""Shared fuzzing harness: inputs per front-end and the "only documented errors" law.

The law: for any text, ``geoverify.frontends.parse_figure(text, format=fmt)`` either
returns a scene or raises a :class:`geoverify.errors.GeoverifyError` subclass (each
with its stable ``code``). Anything else (``IndexError``, ``RecursionError``,
``ZeroDivisionError``, a hang) is a bug.

Inputs come from three sources:

- ``hypothesis.extra.lark.from_lark`` on our own grammars (``grammars/asy.lark``;
  ``grammars/tikz.lark`` paths and ``grammars/pgfmath.lark`` expressions, wrapped
  into a ``tikzpicture``), and a recursive strategy of SVG element trees (SVG has
  no Lark grammar: the XML parser is the grammar);
- mutated real figures from ``../shared/corpus`` (deleted, duplicated, swapped
  spans, inserted hostile tokens, truncation);
- raw bytes (the atheris harnesses, ``fuzz/atheris_<fmt>.py``).

Used by ``fuzz/run.py``, the atheris harnesses and ``tests/fuzz``.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

__all__ = [
    "FORMATS", "FUZZ_LIMITS", "Tally", "check_one", "frontend_available", "grammar_strategy",
    "corpus_files", "mutate", "corpus_strategy", "svg_strategy", "strategy_for", "fast_inputs", "random_svg",
    "EXTRA_TERMINALS",
]

FORMATS = ("svg", "tikz", "asy")
REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"


def _limits():
    from geoverify.frontends.limits import Limits

    # Small budgets keep each example fast; a breach is a documented error anyway.
    return Limits(max_bytes=2_000_000, max_steps=200_000, max_depth=200, max_primitives=50_000,
                  max_use_references=5_000, max_array_size=100_000, timeout=5.0)


FUZZ_LIMITS = None  # built lazily: importing the harness must stay cheap


@dataclass
class Tally:
    """Counts of one fuzz run: outcomes by code, the undocumented failures kept."""

    fmt: str
    examples: int = 0
    outcomes: Counter = field(default_factory=Counter)
    undocumented: list = field(default_factory=list)
    slowest: float = 0.0
    slowest_text: str = ""  # the input that took longest (a near-hang is a bug too)

    def add(self, text: str, outcome: str, seconds: float, failure: str | None = None) -> None:
        self.examples += 1
        self.outcomes[outcome] += 1
        if seconds > self.slowest:
            self.slowest, self.slowest_text = seconds, text
        if failure is not None and len(self.undocumented) < 20:
            self.undocumented.append((text, failure))


@lru_cache(maxsize=None)
def frontend_available(fmt: str) -> bool:
    """Whether the native front-end of ``fmt`` is importable yet (they land separately)."""
    try:
        if fmt == "svg":
            from geoverify.frontends.svg import parse_svg  # noqa: F401
        elif fmt == "tikz":
            from geoverify.frontends.tikz import parse_tikz  # noqa: F401
        else:
            from geoverify.frontends.asy import parse_asy  # noqa: F401
    except ImportError:
        return False
    return True


def check_one(text: str, fmt: str, tally: Tally | None = None) -> str:
    """Parse ``text``; return ``"OK"`` or the error code; record into ``tally``.

    Returns ``"UNDOCUMENTED"`` (and records the traceback) for any exception that is
    not a :class:`GeoverifyError`.
    """
    global FUZZ_LIMITS
    from geoverify.errors import GeoverifyError
    from geoverify.frontends import parse_figure

    if FUZZ_LIMITS is None:
        FUZZ_LIMITS = _limits()
    start = time.monotonic()
    failure = None
    try:
        parse_figure(text, format=fmt, limits=FUZZ_LIMITS)
        outcome = "OK"
    except GeoverifyError as exc:
        outcome = getattr(exc, "code", type(exc).__name__)
    except Exception:  # the law under test: nothing else may escape
        outcome = "UNDOCUMENTED"
        failure = traceback.format_exc(limit=8)
    seconds = time.monotonic() - start
    if tally is not None:
        tally.add(text, outcome, seconds, failure)
    return outcome


# --- grammar-based inputs ---------------------------------------------------------------------

@lru_cache(maxsize=None)
def _lark(name: str):
    from lark import Lark

    text = files("geoverify.grammars").joinpath(name).read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="contextual", maybe_placeholders=False)


def grammar_strategy(fmt: str):
    """Texts for ``fmt`` generated from our Lark grammars (None when none exists yet)."""
    from hypothesis import strategies as st
    from hypothesis.extra.lark import from_lark

    names = {p.name for p in files("geoverify.grammars").iterdir()}
    if fmt == "asy" and "asy.lark" in names:
        return from_lark(_lark("asy.lark"))
    if fmt == "tikz":
        parts = []
        if "tikz.lark" in names:
            paths = from_lark(_lark("tikz.lark"))
            parts.append(paths.map(lambda p: "\\begin{tikzpicture}\n\\draw " + p + ";\n\\end{tikzpicture}\n"))
        if "pgfmath.lark" in names:
            exprs = from_lark(_lark("pgfmath.lark"))
            parts.append(st.tuples(exprs, exprs).map(
                lambda e: "\\begin{tikzpicture}\n\\pgfmathsetmacro{\\r}{" + e[0] + "}\n"
                          "\\draw (0,0) -- ({" + e[1] + "},{\\r}) circle ({" + e[0] + "});\n\\end{tikzpicture}\n"))
        return st.one_of(*parts) if parts else None
    return None


# Realistic terminal values for the fast sampler (fuzz/sampler.py), by terminal name.
_NUMS = ["0", "1", "2", "0.5", "-3", "1e308", "1e-320", "360", "1000000", ".5", "7"]
EXTRA_TERMINALS = {
    "asy.lark": {
        "NAME": ["draw", "label", "dot", "fill", "filldraw", "size", "unitsize", "pair", "real", "int", "path", "pen",
                 "A", "B", "C", "O", "P", "unitcircle", "unitsquare", "dir", "cycle", "red", "blue", "black",
                 "Arc", "Circle", "circle", "intersectionpoint", "intersectionpoints", "rotate", "shift", "scale",
                 "foot", "midpoint", "extension", "xscale", "N", "S", "E", "W", "NE", "linewidth", "dashed",
                 "sqrt", "sin", "cos", "atan2", "degrees", "length", "arc", "reflect", "point", "x", "y", "i", "n",
                 "graph", "geometry", "olympiad", "markers", "Label", "Arrow", "EndArrow", "picture", "currentpicture",
                 "MarkFill", "anglemark", "rightanglemark", "xaxis", "yaxis", "f", "g"],
        "NUMBER": _NUMS,
        "STRING": ['"A"', '"$x^2$"', '"$\\angle ABC$"', '""', '"18"', '"$300^\\circ$"'],
    },
    "tikz.lark": {
        "PAREN": ["(0,0)", "(1,2)", "(1cm,-2pt)", "(30:2)", "(a)", "(a.north)", "($(a)!0.5!(b)$)", "(1e308,0)",
                  "(nan,1)", "({sin(30)},{2*3})", "(0,0,1)", "(-90:1 and 2)", "([shift={(1,1)}]0,0)", "(a|-b)",
                  "(0:0)", "(1,2"],
        "OPTIONS": ["[red]", "[->]", "[rotate=30]", "[radius=1]", "[start angle=0,end angle=90,radius=1]",
                    "[x radius=2,y radius=1]", "[line width=-1pt]", "[out=30,in=150]", "[bend left]", "[step=0.5]",
                    "[domain=0:360,samples=1000000]", "[x=1e308cm]", "[draw,circle]", "[above]", "[]", "[shift={(1,0)}]"],
        "BRACED": ["{A}", "{$x^2$}", "{}", "{1}", "{(0,0) (1,1)}", "{\\x}", "{sin(\\x)}"],
    },
    "pgfmath.lark": {
        "NUMBER": _NUMS,
        "MACRO": ["\\x", "\\r", "\\pgflinewidth", "\\undefined"],
        "FUNC": ["sin", "cos", "sqrt", "ln", "exp", "mod", "max", "min", "atan2", "veclen", "pow", "rnd", "abs"],
        "UNIT": ["cm", "pt", "mm", "em"],
    },
}


def _sampler(name: str):
    from sampler import GrammarSampler  # fuzz/ is on sys.path for its scripts and tests

    if name not in _SAMPLERS:
        _SAMPLERS[name] = GrammarSampler(_lark(name), EXTRA_TERMINALS.get(name))
    return _SAMPLERS[name]


_SAMPLERS: dict = {}


def fast_inputs(fmt: str, rng: random.Random):
    """An endless generator of inputs for ``fmt`` without hypothesis (for long runs).

    Mixes grammar sentences (asy.lark; tikz.lark paths and pgfmath.lark expressions
    wrapped in a picture), random SVG trees and mutated corpus files, in equal parts
    when all exist.
    """
    names = {p.name for p in files("geoverify.grammars").iterdir()}
    sources = []
    if fmt == "asy" and "asy.lark" in names:
        sources.append(lambda: _sampler("asy.lark").sample(rng, max_tokens=200))
    if fmt == "tikz" and "tikz.lark" in names:
        sources.append(lambda: "\\begin{tikzpicture}\n\\draw " + _sampler("tikz.lark").sample(rng, max_tokens=60)
                       + ";\n\\end{tikzpicture}\n")
    if fmt == "tikz" and "pgfmath.lark" in names:
        def expr():
            e = _sampler("pgfmath.lark").sample(rng, max_tokens=40)
            return ("\\begin{tikzpicture}\n\\pgfmathsetmacro{\\r}{" + e + "}\n\\draw (0,0) -- ({" + e
                    + "},{\\r});\n\\end{tikzpicture}\n")
        sources.append(expr)
    if fmt == "svg":
        sources.append(lambda: random_svg(rng))
    corpus = corpus_files(fmt)
    if corpus:
        sources.append(lambda: mutate(rng.choice(corpus), fmt, rng))
    if not sources:
        return
    while True:
        yield rng.choice(sources)()


def random_svg(rng: random.Random, max_elements: int = 40) -> str:
    """A random SVG tree (the fast twin of :func:`svg_strategy`)."""
    budget = [rng.randint(1, max_elements)]
    leaf_tags = ["path", "line", "circle", "ellipse", "rect", "polyline", "polygon", "use", "text", "image", "x"]
    group_tags = ["g", "svg", "defs", "symbol", "a", "marker", "text"]
    keys = ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "points", "d",
            "transform", "id", "href", "stroke", "fill", "stroke-width", "style", "viewBox", "marker-end", "opacity"]

    def value() -> str:
        kind = rng.randrange(5)
        if kind == 0:
            return rng.choice(_NUMBERS)
        if kind == 1:
            return " ".join(rng.choice(_PATH_CMDS) + " " + " ".join(rng.choice(_NUMBERS) for _ in range(rng.randint(0, 7)))
                            for _ in range(rng.randint(1, 6)))
        if kind == 2:
            return rng.choice(["translate", "scale", "rotate", "matrix", "skewX"]) + "(" + ",".join(
                rng.choice(_NUMBERS) for _ in range(rng.randint(0, 6))) + ")"
        if kind == 3:
            return "#" + rng.choice("abcd")
        return rng.choice(["none", "red", "url(#a)", "fill:red;stroke:blue", "0 0 10 10", "1,2 3,4", "a", "b"])

    def element(depth: int) -> str:
        budget[0] -= 1
        attrs = "".join(f' {k}="{value()}"' for k in rng.sample(keys, rng.randint(0, 6)))
        if depth < 6 and budget[0] > 0 and rng.random() < 0.35:
            tag = rng.choice(group_tags)
            kids = "".join(element(depth + 1) for _ in range(rng.randint(0, 4)) if budget[0] > 0)
            return f"<{tag}{attrs}>{kids}</{tag}>"
        tag = rng.choice(leaf_tags)
        return f"<{tag}{attrs}>A</{tag}>" if tag == "text" else f"<{tag}{attrs}/>"

    body = "".join(element(0) for _ in range(rng.randint(0, 5)) if budget[0] > 0)
    return f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">{body}</svg>'


# --- SVG element trees ----------------------------------------------------------------------------

_NUMBERS = ["0", "1", "-1", "2.5", "1e308", "-1e308", "1e-320", "nan", "inf", "-0", "3.", ".5", "", "x", "12px",
            "50%", "1e9", "7em"]
_PATH_CMDS = "MmLlHhVvCcSsQqTtAaZz"


def svg_strategy():
    """SVG documents: random trees of shapes, groups, ``<use>``, transforms, odd numbers."""
    from hypothesis import strategies as st

    num = st.sampled_from(_NUMBERS) | st.floats(allow_nan=True, allow_infinity=True).map(repr) \
        | st.integers(-10**6, 10**6).map(str)
    path_d = st.lists(st.tuples(st.sampled_from(_PATH_CMDS), st.lists(num, max_size=7)), max_size=12).map(
        lambda cmds: " ".join(c + " " + " ".join(a) for c, a in cmds))
    transform = st.lists(st.tuples(st.sampled_from(["translate", "scale", "rotate", "matrix", "skewX", "skewY", "bogus"]),
                                   st.lists(num, max_size=6)), max_size=3).map(
        lambda ts: " ".join(f"{n}({','.join(a)})" for n, a in ts))
    ids = st.sampled_from(["a", "b", "c", "d"])
    attrs = st.dictionaries(
        st.sampled_from(["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height",
                         "points", "d", "transform", "id", "href", "stroke", "fill", "stroke-width", "style",
                         "viewBox", "font-size", "marker-end", "class", "opacity", "stroke-dasharray"]),
        st.one_of(num, path_d, transform, ids.map(lambda i: "#" + i), ids,
                  st.sampled_from(["none", "red", "url(#a)", "fill:red;stroke:blue", "0 0 10 10", "1,2 3,4"])),
        max_size=6)
    leaf_tag = st.sampled_from(["path", "line", "circle", "ellipse", "rect", "polyline", "polygon", "use", "text",
                                "marker", "style", "tspan", "image", "unknown"])

    def render(tag, a, children):
        at = "".join(f' {k}="{v}"' for k, v in a.items())
        inner = "".join(children)
        if tag == "text":
            inner = "A" + inner
        return f"<{tag}{at}>{inner}</{tag}>" if inner else f"<{tag}{at}/>"

    leaf = st.builds(lambda t, a: render(t, a, []), leaf_tag, attrs)
    tree = st.recursive(
        leaf,
        lambda kids: st.builds(lambda t, a, ch: render(t, a, ch), st.sampled_from(["g", "svg", "defs", "symbol",
                                                                                    "a", "marker", "text"]),
                               attrs, st.lists(kids, max_size=5)),
        max_leaves=40)
    return st.builds(
        lambda a, ch: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
                      + "".join(f' {k}="{v}"' for k, v in a.items()) + ">" + "".join(ch) + "</svg>",
        attrs, st.lists(tree, max_size=6))


# --- mutated corpus files ---------------------------------------------------------------------------

_SUFFIX = {"svg": ".svg", "tikz": ".tex", "asy": ".asy"}
_HOSTILE_TOKENS = {
    "svg": ["<g>", "</g>", "<use href='#a'/>", "<!--", "&amp;", "&#0;", "\"", "<", ">", "1e308", "nan", "id='a'",
            "<svg>", "]]>", "<![CDATA["],
    "tikz": ["{", "}", "\\def\\a{\\a}", "\\draw", "(", ")", "--", "[", "]", ";", "1e308", "nan", "\\foreach",
             "\\begin{tikzpicture}", "\\end{tikzpicture}", "$", "\\node", "%", "#1", "\\csname", "\\relax"],
    "asy": ["{", "}", "(", ")", ";", "--", "..", "while(true)", "1e308", "nan", "draw(", "label(\"", "\"", "/*",
            "//", "import ", "real[] a=array(100000000,0);", "int f(int n){return f(n);}", "pair", "^^", "cycle"],
}


@lru_cache(maxsize=None)
def corpus_files(fmt: str, limit: int = 400) -> tuple[str, ...]:
    """Up to ``limit`` real figures of ``fmt`` from ../shared/corpus (empty when absent)."""
    folder = CORPUS / fmt
    if not folder.is_dir():
        return ()
    paths = sorted(p for p in folder.rglob("*" + _SUFFIX[fmt]) if p.is_file() and p.stat().st_size < 200_000)
    rng = random.Random(1234)
    rng.shuffle(paths)
    out = []
    for p in paths[:limit]:
        try:
            out.append(p.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
    return tuple(out)


def mutate(text: str, fmt: str, rng: random.Random, rounds: int | None = None) -> str:
    """A random mutation of ``text``: deletions, duplications, swaps, hostile insertions, truncation."""
    rounds = rounds if rounds is not None else rng.randint(1, 4)
    tokens = _HOSTILE_TOKENS[fmt]
    for _ in range(rounds):
        n = len(text)
        if n == 0:
            text = rng.choice(tokens)
            continue
        i = rng.randrange(n)
        j = min(n, i + rng.randint(1, 40))
        op = rng.randrange(6)
        if op == 0:
            text = text[:i] + text[j:]
        elif op == 1:
            text = text[:j] + text[i:j] * rng.randint(1, 5) + text[j:]
        elif op == 2:
            text = text[:i] + rng.choice(tokens) + text[i:]
        elif op == 3:
            k = rng.randrange(n)
            a, b = sorted((i, k))
            text = text[:a] + text[b:b + (j - i)] + text[a + (j - i):b] + text[a:a + (j - i)] + text[b + (j - i):]
        elif op == 4:
            text = text[:i]
        else:
            text = text[:i] + chr(rng.choice([0, 0x7F, 0xFFFD, 0x202E, 0x10FFFF, 92, 123, 125, 60])) + text[i:]
    return text


def corpus_strategy(fmt: str):
    """Mutated corpus figures (None when the corpus is absent)."""
    from hypothesis import strategies as st

    files_ = corpus_files(fmt)
    if not files_:
        return None
    return st.builds(lambda src, seed: mutate(src, fmt, random.Random(seed)),
                     st.sampled_from(files_), st.integers(0, 2**32 - 1))


def strategy_for(fmt: str):
    """All generated inputs for ``fmt``: grammar/tree strategy and mutated corpus, mixed."""
    from hypothesis import strategies as st

    parts = [s for s in (svg_strategy() if fmt == "svg" else grammar_strategy(fmt), corpus_strategy(fmt))
             if s is not None]
    return st.one_of(*parts) if parts else None
