"""The ``folding`` library's pics: nets of polyhedra (``\\pic{cube folding}`` ...).

A net (``tikzlibraryfolding.code.tex``) is a tree of faces. A face is a regular
polygon or a rhombus of side ``folding line length`` (2 cm unless set), its base from
its origin along its x axis. Each of its sides (in pgf's order for that face; the base,
reversed, among them) carries a child in a frame whose x axis runs clockwise along
that side (its y axis out of the face): another face (whose base is that side), a fold (``\\draw[every fold]`` of the side), a cut (``\\draw[every cut]``) or an
ear (``\\path[every ear]`` of the triangle over the side, the side drawn as a fold and
the triangle's two other sides as a cut). The ear's apex is at (.5, .2) side lengths,
or, for the custom ears of some nets, .66 side lengths from the side's start (``e<a``)
or end (``e>a``) at ``a`` degrees. A face's code (``face 3={...}``; ``numbered faces``
is ``\\node{3};`` on every face) runs at the face's centre, in its frame.

The nets are written compactly in :data:`NETS`: ``T``, ``S``, ``P``, ``H``, ``O``
(triangle, square, pentagon, hexagon, octagon), ``R``/``L`` (the rhombus of
diagonals 1 : sqrt 2 leaning right/left), ``G``/``g`` (the golden rhombus), each
``X(face child ...)``; a face is its number, ``3@90`` when pgf turns it (a
``rotate`` scope around the face's code); a child is ``f`` (fold), ``c`` (cut),
``e`` (ear), ``e<15`` / ``e>15`` (custom ear at 15 degrees, left / right) or a face.
The drawing is TikZ code run as the pic's code (:func:`.pics.run_pic_code`), so
the figure's ``every fold``, ``every cut`` and ``every ear`` styles apply.
"""

from __future__ import annotations

import math
import re

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.options import UNITS_PT, split_options

__all__ = ["NETS", "draw_folding_pic", "folding_code"]

