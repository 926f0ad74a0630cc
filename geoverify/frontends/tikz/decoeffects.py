"""The ``text effects along path`` decoration (``tikzlibrarydecorations.text``).

Each character of the decoration's ``text`` (a space, a ``{group}``) is a TikZ node, set
one after the other along the path: the node of each character is measured first (the
width of its bounding box: its shape with its inner sep, and half its line width each
side when drawn, times its ``scale``), the decoration then moves half that width on,
draws the node there in the frame of the path (origin the point on the path, x axis along
it: the node turns with it only with ``transform shape``) and moves the other half on. A
character that no longer fits ends the text. The node's options are the keys given
under ``text effects``: ``characters`` (``every character``; ``characters/.append``
adds), ``character widths`` (the options the width is measured with; by default the
characters'), ``every word separator``, ``every word``, ``every letter``, ``every first
letter``, ``every final letter``, ``style characters=... with {...}``, in that order; the
style ``text along path`` is ``inner xsep=0pt, anchor=base, transform shape``. The
macros named by ``character count``/``character total``, ``letter count``/``letter total``
and ``word count``/``word total`` hold the character's numbers while its options are
read, and ``evaluate={\\c=...;}`` among them computes more. ``reverse text`` and ``group
letters`` (each word one character) transform the text, in the order given; ``word
separator`` is the character that parts words (a space). ``replace characters=... with
{code}`` runs the code in place of the node (its width that of what it draws). ``path
from text`` (when the path is a single point) makes the path a line from that point as
long as the text, at ``path from text angle``; ``text align=center/right`` moves the
first character on by the space left (or half of it).
"""

from __future__ import annotations

import math
import re

import numpy as np

from geoverify.errors import FigureSyntaxError

__all__ = ["STATES", "effect_pieces", "effects_key", "typeset_text_effects"]

_STYLE_KEYS = ("every character", "every character width", "every word separator", "every word", "every letter",
               "every first letter", "every final letter")
_TEXT_ALONG_PATH = "inner xsep=0pt, anchor=base, transform shape"
_PROBE = "gv@text effects character"


def _strip(v: str | None) -> str:
    v = (v or "").strip()
    return v[1:-1] if v.startswith("{") and v.endswith("}") else v


def effects_key(deco, key: str, val: str | None) -> None:
    """Keep a key of ``text effects`` (given after ``text effects/.cd`` in a decoration or in
    a ``text effects={...}`` path option) in ``deco.params["effects"]``, in order."""
    deco.params = {**deco.params, "effects": tuple(deco.params.get("effects", ())) + ((key.strip(), val),)}


def _number(key: str, text: str, whole: bool = False) -> float:
    """A text effect key's numeric value (TeX stops on anything else)."""
    try:
        v = float(text)
    except ValueError:
        raise FigureSyntaxError(f"text effects key '{key}={text}' needs a number") from None
    if not math.isfinite(v) or (whole and abs(v) > 1e6):
        raise FigureSyntaxError(f"text effects key '{key}={text}' is out of range")
    return v


