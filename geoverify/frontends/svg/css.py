"""A small CSS reader for SVG ``<style>`` sheets and ``style=""`` attributes.

Supported: rules with selector lists; compound selectors of a type, ``*``,
``.class`` (several), ``#id`` and ``[attr]``/``[attr=value]``; descendant (space)
and child (``>``) combinators; specificity and source order; ``!important``
(ranks above normal declarations). At-rules (``@font-face``, ``@media``,
``@import``) are skipped; ``@import`` is never fetched. Pseudo-classes never
match (a static figure has no hover or focus).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Rule", "StyleSheet", "parse_declarations", "parse_stylesheet"]

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_COMPOUND = re.compile(r"([a-zA-Z][\w-]*|\*)?((?:[.#][\w-]+|\[[^\]]*\])*)$")
_PARTS = re.compile(r"([.#])([\w-]+)|\[\s*([\w:-]+)\s*(?:=\s*[\"']?([^\"'\]]*)[\"']?)?\s*\]")


@lru_cache(maxsize=4096)
def parse_declarations(text: str) -> tuple[tuple[str, str, bool], ...]:
    """``"fill: red; stroke: #000 !important"`` -> ``(("fill", "red", False), ("stroke", "#000", True))``."""
    out = []
    for decl in text.split(";"):
        if ":" not in decl:
            continue
        name, value = decl.split(":", 1)
        name = name.strip().lower()
        value = value.strip()
        important = False
        if value.lower().endswith("!important"):
            value = value[: -len("!important")].strip()
            important = True
        if name and value:
            out.append((name, value, important))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Compound:
    tag: str | None
    ids: tuple[str, ...]
    classes: tuple[str, ...]
    attrs: tuple[tuple[str, str | None], ...]

    def matches(self, node) -> bool:
        if self.tag is not None and node.tag != self.tag:
            return False
        a = node.attrs
        for i in self.ids:
            if a.get("id") != i:
                return False
        if self.classes:
            have = a.get("class", "").split()
            for c in self.classes:
                if c not in have:
                    return False
        for name, value in self.attrs:
            if name not in a or (value is not None and a[name] != value):
                return False
        return True


@dataclass(frozen=True, slots=True)
class Rule:
    """One selector with its declarations.

    Attributes
    ----------
    chain : tuple
        Compound selectors right to left, each with the combinator that joins it to
        the next one (``" "`` or ``">"``).
    specificity : tuple of int
    order : int
        Position in the sheet.
    declarations : tuple of (name, value, important)
    """

    chain: tuple
    specificity: tuple
    order: int
    declarations: tuple

    def matches(self, node, work: list | None = None) -> bool:
        """Whether the selector matches ``node``.

        Parameters
        ----------
        node : Node
        work : list of one int, optional
            Incremented by the number of compound tests made (for budgets).
        """
        first, _ = self.chain[0]
        if work is not None:
            work[0] += 1
        if not first.matches(node):
            return False
        if len(self.chain) == 1:
            return True
        # Memoised on (compound index, ancestor): at most len(chain) x depth tests,
        # where naive backtracking over descendant combinators is combinatorial.
        memo: dict = {}
        return _match_rest(self.chain, 1, node.parent, memo, work)


def _match_rest(chain, i, node, memo, work) -> bool:
    if i >= len(chain):
        return True
    key = (i, id(node))
    if key in memo:
        return memo[key]
    compound = chain[i][0]
    result = False
    if chain[i - 1][1] == ">":
        if node is not None:
            if work is not None:
                work[0] += 1
            result = compound.matches(node) and _match_rest(chain, i + 1, node.parent, memo, work)
    else:
        n = node
        while n is not None:
            if work is not None:
                work[0] += 1
            if compound.matches(n) and _match_rest(chain, i + 1, n.parent, memo, work):
                result = True
                break
            n = n.parent
    memo[key] = result
    return result


def _parse_selector(sel: str):
    tokens = re.sub(r"\s*>\s*", " > ", sel.strip()).split()
    # Built right to left; chain[i][1] is the combinator joining compound i to
    # compound i + 1 (the one on its left).
    chain: list = []
    spec = [0, 0, 0]
    for tok in reversed(tokens):
        if tok == ">":
            if not chain:
                return None
            chain[-1][1] = ">"
            continue
        if ":" in tok.split("[")[0]:
            return None  # pseudo-class or pseudo-element: never matches a static figure
        m = _COMPOUND.match(tok)
        if m is None:
            return None
        tag = m.group(1)
        ids, classes, attrs = [], [], []
        for p in _PARTS.finditer(m.group(2) or ""):
            if p.group(1) == "#":
                ids.append(p.group(2))
            elif p.group(1) == ".":
                classes.append(p.group(2))
            else:
                attrs.append((p.group(3), p.group(4)))
        spec[0] += len(ids)
        spec[1] += len(classes) + len(attrs)
        spec[2] += 1 if tag and tag != "*" else 0
        compound = _Compound(None if tag in (None, "*") else tag, tuple(ids), tuple(classes), tuple(attrs))
        chain.append([compound, " "])
    if not chain:
        return None
    return tuple((c, comb) for c, comb in chain), tuple(spec)


def _strip_at_rules(text: str) -> str:
    out = []
    i, n = 0, len(text)
    while i < n:
        j = text.find("@", i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        semi = text.find(";", j)
        brace = text.find("{", j)
        if brace < 0 or (0 <= semi < brace):
            i = n if semi < 0 else semi + 1
            continue
        depth, k = 0, brace
        while k < n:
            if text[k] == "{":
                depth += 1
            elif text[k] == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        i = k + 1
    return "".join(out)


class StyleSheet:
    """All rules of a document's ``<style>`` elements."""

    __slots__ = ("rules", "_by_key")

    def __init__(self, rules: list[Rule]):
        self.rules = sorted(rules, key=lambda r: (r.specificity, r.order))
        # Index by the rightmost compound's id / class / tag so most elements test few rules.
        self._by_key: dict[str, list[Rule]] = {}
        for r in self.rules:
            c = r.chain[0][0]
            key = f"#{c.ids[0]}" if c.ids else f".{c.classes[0]}" if c.classes else c.tag or "*"
            self._by_key.setdefault(key, []).append(r)

    def __bool__(self) -> bool:
        return bool(self.rules)

    def declarations(self, node, work: list | None = None) -> list[tuple[str, str, bool]]:
        """Declarations that apply to ``node``, lowest priority first.

        ``work`` (a one-element list) is incremented by the selector-matching work done.
        """
        cands = list(self._by_key.get("*", ()))
        cands += self._by_key.get(node.tag, ())
        a = node.attrs
        if "id" in a:
            cands += self._by_key.get("#" + a["id"], ())
        cls = a.get("class")
        if cls:
            for c in set(cls.split()):
                cands += self._by_key.get("." + c, ())
        if not cands:
            return []
        hits = [r for r in cands if r.matches(node, work)]
        hits.sort(key=lambda r: (r.specificity, r.order))
        out = []
        for r in hits:
            out.extend(r.declarations)
        return out


def parse_stylesheet(text: str, start_order: int = 0) -> list[Rule]:
    """Rules of one style sheet; malformed rules are skipped, as browsers do."""
    text = _strip_at_rules(_COMMENT.sub("", text.replace("<![CDATA[", "").replace("]]>", "")))
    rules = []
    order = start_order
    for block in text.split("}"):
        if "{" not in block:
            continue
        selectors, body = block.split("{", 1)
        decls = parse_declarations(body)
        if not decls:
            continue
        for sel in selectors.split(","):
            parsed = _parse_selector(sel)
            if parsed is None:
                continue
            chain, spec = parsed
            rules.append(Rule(chain, spec, order, decls))
            order += 1
    return rules
