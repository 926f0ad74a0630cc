"""``\\calendar`` (calendar library): arrangements, month labels, conditions, shorthands.

Positions are the ``base east`` anchors of the day nodes pdfTeX reported for the same
calendars (``\\pgfgetlastxy`` after ``\\path (c-2000-01-31.base east)``), in pt.
"""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.calendar import _easter, _matches, _parse_date

OUTER_SEP = 0.2  # base east is on the node's outer border: half the 0.4pt line width
INNER_SEP = 10 / 3


def days(sc):
    """Node name -> (base east x, baseline y, text, fill)."""
    out = {}
    for _, lab in sc.labels:
        if lab.name:
            out[lab.name] = (lab.box[2] + INNER_SEP + OUTER_SEP, lab.box[1], lab.text, lab.style.fill)
    return out


def test_week_list_at_point_with_shifts_and_weekend_condition():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \calendar (c) at (1,2) [dates=2000-01-30 to 2000-02-last, week list, day xshift=1cm,
                              month yshift=1cm] if (weekend) [red];
    \end{tikzpicture}""")
    d = days(sc)
    assert len(d) == 31 and d["c-2000-02-29"][2] == "29"
    for name, (x, y) in {"c-2000-01-30": (199.1692, 56.90549), "c-2000-01-31": (28.45274, 43.98886),
                         "c-2000-02-01": (56.90549, 15.53612), "c-2000-02-06": (199.1692, 15.53612),
                         "c-2000-02-29": (56.90549, -36.13039)}.items():
        assert d[name][:2] == pytest.approx((x, y), abs=0.01), name
    assert d["c-2000-01-30"][3] == "#ff0000" and d["c-2000-01-31"][3] == "#000000"
    assert not [m for m in sc.diagnostics if m.code == "UNSUPPORTED"]


def test_month_list_and_month_label():
    sc = parse_tikz(r"""\begin{tikzpicture}
      \calendar (m) [dates=2000-01-30 to 2000-02-02, month list, month label left];
    \end{tikzpicture}""")
    d = days(sc)
    assert d["m-2000-01-30"][:2] == pytest.approx((512.3595, 0.0), abs=0.01)
    assert d["m-2000-01-31"][:2] == pytest.approx((527.4289, 0.0), abs=0.01)
    assert d["m-2000-02-01"][:2] == pytest.approx((15.0694, -38.74988), abs=0.01)
    months = [lab.text for _, lab in sc.labels if not lab.name]
    assert months == ["February"]


def test_day_list_right_month_xshift_and_unnamed_days():
    sc = parse_tikz(r"""\tikz \calendar [dates=2000-01-28 to 2000-02-03, day list right,
                                           month xshift=1em, day text=\%d0/\%m.];""")
    texts = [lab.text for _, lab in sc.labels]
    assert texts[0] == "28/Jan" and texts[-1] == "03/Feb"
    right = {lab.text: lab.box[2] + INNER_SEP + OUTER_SEP for _, lab in sc.labels}
    assert right["31/Jan"] == pytest.approx(45.20819, abs=0.01)
    assert right["01/Feb"] == pytest.approx(70.2776, abs=0.01)


def test_unmodelled_key_and_missing_dates_are_reported():
    sc = parse_tikz(r"\tikz \calendar [dates=2000-01-01 to 2000-01-02, execute after day scope={\relax}];")
    assert any("execute after day scope" in m.message for m in sc.diagnostics if m.code == "UNSUPPORTED")
    sc = parse_tikz(r"\tikz \calendar [week list]; \tikz \draw (0,0) -- (1,0);")
    assert any("dates" in m.message for m in sc.diagnostics if m.code == "UNSUPPORTED")


def test_dates_and_conditions():
    assert str(_parse_date("2000-02-last")) == "2000-02-29"
    assert str(_parse_date("2006-01-31+1")) == "2006-02-01"
    assert str(_parse_date("2006-02-01 +-2")) == "2006-01-30"
    assert str(_easter(2024)) == "2024-03-31" and str(_easter(2000)) == "2000-04-23"
    day = _parse_date("2000-01-31")  # a Monday
    assert _matches("Monday", day) and _matches("Sunday,end of month", day)
    assert _matches("between=01-30 and 02-02", day) and not _matches("weekend", day)
