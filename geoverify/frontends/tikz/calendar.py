"""``\\calendar`` of TikZ's ``calendar`` library, rewritten as scopes and ``\\node`` statements.

As in ``tikzlibrarycalendar.code.tex`` and ``pgfcalendar.code.tex``: the statement is
``\\calendar (name) at (point) [options] if (conditions) [options] else [options] ... ;``.
Every date from ``dates=<start> to <end>`` (``YYYY-MM-DD``, the day may be ``last``,
``+n`` adds days) runs, in order, the "before day scope" actions of the arrangement,
then a scope holding the "at begin" shift, the ``if`` options that match the date and
the day code (``\\node[name=<name>-YYYY-MM-DD,every day]{\\%d-};``), then the "after
day scope" actions. The actions move one running shift (in pt), as
``\\pgftransformxshift`` in pgf's loop does:

- ``day list downward/upward/right/left``: a ``day yshift`` (``3ex``) or ``day
  xshift`` (``3.5ex``) after each day, a ``month yshift/xshift`` (``9ex``) before
  each first of a month but the first date;
- ``week list``: the weekday (0 = Monday) times ``day xshift`` in the day's scope,
  ``day yshift`` down after Sundays, ``month yshift`` down before each month;
- ``month list``: ``(day + weekday of the 1st - 1)`` times ``day xshift``, ``month
  yshift`` down before each month;
- ``month label left/right/above .../below ...`` (also ``... vertical``): the
  ``\\node[every month]{\\%mt};`` placed as the library places it.

Conditions are ``all``, weekday names, ``workday``, ``weekend``, ``equals=``, ``day of
month=``, ``end of month=``, ``at least=``, ``at most=``, ``between=.. and ..`` and
``Easter=``. ``day text``/``day code``/``month text``/``month code`` are expanded with
the shorthands ``\\%d-`` ... ``\\%mt`` and ``\\pgfcalendarsuggestedname``. ``execute
before/after/at begin/at end day scope`` (arbitrary TeX), ``year code`` and unknown
condition keys are reported.
"""

from __future__ import annotations

import datetime as _dt

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.tikz.options import split_options
from geoverify.frontends.tikz.tex import Reader, detokenize, tokenize, tokenize_at

__all__ = ["run_calendar"]

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")

_ARRANGEMENTS = ("day list downward", "day list upward", "day list right", "day list left",
                 "week list", "month list")
_LABELS = {  # month label key -> every month style the library appends
    "month label left": "anchor=base east,xshift=-3.5ex",
    "month label left vertical": "anchor=base east,xshift=-4.5ex,yshift=2.25ex,rotate=90",
    "month label right": "anchor=base west,xshift=1ex",
    "month label right vertical": "anchor=base west,xshift=2ex,yshift=2.25ex,rotate=-90",
    "month label above centered": "anchor=base",
    "month label above left": "anchor=base west",
    "month label above right": "anchor=base east",
    "month label below centered": "anchor=base",
    "month label below left": "anchor=base west",
}
_WIDTH = {"day list downward": 1, "day list upward": 1, "day list right": 30, "day list left": 30,
          "week list": 7, "month list": 37}
_UNMODELLED = ("execute before day scope", "execute after day scope", "execute at begin day scope",
               "execute at end day scope", "year code", "year text")


