"""``plot`` path operations: coordinate lists, expressions over a domain, smoothing.

A mixin of :class:`~geoverify.frontends.tikz.paths.PathWalker`. Expressions are
sampled at ``samples`` points of ``domain`` (or ``samples at``) with the plot
variable (``\\x`` by default) bound in pgfmath; ``smooth`` and ``smooth cycle``
use pgf's curve-to handler: the supports of point i lie at
``0.2775 x tension x (p[i+1] - p[i-1])`` (tension 0.5 unless set).
"""

from __future__ import annotations

from lark import Token

from geoverify.frontends.tikz.coords import evaluate_coordinate

__all__ = ["PlotMixin"]

_PLOT_TENSION = 0.2775  # pgflibraryplothandlers: support = 0.2775 * tension * (p[i+1] - p[i-1])


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
        text = self.interp.subst_let(body)
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
            # drawing keys given to the plot apply to the whole path
            for k in ("smooth", "closed_plot", "tension"):
                pass
        if kind == "expr":
            body = _inner(body)
        else:
            body = body[1:-1]
        pts = self._plot_points(st, kind, body)
        if not pts:
            return
        if join and self.cur is not None:
            self.path.line(self._start_point(pts[0]), pts[0])
        else:
            self.path.move_to(pts[0])
        if st["smooth"] and len(pts) > 2:
            self._smooth(pts, st["tension"], st["closed_plot"])
        else:
            for a, b in zip(pts, pts[1:]):
                self.path.line(a, b)
            if st["closed_plot"]:
                self.path.close()
        if st.get("mark"):
            self.interp.plot_marks(pts, st, self.loc)
        self.last_op = list(self.path.current.segs) if self.path.current else []
        self.cur = pts[-1]
        self.cur_node = None
        self.ref = self.cur

    def _smooth(self, pts, tension, closed):
        t = _PLOT_TENSION * tension
        n = len(pts)
        if closed:
            ext = [pts[-1]] + pts + [pts[0], pts[1]]
            for i in range(1, n + 1):
                p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
                c1 = (p1[0] + t * (p2[0] - p0[0]), p1[1] + t * (p2[1] - p0[1]))
                c2 = (p2[0] - t * (p3[0] - p1[0]), p2[1] - t * (p3[1] - p1[1]))
                self.path.curve(p1, c1, c2, p2)
            self.path.current.closed = True
            self.path.current = None
            return
        for i in range(n - 1):
            p1, p2 = pts[i], pts[i + 1]
            if i == 0:
                c1 = p1
            else:
                p0 = pts[i - 1]
                c1 = (p1[0] + t * (p2[0] - p0[0]), p1[1] + t * (p2[1] - p0[1]))
            if i == n - 2:
                c2 = p2
            else:
                p3 = pts[i + 2]
                c2 = (p2[0] - t * (p3[0] - p1[0]), p2[1] - t * (p3[1] - p1[1]))
            self.path.curve(p1, c1, c2, p2)

    def op_plot_coords(self, item):
        self._plot(item, "coords")

    def op_plot_expr(self, item):
        self._plot(item, "expr")

    def op_plot_function(self, item):
        self.interp.note("UNSUPPORTED", "plot function{...} needs gnuplot; not interpreted", "plot function", self.loc)

    def op_plot_file(self, item):
        self.interp.note("UNSUPPORTED", "plot file{...} reads a file; not interpreted", "plot file", self.loc)
