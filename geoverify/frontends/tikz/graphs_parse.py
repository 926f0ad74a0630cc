"""Reading the text of ``\\graph{...}`` (``tikzlibrarygraphs.code.tex``'s syntax) into a tree.

Groups (``{[options] ...}``, items separated by ``,`` or ``;``), chains (elements joined
by ``->``, ``--``, ``<-``, ``<->``, ``-!-``, each with optional ``[options]``), nodes
(``name``, ``"quoted text"``, ``name/text``, ``name[options]``, ``(existing, nodes)``),
``subgraph X [options]`` and ``\\foreach ... in {..} {..}`` elements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from geoverify.errors import FigureSyntaxError

__all__ = ["GChain", "GForeach", "GGroup", "GNode", "GSub", "parse_graph"]

_EDGE_OPS = ("<->", "-!-", "->", "<-", "--")


@dataclass
class GNode:
    """A node reference: name, text (``None``: same as the name) and options."""
    name: str
    text: str | None
    opts: str = ""


@dataclass
class GGroup:
    """``{[options] chain, chain; ...}`` (``fill``: the chains are made of ``V``, as in
    ``subgraph I_n``)."""
    opts: str = ""
    chains: list = field(default_factory=list)
    fill: bool = False


@dataclass
class GSub:
    """``subgraph I_n [options]`` of ``graphs.standard``."""
    kind: str
    opts: str = ""


@dataclass
class GForeach:
    """``\\foreach <variables> in {<list>} {<graph text>}`` as an element of a chain."""
    var: str
    items: str
    body: str


@dataclass
class GChain:
    """Elements (``GNode`` or ``GGroup``) and the edges between them: ``(op, options)``."""
    elements: list = field(default_factory=list)
    edges: list = field(default_factory=list)


# -- reading ------------------------------------------------------------------------

class _Text:
    def __init__(self, s: str):
        self.s, self.i = s, 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1

    def peek(self, n=1):
        return self.s[self.i:self.i + n]

    def balanced(self, open_: str, close: str) -> str:
        """Text inside the bracket at the cursor (nested brackets and braces kept)."""
        assert self.s[self.i] == open_
        depth, j = 0, self.i
        while j < len(self.s):
            c = self.s[j]
            if c == "{" and open_ != "{":
                j = self._skip_braces(j)
                continue
            if c == open_:
                depth += 1
            elif c == close:
                depth -= 1
                if depth == 0:
                    out = self.s[self.i + 1:j]
                    self.i = j + 1
                    return out
            j += 1
        raise FigureSyntaxError(f"\\graph: '{open_}' is never closed")

    def _skip_braces(self, j):
        depth = 0
        while j < len(self.s):
            if self.s[j] == "{":
                depth += 1
            elif self.s[j] == "}":
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1
        raise FigureSyntaxError("\\graph: '{' is never closed")

    def options(self) -> str:
        self.ws()
        return self.balanced("[", "]") if self.peek() == "[" else ""

    def edge_op(self):
        self.ws()
        for op in _EDGE_OPS:
            if self.s.startswith(op, self.i):
                self.i += len(op)
                return op
        return None


def parse_graph(text: str) -> GGroup:
    """The graph specification ``text`` (inside ``\\graph{...}``) as its outer group."""
    t = _Text(text.replace("\\par", " "))  # blank lines in the graph are spaces
    g = _group(t, end=None)
    t.ws()
    if t.i < len(t.s):
        raise FigureSyntaxError(f"\\graph: cannot read '{t.s[t.i:t.i + 20]}'")
    return g


def _group(t: _Text, end):
    g = GGroup(opts=t.options())
    while True:
        t.ws()
        if t.i >= len(t.s) or (end and t.peek() == end):
            if end:
                t.i += 1
            return g
        if t.peek() in ",;":
            t.i += 1
            continue
        g.chains.append(_chain(t))


def _chain(t: _Text) -> GChain:
    c = GChain(elements=[_element(t)])
    while True:
        op = t.edge_op()
        if op is None:
            return c
        c.edges.append((op, t.options()))
        c.elements.append(_element(t))


def _element(t: _Text):
    t.ws()
    if t.peek() == "{":
        t.i += 1
        return _group(t, end="}")
    if t.s.startswith("\\foreach", t.i):
        return _foreach(t)
    if t.peek() == '"':
        j = t.s.find('"', t.i + 1)
        if j < 0:
            raise FigureSyntaxError(f"\\graph: the quote of '{t.s[t.i:t.i + 20]}' is never closed")
        name = t.s[t.i + 1:j]
        t.i = j + 1
        text = name
        if t.peek() == "/":  # "name"/text, "name"/"text"
            t.i += 1
            text = _plain(t)
            if len(text) > 1 and text[0] == text[-1] == '"':
                text = text[1:-1]
        return GNode(name, text, t.options())
    raw = _plain(t)
    if raw.startswith("subgraph "):
        return GSub(raw[len("subgraph "):].strip(), t.options())
    if not raw:
        raise FigureSyntaxError(f"\\graph: expected a node near '{t.s[t.i:t.i + 20]}'")
    if "//" in raw:
        raise FigureSyntaxError("\\graph: layout nodes '//' are not interpreted")
    name, slash, text = raw.partition("/")
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] == '"':  # name/"text": the quotes go
        text = text[1:-1]
    return GNode(name.strip(), text if slash else None, t.options())


def _foreach(t: _Text) -> GForeach:
    """``\\foreach \\x in {..} {..}`` (or ``in \\list``) at the cursor."""
    m = re.compile(r"\\foreach\s*(.*?)\s+in\s*", re.S).match(t.s, t.i)
    if m is None:
        raise FigureSyntaxError(f"\\graph: cannot read the \\foreach near '{t.s[t.i:t.i + 30]}'")
    t.i = m.end()
    var = m.group(1).split("[")[0].strip()
    if t.peek() == "{":
        items = t.balanced("{", "}")
    else:  # a list macro, already expanded with the graph's text: the list runs to the body
        j = t.s.find("{", t.i)
        if j < 0:
            raise FigureSyntaxError("\\graph: a \\foreach in a graph needs a braced body")
        items, t.i = t.s[t.i:j].strip(), j
    t.ws()
    if t.peek() != "{":
        raise FigureSyntaxError("\\graph: a \\foreach in a graph needs a braced body")
    return GForeach(var, items, t.balanced("{", "}"))


def _plain(t: _Text) -> str:
    """Node name text up to an option, separator, group end or edge operator."""
    start = t.i
    depth = 0
    while t.i < len(t.s):
        c = t.s[t.i]
        if c == '"':  # quoted text (name/"a, b") is read whole
            j = t.s.find('"', t.i + 1)
            t.i = j + 1 if j >= 0 else len(t.s)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (c in "[,;" or any(t.s.startswith(op, t.i) for op in _EDGE_OPS)):
            break
        t.i += 1
    return t.s[start:t.i].strip()
