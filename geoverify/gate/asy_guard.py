"""Refuse Asymptote programs that could leave the sandbox, before they run.

Asymptote's ``-safe`` mode is not enough (measured with asy 2.85): a program can
assign ``settings.texcommand="sh"`` and the next ``label`` runs a shell;
``include "/abs/path"`` and ``import "/abs/path"`` parse any readable file, whose
text then shows in error messages; ``input``/``output`` open files; ``eval`` runs
code built from strings at run time. Settings cannot be locked from the command
line, so the program is scanned instead.

The scan is a small lexer (identifiers, strings, comments, numbers, punctuation), so
a name inside a comment or a string never counts, and a name split by a comment
(``sett/**/ings``) is two harmless identifiers to both us and Asymptote. Refused:

- any identifier in :data:`FORBIDDEN_NAMES` (``settings``, ``system``, ``input``,
  ``output``, ``eval``, ``include``, ...);
- ``import``/``access``/``from`` followed by a string (a file path) instead of a
  module name;
- a string literal holding a TeX file or shell primitive (``\\input``, ``\\openin``,
  ``\\write18`` ...; :data:`FORBIDDEN_TEX`). Asymptote hands label strings to LaTeX,
  which refuses such reads (``openin_any=p``) but then waits for another file name
  until the wall timeout; refusing them here is faster and clearer. Strings built at
  run time are still contained by the sandbox.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from geoverify.errors import SourceLocation, UnsafeInputError

__all__ = ["scan_asy", "check_asy", "AsyFinding", "FORBIDDEN_NAMES", "FORBIDDEN_TEX"]

#: Identifiers that reach files, processes, settings or run-time code.
FORBIDDEN_NAMES = frozenset({
    "settings",  # texcommand, outname, globalwrite ... are all escapes
    "system",
    "input", "output", "xinput", "xoutput", "binput", "boutput",
    "eval",
    "include",
    "delete", "rename", "locatefile", "readline", "history", "saveline",
})

#: TeX control sequences refused inside Asymptote string literals.
FORBIDDEN_TEX = re.compile(
    r"\\(?:input|include|InputIfFileExists|openin|openout|read|readline|write|immediate|"
    r"directlua|luaexec|special|catcode|endinput|scantokens)(?![A-Za-z])"
)

_IMPORT_KEYWORDS = frozenset({"import", "access", "from", "unravel"})

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<line_comment>//[^\n]*)
  | (?P<block_comment>/\*.*?(?:\*/|\Z))
  | (?P<dstring>"(?:\\.|[^"\\])*(?:"|\Z))
  | (?P<sstring>'(?:\\.|[^'\\])*(?:'|\Z))
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class AsyFinding:
    """One refused construct: what and where (1-based line and column)."""

    what: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.what}"


def _tokens(text: str):
    line, line_start = 1, 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        start = m.start()
        yield kind, m.group(), line, start - line_start + 1
        newlines = m.group().count("\n")
        if newlines:
            line += newlines
            line_start = m.start() + m.group().rfind("\n") + 1


def scan_asy(text: str) -> list[AsyFinding]:
    """Every refused construct in an Asymptote program (empty list: may run)."""
    findings: list[AsyFinding] = []
    expect_module = False
    for kind, value, line, col in _tokens(text):
        if kind in ("ws", "line_comment", "block_comment"):
            continue
        if expect_module:
            expect_module = False
            if kind in ("dstring", "sstring"):
                findings.append(AsyFinding(f"module given as a file path {value[:60]}", line, col))
                continue
        if kind in ("dstring", "sstring"):
            m = FORBIDDEN_TEX.search(value)
            if m:
                findings.append(AsyFinding(f"TeX file or shell primitive {m.group()} in a string", line, col))
            continue
        if kind == "ident":
            if value in FORBIDDEN_NAMES:
                findings.append(AsyFinding(f"'{value}' is not allowed (file, process or settings access)", line, col))
            elif value in _IMPORT_KEYWORDS:
                expect_module = True
    return findings


def check_asy(text: str) -> None:
    """Raise :class:`~geoverify.errors.UnsafeInputError` at the first refused construct."""
    findings = scan_asy(text)
    if findings:
        first = findings[0]
        raise UnsafeInputError(
            f"Asymptote program refused before running: {first.what}"
            + (f" (and {len(findings) - 1} more)" if len(findings) > 1 else ""),
            location=SourceLocation(line=first.line, column=first.column),
        )
