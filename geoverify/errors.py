"""The geoverify error hierarchy.

Every error geoverify raises on purpose derives from :class:`GeoverifyError`.
Errors caused by the user's input also derive from the matching builtin
(``ValueError``, ``FileNotFoundError`` ...), so ``except ValueError`` keeps
working for callers who do not know geoverify.

Each error has a stable machine-readable ``code`` (upper-case, used in reports
and by ``geoverify check --json``) and, where the input has one, a location.
"""

from __future__ import annotations

__all__ = [
    "GeoverifyError",
    "InputError",
    "FigureFormatError",
    "NoFigureError",
    "FigureSyntaxError",
    "UnsupportedConstructError",
    "BudgetExceededError",
    "UnsafeInputError",
    "IRValidationError",
    "UnknownObjectError",
    "UnknownPredicateError",
    "TaskNotFoundError",
    "MatchingError",
    "ToolchainUnavailableError",
    "SourceLocation",
]

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SourceLocation:
    """A place in a source text.

    Parameters
    ----------
    line, column : int or None
        1-based line and column.
    file : str or None
        File name, when known.
    construct : str or None
        Name of the construct at that place (``"\\\\draw"``, ``"<path>"``, ``"label"``).
    """

    line: int | None = None
    column: int | None = None
    file: str | None = None
    construct: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(self.file)
        if self.line is not None:
            parts.append(f"line {self.line}")
            if self.column is not None:
                parts.append(f"column {self.column}")
        return ", ".join(parts) if parts else "unknown location"

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in ("line", "column", "file", "construct") if getattr(self, k) is not None}


class GeoverifyError(Exception):
    """Root of all errors raised by geoverify.

    Parameters
    ----------
    message : str
        What was wrong, where, and what is allowed.
    location : SourceLocation, optional
        Where in the input the problem is.
    context : str, optional
        The offending source line with a caret under the column.
    """

    code = "ERROR"

    def __init__(self, message: str, *, location: SourceLocation | None = None, context: str | None = None):
        super().__init__(message)
        self.message = message
        self.location = location
        self.context = context

    def __str__(self) -> str:
        text = self.message
        if self.location is not None and (self.location.line is not None or self.location.file):
            text = f"{text} ({self.location})"
        if self.context:
            text = f"{text}\n{self.context}"
        return text

    def to_dict(self) -> dict:
        out = {"code": self.code, "message": self.message}
        if self.location is not None:
            out["location"] = self.location.to_dict()
        return out


class InputError(GeoverifyError, ValueError):
    """The user's input is wrong (figure, IR, command line)."""

    code = "BAD_INPUT"


class FigureFormatError(InputError):
    """The figure is not in the format it claims (not XML, not TikZ, ...)."""

    code = "TECH_FORMAT"


class NoFigureError(FigureFormatError):
    """A model's response holds no figure code at all (MathVis: nothing to judge)."""

    code = "TECH_NO_OUTPUT"


class FigureSyntaxError(InputError):
    """The figure's code does not parse; carries line and column."""

    code = "TECH_COMPILE"


class UnsupportedConstructError(InputError):
    """A construct the native front-end does not interpret (raised only in strict mode).

    In the default mode the construct is recorded as a diagnostic and the scene is
    marked partial instead.
    """

    code = "UNSUPPORTED"


class BudgetExceededError(InputError):
    """A step, size, depth or time budget ran out while reading the figure."""

    code = "TECH_RESOURCE"


class UnsafeInputError(InputError):
    """The input asks for something a verifier must never do (file access, shell, entities)."""

    code = "TECH_UNSAFE"


class IRValidationError(InputError):
    """A Gold IR or task package breaks the schema or refers to missing things.

    The message names the JSON path (``predicates[3].check.op``).
    """

    code = "IR_INVALID"

    def __init__(self, message: str, *, path: str | None = None, **kwargs):
        super().__init__(message if path is None else f"{message} at {path}", **kwargs)
        self.path = path


class UnknownObjectError(IRValidationError):
    """A predicate names an IR object that the IR does not define."""

    code = "IR_UNKNOWN_OBJECT"


class UnknownPredicateError(IRValidationError):
    """A check expression uses an operation that is not registered."""

    code = "IR_UNKNOWN_OPERATION"


class TaskNotFoundError(GeoverifyError, FileNotFoundError):
    """A task folder or its task.json does not exist."""

    code = "TASK_NOT_FOUND"


class MatchingError(GeoverifyError):
    """IR objects could not be bound to the scene in a consistent way."""

    code = "MATCHING"


class ToolchainUnavailableError(GeoverifyError, RuntimeError):
    """A real toolchain (pdflatex, dvisvgm, asy, rsvg-convert, bwrap) is not installed."""

    code = "TOOLCHAIN_UNAVAILABLE"