class _Config:
    """The ``text effects`` keys, read in order."""

    def __init__(self, pairs):
        self.styles = {k: [] for k in _STYLE_KEYS}
        self.char_styles = {}  # token -> options (style characters)
        self.replace = {}  # token -> code (replace characters)
        self.vars = {}  # "character count" ... -> macro name
        self.transforms = []
        self.path_from_text = False
        self.angle = 0.0
        self.word_sep = " "
        self.command = None
        self.width_set = False
        self.repeat = 0
        self.fit = False
        self.tikz = []  # other keys: TikZ keys of the path, so of every character's node
        for key, val in pairs:
            self._key(key, val)

    def _key(self, key, val):
        key = key.removeprefix("/pgf/decoration/text effects/").removeprefix("text effects/")
        v = _strip(val)
        if key == "characters":
            self.styles["every character"] = [v]
        elif key == "characters/.append":
            self.styles["every character"].append(v)
        elif key == "character widths":
            self.styles["every character width"] = [v]
            self.width_set = True
        elif key == "character widths/.append":
            self.styles["every character width"].append(v)
            self.width_set = True
        elif key.endswith("/.style") and key[:-7] in _STYLE_KEYS:
            self.styles[key[:-7]] = [v]
            self.width_set |= key[:-7] == "every character width"
        elif key.endswith("/.append style") and key[:-14] in _STYLE_KEYS:
            self.styles[key[:-14]].append(v)
        elif key in ("character count", "character total", "letter count", "letter total", "word count",
                     "word total"):
            self.vars[key] = v
        elif key == "path from text":
            self.path_from_text = v in ("", "true")
        elif key == "path from text angle":
            self.angle = _number(key, v or "0")
        elif key in ("reverse text", "group letters", "group letters into words"):
            self.transforms.append("reverse" if key == "reverse text" else "group")
        elif key == "word separator":
            self.word_sep = " " if v in ("space", "") else v
        elif key == "repeat text":
            self.repeat = -1 if val is None else int(_number(key, v or "0", whole=True))
        elif key == "fit text to path":
            self.fit = v in ("", "true")
        elif key == "character command":
            self.command = v or None
        elif key in ("style characters", "replace characters"):
            m = re.match(r"(.*?)\s+with\s*(.*)$", v, re.S)
            if m:
                for tok in _tokens(m.group(1).strip()):
                    if key == "style characters":
                        self.char_styles[tok] = _strip(m.group(2))
                    else:
                        self.replace[tok] = _strip(m.group(2))
        elif key == "text along path":
            self.tikz.append(_TEXT_ALONG_PATH)
        elif key:  # pgf passes other keys on to /tikz/: they hold for the characters' nodes
            self.tikz.append(key if val is None else f"{key}={{{v}}}")


