"""Budgets every native front-end enforces, so hostile input ends with a clear error.

Each breach raises :class:`~geoverify.errors.BudgetExceededError` naming the
budget that ran out; nothing is silently truncated.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from geoverify.errors import BudgetExceededError, SourceLocation

__all__ = ["Limits", "Budget", "DEFAULT_LIMITS"]


@dataclass(frozen=True, slots=True)
class Limits:
    """Resource limits of one front-end run.

    Parameters
    ----------
    max_bytes : int
        Largest accepted source, bytes.
    max_steps : int
        Interpreter steps (macro expansions, statements, loop iterations).
    max_depth : int
        Nesting depth (groups, recursion, brace nesting).
    max_primitives : int
        Primitives a scene may hold.
    max_use_references : int
        SVG ``<use>`` instantiations in total.
    max_array_size : int
        Largest array or list an interpreter may build.
    timeout : float
        Wall-clock seconds.
    """

    max_bytes: int = 5_000_000
    max_steps: int = 2_000_000
    max_depth: int = 200
    max_primitives: int = 200_000
    max_use_references: int = 10_000
    max_array_size: int = 1_000_000
    timeout: float = 30.0

    def with_(self, **changes) -> "Limits":
        return replace(self, **changes)


DEFAULT_LIMITS = Limits()


class Budget:
    """Counts the work of one run against its :class:`Limits`.

    Examples
    --------
    >>> budget = Budget(Limits(max_steps=10))
    >>> for _ in range(5):
    ...     budget.step()
    """

    __slots__ = ("limits", "steps", "depth", "_deadline", "_check_every")

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or DEFAULT_LIMITS
        self.steps = 0
        self.depth = 0
        self._deadline = time.monotonic() + self.limits.timeout
        self._check_every = 1024

    def check_size(self, nbytes: int) -> None:
        if nbytes > self.limits.max_bytes:
            raise BudgetExceededError(
                f"source is {nbytes} bytes; the limit is {self.limits.max_bytes} bytes (Limits.max_bytes)"
            )

    def step(self, n: int = 1, location: SourceLocation | None = None) -> None:
        """Count ``n`` interpreter steps; raise when the step or time budget is spent."""
        self.steps += n
        if self.steps > self.limits.max_steps:
            raise BudgetExceededError(
                f"step budget of {self.limits.max_steps} exhausted (runaway loop or recursion?)",
                location=location,
            )
        if self.steps % self._check_every < n and time.monotonic() > self._deadline:
            raise BudgetExceededError(f"time budget of {self.limits.timeout} s exhausted", location=location)

    def enter(self, location: SourceLocation | None = None) -> None:
        """Enter one nesting level."""
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise BudgetExceededError(
                f"nesting deeper than {self.limits.max_depth} levels (Limits.max_depth)", location=location
            )

    def leave(self) -> None:
        self.depth -= 1

    def check_primitives(self, count: int) -> None:
        if count > self.limits.max_primitives:
            raise BudgetExceededError(f"more than {self.limits.max_primitives} primitives (Limits.max_primitives)")

    def check_string(self, length: int, location: SourceLocation | None = None) -> None:
        """A string the program builds may not outgrow a source file (``Limits.max_bytes``)."""
        if length > self.limits.max_bytes:
            raise BudgetExceededError(
                f"a string of {length} characters exceeds Limits.max_bytes={self.limits.max_bytes}",
                location=location,
            )

    def check_array(self, size: int, location: SourceLocation | None = None) -> None:
        if size > self.limits.max_array_size:
            raise BudgetExceededError(
                f"array of {size} elements exceeds Limits.max_array_size={self.limits.max_array_size}",
                location=location,
            )
