"""Size of typeset labels without TeX: glyph boxes of Computer Modern at 12 pt.

The tables were measured from the real asy 2.85 (``frame f; label(f, s); max(f)``)
for single characters in math mode (cmmi12/cmr12) and text mode (cmr12); Asymptote
pads a label's frame box by 1.51 bp on every side. Multi-character labels add
widths; scripts are set at 70 %, ``\\frac`` stacks its parts.
"""

from __future__ import annotations

import re

__all__ = ["text_size", "text_depth", "label_box", "label_center_offset", "LABEL_PAD"]

LABEL_PAD = 1.51

# (width, height + depth) in bp at 12 pt
MATH = {'a': (6.116, 5.118), 'b': (4.948, 8.273), 'c': (5.009, 5.118), 'd': (6.054, 8.273), 'e': (5.396, 5.118), 'f': (7.017, 10.598), 'g': (6.005, 7.443), 'h': (6.71, 8.273), 'i': (3.964, 7.809), 'j': (5.487, 10.133), 'k': (6.461, 8.273), 'l': (3.721, 8.273), 'm': (10.21, 5.118), 'n': (6.959, 5.118), 'o': (5.598, 5.118), 'p': (5.846, 7.443), 'q': (5.59, 7.443), 'r': (5.572, 5.118), 's': (5.485, 5.118), 't': (4.198, 7.324), 'u': (6.633, 5.118), 'v': (6.059, 5.118), 'w': (8.661, 5.118), 'x': (6.623, 5.118), 'y': (6.108, 7.443), 'z': (5.942, 5.118), 'A': (8.746, 8.14), 'B': (9.467, 8.14), 'C': (9.205, 8.14), 'D': (10.016, 8.14), 'E': (9.337, 8.14), 'F': (9.175, 8.14), 'G': (9.205, 8.14), 'H': (10.594, 8.14), 'I': (6.074, 8.14), 'J': (7.548, 8.14), 'K': (10.789, 8.14), 'L': (7.936, 8.14), 'M': (12.545, 8.14), 'N': (10.594, 8.14), 'O': (9.242, 8.14), 'P': (9.142, 8.14), 'Q': (9.242, 10.465), 'R': (8.98, 8.14), 'S': (7.866, 8.14), 'T': (8.458, 8.14), 'U': (9.17, 8.14), 'V': (9.397, 8.14), 'W': (12.648, 8.14), 'X': (10.626, 8.14), 'Y': (9.364, 8.14), 'Z': (8.842, 8.14), '0': (5.824, 7.675), '1': (5.824, 7.675), '2': (5.824, 7.675), '3': (5.824, 7.675), '4': (5.824, 7.675), '5': (5.824, 7.675), '6': (5.824, 7.675), '7': (5.824, 7.675), '8': (5.824, 7.675), '9': (5.824, 7.675), '(': (4.523, 11.926), ')': (4.523, 11.926), '+': (9.076, 7.775), '-': (9.27, 7.941), '=': (9.076, 4.286), ',': (3.223, 3.458), '.': (3.223, 1.133), ':': (3.223, 5.118), ';': (3.223, 7.443), '/': (5.824, 11.926), '[': (3.223, 11.926), ']': (3.223, 11.926), '|': (3.292, 11.926), '<': (9.076, 6.586), '>': (9.076, 6.586), '!': (3.223, 8.273), '?': (5.499, 8.273), "'": (2.766, 8.737), '*': (5.949, 5.534)}
TEXT = {'a': (5.824, 5.118), 'b': (6.474, 8.273), 'c': (5.174, 5.118), 'd': (6.474, 8.273), 'e': (5.174, 5.118), 'f': (3.548, 8.273), 'g': (5.824, 7.443), 'h': (6.474, 8.273), 'i': (3.223, 7.906), 'j': (3.548, 10.23), 'k': (6.149, 8.273), 'l': (3.223, 8.273), 'm': (9.726, 5.118), 'n': (6.474, 5.118), 'o': (5.824, 5.118), 'p': (6.474, 7.443), 'q': (6.149, 7.443), 'r': (4.523, 5.118), 's': (4.588, 5.118), 't': (4.523, 7.324), 'u': (6.474, 5.118), 'v': (6.149, 5.118), 'w': (8.425, 5.118), 'x': (6.149, 5.118), 'y': (6.149, 7.443), 'z': (5.174, 5.118), 'A': (8.746, 8.14), 'B': (8.261, 8.14), 'C': (8.425, 8.14), 'D': (8.911, 8.14), 'E': (7.936, 8.14), 'F': (7.61, 8.14), 'G': (9.156, 8.14), 'H': (8.746, 8.14), 'I': (4.194, 8.14), 'J': (5.985, 8.14), 'K': (9.072, 8.14), 'L': (7.285, 8.14), 'M': (10.697, 8.14), 'N': (8.746, 8.14), 'O': (9.076, 8.14), 'P': (7.936, 8.14), 'Q': (9.076, 10.465), 'R': (8.586, 8.14), 'S': (6.474, 8.14), 'T': (8.425, 8.14), 'U': (8.746, 8.14), 'V': (8.746, 8.14), 'W': (11.998, 8.14), 'X': (8.746, 8.14), 'Y': (8.746, 8.14), 'Z': (7.125, 8.14), '0': (5.824, 7.675), '1': (5.824, 7.675), '2': (5.824, 7.675), '3': (5.824, 7.675), '4': (5.824, 7.675), '5': (5.824, 7.675), '6': (5.824, 7.675), '7': (5.824, 7.675), '8': (5.824, 7.675), '9': (5.824, 7.675), '(': (4.523, 11.926), ')': (4.523, 11.926), '+': (9.076, 7.775), '-': (3.873, 5.118), '=': (9.076, 4.286), ',': (3.223, 3.458), '.': (3.223, 1.133), ':': (3.223, 5.118), ';': (3.223, 7.443), '/': (5.824, 11.926), '[': (3.223, 11.926), ']': (3.223, 11.926), '!': (3.223, 8.273), '?': (5.499, 8.273), "'": (3.223, 8.273), '*': (5.824, 8.937)}

