"""The first relevant lines of a toolchain log, with line numbers in the user's text."""

from __future__ import annotations

import re
from typing import Callable

__all__ = ["tex_error_excerpt", "tex_unsafe_attempt", "asy_error_excerpt", "tex_capacity_exceeded"]

_TEX_LINE = re.compile(r"^l\.(\d+)(.*)$")
_REFUSED = re.compile(r"Not (reading from|writing to) (.+?) \((openin_any|openout_any) = p\)")
_RUNSYSTEM = re.compile(r"runsystem\((.*?)\)\.\.\.(disabled|executed)", re.DOTALL)
_ASY_ERR = re.compile(r"^(?P<file>[^:\n]*\.asy): (?P<line>\d+)\.(?P<col>\d+): (?P<msg>.*)$", re.MULTILINE)


MAX_LINE = 300


def _clip(line: str) -> str:
    return line if len(line) <= MAX_LINE else line[:MAX_LINE] + " [...]"


def tex_error_excerpt(log: str, map_line: Callable[[int], int | None] | None = None, max_lines: int = 8) -> str:
    """The first TeX error (``! ...``) with its context and ``line N`` of the user's text.

    Parameters
    ----------
    log : str
        The ``.log`` file (or terminal output when no log was written).
    map_line : callable, optional
        Maps a line of the compiled file to the user's line (the gate wraps a bare
        ``tikzpicture`` in a document); None for a line inside the wrapper.

    Returns
    -------
    str
        ``"line 5: ! Undefined control sequence.\\nl.5 \\foo ..."``, or the last lines
        of the log when no ``!`` error is there (e.g. a killed run).
    """
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("! "):
            block = [line]
            lineno = None
            for follow in lines[i + 1 : i + 1 + 30]:
                m = _TEX_LINE.match(follow)
                block.append(follow)
                if m:
                    lineno = int(m.group(1))
                    break
            block = block[:max_lines] if lineno is None else [block[0], *block[1:-1][:3], block[-1]]
            head = ""
            if lineno is not None:
                user = map_line(lineno) if map_line else lineno
                head = f"line {user}: " if user is not None else f"line {lineno} of the wrapper: "
            return head + "\n".join(_clip(b) for b in block)
    tail = [ln for ln in lines if ln.strip()][-max_lines:]
    return "\n".join(_clip(t) for t in tail)


def tex_unsafe_attempt(text: str) -> str | None:
    """The first sign that a TeX run tried to leave its sandbox, or None.

    kpathsea prints ``Not reading from X (openin_any = p)`` for refused reads and
    TeX logs ``runsystem(...)...disabled`` for a refused ``\\write18``. Reads of
    ``/dev/null`` are refused too but are harmless probes made by LaTeX packages.
    """
    for m in _REFUSED.finditer(text):
        if m.group(2).strip() != "/dev/null":
            return m.group(0)
    m = _RUNSYSTEM.search(text)
    if m:
        return m.group(0)[:200]
    return None


def tex_capacity_exceeded(text: str) -> bool:
    return "TeX capacity exceeded" in text or "memory exhausted" in text.lower()


def asy_error_excerpt(text: str, max_lines: int = 6) -> str:
    """The first Asymptote error with its ``line N`` (``figure.asy: 4.1: runtime: ...``)."""
    matches = list(_ASY_ERR.finditer(text))
    # An error inside a system module (plain_Label.asy ...) is reported where the
    # user's program called it when asy says so; prefer the user's file.
    own = [m for m in matches if m.group("file").endswith("figure.asy")]
    m = (own or matches or [None])[0]
    if m:
        return f"line {m.group('line')}, column {m.group('col')}: {m.group('msg').strip()}"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return "\n".join(_clip(ln) for ln in lines[:max_lines])
