"""A picture set inline in one line of node text (``{GUG\\tikz[baseline]{\\node (X) {UAG};}}``).

TeX sets the picture as a box among the text's characters: as wide as its
bounding box, with its baseline at the picture's ``baseline`` (``baseline`` alone
is y = 0, ``baseline=<dimension>``, ``baseline=(<node>.<anchor>)``; without the
key the box's bottom). The node is sized by the whole line; the text before and
after the picture are labels of their own, the picture is drawn in its place.
Only a single line with one picture and an upright, unscaled node is handled, and in
a node with ``text width`` words followed by one picture (:func:`_place_in_paragraph`);
anything else keeps the note that the picture is not interpreted.
"""

from __future__ import annotations

import re

import numpy as np

from geoverify.errors import GeoverifyError, SourceLocation
from geoverify.frontends.tikz.colors import to_hex
from geoverify.frontends.tikz.fonts import baselineskip, interword_space, measure
from geoverify.frontends.tikz.nested import _run_inner
from geoverify.frontends.texsymbols import FAMILY_SWITCH
from geoverify.frontends.tikz.options import split_options
from geoverify.scene import Scene
from geoverify.scene.primitives import Style, TextLabel
from geoverify.scene.transform import transform_scene

__all__ = ["split_inline", "place_inline"]

_START = re.compile(r"\\tikz\b|\\begin\s*\{tikzpicture\}")


def _group_end(text: str, i: int) -> int:
    """Index after the brace group starting at ``text[i] == '{'`` (-1 when unbalanced)."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "\\":
            continue
        if text[j] == "{" and (j == 0 or text[j - 1] != "\\"):
            depth += 1
        elif text[j] == "}" and text[j - 1] != "\\":
            depth -= 1
            if depth == 0:
                return j + 1
    return -1


def split_inline(text: str):
    """``(before, picture, after, options)`` when ``text`` is one line holding one
    ``\\tikz[..]{..}`` or ``tikzpicture`` environment; None otherwise."""
    found = list(_START.finditer(text))
    if len(found) != 1 or "\\\\" in text:
        return None
    m = found[0]
    i = m.end()
    opts = ""
    k = i
    while k < len(text) and text[k] in " \n\t":
        k += 1
    if k < len(text) and text[k] == "[":
        j = text.find("]", k)
        if j < 0:
            return None
        opts, k = text[k + 1:j], j + 1
    if m.group(0).startswith("\\begin"):
        e = text.find("\\end{tikzpicture}", k)
        if e < 0:
            return None
        end = e + len("\\end{tikzpicture}")
    else:
        while k < len(text) and text[k] in " \n\t":
            k += 1
        if k >= len(text) or text[k] != "{":
            return None
        end = _group_end(text, k)
        if end < 0:
            return None
    return text[:m.start()], text[m.start():end], text[end:], opts


def _declared_family(text: str):
    """The font family the last top-level declaration in ``text`` (``\\tt``, ``\\bfseries``...)
    switches to, or None."""
    family, depth = None, 0
    for m in re.finditer(r"\\[A-Za-z]+|[{}]", text):
        t = m.group(0)
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        elif depth == 0 and t in FAMILY_SWITCH:
            family = FAMILY_SWITCH[t]
    return family


def _baseline(interp, opts: str, box, st) -> float:
    """The inner picture's y that sits on the text's baseline."""
    value = None
    present = False
    for k, v in split_options(opts):
        if k.strip() == "baseline":
            present, value = True, (v or "").strip()
    if not present:
        return box[1]
    if not value:
        return 0.0
    if value.startswith("("):
        from geoverify.frontends.tikz.coords import evaluate_coordinate
        return evaluate_coordinate(interp, value[1:-1].strip(), st).point[1]
    return interp.number(value, st).value


def place_inline(interp, nst: dict, name, p, text: str, loc, tangent=None):
    """Place a node whose one line of text holds a picture; None when the text is not that
    (or the node is turned or scaled), for the caller's fallback."""
    parts = split_inline(text)
    if parts is None:
        return None
    if nst.get("text_width") is not None:
        return _place_in_paragraph(interp, nst, name, p, parts, loc, tangent)
    before, pic, after, opts = parts
    before, after = before.strip(), after.rstrip()
    size, bold = nst["font_size"], nst.get("bold", False)
    pre = measure(before, size, bold)[0] if before else None
    # the text after the picture keeps the declarations (\\tt, \\bf) made before it
    both = measure(before + after, size, bold)[0] if after.strip() else None
    # the picture is typeset in the font the text before it declared (\\tt, \\bfseries...)
    inner_nst = dict(nst)
    family = _declared_family(before)
    if family is not None:
        inner_nst["bold"] = family
    prims, box, clips = _run_inner(interp, pic, loc, inner_nst)
    box, base, pw, ph, pd = _picture_extent(interp, opts, box)
    wp = pre.width if pre else 0.0
    wa = (both.width - wp) if both else 0.0
    width = wp + pw + wa
    height = max([ph] + [b.height for b in (pre, both) if b])
    depth = max([pd] + [b.depth for b in (pre, both) if b])
    node, upright = _place_box(interp, nst, name, p, loc, tangent, width, height, depth)
    if not upright:
        return node
    x0, y0, _, _ = node.text_box(width)
    baseline = y0 + depth
    color = nst.get("text") or nst["color"]
    style = Style(stroke=None, stroke_width=0.0, fill=to_hex(color), opacity=nst["opacity"])
    src = SourceLocation(loc.line, loc.column, loc.file, "node")
    pieces = []
    if pre is not None:
        pieces.append((before, x0, wp, pre))
    if both is not None:  # (its height and depth are those of the whole line's text)
        pieces.append((after, x0 + wp + pw, wa, both))
    for t, x, w, b in pieces:
        interp.scene.add(TextLabel(text=t, anchor=node.center,
                                   box=np.array([x, baseline - b.depth, x + w, baseline + b.height]),
                                   font_size=size, style=style, source=src, panel=interp.panel))
    m = np.eye(3)
    m[0, 2], m[1, 2] = x0 + wp - box[0], baseline - base
    inner = Scene(unit="pt", source_format="tikz")
    inner.primitives = list(prims)
    j0 = len(interp.scene.primitives)
    interp.scene.primitives.extend(transform_scene(inner, m).primitives)
    for k, c in clips.items():
        interp.clip_boxes[j0 + k] = (c[0] + m[0, 2], c[1] + m[1, 2], c[2] + m[0, 2], c[3] + m[1, 2])
    return node