_SYMBOLS = {"circ": (4.9, 5.5), "pi": (6.9, 5.2), "angle": (9.3, 8.4), "cdot": (3.3, 1.7), "sqrt": (10.0, 12.0),
            "theta": (5.9, 8.3), "alpha": (7.5, 5.2), "beta": (6.6, 11.2), "triangle": (10.0, 8.5), "infty": (12.0, 5.2),
            "ldots": (13.0, 1.3), "cdots": (13.0, 1.7), "prime": (3.3, 6.5), "times": (9.3, 6.8), "pm": (9.3, 8.0),
            "perp": (9.3, 8.3), "parallel": (5.0, 12.0), "overline": (0.0, 0.0), "frac": (0.0, 0.0)}
_SIZES = {"tiny": 5.0, "scriptsize": 7.0, "footnotesize": 8.0, "small": 9.0, "normalsize": 10.0,
          "large": 12.0, "Large": 14.4, "LARGE": 17.28, "huge": 20.74, "Huge": 24.88}
_TOKEN = re.compile(r"\\([A-Za-z]+)|\\(.)|(\{)|(\})|([\^_])|(\$)|(\s)|(.)", re.S)


def _group(tokens, i):
    """Parse a {group} or single token at i; returns (end, list)."""
    if i < len(tokens) and tokens[i] == "{":
        depth = 0
        j = i
        while j < len(tokens):
            if tokens[j] == "{":
                depth += 1
            elif tokens[j] == "}":
                depth -= 1
                if depth == 0:
                    return j + 1, tokens[i + 1:j]
            j += 1
        return j, tokens[i + 1:]
    return i + 1, tokens[i:i + 1]


def _measure(tokens, math, scale):
    w = 0.0
    h = 0.0
    hmax = 0.0
    dmax = 0.0
    i = 0
    prev = None
    while i < len(tokens):
        tok = tokens[i]
        if tok not in ("$", "{", "}") and not tok.isspace():
            prev, tok_prev = tok, prev
        else:
            tok_prev = prev
        prev_for_this = tok_prev
        if tok == "$":
            math = not math
            i += 1
            continue
        if tok in ("^", "_"):
            i, grp = _group(tokens, i + 1)
            gw, gh = _measure(grp, math, scale * 0.7)
            w += gw
            h = max(h, gh * 0.9 + 3.0 * scale)
            continue
        if tok == "\\frac" or tok == "\\dfrac" or tok == "\\tfrac":
            i, a = _group(tokens, i + 1)
            i, b = _group(tokens, i)
            s2 = scale if tok == "\\dfrac" else scale * 0.7
            aw, ah = _measure(a, math, s2)
            bw, bh = _measure(b, math, s2)
            w += max(aw, bw) + 2.0 * scale
            h = max(h, ah + bh + 4.0 * scale)
            continue
        if tok in ("\\text", "\\mathrm", "\\textbf", "\\mbox", "\\textit", "\\mathbf", "\\mathit", "\\operatorname"):
            i, grp = _group(tokens, i + 1)
            gw, gh = _measure(grp, tok != "\\text" and tok != "\\mbox" and tok != "\\textbf" and tok != "\\textit", scale)
            w += gw
            h = max(h, gh)
            continue
        if tok in ("{", "}"):
            i += 1
            continue
        if tok.startswith("\\") and tok[1:] in _SIZES:
            # LaTeX size declarations (10 pt article class, as asy's preamble) hold to the end of the group
            scale = _SIZES[tok[1:]] / 12.0
            i += 1
            continue
        if tok.startswith("\\"):
            name = tok[1:]
            if name in ("left", "right", "displaystyle", "scriptstyle", "bf", "it", "rm", "overline", "mathbf", "boldsymbol", "vec", "hat", "bar"):
                i += 1
                continue
            if name in (",", ";", " ", ":", "!"):
                w += 2.5 * scale
                i += 1
                continue
            if name in ("quad",):
                w += 12 * scale
                i += 1
                continue
            sw, sh = _SYMBOLS.get(name, (8.0, 8.3) if len(name) > 1 else (TEXT.get(name, (5.0, 8.0))))
            w += sw * scale
            h = max(h, sh * scale)
            i += 1
            continue
        if tok.isspace():
            w += (0.0 if math else 4.0) * scale
            i += 1
            continue
        table = MATH if math else TEXT
        cw, ch = table.get(tok, (6.0, 8.3))
        # a glyph's box is height + depth; a line's is max height + max depth
        dep = (_MATH_DEPTH if math else _DEPTH).get(tok, 0.0)
        hmax = max(hmax, (ch - dep) * scale)
        dmax = max(dmax, dep * scale)
        if math:
            # TeX's math spacing: thin after punctuation, medium around binary
            # operators, thick around relations (none for a leading sign)
            if tok in ",;":
                cw += 2.0
            elif tok in "+-" and prev_for_this is not None and (prev_for_this.isalnum() or prev_for_this in ")]|"):
                cw += 2 * 2.67
            elif tok in "=<>":
                cw += 2 * 3.33
        w += cw * scale
        h = max(h, ch * scale)
        i += 1
    return w, max(h, hmax + dmax)