def _tokens(text: str) -> list[str]:
    """The characters TikZ scans: each character, a space (``" "``, one per space token) and a
    ``{group}`` (braces kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            while i < n and text[i].isspace():
                i += 1
            out.append(" ")
            continue
        if ch == "{":
            depth, j = 0, i
            while j < n:
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                if depth == 0:
                    break
                j += 1
            out.append(text[i:j + 1])
            i = j + 1
            continue
        if ch == "\\" and i + 1 < n:
            j = i + 2
            if text[i + 1].isalpha():
                while j < n and text[j].isalpha():
                    j += 1
            out.append(text[i:j])
            i = j
            continue
        out.append(ch)
        i += 1
    return out


def _transform(tokens: list[str], how: str, sep: str) -> list[str]:
    if how == "reverse":
        return tokens[::-1]
    out, word = [], ""
    for tok in tokens:
        if tok == sep:
            out += [word, sep] if word else [sep]
            word = ""
        else:
            word += tok
    return out + ([word] if word else [])


def _characters(cfg: _Config, text: str) -> list[dict]:
    """Each character with its numbers (1-based) and whether it is a word separator."""
    text = text.lstrip()
    text = text.rstrip() + (" " if text.rstrip().endswith("\\") else "")  # a final control space stays
    tokens = _tokens(text)
    for how in cfg.transforms:
        tokens = _transform(tokens, how, cfg.word_sep)
    chars = []
    words = letters = 0
    for i, tok in enumerate(tokens, start=1):
        sep = tok == cfg.word_sep
        if sep:
            if chars and letters:
                chars[-1]["final"] = True
            letters = 0
        else:
            if letters == 0:
                words += 1
            letters += 1
        chars.append({"token": tok, "i": i, "sep": sep, "letter": letters, "word": words, "final": False})
    if chars and letters:
        chars[-1]["final"] = True
    per_word = {}
    for c in chars:
        if not c["sep"]:
            per_word[c["word"]] = c["letter"]
    for c in chars:
        c.update(total=len(chars), words=words, letters=per_word.get(c["word"], 0))
    return chars


def _options(cfg: _Config, c: dict, width: bool) -> str:
    """The node options of character ``c`` (``width``: for measuring it)."""
    base = cfg.styles["every character width"] if width and cfg.width_set else cfg.styles["every character"]
    parts = cfg.tikz + list(base)
    if c["token"] in cfg.char_styles:
        parts.append(cfg.char_styles[c["token"]])
    if c["sep"]:
        parts += cfg.styles["every word separator"]
    elif c["word"] > 0:
        parts += cfg.styles["every word"]
        if c["letter"] > 0:
            parts += cfg.styles["every letter"]
            if c["letter"] == 1:
                parts += cfg.styles["every first letter"]
            if c["final"]:
                parts += cfg.styles["every final letter"]
    text = ",".join(p for p in parts if p.strip())
    return text.replace("text along path", _TEXT_ALONG_PATH)


def _prelude(cfg: _Config, c: dict, opts: str) -> tuple[str, str]:
    """``(TeX definitions of the count macros and of the options' evaluate={...}, options
    without evaluate)``."""
    from geoverify.frontends.tikz.options import split_options
    values = {"character count": c["i"], "character total": c["total"], "letter count": c["letter"],
              "letter total": c["letters"], "word count": c["word"], "word total": c["words"]}
    defs = "".join(f"\\def{name}{{{values[k]}}}" for k, name in cfg.vars.items() if name.startswith("\\"))
    keep = []
    for k, v in split_options(opts):
        if k == "evaluate" and v:
            for stmt in _strip(v).split(";"):
                if "=" in stmt:
                    lhs, rhs = stmt.split("=", 1)
                    defs += f"\\pgfmathsetmacro{lhs.strip()}{{{rhs.strip()}}}"
        else:
            keep.append(k if v is None else f"{k}={{{v}}}")
    return defs, ",".join(keep)


def _node_text(tok: str, cfg: _Config) -> str:
    if tok in (" ", "\\ "):  # a space (and TeX's control space): glue, no text
        return "\\hbox{ }"
    if cfg.command:
        return f"{cfg.command}{{{tok}}}"
    return tok


def _measure(interp, st: dict, code: str, loc) -> float:
    """Width of what ``code`` draws (a node named :data:`_PROBE` or replacement code), run
    in a scratch scene at the origin."""
    from geoverify.frontends.tikz import geometry as G
    from geoverify.frontends.tikz.markings import run_code
    from geoverify.scene import Scene
    saved_scene, saved_st, saved_let = interp.scene, interp.st, interp.let_vars
    saved_node = interp.nodes.pop(_PROBE, None)
    interp.scene = Scene()
    try:
        run_code(interp, code, st, G.IDENTITY, loc)
        node = interp.nodes.pop(_PROBE, None)
        if node is not None:  # its shape's width (inner sep included), half its line width each side if drawn
            if node.shape == "coordinate":
                return 0.0
            drawn = [p.style.stroke_width for p in interp.scene.primitives
                     if getattr(p.style, "stroke", None) and not hasattr(p, "text")]
            return 2 * node.half_w * node.scale + (max(drawn) if drawn else 0.0)
        boxes = [p.box for p in interp.scene.primitives if getattr(p, "box", None) is not None]
        pts = [q for p in interp.scene.primitives for q in _extent(p)]
        xs = [b[0] for b in boxes] + [b[2] for b in boxes] + [q[0] for q in pts]
        return float(max(xs) - min(xs)) if xs else 0.0
    finally:
        interp.scene, interp.st, interp.let_vars = saved_scene, saved_st, saved_let
        if saved_node is not None:
            interp.nodes[_PROBE] = saved_node


def _extent(prim) -> list:
    """Outline points of a drawn primitive (and half its line width each side), for widths."""
    from geoverify.scene.primitives import Circle, Dot
    if isinstance(prim, (Circle, Dot)):
        r = float(prim.radius) + 0.5 * float(prim.style.stroke_width or 0.0)
        return [prim.center + (r, 0.0), prim.center - (r, 0.0)]
    pts = getattr(prim, "points", None)
    if pts is None and hasattr(prim, "subpaths"):
        pts = np.concatenate([sp.controls.reshape(-1, 2) for sp in prim.subpaths()])
    if pts is None:
        return []
    h = 0.5 * float(prim.style.stroke_width or 0.0)
    return [pts.min(axis=0) - h, pts.max(axis=0) + h]


def effect_pieces(subpaths) -> list:
    """What the decoration follows (:func:`.decorations.path_pieces`); a path of a single point
    is a line of no length there (``path from text`` starts at it)."""
    from geoverify.frontends.tikz.decorations import path_pieces
    pieces = path_pieces(subpaths)
    if not pieces and subpaths:
        p = tuple(subpaths[-1].start)
        pieces = [[("L", p, p)]]
    return pieces


def typeset_text_effects(interp, pieces, st: dict, loc) -> None:
    """Draw the characters of ``text effects along path`` (``st["decoration"]``) along
    ``pieces`` (:func:`.decorations.decorate_pieces`; one point: ``path from text``)."""
    from geoverify.frontends.tikz import geometry as G
    from geoverify.frontends.tikz.decorations import _flatten_pieces, _Walker, oriented
    from geoverify.frontends.tikz.markings import run_code
    deco = st["decoration"]
    cfg = _Config(deco.params.get("effects", ()))
    chars = _characters(cfg, deco.params.get("text", ""))
    if not chars or not pieces:
        return
    saved_st, saved_let = interp.st, interp.let_vars
    try:
        codes, widths = [], []
        for c in chars:
            for width in (True, False):
                defs, opts = _prelude(cfg, c, _options(cfg, c, width))
                if c["token"] in cfg.replace:
                    code = f"{defs}\\begin{{scope}}[{opts}]{cfg.replace[c['token']]}\\end{{scope}}"
                else:
                    name = f" ({_PROBE})" if width else ""
                    code = f"{defs}\\node[{opts}]{name} at (0,0) {{{_node_text(c['token'], cfg)}}};"
                if width:
                    widths.append(_measure(interp, st, code, loc))
                else:
                    codes.append(code)
    finally:
        interp.st, interp.let_vars = saved_st, saved_let
    total_w = sum(widths)
    start = pieces[0][0][1]
    single = len(pieces) == 1 and len(pieces[0]) == 1 and pieces[0][0][0] == "L" \
        and math.hypot(*np.subtract(pieces[0][0][2], start)) < 0.01  # the path is one point
    if cfg.path_from_text and single:
        a = math.radians(cfg.angle)
        end = (start[0] + total_w * math.cos(a), start[1] + total_w * math.sin(a))
        pieces = [[("L", tuple(start), end)]]
    pts, jumps, straight, _ = _flatten_pieces(oriented(pieces, deco))
    walk = _Walker(pts, jumps, straight)
    length = walk.total
    pre = [0.5 * w for w in widths]
    post = [0.5 * w for w in widths]
    align = deco.params.get("align", "left")
    if cfg.fit and len(widths) > 1:  # the gaps between the first and last character stretched to the path
        inner = total_w - post[0] - pre[-1]
        k = (length - post[0] - pre[-1]) / inner if inner > 0 else 1.0
        pre = [pre[0]] + [k * x for x in pre[1:]]
        post = [k * x for x in post[:-1]] + [post[-1]]
    elif align in ("center", "right"):
        spare = max(length - total_w, 0.0)
        pre[0] += spare / 2 if align == "center" else spare
    d = 0.0
    repeat = cfg.repeat
    k = 0
    try:
        while k < len(codes) and len(interp.scene.primitives) < 200000:
            if length - d < pre[k] or length - d <= 0:
                break
            d += pre[k]
            origin, t = walk.frame(d)
            frame = G.compose(G.translation(float(origin[0]), float(origin[1])),
                              G.rotation(math.degrees(math.atan2(t[1], t[0]))))
            first = len(interp.scene.primitives)
            run_code(interp, codes[k], st, frame, loc)
            _drop_space_text(interp.scene, first)
            if length - d < post[k]:
                break
            d += post[k]
            k += 1
            if k == len(codes) and repeat != 0:  # repeat text: from the first character again
                repeat -= 1
                k = 0
    finally:
        interp.st, interp.let_vars = saved_st, saved_let


def _drop_space_text(scene, first: int) -> None:
    """A space's node shows no text: its label (``\\hbox{ }``) is not kept."""
    tail = scene.primitives[first:]
    if any(getattr(p, "text", None) == "\\hbox{ }" for p in tail):
        del scene.primitives[first:]
        scene.primitives.extend(p for p in tail if getattr(p, "text", None) != "\\hbox{ }")


def _nothing(state, rem, sl, a, p, done):
    return [], rem, "final"


#: name -> (initial state, state function, final state draws a line to the end): the path
#: itself is replaced by nothing
STATES = {"text effects along path": ("setup", _nothing, False)}