def _place_in_paragraph(interp, nst, name, p, parts, loc, tangent):
    """Words, then a picture, in a node with ``text width``: TeX's paragraph puts the picture
    after the words and a space when both fit the width, else on the next line, its top
    ``\\lineskip`` (1 pt) below the words' depth when the picture is taller than
    ``\\baselineskip`` allows; each line centred (``text centered``) or flush left. None
    when there is text after the picture or the words do not fit one line."""
    before, pic, after, opts = parts
    before = before.strip()
    if after.strip() or not before or nst.get("align") not in (None, "left", "center"):
        return None
    size, bold = nst["font_size"], nst.get("bold", False)
    pre = measure(before, size, bold)[0]
    width = nst["text_width"]
    if pre.width > width:
        return None
    prims, box, clips = _run_inner(interp, pic, loc, dict(nst))
    box, base, pw, ph, pd = _picture_extent(interp, opts, box)
    space = interword_space(size, bold)
    centred = nst.get("align") == "center"
    if pre.width + space + pw <= width:  # one line
        lines = [(pre.width + space + pw, max(pre.height, ph), max(pre.depth, pd))]
        drop = 0.0
        pic_x, pic_line = pre.width + space, 0
    else:
        lines = [(pre.width, pre.height, pre.depth), (pw, ph, pd)]
        skip = baselineskip(size)
        drop = skip if skip - pre.depth - ph >= 0 else pre.depth + 1.0 + ph
        pic_x, pic_line = 0.0, 1
    height, depth = lines[0][1], drop + lines[-1][2] if len(lines) > 1 else lines[0][2]
    node, upright = _place_box(interp, nst, name, p, loc, tangent, width, height, depth)
    if not upright:
        return node
    x0, y0, _, _ = node.text_box(width)
    top_base = y0 + depth
    starts = [x0 + ((width - w) / 2.0 if centred else 0.0) for w, _, _ in lines]
    color = nst.get("text") or nst["color"]
    style = Style(stroke=None, stroke_width=0.0, fill=to_hex(color), opacity=nst["opacity"])
    src = SourceLocation(loc.line, loc.column, loc.file, "node")
    interp.scene.add(TextLabel(text=before, anchor=node.center,
                               box=np.array([starts[0], top_base - pre.depth, starts[0] + pre.width,
                                             top_base + pre.height]),
                               font_size=size, style=style, source=src, panel=interp.panel))
    m = np.eye(3)
    m[0, 2], m[1, 2] = starts[pic_line] + pic_x - box[0], top_base - (drop if pic_line else 0.0) - base
    inner = Scene(unit="pt", source_format="tikz")
    inner.primitives = list(prims)
    j0 = len(interp.scene.primitives)
    interp.scene.primitives.extend(transform_scene(inner, m).primitives)
    for k, c in clips.items():
        interp.clip_boxes[j0 + k] = (c[0] + m[0, 2], c[1] + m[1, 2], c[2] + m[0, 2], c[3] + m[1, 2])
    return node


def _place_box(interp, nst, name, p, loc, tangent, width, height, depth):
    """Place the node with a text box of the given size (its labels and pins too).

    Returns
    -------
    node : Node
    upright : bool
        False (and reported) when the node is turned or scaled: the picture inside is not drawn.
    """
    nst2 = dict(nst)
    nst2.update(text_width=width, text_height=height, text_depth=depth, align="left", labels=(), pins=())
    node = interp.place_node(nst2, name, p, "", loc, tangent=tangent)
    for lab in nst.get("labels", ()):
        interp._label(node, lab, nst, loc, pin=False)
    for pin in nst.get("pins", ()):
        interp._label(node, pin, nst, loc, pin=True)
    if node.angle or abs(node.scale - 1.0) > 1e-12:
        interp.note("UNSUPPORTED", "a picture inside turned or scaled node text is not interpreted",
                    "node text", loc)
        return node, False
    return node, True


def _picture_extent(interp, opts, box):
    """``(box, baseline, width, height, depth)`` of an inner picture's bounding ``box`` (None: empty)
    with its ``baseline`` option (the box's bottom when it cannot be read)."""
    if box is None:
        box = (0.0, 0.0, 0.0, 0.0)
    try:
        base = _baseline(interp, opts, box, interp.st)
    except GeoverifyError:
        base = box[1]
    return box, base, box[2] - box[0], max(box[3] - base, 0.0), max(base - box[1], 0.0)
