"""LaTeX's ``filecontents`` environment: files a document writes for itself.

``\\begin{filecontents}[opts]{name} ... \\end{filecontents}`` (and ``filecontents*``)
writes the lines between its first and last line verbatim to ``name``; a figure that
reads that file later (pgfplots' ``\\addplot table {name}``) reads those lines. The
text is kept as written in the source (its line breaks are table rows), in the
interpreter's definitions under ``file:<name>`` (globally: a file outlives groups).
"""

from __future__ import annotations

import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.tex import detokenize

__all__ = ["FILE_ENVIRONMENTS", "read_filecontents", "written_file"]

#: The environments :func:`read_filecontents` reads.
FILE_ENVIRONMENTS = ("filecontents", "filecontents*")

_HEADER = re.compile(r"\\begin\s*\{filecontents\*?\}\s*(?:\[[^\]]*\])?\s*\{([^{}]*)\}[^\n]*\n?")


def read_filecontents(interp, reader, env: str, tok) -> None:
    """Read the environment ``env`` whose ``\\begin`` is ``tok`` (its name already read)
    up to its ``\\end``, and record the file it writes.

    The lines are taken from the source text (the tokens lose line breaks); an
    environment whose text is not in the source (made by a macro) is reported and
    writes nothing.
    """
    reader.read_optional()  # overwrite, force, nosearch, noheader: the content is the same
    name = detokenize(reader.read_arg()).strip()
    while True:
        t = reader.get()
        if t is None:
            raise FigureSyntaxError(f"\\begin{{{env}}} is never ended", location=interp.location(tok[1], env))
        if t[0] == "\\end":
            if detokenize(reader.read_arg()).strip() == env:
                break
    text = interp.source.text
    start, end = tok[1], t[1]
    m = _HEADER.match(text, start) if start is not None and start >= 0 else None
    if m is None or end is None or end < m.end() or m.group(1).strip() != name:
        interp.note("UNSUPPORTED", f"{env} '{name}' not written (its text is not in the source)",
                    env, interp.location(tok[1], env))
        return
    body = text[m.end():end]
    body = body[:body.rfind("\n") + 1] if "\n" in body else ""  # \end{..} starts a line of its own
    interp.defs.set("file:" + name, body, global_=True)


def written_file(interp, name: str) -> str | None:
    """The text a ``filecontents`` environment wrote to ``name`` (TeX also tries
    ``name.tex``), or None."""
    name = name.strip()
    for n in (name, name + ".tex"):
        body = interp.defs.get("file:" + n)
        if isinstance(body, str):
            return body
    return None
