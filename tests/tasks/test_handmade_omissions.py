"""Hand-made answers that leave out an object the prompt asks for must fail a hard predicate.

Each figure below is the task's correct answer except for one omitted segment (a radius, the
diameter, PF); before the Gold IRs required those segments drawn, every hard predicate passed
(perpendicularity and equal lengths were measured between the located end points alone).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import geoverify

TASKS = Path(__file__).resolve().parents[2] / "tasks"

_DOTS = r"\fill (O) circle (2pt) (P) circle (2pt) (T1) circle (2pt) (T2) circle (2pt);" "\n"

CASES = {
    # task, predicate that must fail, TikZ body
    "tangents-without-radius": ("euclidean-geometry/tangents-external-point", "TG-H4", r"""
\coordinate (O) at (0,0); \coordinate (P) at (5,1);
\coordinate (T1) at (0.4084,1.9579); \coordinate (T2) at (1.1300,-1.6502);
\draw (O) circle (2); \draw (P) -- (T1) (P) -- (T2) (O) -- (T1);
""" + _DOTS + r"""
\node[left] at (O) {$O$}; \node[right] at (P) {$P$};
\node[above] at (T1) {$T_1$}; \node[below] at (T2) {$T_2$};
"""),
    "thales-without-diameter": ("euclidean-geometry/thales-right-angle", "TH-H1", r"""
\draw (0,0) circle (2.5); \draw (-2.5,0) -- (1.174,2.207) -- (2.5,0);
\fill (-2.5,0) circle (2pt) node[left]{$A$} (2.5,0) circle (2pt) node[right]{$B$};
\fill (1.174,2.207) circle (2pt) node[above]{$C$} (0,0) circle (2pt) node[below]{$O$};
"""),
    "incircle-without-radius": ("euclidean-geometry/incircle", "IC-H4", r"""
\path (0,0) coordinate (A) (6,0) coordinate (B) (2,4) coordinate (C) (2.4076,1.4880) coordinate (I)
      (3.4598,2.5402) coordinate (D) (1.0767,2.1535) coordinate (E) (2.4076,0) coordinate (F);
\draw (A) -- (B) -- (C) -- cycle; \draw (I) circle (1.4880);
\foreach \n/\p in {A/below left,B/below right,C/above,I/left,D/above right,E/above left,F/below}
  { \fill (\n) circle (1.5pt); \node[\p] at (\n) {$\n$}; }
"""),
    "orthogonal-without-radius": ("inversive-geometry/orthogonal-circles", "OC-H3", r"""
\draw (0,0) circle (2) (2.5,0) circle (1.5); \draw (1.6,1.2) -- (2.5,0);
\fill (0,0) circle (1.5pt) node[left] {$O_1$}; \fill (2.5,0) circle (1.5pt) node[right] {$O_2$};
\fill (1.6,1.2) circle (1.5pt) node[above] {$P$};
\node at (-2.3,0) {$c_1$}; \node at (4.3,0) {$c_2$};
"""),
    "parabola-without-PF": ("analytic-geometry/parabola-focus-directrix", "PB-H4", r"""
\draw plot[domain=-5.2:5.2, samples=120] (\x, {\x*\x/4}); \draw (-6.5,-1) -- (6.5,-1);
\draw[dashed] (2.5,1.5625) -- (2.5,-1);
\fill (0,1) circle (2pt) node[left] {$F$} (2.5,1.5625) circle (2pt) node[right] {$P$};
\fill (2.5,-1) circle (2pt) node[below] {$Q$}; \node at (-6.2,-1.35) {$d$};
"""),
}

# The line L left out: the projection's foot and the right angle were measured against L where the
# frame puts it, and L itself was never required drawn.
CASES["projection-without-line"] = ("linear-algebra/orthogonal-projection", "PR-H1", r"""
\draw[->] (0,0) -- (1.2,2.4) node[above] {$v$};
\draw[->] (0,0) -- (1.8,0.6) node[below right] {$\mathrm{proj}_L v$};
\draw[dashed] (1.2,2.4) -- (1.8,0.6);
""")

# The segment [0, 4] left out (only its five points and the discs): the segment was not in the IR.
CASES["cover-without-segment"] = ("topology/finite-cover-segment", "CV-H1", r"""
\foreach \x in {0,...,4} { \fill (\x,0) circle (1.5pt); \node[below] at (\x,-0.1) {$P_\x$}; }
\draw (0.7,0) circle (1); \draw (2.4,0) circle (1); \draw (3.9,0) circle (0.6);
\node at (0.7,1.2) {$D_1$}; \node at (2.4,1.2) {$D_2$}; \node at (3.9,0.8) {$D_3$};
""")

#: Hand-made answers that draw something else than the prompt asks for.
WRONG = {
    # P at 35 degrees instead of 55: the frame fitted P and Q alone (O and the circle as outliers),
    # and neither the circle nor O was compared with the IR.
    # The graph of x^2/2.6 instead of x^2/2, drawn over its own range.
    "secant-wrong-function": ("real-analysis/secant-tangent-limit", "SC-H1", r"""
