"""Decorations run on stretches of a path: the ``pgfdecoration`` environment
(``\\begin{pgfdecoration}{{name}{length}{before}{after}, ...}``) and the meta-decoration
``straight zigzag`` (``pgflibrarydecorations.pathmorphing``).

pgf's ``\\pgf@decorate@invoke`` runs one decoration on the next ``length`` of the path (at
most what is left), starting where the decoration before it left the path: its automaton
stops when its states no longer fit, and its final state's line goes to the end of the
stretch. As TeX draws it, that end (and where the next decoration starts) is the stretch's
nominal end when the automaton stopped on a curve of the input, but the point where it
stopped when it stopped on a line of the input (pgf's move along a line by what is left is
lost there). ``curveto`` steps along the path a hundredth of the current input segment at a
time, ``lineto`` goes to the input segments' ends, ``moveto`` draws nothing; other
decorations are those of :mod:`.decorations`. In the environment, ``\\pgfdecoratedpathlength``
and ``\\pgfdecoratedremainingdistance`` in a length are the whole path's and what the
stretches before left of it; the before and after code run before and after the
stretch's path is added to the soft path (``\\pgfusepath`` in them uses it), with
``\\pgfpointdecoratedpathfirst``/``last`` the stretch's ends, and
``\\pgfdecorationsegmentlength=...``, ``\\pgfdecorationsegmentamplitude=...`` and
``\\pgfsetdecorationsegmenttransformation{\\pgftransformyshift{...}}`` (read as ``raise``)
in the before code setting the decoration's parameters. ``straight zigzag`` alternates
``curveto`` and ``zigzag`` stretches of ``meta-segment length`` (1 cm) while that much is
left of the path and follows the rest with ``curveto``.
"""

from __future__ import annotations

import re

import numpy as np

__all__ = ["META_DECORATIONS", "Stretcher", "meta_decorate", "run_decoration_environment"]

#: Meta-decorations (:func:`meta_decorate`).
META_DECORATIONS = frozenset({"straight zigzag"})