def _tokens(text):
    out = []
    for m in _TOKEN.finditer(text):
        if m.group(1):
            out.append("\\" + m.group(1))
        elif m.group(2):
            out.append("\\" + m.group(2))
        else:
            out.append(m.group(0))
    return out


def text_size(text: str, fontsize: float = 12.0) -> tuple[float, float]:
    """``(width, height + depth)`` of the typeset text in bp (no padding)."""
    if not text:
        return 0.0, 0.0
    w, h = _measure(_tokens(text), False, 1.0)
    s = fontsize / 12.0
    # Computer Modern's smaller design sizes are relatively wider (cmr10 vs cmr12).
    wide = 1.0 + 0.013 * (12.0 - fontsize) if fontsize < 12.0 else 1.0
    return w * s * wide, max(h, 0.0) * s


def label_center_offset(text, align: complex, pen) -> tuple[complex, float, float]:
    """Offset in bp of the label box centre from its (scaled) position, and the box size.

    Asymptote moves the label by ``labelmargin * align`` (``0.28 fontsize + 0.5
    linewidth``) and then shifts its box by half its size times
    ``align / max(|align.x|, |align.y|)``.
    """
    fs = (pen.fontsize if pen is not None and pen.fontsize else 12.0)
    lw = (pen.width if pen is not None and pen.width is not None else 0.5)
    w, h = text_size(text, fs)
    if align == 0:
        return 0j, w, h
    margin = 0.28 * fs + 0.5 * lw
    m = max(abs(align.real), abs(align.imag))
    off = align * margin + complex(0.5 * w * align.real / m, 0.5 * h * align.imag / m)
    return off, w, h


def label_box(text, align: complex, pen):
    """Padded frame box ``(x0, y0, x1, y1)`` relative to the scaled label position, bp."""
    off, w, h = label_center_offset(text, align, pen)
    return (off.real - w / 2 - LABEL_PAD, off.imag - h / 2 - LABEL_PAD,
            off.real + w / 2 + LABEL_PAD, off.imag + h / 2 + LABEL_PAD)


_DEPTH = {c: 2.33 for c in "gjpqyQ,;"}
_DEPTH["+"] = 0.96
_DEPTH.update({c: 3.0 for c in "()[]/|"})
_MATH_DEPTH = dict(_DEPTH, f=2.33)


def text_depth(text: str, fontsize: float = 12.0) -> float:
    """Depth below the baseline of the typeset text, bp (descenders, subscripts, fractions)."""
    if not text:
        return 0.0
    d = 0.0
    math = False
    i = 0
    while i < len(text):
        c = text[i]
        if c == "$":
            math = not math
        elif c == "_":
            d = max(d, 2.0)
        elif text.startswith("\\frac", i) or text.startswith("\\dfrac", i):
            d = max(d, 4.6)
        elif c == "\\":
            # skip a command name
            j = i + 1
            while j < len(text) and text[j].isalpha():
                j += 1
            i = max(j, i + 2) if j == i + 1 else j
            continue
        else:
            d = max(d, (_MATH_DEPTH if math else _DEPTH).get(c, 0.0))
        i += 1
    return d * fontsize / 12.0