#: pic type -> its net (the module docstring gives the notation), from tikzlibraryfolding.code.tex
NETS = {
    "dodecahedron folding":
        "P(1 P(2 P(3 e e f e e) e f e e) P(4 P(5 e e f c e) e f c c) P(6 P(7 e e f c e) e f c c) P(8 P(9 e e "
        "f c e) e f c c) P(10 P(11 c c f c P(12 c c f c c)) c f c c))",
    "tetrahedron folding":
        "T(1 T(2 e f c) T(3 e f c) T(4 e f c))",
    "tetrahedron truncated folding":
        "H(1 H(2 e e e f e c) T(3 c f c) H(4 e e e f e c) T(5 c f c) H(6 T(7 c f c) e e f e c) T(8 c f c))",
    "cube folding":
        "S(1 S(2 c e f e) S(3 c c f c) S(4 S(5 e c f e) e f e) S(6 e c f c))",
    "cube truncated folding":
        "O(1 O(2 e T(3 e f e) c T(4 e f e) f T(5 e f e) c T(6 e f e)) c O(7 c c e T(8 e f e) f c e c) c O(9 "
        "O(10 c c e T(11 e f e) f T(12 e f e) e c) c c c f c c c) c O(13 c c e c f T(14 e f e) e c) c)",
    "octahedron folding":
        "T(1 T(2 T(3 c f T(4 c f c)) f T(5 e f e)) T(6 e f e) T(7 c f T(8 e f c)))",
    "octahedron truncated folding":
        "H(1 H(2 S(3 e c f c) H(4 e e e f e e) S(5 e e f c) f S(6 e c f e) H(7 e e e f e e)) c e S(8 H(9 H(10 "
        "c c e f e c) S(11 c e f c) H(12 c c c f c c) f H(13 c c c f c c) S(14 c c f e)) e f e) e c)",
    "dodecahedron' folding":
        "P(1 P(2 c e f c P(3 P(4 e e f c e) P(5 e e f c e) f P(6 e e f e c) P(7 e e f c e))) e P(8 P(9 c e f "
        "c c) P(10 c c f c c) f P(11 c e f c c) P(12 c e f c c)) e e)",
    "dodecahedron rhombic folding":
        "R(2 L(3@90 c e f e) R(5 L(6@90 c c f e) c f R(4@180 c c f c)) L(8@-90 R(7@180 L(12@-90 R(11@180 e c "
        "f e) L(10@90 e c f e) f e) c f e) L(8 e e f e) f e) R(6 c c f c))",
    "dodecahedron golden folding":
        "G(1 g(2@180 c e f f) G(5@180 g(8 c c f e) c f g(7 c c f c)) g(4@180 G(9 g(12 G(11@180 e c f e) "
        "g(10@180 e c f f) f e) c f e) G(6 e e f e) f f) G(3@180 c c f c))",
    "cuboctahedron folding":
        "S(1 T(2 S(3 T(4 c f S(5 e e f e)) e f e) f c) T(6 S(7 e e f e) f c) T(8 S(9 e e f T(10 c f c)) f c) "
        "T(11 S(12 T(13 c f c) e f T(14 c f c)) f c))",
    "cuboctahedron truncated folding":
        "S(1 O(2 S(3 O(4 S(5 c H(6 e e e>15 f e e) f H(7 e e e f e<15 e)) c S(8 e c f c) c f c S(9 e c f c) "
        "c) H(10 e e e>15 f e<15 e) f H(11 e e e>15 f e<15 e)) c S(12 e c f c) c f c S(13 e c f c) c) H(14 e "
        "e e>15 f e<15 e) O(15 S(16 O(17 e c S(18 e c f c) c f c S(19 e c f c) c) H(20 e e e>15 f e<15 e) f "
        "H(21 e e e>15 f e<15 e)) c S(22 O(23 c c c c f c c c) c f c) c f c S(24 O(25 c c c c f c c c) c f c) "
        "c) H(26 e e e>15 f e<15 e))",
    "icosahedron folding":
        "T(1 T(2 T(3 T(4 c f T(5 c f T(6 e f T(7 e f c)))) f e) f e) T(8 T(9 T(10 c f T(11 c f T(12 T(13 c f "
        "c) f T(14 e f c)))) f e) f e) T(15 T(16 T(17 c f T(18 c f T(19 e f T(20 e f c)))) f e) f e))",
    "rhombicuboctahedron folding":
        "S(1 S(2 S(3 S(4 S(5 c S(6 e e f c) f S(7 e c f e)) T(8 e f c) f T(9 c f e)) S(10 e e f c) f S(11 e c "
        "f e)) T(12 e f c) f T(13 c f e)) S(14 S(15 c c f c) e f c) S(16 S(17 S(18 e T(19 c f e) f T(20 e f "
        "c)) S(21 e c f e) f S(22 e e f c)) T(23 c f e) f T(24 e f c)) S(25 S(26 c c f c) c f e))",
    "snub cube folding":
        "S(1 T(2 T(3 T(4 e f S(5 T(6 T(7 e f e) f T(8 e f c)) T(9 e f e) f T(10 c f c))) f c) f c) T(11 T(12 "
        "T(13 e f S(14 T(15 T(16 e f e) f T(17 e f c)) T(18 e f e) f T(19 c f c))) f c) f c) T(20 T(21 T(22 e "
        "f S(23 T(24 T(25 e f e) f T(26 e f c)) T(27 e f e) f T(28 c f c))) f c) f c) T(29 T(30 T(31 e f S(32 "
        "T(33 T(34 e f e) f T(35 S(36 c c f c) f c)) T(37 e f e) f T(38 c f c))) f c) f c))",
    "icosidodecahedron folding":
        "P(1 T(2 P(3 T(4 e f e) e>24 f c T(5 e f c)) f c) T(6 P(7 e e>24 f c T(8 e f P(9 e T(10 e f e) f c "
        "c))) f c) T(11 e>24 f c) T(12 P(13 T(14 e f P(15 T(16 e f e) e f c c)) e>24 f c T(17 e>24 f c)) f "
        "P(18 T(19 P(20 e e>24 f T(21 P(22 c e>24 f c e) f c) T(23 e f c)) f c) T(24 e>24 f c) f c T(25 P(26 "
        "e e>24 f c c) f c))) T(27 P(28 T(29 e f P(30 T(31 c f c) e f c c)) e>24 f c T(32 e>24 f c)) f c))",
}

