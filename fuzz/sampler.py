"""A fast random sampler of sentences from a Lark grammar, for long fuzz runs.

``hypothesis.extra.lark.from_lark`` is the reference generator (used by the tests)
but draws its regex terminals through ``from_regex`` on every example, which costs
0.1-0.7 s per TikZ/Asymptote example here: 10,000 examples would take hours. This
sampler walks the same compiled rules with a plain ``random.Random``, bounded in
depth (past ``max_depth`` it takes an expansion of least height, so every walk
ends), and draws regex terminals from a pool: realistic values given per terminal
name plus a few ``from_regex`` examples made once.
"""

from __future__ import annotations

import random
from collections import defaultdict

__all__ = ["GrammarSampler"]


class GrammarSampler:
    """Random sentences of a compiled Lark grammar.

    Parameters
    ----------
    lark : lark.Lark
        A parser built from the grammar (its ``rules`` and ``terminals`` are read).
    extra : dict of str -> list of str, optional
        Values for terminals by name, mixed into their pools.
    regex_examples : int
        ``from_regex`` examples drawn once per regex terminal.
    """

    def __init__(self, lark, extra: dict | None = None, regex_examples: int = 6):
        self.rules: dict[str, list[list]] = defaultdict(list)
        for rule in lark.rules:
            self.rules[rule.origin.name].append(list(rule.expansion))
        ignore = set(getattr(lark, "ignore_tokens", ()) or ())
        self.pools: dict[str, list[str]] = {}
        for term in lark.terminals:
            if term.name in ignore or term.name.startswith("__IGNORE"):
                continue
            pattern = term.pattern
            pool = list((extra or {}).get(term.name, ()))
            if type(pattern).__name__ == "PatternStr":
                pool.append(pattern.value)
            else:
                pool.extend(self._regex_examples(pattern.to_regexp(), regex_examples))
            self.pools[term.name] = pool or [""]
        self.height = self._heights()

    @staticmethod
    def _regex_examples(regex: str, n: int) -> list[str]:
        import warnings

        from hypothesis import strategies as st

        out = []
        strategy = st.from_regex(regex, fullmatch=True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # .example() warns that it is not for tests
            for _ in range(n):
                try:
                    out.append(strategy.example())
                except Exception:  # an odd regex the strategy cannot serve: use the rest
                    break
        return out

    def _heights(self) -> dict[str, float]:
        """Least derivation height of each rule (terminals count 0), by fixed point."""
        inf = float("inf")
        height = {name: inf for name in self.rules}

        def sym_height(sym) -> float:
            return 0 if sym.is_term else height.get(sym.name, inf)

        changed = True
        while changed:
            changed = False
            for name, expansions in self.rules.items():
                best = min((1 + max((sym_height(s) for s in exp), default=0) for exp in expansions), default=inf)
                if best < height[name]:
                    height[name] = best
                    changed = True
        return height

    def sample(self, rng: random.Random, start: str = "start", max_depth: int = 10, max_tokens: int = 400) -> str:
        """One sentence, tokens joined by single spaces (every grammar here ignores whitespace)."""
        out: list[str] = []
        # Explicit stack (symbol, depth): no Python recursion, however deep the grammar.
        stack = [(start, False, 0)]
        while stack and len(out) < max_tokens:
            name, is_term, depth = stack.pop()
            if is_term:
                out.append(rng.choice(self.pools.get(name, [""])))
                continue
            expansions = self.rules.get(name)
            if not expansions:
                continue
            if depth >= max_depth:
                least = min(self._exp_height(e) for e in expansions)
                expansions = [e for e in expansions if self._exp_height(e) == least]
            exp = rng.choice(expansions)
            for sym in reversed(exp):
                stack.append((sym.name, sym.is_term, depth + 1))
        return " ".join(t for t in out if t)

    def _exp_height(self, exp) -> float:
        return max((0 if s.is_term else self.height.get(s.name, float("inf")) for s in exp), default=0)