def _parse_date(text: str, year: int | None = None) -> _dt.date:
    """``YYYY-MM-DD`` (day ``last``; ``+n`` adds days); ``MM-DD`` takes ``year``."""
    s = text.replace(" ", "")
    off = 0
    if "+" in s:
        s, o = s.split("+", 1)
        off = int(o)
    parts = s.split("-")
    if len(parts) == 2 and year is not None:
        parts = [str(year)] + parts
    if len(parts) != 3:
        raise ValueError(f"date {text!r} is not YYYY-MM-DD")
    y, m = int(parts[0]), int(parts[1])
    if parts[2] == "last":
        nxt = _dt.date(y + m // 12, m % 12 + 1, 1)
        d = nxt - _dt.timedelta(days=1)
    else:
        # pgf's Julian day arithmetic accepts days past the month's end
        d = _dt.date(y, m, 1) + _dt.timedelta(days=int(parts[2]) - 1)
    return d + _dt.timedelta(days=off)


def _easter(year: int) -> _dt.date:
    """Easter Sunday (Knuth's algorithm E, as pgfcalendar)."""
    g = year % 19 + 1
    c = year // 100 + 1
    x = 3 * c // 4 - 12
    z = (8 * c + 5) // 25 - 5
    d = 5 * year // 4 - x - 10
    e = (11 * g + 20 + z - x) % 30
    if (e == 25 and g > 11) or e == 24:
        e += 1
    n = 44 - e
    if n < 21:
        n += 30
    n = n + 7 - (d + n) % 7
    return _dt.date(year, 4, n - 31) if n > 31 else _dt.date(year, 3, n)


def _matches(cond: str, day: _dt.date) -> bool:
    """``\\ifdate{cond}``: true when one of the comma-separated keys matches."""
    wd = day.weekday()
    for key, val in split_options(cond):
        key = key.strip()
        if key == "all":
            hit = True
        elif key in _WEEKDAYS:
            hit = wd == _WEEKDAYS.index(key)
        elif key == "workday":
            hit = wd < 5
        elif key == "weekend":
            hit = wd > 4
        elif key == "equals":
            hit = day == _parse_date(val, day.year)
        elif key == "day of month":
            hit = day.day == int(val)
        elif key == "end of month":
            hit = (day + _dt.timedelta(days=int(val or 1))).day == 1
        elif key == "at least":
            hit = day >= _parse_date(val, day.year)
        elif key == "at most":
            hit = day <= _parse_date(val, day.year)
        elif key == "between":
            a, _, b = (val or "").partition("and")
            hit = _parse_date(a, day.year) <= day <= _parse_date(b, day.year)
        elif key == "Easter":
            hit = day == _easter(day.year) + _dt.timedelta(days=int(val or 0))
        else:
            raise FigureSyntaxError(f"calendar condition '{key}' is not interpreted")
        if hit:
            return True
    return False


def _shorthands(text: str, day: _dt.date, prefix: str) -> str:
    """Replace pgfcalendar's shorthands and date macros in ``text`` for ``day``."""
    if "\\" not in text:
        return text
    d, m, y, wd = day.day, day.month, day.year, day.weekday()
    pad = "\\hphantom{1}"
    rep = {
        "\\%d-": str(d), "\\%d=": (pad if d < 10 else "") + str(d), "\\%d0": f"{d:02d}",
        "\\%m-": str(m), "\\%m=": (pad if m < 10 else "") + str(m), "\\%m0": f"{m:02d}",
        "\\%y-": str(y), "\\%y=": str(y), "\\%y0": str(y),
        "\\%w.": _WEEKDAYS[wd][:3], "\\%wt": _WEEKDAYS[wd],
        "\\%m.": _MONTHS[m - 1][:3], "\\%mt": _MONTHS[m - 1],
        "\\pgfcalendarsuggestedname": f"{prefix}-{y}-{m:02d}-{d:02d}" if prefix else "",
        "\\pgfcalendarcurrentday": f"{d:02d}", "\\pgfcalendarcurrentmonth": f"{m:02d}",
        "\\pgfcalendarcurrentyear": str(y), "\\pgfcalendarcurrentweekday": str(wd),
    }
    for k, v in rep.items():
        if k in text:
            text = text.replace(k, v)
    return text


class _Calendar:
    def __init__(self, interp, loc):
        self.interp, self.loc = interp, loc
        self.start = self.end = None
        self.prefix = ""
        self.at = None
        self.scope_opts: list[str] = []  # keys for the whole calendar, in order
        self.ifs: list[tuple[str, str, str]] = []  # (conditions, options, else options)
        self.arrangements: list[str] = []  # in order; each adds before/at begin/after actions
        self.labels: list[str] = []
        self.len = {"day xshift": "3.5ex", "day yshift": "3ex", "month xshift": "9ex", "month yshift": "9ex"}
        self.day_code = "\\node[name=\\pgfcalendarsuggestedname,every day]{\\tikzdaytext};"
        self.day_text = "\\%d-"
        self.month_code = "\\node[every month]{\\tikzmonthtext};"
        self.month_text = "\\%mt"
        self.width = 1
        self.order: list[tuple[str, str]] = []  # ("arr"|"label", key): before-actions in order

    # -- options ----------------------------------------------------------------
    def option(self, key: str, val: str | None, depth: int = 0) -> None:
        key = key.strip()
        if key == "dates":
            a, sep, b = (val or "").partition(" to ")
            if not sep:
                a, sep, b = (val or "").partition("to")
            self.start, self.end = a.strip(), b.strip()
        elif key in self.len:
            self.len[key] = val or ""
        elif key == "day code":
            self.day_code = val or ""
        elif key == "day text":
            self.day_text = val or ""
        elif key == "month code":
            self.month_code = val or ""
        elif key == "month text":
            self.month_text = val or ""
        elif key == "days":
            self.scope_opts.append("every day/.append style={" + (val or "") + "}")
        elif key in _ARRANGEMENTS:
            self.order.append(("arr", key))
            self.width = _WIDTH[key]
        elif key in _LABELS:
            self.order.append(("label", key))
            self.scope_opts.append("every month/.append style={" + _LABELS[key] + "}")
        elif key == "name":
            self.prefix = (val or "").strip()
        elif key == "at":
            self.at = (val or "").strip()
        elif key == "if":
            self.read_if(Reader(tokenize(val or ""), self.interp.defs, self.interp.budget, self.interp.source))
        elif key in _UNMODELLED:
            self.interp.note("UNSUPPORTED", f"calendar key '{key}' is not interpreted", key, self.loc)
        else:
            body = self.interp.defs.get("style:" + key) if depth < 20 else None
            if body is not None and "#" not in body and val is None:
                for k, v in split_options(body):
                    self.option(k, v, depth + 1)
            else:
                self.scope_opts.append(key if val is None else f"{key}={{{val}}}")

    def options(self, text: str) -> None:
        for k, v in split_options(text):
            self.option(k, v)

    def read_if(self, reader: Reader) -> None:
        """``if (conditions) [options]|{code} else [options]|{code}`` (``if`` is read)."""
        reader.skip_spaces()
        tok = reader.get()
        if tok is None or tok[0] != "(":
            raise FigureSyntaxError("calendar 'if' without (conditions)")
        cond = detokenize(reader.read_delimited(")", "("))
        branches = []
        for i in range(2):
            reader.skip_spaces()
            nxt = reader.peek()
            if i == 1:
                if nxt is None or nxt[0] != "else":
                    branches.append(("", ""))
                    break
                reader.get()
                reader.skip_spaces()
                nxt = reader.peek()
            if nxt is not None and nxt[0] == "[":
                branches.append(("opts", detokenize(self.interp.expand_all(reader.read_optional()))))
            elif nxt is not None and nxt[0] == "{":
                branches.append(("code", detokenize(reader.read_arg())))
            else:
                raise FigureSyntaxError("calendar 'if' without [options] or {code}")
        self.ifs.append((cond, branches[0], branches[1]))

    # -- rendering --------------------------------------------------------------
    def length(self, name: str) -> float:
        return self.interp.number(self.len[name], self.interp.st).value if self.len[name] else 0.0

    def render(self) -> str:
        if not self.start or not self.end:
            raise FigureSyntaxError("\\calendar without dates=<start> to <end>")
        first, last = _parse_date(self.start), _parse_date(self.end)
        if (last - first).days > 3700:
            raise FigureSyntaxError("\\calendar of more than ten years")
        dx, dy = self.length("day xshift"), self.length("day yshift")
        mx, my = self.length("month xshift"), self.length("month yshift")
        arrs = [k for kind, k in self.order if kind == "arr"]
        x = y = 0.0
        month_start = 0
        out = []
        day = first
        while day <= last:
            new_month = day.day == 1 and day != first
            # before day scope
            for kind, k in self.order:
                if kind == "arr":
                    if new_month:
                        if k in ("day list downward", "week list", "month list"):
                            y -= my
                        elif k == "day list upward":
                            y += my
                        elif k == "day list right":
                            x += mx
                        elif k == "day list left":
                            x -= mx
                    if k == "month list":
                        if day.day == 1 or day == first:
                            month_start = day.replace(day=1).weekday()
                elif day.day == 1:
                    out.append(self.month_label(k, day, x, y, dx, dy))
            # the day scope
            sx = 0.0
            for k in arrs:
                if k == "week list":
                    sx += day.weekday() * dx
                elif k == "month list":
                    sx += (day.day + month_start - 1) * dx
            opts = [f"xshift={x + sx:.5f}pt,yshift={y:.5f}pt"]
            code = []
            for cond, yes, no in self.ifs:
                kind, body = yes if _matches(cond, day) else no
                if kind == "opts" and body:
                    opts.append(body)
                elif kind == "code" and body:
                    code.append(body)
            text = self.day_code.replace("\\tikzdaytext", self.day_text)
            if not self.prefix:
                text = text.replace("name=\\pgfcalendarsuggestedname,", "")
            out.append("\\begin{scope}[" + ",".join(opts) + "]" + "".join(code) + text + "\\end{scope}")
            # after day scope
            for k in arrs:
                if k == "day list downward":
                    y -= dy
                elif k == "day list upward":
                    y += dy
                elif k == "day list right":
                    x += dx
                elif k == "day list left":
                    x -= dx
                elif k == "week list" and day.weekday() == 6:
                    y -= dy
            out[-1] = _shorthands(out[-1], day, self.prefix)
            day += _dt.timedelta(days=1)
        return "".join(out)

    def month_label(self, k: str, day: _dt.date, x: float, y: float, dx: float, dy: float) -> str:
        w = self.width
        if k in ("month label left", "month label left vertical"):
            sx, sy = 0.0, 0.0
        elif k in ("month label right", "month label right vertical"):
            sx, sy = w * dx - dx, 0.0
        elif k in ("month label above centered", "month label below centered"):
            sx = 0.5 * (w * dx - dx) - 1.5 * self.interp.number("1ex", None).value
            sy = 1.25 * dy if "above" in k else -1.25 * dy
        elif k == "month label above right":
            sx, sy = w * dx - dx, 1.25 * dy
        else:  # above left, below left
            sx = -3.25 * self.interp.number("1ex", None).value
            sy = 1.25 * dy if "above" in k else -1.25 * dy
        code = self.month_code.replace("\\tikzmonthtext", self.month_text)
        return _shorthands(f"\\begin{{scope}}[xshift={x + sx:.5f}pt,yshift={y + sy:.5f}pt]" + code
                           + "\\end{scope}", day, self.prefix)


def run_calendar(interp, tok, reader: Reader) -> None:
    """Interpret ``\\calendar ... ;`` (``\\calendar`` is read)."""
    loc = interp.location(tok[1], "\\calendar")
    cal = _Calendar(interp, loc)
    every = interp.defs.get("style:every calendar")
    ended = False
    try:
        if every:
            cal.options(every)
        while True:
            reader.skip_spaces()
            nxt = reader.get()
            if nxt is None:
                raise FigureSyntaxError("\\calendar is not ended by ';'")
            t = nxt[0]
            if t == ";":
                ended = True
                break
            if t == "(":
                cal.prefix = detokenize(interp.expand_all(reader.read_delimited(")", "("))).strip()
            elif t == "at":
                reader.skip_spaces()
                if reader.get()[0] != "(":
                    raise FigureSyntaxError("\\calendar 'at' without (point)")
                cal.at = detokenize(reader.read_delimited(")", "(")).strip()
            elif t == "[":
                reader.push([nxt])
                cal.options(detokenize(interp.expand_all(reader.read_optional())))
            elif t == "if":
                cal.read_if(reader)
            else:
                raise FigureSyntaxError(f"'{t}' in a \\calendar is not interpreted")
        defaults = [f"{s}/.style={{{b}}}" for s, b in (("every day", "anchor=base east"), ("every month", ""),
                                                        ("every year", "")) if interp.defs.get("style:" + s) is None]
        shift = [f"shift={{({cal.at})}}"] if cal.at else []
        body = cal.render()
    except (FigureSyntaxError, ValueError, OverflowError) as err:
        msg = err.message if isinstance(err, FigureSyntaxError) else str(err)
        interp.note("UNSUPPORTED", f"{msg}; the calendar is skipped", "\\calendar", loc)
        if not ended and reader.peek() is not None:
            interp._skip_statement(reader)
        return
    code = "\\begin{scope}[" + ",".join(defaults + cal.scope_opts + shift) + "]" + body + "\\end{scope}"
    toks = tokenize_at(code, tok[1])
    interp.statements(Reader(toks, interp.defs, interp.budget, interp.source), None)