# one face's frames, in side lengths: first its centre (where its code runs), then one per
# further side (counter-clockwise from the first); ops are applied in order, as in a scope's
# options: ("s", dx, dy) shift, ("p", angle, r) polar shift, ("r", deg) rotate, ("x", k) xslant
_FRAMES = {
    "T": [[("s", .5, .28868)], [("p", 60, 1), ("r", -60)], [("s", 1, 0), ("r", 180)], [("r", 60)]],
    "S": [[("s", .5, .5)], [("s", 0, 1)], [("s", 1, 1), ("r", -90)], [("s", 1, 0), ("r", 180)], [("r", 90)]],
    "R": [[("s", .63, .4755), ("x", .34)], [("p", 70.529, 1)], [("p", 35.264, 1.63299), ("r", -109.471)],
          [("s", 1, 0), ("r", 180)], [("r", 70.529)]],
    "L": [[("s", .33, .4755), ("x", -.34)], [("p", 109.471, 1)], [("p", 54.736, 1.1547), ("r", -70.529)],
          [("s", 1, 0), ("r", 180)], [("r", 109.471)]],
    "G": [[("s", .724, .447), ("x", .447)], [("p", 63.435, 1)], [("p", 31.717, 1.701), ("r", -116.565)],
          [("s", 1, 0), ("r", 180)], [("r", 63.435)]],
    "g": [[("s", .276, .447), ("x", -.447)], [("p", 116.565, 1)], [("p", 58.283, 1.051), ("r", -63.435)],
          [("s", 1, 0), ("r", 180)], [("r", 116.565)]],
    "P": [[("s", .5, .68819)], [("p", 108, 1), ("p", 36, 1), ("r", -36)], [("s", 1, 0), ("p", 72, 1), ("r", -108)],
          [("s", 1, 0), ("r", 180)], [("r", 108)], [("p", 108, 1), ("r", 36)]],
    "H": [[("p", 60, 1)], [("p", 120, 1), ("p", 60, 1)], [("p", 120, 1), ("p", 60, 1), ("s", 1, 0), ("r", -60)],
          [("s", 1, 0), ("p", 60, 1), ("r", -120)], [("s", 1, 0), ("r", 180)], [("r", 120)],
          [("p", 120, 1), ("r", 60)]],
    "O": [[("s", .5, 1.20711)], [("s", 0, 2.41421)], [("s", 1, 2.41421), ("r", -45)],
          [("s", 1.70711, 1.70711), ("r", -90)], [("s", 1.70711, .70711), ("r", -135)], [("s", 1, 0), ("r", 180)],
          [("r", 135)], [("s", -.70711, .70711), ("r", 90)], [("s", -.70711, 1.70711), ("r", 45)]],
}

#: the option keys of the library (the figure's ``every fold`` ... styles are ordinary styles)
_FACE_KEY = re.compile(r"face (\d+)$")


def _frame(ops, length: float) -> G.Affine:
    m = G.IDENTITY
    for op in ops:
        if op[0] == "s":
            n = G.translation(op[1] * length, op[2] * length)
        elif op[0] == "p":
            a = math.radians(op[1])
            n = G.translation(op[2] * length * math.cos(a), op[2] * length * math.sin(a))
        elif op[0] == "r":
            n = G.rotation(op[1])
        else:
            n = (1.0, 0.0, op[1], 1.0, 0.0, 0.0)
        m = G.compose(m, n)
    return m


