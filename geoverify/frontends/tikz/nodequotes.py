"""Quoted labels in node options (TikZ ``quotes`` library).

``\\node ["text" options] {..}`` is ``label={[direction shorthands, every label quotes/.try,
options]text}`` (tikzlibraryquotes.code.tex, ``quotes mean label``): a label whose direction
words (``above``, ``below left``, ``centered``...) set its ``label position`` instead of its
anchor, so the label goes there. Options follow the closing quote, braced or not; a ``'``
right after it (``"text"'``) is the swap of edge quotes and means nothing to a label.
"""

from __future__ import annotations

from geoverify.frontends.tikz.options import split_key
from geoverify.frontends.tikz.splitting import split_top_level

__all__ = ["quote_label"]

#: direction shorthands (tikzlibraryquotes.code.tex): the label position each word sets
_SHORTHANDS = {"centered": "center", "above": "90", "below": "-90", "left": "180", "right": "0",
               "above left": "135", "below left": "-135", "above right": "45", "below right": "-45"}


def quote_label(key: str, val: str | None, every_quotes: bool) -> str | None:
    """The ``label=`` spec of one ``"text" options`` item of node options.

    Parameters
    ----------
    key, val : str, str or None
        The item as the option splitter gave it (``"a=b"`` splits at its ``=``).
    every_quotes : bool
        Whether ``every label quotes`` is defined (it is applied with ``/.try``).

    Returns
    -------
    str or None
        ``[options]text`` for :meth:`_label`, None when the item has no closing quote.
    """
    raw = key if val is None else f"{key}={val}"
    raw = raw.strip()
    end = raw.find('"', 1)
    if not raw.startswith('"') or end < 0:
        return None
    text, rest = raw[1:end], raw[end + 1:].strip()
    if rest.startswith("'"):
        rest = rest[1:].strip()
    if rest.startswith("{") and rest.endswith("}"):
        rest = rest[1:-1]
    opts = ["every label quotes"] if every_quotes else []
    for item in split_top_level(rest):
        item = item.strip()
        if not item:
            continue
        k, _ = split_key(item)
        pos = _SHORTHANDS.get(k)  # "above" or "below=2mm": the label position (the value is dropped)
        opts.append(f"label position={pos}" if pos is not None else item)
    return f"[{','.join(opts)}]{text}"  # (the text may start with its position: "90:$x$")