class Stretcher:
    """A path to decorate stretch after stretch; ``ops`` collects the decorated path as
    ``("M", p)`` / ``("L", p)`` (canvas pt), starting with a move to the path's start."""

    def __init__(self, pieces):
        from geoverify.frontends.tikz.decorations import _flatten_pieces, _Walker
        pts, jumps, straight, ends = _flatten_pieces(pieces)
        self.pieces = pieces
        self.walk = _Walker(pts, jumps, straight)
        self.total = self.walk.total
        order = sorted(ends)
        self.seg_ends = np.array([self.walk.cum[k] for k in order] + [self.total])
        self.seg_line = [(k - 1) in straight for k in order] + [True]
        self.pos = 0.0  # where the decoration before left the path
        self.remaining = self.total  # what the stretches before left of it (pgf's bookkeeping)
        self.ops = [("M", tuple(pts[0]))]

    def point(self, d):
        return tuple(self.walk.frame(min(max(d, 0.0), self.total))[0]) if d < self.total else \
            tuple(self.walk.pts[-1])

    def _segment(self, d):
        k = min(int(np.searchsorted(self.seg_ends, d + 1e-9)), len(self.seg_ends) - 1)
        return k

    def run(self, name: str, length: float, deco) -> tuple:
        """Decorate the next ``length`` with ``name``; returns the stretch's first and last
        points (canvas)."""
        length = min(max(length, 0.0), self.remaining)
        start = self.pos
        first = self.point(start)
        self.remaining -= length
        end = start + length
        if name == "moveto":
            stop = end
        elif name == "lineto":  # a line to each input segment's end within the stretch, then all the rest
            d = start
            while d < end:
                k = self._segment(d)
                d = self.seg_ends[k] if self.seg_ends[k] < end else end
                if d < end:
                    self.ops.append(("L", self.point(d)))
            stop = end
        elif name == "curveto":
            d = start
            while True:
                k = self._segment(d)
                step = (self.seg_ends[k] - (self.seg_ends[k - 1] if k else 0.0)) / 100.0
                if step <= 0 or end - d <= 0 or end - d < step:
                    break
                d += step
                self.ops.append(("L", self.point(d)))
            stop = d
        else:
            stop = self._decorate(name, start, end, deco)
        curve = not self.seg_line[self._segment(stop - 1e-9 if stop >= self.total else stop)]
        last_d = self.total if self.remaining < 1.0 else end if curve else stop
        last = self.point(last_d)
        if name == "moveto":
            self.ops.append(("M", last))
        elif name in ("curveto", "lineto") or self._draws_final(name):
            self.ops.append(("L", last))
        self.pos = last_d
        return first, last

    def _last(self):
        return self.ops[-1][-1] if self.ops else self.point(self.pos)

    @staticmethod
    def _draws_final(name):
        from geoverify.frontends.tikz.decorations import _STATES
        return _STATES.get(name, (None, None, False))[2] is True

    def _decorate(self, name, start, end, deco) -> float:
        """Run the decoration ``name`` on ``[start, end]``; returns where it stopped."""
        from geoverify.frontends.tikz.decorations import DECORATIONS, decorate_pieces
        if name not in DECORATIONS or end <= start:
            return end
        d = deco.copy()
        d.name = name
        d.pre_length, d.post_length = start, self.total - end
        d.pre_kind = d.post_kind = "moveto"
        subs = [sp for sp in decorate_pieces(self.pieces, d) if sp.segs]
        for sp in subs:
            if not np.allclose(self._last(), sp.start):
                self.ops.append(("M", tuple(sp.start)))
            for s in sp.segs:
                self.ops.append(("C", tuple(s[2]), tuple(s[3]), tuple(s[4])) if s[0] == "C" else ("L", tuple(s[-1])))
        if name == "zigzag":  # its states are half a segment length wide
            half = 0.5 * deco.segment_length
            return start + (half * int((end - start) // half) if half > 0 else 0.0)
        return end

    def subpaths(self):
        from geoverify.frontends.tikz.pathbuild import Subpath
        out = []
        cur = None
        for op in self.ops:
            if op[0] == "M":
                out.append(Subpath(op[1]))
                cur = op[1]
            elif op[0] == "L":
                out[-1].segs.append(("L", cur, op[1]))
                cur = op[1]
            else:
                out[-1].segs.append(("C", cur, op[1], op[2], op[3]))
                cur = op[3]
        return [sp for sp in out if sp.segs]


def meta_decorate(pieces, deco):
    """The meta-decoration ``deco.name`` (``straight zigzag``) of the path ``pieces``."""
    s = Stretcher(pieces)
    seg = deco.params.get("meta-segment length", 72.27 / 2.54)
    k = 0
    while seg > 0 and s.remaining >= seg and k < 10000:
        s.run("curveto" if k % 2 == 0 else "zigzag", seg, deco)
        k += 1
    s.run("curveto", s.remaining, deco)
    return s.subpaths()


def _items(text: str) -> list[list[str]]:
    """``{name}{length}{before}{after}, ...``: each item's braced groups."""
    items, cur, depth, group = [], [], 0, ""
    for ch in text:
        if ch == "{":
            if depth > 0:
                group += ch
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth > 0:
                group += ch
            else:
                cur.append(group)
                group = ""
        elif depth > 0:
            group += ch
        elif ch == ",":
            if cur:
                items.append(cur)
            cur = []
    if cur:
        items.append(cur)
    return items


_SETTINGS = (
    (re.compile(r"\\pgfdecorationsegmentlength\s*=?\s*([-+]?[\d.]+\s*[a-z]{2})"), "segment_length"),
    (re.compile(r"\\pgfdecorationsegmentamplitude\s*=?\s*([-+]?[\d.]+\s*[a-z]{2})"), "amplitude"),
    (re.compile(r"\\pgfsetdecorationsegmenttransformation\s*\{\s*\\pgftransformyshift\s*\{([^{}]*)\}\s*\}"),
     "raise_"),
)


def run_decoration_environment(interp, reader, tok) -> None:
    """``\\begin{pgfdecoration}{items} path construction \\end{pgfdecoration}`` (the
    ``\\begin`` and its name already read): the soft path built inside is decorated item
    after item into the soft path."""
    from geoverify.frontends.tikz import geometry as G
    from geoverify.frontends.tikz.decorations import Decoration
    from geoverify.frontends.tikz.pgfbasic import _state
    from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize_at
    items = _items(detokenize(reader.read_arg()))
    body, depth = [], 1
    while True:
        t = reader.get()
        if t is None:
            raise reader.error("\\begin{pgfdecoration} is never ended", tok[1])
        if t[0] in ("\\begin", "\\end"):
            arg = reader.read_arg()
            if detokenize(arg).strip() == "pgfdecoration":
                depth += 1 if t[0] == "\\begin" else -1
                if depth == 0:
                    break
            body += [t, ("{", t[1])] + list(arg) + [("}", t[1])]
            continue
        body.append(t)
    soft = _state(interp)
    existing, soft["path"] = soft["path"], []
    interp.defs.begin_group()
    try:
        interp.statements(Reader(body, interp.defs, interp.budget, interp.source), None)
    finally:
        interp.defs.end_group()
    built, soft["path"] = soft["path"], existing
    pieces = _pieces(built)
    if not pieces:
        return
    deco = interp.st.get("decoration") or Decoration()
    s = Stretcher(pieces)
    inv = G.invert(interp.st["ctm"])

    def local(p):
        x, y = G.apply(inv, p)
        return f"\\pgfqpoint{{{x:.5f}pt}}{{{y:.5f}pt}}"

    def run_code(code, first, last):
        code = code.replace("\\pgfpointdecoratedpathfirst", local(first)) \
            .replace("\\pgfpointdecoratedpathlast", local(last))
        toks = tokenize_at(code, tok[1])
        interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)

    def flush():  # the stretch's path into the soft path
        for op in s.ops:
            if op[0] == "C":
                soft["path"].append(("C", op[1], op[2], op[3], G.apply(inv, op[3])))
            else:
                soft["path"].append((op[0], op[1], G.apply(inv, op[1])))
        s.ops = []

    interp.defs.begin_group()
    try:
        for item in items:
            name = (item[0] if item else "").strip()
            length_text = item[1] if len(item) > 1 else "\\pgfdecoratedremainingdistance"
            before = item[2] if len(item) > 2 else ""
            after = item[3] if len(item) > 3 else ""
            length_text = length_text.replace("\\pgfdecoratedpathlength", f"{s.total:.5f}pt") \
                .replace("\\pgfdecoratedremainingdistance", f"{s.remaining:.5f}pt")
            length = interp.number(length_text, interp.st).value
            d = deco.copy()
            d.raise_ = 0.0
            for rx, attr in _SETTINGS:
                for m in rx.finditer(before):
                    setattr(d, attr, interp.number(m.group(1), interp.st).value)
                    if attr != "raise_":
                        setattr(deco, attr, getattr(d, attr))  # a register: it holds on
                before = rx.sub("", before)
            first = s.point(s.pos)
            flush()
            run_code(before, first, first)
            first, last = s.run(name, length, d)
            flush()
            run_code(after, first, last)
    finally:
        interp.defs.end_group()


def _pieces(soft_path) -> list:
    """The segments (canvas pt) of each subpath of a pgf soft path."""
    pieces, cur, start = [], None, None
    for seg in soft_path:
        kind = seg[0]
        if kind == "M":
            pieces.append([])
            cur = start = tuple(seg[1])
        elif kind == "L" and cur is not None:
            pieces[-1].append(("L", cur, tuple(seg[1])))
            cur = tuple(seg[1])
        elif kind == "C" and cur is not None:
            pieces[-1].append(("C", cur, tuple(seg[1]), tuple(seg[2]), tuple(seg[3])))
            cur = tuple(seg[3])
        elif kind == "Z" and cur is not None and start is not None:
            pieces[-1].append(("L", cur, start))
            cur = start
    return [p for p in pieces if p]