def _parse(net: str):
    """The tree of ``net``: (shape, face, rotation, children) with children as strings or trees."""
    toks = re.findall(r"[A-Za-z]\(|\)|[^\s()]+", net)
    pos = 0

    def face():
        nonlocal pos
        shape = toks[pos][0]
        num, _, rot = toks[pos + 1].partition("@")
        pos += 2
        kids = []
        while toks[pos] != ")":
            if toks[pos].endswith("("):
                kids.append(face())
            else:
                kids.append(toks[pos])
                pos += 1
        pos += 1
        if len(kids) != len(_FRAMES[shape]) - 1:
            raise FigureSyntaxError(f"folding net face {num} has {len(kids)} sides, not {len(_FRAMES[shape]) - 1}")
        return shape, int(num), float(rot or 0), kids

    return face()


def _pt(m: G.Affine, x: float, y: float) -> str:
    px, py = G.apply(m, (x, y))
    return f"({px:.5f}pt,{py:.5f}pt)"


def _side(m: G.Affine, kind: str, length: float, out: list) -> None:
    """TikZ code of one side's child ``kind`` (fold, cut, ear) in frame ``m``."""
    o, end = _pt(m, 0, 0), _pt(m, length, 0)
    if kind == "f":
        out.append(f"\\draw[every fold]{o}--{end};")
        return
    if kind == "c":
        out.append(f"\\draw[every cut]{o}--{end};")
        return
    if kind == "e":
        apex = _pt(m, .5 * length, .2 * length)
    else:  # e<a: .66 from the start at angle a; e>a: ++(-a:-.66) from the end
        a = math.radians(float(kind[2:]))
        r = .66 * length
        apex = _pt(m, r * math.cos(a), r * math.sin(a)) if kind[1] == "<" else \
            _pt(m, length - r * math.cos(a), r * math.sin(a))
    out.append(f"\\path[every ear]{o}--{apex}--{end}--{o}--cycle;")
    out.append(f"\\draw[every fold]{o}--{end};")
    if kind[1:2] == ">":
        out.append(f"\\draw[every cut]{end}--{apex}--{o};")
    else:
        out.append(f"\\draw[every cut]{o}--{apex}--{end};")


def folding_code(net: str, length: float, faces: dict) -> str:
    """The TikZ code that draws ``net`` with sides ``length`` pt; ``faces`` maps a face number to its code."""
    out = []

    def walk(node, m):
        shape, num, rot, kids = node
        frames = _FRAMES[shape]
        code = faces.get(num)
        if code:
            f = G.compose(G.compose(m, _frame(frames[0], length)), G.rotation(rot))
            a, b, c, d, e, g = f
            out.append(f"\\begin{{scope}}[cm={{{a:.6f},{b:.6f},{c:.6f},{d:.6f},({e:.5f}pt,{g:.5f}pt)}}]"
                       f"{code}\\end{{scope}}")
        for kid, ops in zip(kids, frames[1:]):
            km = G.compose(m, _frame(ops, length))
            if isinstance(kid, tuple):
                walk(kid, km)
            elif kid in ("f", "c", "e") or re.fullmatch(r"e[<>][\d.]+", kid):
                _side(km, kid, length, out)
            else:
                raise FigureSyntaxError(f"folding net side '{kid}' is not a fold, cut, ear or face")

    walk(_parse(net), G.IDENTITY)
    return "\n".join(out)


def draw_folding_pic(interp, kind: str, opts: str, st: dict, loc, name=None, at=None) -> None:
    """Draw ``\\pic[opts]{kind}`` for a pic type of :data:`NETS`."""
    from geoverify.frontends.tikz.pics import pic_state, run_pic_code
    length = 2 * UNITS_PT["cm"]
    faces = {}
    rest = []
    for key, val in split_options(opts):
        k = key.strip()
        m = _FACE_KEY.match(k)
        if k == "folding line length":
            length = interp.number(val or "0", st).value
        elif k == "numbered faces":
            faces.update({i: f"\\node{{{i}}};" for i in range(1, 93)})
        elif m:
            faces[int(m.group(1))] = val or ""
        else:
            rest.append((key, val))
    pst, name = pic_state(interp, st, rest, loc, name, at)
    run_pic_code(interp, pst, folding_code(NETS[kind], length, faces), loc, name)
