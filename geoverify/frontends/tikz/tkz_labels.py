"""tkz-euclide's labels: points, segments, lines, angles, circles and free text.

The TikZ each macro writes (``tkz-obj-eu-draw-points.tex``, ``-draw-lines.tex``,
``-draw-angles.tex``, ``-draw-circles.tex``, ``tkz-tools-eu-text.tex``):

- ``\\tkzLabelPoint[opts](A){text}``: ``\\node[label style, opts] at (A) {text};``
  (``label style`` is ``below``: the node's north anchor on the point);
  ``\\tkzLabelPoints[opts](A,B)`` labels each point ``$A$``, ``$B$``;
- ``\\tkzLabelSegment(s)[opts](A,B){text}``: ``\\path (A) to node[label style, opts]
  {text} (B);`` (the middle of AB unless ``pos=``);
- ``\\tkzLabelLine[opts](A,B){text}``: the same without ``label style``;
- ``\\tkzLabelAngle(s)[dist=d, angle=a, opts](A,B,C){text}``: ``\\path (B) --+(a:d)
  node[label angle style, opts] {text};`` with ``d = 1`` (cm) and ``a`` the
  bisector of the counter-clockwise angle from BA to BC;
- ``\\tkzLabelCircle[opts](O,A)(angle){text}``: at A turned by ``angle`` about O;
- ``\\tkzText[opts](x,y){text}`` (tkz units) or ``(A)``.
"""

from __future__ import annotations

import math

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.splitting import split_top_level
from geoverify.frontends.tikz.tkz_base import (tikz_options, Emitter, fmt, init_state, join_options, point, read_optional,
                                               read_paren, read_text, run_tikz, split_groups, split_points,
                                               tkz_options)
from geoverify.frontends.tikz.tkz_draw import normalize_angles, slope

__all__ = ["HANDLERS"]


def _opts(text: str) -> str:
    return ", " + text if text else ""


def label_point(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    name = read_paren(interp, reader, tok[0])
    text = read_text(reader)
    run_tikz(interp, f"\\node[label style{_opts(opts)}] at ({name}) {{{text}}};", tok[1])


def label_points(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    names = split_points(read_paren(interp, reader, tok[0]))
    run_tikz(interp, "".join(f"\\node[label style{_opts(opts)}] at ({n}) {{${n}$}};" for n in names), tok[1])


def label_segments(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    arg = read_paren(interp, reader, tok[0])
    text = read_text(reader)
    groups = split_groups(arg) if tok[0].endswith("s") else [split_points(arg)]
    style = "" if tok[0] == "\\tkzLabelLine" else "label style"
    node_opts = ", ".join(x for x in (style, opts) if x)
    code = []
    for g in groups:
        if len(g) != 2:
            raise FigureSyntaxError(f"{tok[0]} needs pairs of points, got '{','.join(g)}'", location=interp.loc)
        code.append(f"\\path ({g[0]}) to node[{node_opts}] {{{text}}} ({g[1]});")
    run_tikz(interp, "".join(code), tok[1])


def label_angles(interp, reader, tok) -> None:
    own, rest = tkz_options(read_optional(interp, reader), ("dist", "angle"))
    arg = read_paren(interp, reader, tok[0])
    text = read_text(reader)
    groups = split_groups(arg) if tok[0].endswith("s") else [split_points(arg)]
    dist = own.get("dist") or "1"
    opts = join_options(rest)
    code = []
    for g in groups:
        if len(g) != 3:
            raise FigureSyntaxError(f"{tok[0]} needs three points, got '{','.join(g)}'", location=interp.loc)
        if own.get("angle"):
            ang = own["angle"]
        else:
            b = point(interp, g[1])
            first, second = normalize_angles(slope(b, point(interp, g[0])), slope(b, point(interp, g[2])))
            ang = fmt((first + second) / 2)
        code.append(f"\\path ({g[1]}) --+({ang}:{dist}) node[label angle style{_opts(opts)}] {{{text}}};")
    run_tikz(interp, "".join(code), tok[1])


def label_circle(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    o_name, a_name = split_points(read_paren(interp, reader, tok[0]))[:2]
    angle = interp.number(read_paren(interp, reader, tok[0]), interp.st).value
    text = read_text(reader)
    o, a = point(interp, o_name), point(interp, a_name)
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    dx, dy = a[0] - o[0], a[1] - o[1]
    where = Emitter(interp).point((o[0] + c * dx - s * dy, o[1] + s * dx + c * dy))
    run_tikz(interp, f"\\node[label style{_opts(opts)}] at {where} {{{text}}};", tok[1])


def text_node(interp, reader, tok) -> None:
    opts = tikz_options(read_optional(interp, reader))
    where = read_paren(interp, reader, tok[0])
    text = read_text(reader)
    parts = [p.strip() for p in split_top_level(where)]
    if len(parts) == 2:
        st = init_state(interp)
        x = (interp.number(parts[0], interp.st).value - st["xorigin"]) / st["xstep"]
        y = (interp.number(parts[1], interp.st).value - st["yorigin"]) / st["ystep"]
        where = f"{fmt(x)},{fmt(y)}"
    run_tikz(interp, f"\\node[{opts}] at ({where}) {{{text}}};", tok[1])


HANDLERS = {
    "\\tkzLabelPoint": label_point,
    "\\tkzLabelPoints": label_points,
    "\\tkzLabelSegment": label_segments,
    "\\tkzLabelSegments": label_segments,
    "\\tkzLabelLine": label_segments,
    "\\tkzLabelAngle": label_angles,
    "\\tkzLabelAngles": label_angles,
    "\\tkzLabelCircle": label_circle,
    "\\tkzText": text_node,
}