\draw[domain=-1.5:2.4, samples=100] plot (\x, {\x*\x/2.6});
\draw[dashed] (0.8,0.2) -- (2.3,2.45); \draw (0.4,-0.1) -- (1.6,1.1);
\filldraw (1,0.5) circle (1pt) node[right] {$P$} (2,2) circle (1pt) node[right] {$Q$};
\node[anchor=west] at (-1.5,2.5) {$f'(1)=1$};
"""),
    # The circle 8% too large: the same 21 lattice points inside, and the circle alone fixed the frame.
    "lattice-circle-too-large": ("number-theory/gauss-circle-lattice", "LP-H4", r"""
\foreach \x in {-3,...,3} \foreach \y in {-3,...,3} \fill (\x,\y) circle (2pt);
\draw (0,0) circle (2.7); \node at (0,-4) {$N(2.5)=21$};
"""),
    # Only the lattice points with |x|, |y| <= 2: all 21 inside are there, the prompt's 49 are not.
    "lattice-small-grid": ("number-theory/gauss-circle-lattice", "LP-H4", r"""
\foreach \x in {-2,...,2} \foreach \y in {-2,...,2} \fill (\x,\y) circle (2pt);
\draw (0,0) circle (2.5); \node at (0,-4) {$N(2.5)=21$};
"""),
    # A drawn partly outside B, every witness where the prompt puts it: A inside B was not checked.
    "sets-A-not-inside-B": ("set-theory/set-inclusion-witnesses", "SI-H1", r"""
\draw (0,0) circle (3); \node at (-2.4,2.4) {$B$}; \draw (2.2,0.3) circle (1.5); \node at (2.8,2.0) {$A$};
\fill (2.0,0.2) circle (2pt) node[below] {$x$}; \fill (-1.5,-1) circle (2pt) node[below] {$y$};
\fill (-3.5,2.5) circle (2pt) node[right] {$z$}; \node at (0,-3.6) {$A \subset B$};
"""),
    "unit-circle-wrong-angle": ("trigonometry/unit-circle-sine-cosine", "UC-H1", r"""
\draw (0,0) circle (3); \coordinate (P) at (35:3); \coordinate (Q) at ({3*cos(35)},0);
\draw (0,0) -- (P); \draw (P) -- node[right] {$\sin\theta$} (Q); \draw (0,0) -- node[below] {$\cos\theta$} (Q);
\fill (0,0) circle (2pt) node[below left] {$O$} (P) circle (2pt) node[above right] {$P$};
\fill (Q) circle (2pt) node[below right] {$Q$};
"""),
}
CASES.update(WRONG)


def _check(tmp_path, name):
    task, _, body = CASES[name]
    fig = tmp_path / f"{name}.tex"
    fig.write_text("\\begin{tikzpicture}\n" + body + "\\end{tikzpicture}\n")
    return geoverify.check(fig, TASKS / task).to_dict()


@pytest.mark.parametrize("name", sorted(CASES))
def test_omitted_or_wrong_object_fails_a_hard_predicate(tmp_path, name):
    rep = _check(tmp_path, name)
    verdicts = {p["id"]: p["verdict"] for p in rep["predicates"]}
    assert rep["H_math"] == 0
    assert verdicts[CASES[name][1]] == "fail", verdicts


#: Hand-made correct answers written differently from the reference.
CORRECT = {
    # Vectors labelled beside the middle of their arrows: the Gold IR named the tip points, so
    # the label put e_1 at (0.5, 0) and the unit square was "not drawn".
    "linear-map-midway-labels": ("linear-algebra/linear-map-unit-square", r"""
\draw (0,0) rectangle (1,1);
\draw[->] (0,0) -- node[midway,below] {$e_1$} (1,0);
\draw[->] (0,0) -- node[midway,left] {$e_2$} (0,1);
\begin{scope}[xshift=2.5cm]
  \draw (0,0) -- (2,0) -- (3,1) -- (1,1) -- cycle;
  \draw[->] (0,0) -- node[midway,below] {$Ae_1$} (2,0);
  \draw[->] (0,0) -- node[midway,above left] {$Ae_2$} (1,1);
\end{scope}
"""),
    # The parabola over [-4, 4] and a shorter directrix (the reference draws [-5.2, 5.2]): the
    # prompt fixes no extent, but the curve had to match the reference's both ways.
    "parabola-own-extent": ("analytic-geometry/parabola-focus-directrix", r"""
\draw[domain=-4:4, samples=80, smooth] plot (\x, {\x*\x/4}); \draw (-4,-1) -- (4,-1) node[right] {$d$};
\draw (2.5,1.5625) -- (0,1); \draw[dashed] (2.5,1.5625) -- (2.5,-1);
\fill (0,1) circle (2pt) node[left] {$F$} (2.5,1.5625) circle (2pt) node[right] {$P$};
\fill (2.5,-1) circle (2pt) node[below] {$Q$};
"""),
    # The graph over its own range and a tangent drawn only near P: the graph had to match the
    # reference's [-1, 2.6] and the tangent to cover the reference's stretch of it.
    "secant-own-extent": ("real-analysis/secant-tangent-limit", r"""
\draw[domain=-1.5:2.4, samples=100] plot (\x, {0.5*\x*\x});
\draw[dashed] (0.8,0.2) -- (2.3,2.45); \draw (0.4,-0.1) -- (1.6,1.1);
\filldraw (1,0.5) circle (1pt) node[right] {$P$} (2,2) circle (1pt) node[right] {$Q$};
\node[anchor=west] at (-1.5,2.5) {$f'(1)=1$};
"""),
    # The parabola over [-1.6, 1.6] and the tangent over [-1, 1]: the curve had to match the
    # reference's [-2.2, 2.2] and the tangent to cover P..(1.6, 0).
    "osculating-own-extent": ("differential-geometry/osculating-circle-parabola", r"""
\draw[domain=-1.6:1.6, samples=60] plot (\x, {\x*\x/2}); \draw[dashed] (0,1) circle (1);
\draw (-1,0) -- (1,0); \draw (0,0) -- (0,1);
\fill (0,0) circle (1pt) node[below] {$P$} (0,1) circle (1pt) node[right] {$K$};
\node at (2,1.5) {$\kappa = 1$};
"""),
}


@pytest.mark.parametrize("name", sorted(CORRECT))
def test_correct_answer_written_differently_passes(tmp_path, name):
    task, body = CORRECT[name]
    fig = tmp_path / f"{name}.tex"
    fig.write_text("\\begin{tikzpicture}\n" + body + "\\end{tikzpicture}\n")
    rep = geoverify.check(fig, TASKS / task).to_dict()
    assert rep["D"] == 1, [(p["id"], p["message"]) for p in rep["predicates"] if p["verdict"] != "pass"]


def test_linear_map_swapped_image_labels_still_fail(tmp_path):
    """Ae_1 and Ae_2 exchanged misstate the map: a hard predicate, as the bundled variant expects."""
    task, body = CORRECT["linear-map-midway-labels"]
    body = body.replace("{$Ae_1$}", "{$X$}").replace("{$Ae_2$}", "{$Ae_1$}").replace("{$X$}", "{$Ae_2$}")
    fig = tmp_path / "swapped.tex"
    fig.write_text("\\begin{tikzpicture}\n" + body + "\\end{tikzpicture}\n")
    verdicts = {p["id"]: p["verdict"] for p in geoverify.check(fig, TASKS / task).to_dict()["predicates"]}
    assert verdicts["LM-H2"] == "fail"
