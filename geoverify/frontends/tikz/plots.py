"""``plot`` path operations: coordinate lists, expressions over a domain, handlers, marks.

A mixin of :class:`~geoverify.frontends.tikz.paths.PathWalker`. Expressions are
sampled at ``samples`` points of ``domain`` (or ``samples at``) with the plot
variable (``\\x`` by default) bound in pgfmath. The points go through the plot
handler TikZ's keys select (``sharp plot``, ``smooth``, ``smooth cycle``,
``const plot ...``, ``jump mark ...``, ``ycomb``, ``polar comb``, ``ybar``,
``ybar interval``, ``only marks`` ...; :mod:`~geoverify.frontends.tikz.plothandlers`),
and ``mark=`` draws a mark at each (:mod:`~geoverify.frontends.tikz.plotmarks`).
"""

from __future__ import annotations

from lark import Token

from geoverify.frontends.tikz import geometry as G
from geoverify.frontends.tikz.coords import evaluate_coordinate
from geoverify.frontends.tikz.pgfmath import text_powers
from geoverify.frontends.tikz.plothandlers import bar_options, handler_path
from geoverify.frontends.tikz.plotmarks import draw_plot_marks

__all__ = ["PlotMixin"]

def _inner(paren: str) -> str:
    return paren.strip()[1:-1]


class PlotMixin:
    """Plot operations of the path walker."""

    def _plot_points(self, st, kind, body):
        pts = []
        if kind == "coords":
            i = 0
            s = body
            while i < len(s):
                if s[i] == "(":
                    depth = 0
                    for j in range(i, len(s)):
                        if s[j] == "(":
                            depth += 1
                        elif s[j] == ")":
                            depth -= 1
                            if depth == 0:
                                break
                    inner = s[i + 1:j]
                    pts.append(evaluate_coordinate(self.interp, self.interp.subst_let(inner), st).point)
                    i = j + 1
                else:
                    i += 1
            return pts
        var = st["variable"]
        if st["samples_at"]:
            from geoverify.frontends.tikz.interpreter import expand_list
            values = [self.interp.number(v, st).value for v in expand_list(self.interp, st["samples_at"])]
        else:
            a, b = st["domain"]
            n = max(2, st["samples"])
            self.interp.budget.check_array(n)
            values = [a + (b - a) * k / (n - 1) for k in range(n)]
        self.interp.budget.step(len(values))
        text = text_powers(self.interp.subst_let(body), var)
        old = self.interp.env.get(var)
        try:
            for v in values:
                self.interp.env[var] = v
                pts.append(evaluate_coordinate(self.interp, text, st).point)
        finally:
            if old is None:
                self.interp.env.pop(var, None)
            else:
                self.interp.env[var] = old
        return pts

    def _plot(self, item, kind):
        toks = [c for c in item.children if isinstance(c, Token)]
        join = bool(toks) and str(toks[0]) == "--"
        opts = [str(t) for t in toks if str(t).startswith("[")]
        body = [str(t) for t in toks if str(t).startswith("{") or str(t).startswith("(")][-1]
        st = dict(self.st)
        if opts:
            self.interp.apply_options(st, opts[0])
        if kind == "expr":
            body = _inner(body)
        else:
            body = body[1:-1]
        pts = self._plot_points(st, kind, body)
        if not pts:
            return
        handler = st.get("plot_handler") or (
            ("closedcurve" if st["closed_plot"] else "curveto") if st["smooth"] else "lineto")
        if handler == "curveto" and len(pts) < 3:
            handler = "lineto"
        # the handler works in pgf's coordinates before the transformation (bar widths, zero levels)
        ctm = st["ctm"]
        inv = G.invert(ctm)
        ops = handler_path([G.apply(inv, p) for p in pts], handler, bar_options(st), join=join)
        cur = None
        for op in ops:
            if op[0] == "Z":
                self.path.close()
                continue
            q = [G.apply(ctm, p) for p in op[1:]]
            if op[0] == "M":
                self.path.move_to(q[0])
            elif cur is None:  # -- plot: a line from the current point to the first one
                if self.cur is not None:
                    self.path.line(self._start_point(q[0]), q[0])
                else:
                    self.path.move_to(q[0])
            elif op[0] == "L":
                self.path.line(cur, q[0])
            else:
                self.path.curve(cur, q[0], q[1], q[2])
            cur = q[-1]
        if st.get("mark"):
            draw_plot_marks(self.interp, pts, st, self.loc)
        self.last_op = list(self.path.current.segs) if self.path.current else []
        self.cur = pts[-1]
        self.cur_node = None
        self.ref = self.cur

    def op_plot_coords(self, item):
        self._plot(item, "coords")

    def op_plot_expr(self, item):
        self._plot(item, "expr")

    def op_plot_function(self, item):
        self.interp.note("UNSUPPORTED", "plot function{...} needs gnuplot; not interpreted", "plot function", self.loc)

    def op_plot_file(self, item):
        self.interp.note("UNSUPPORTED", "plot file{...} reads a file; not interpreted", "plot file", self.loc)
