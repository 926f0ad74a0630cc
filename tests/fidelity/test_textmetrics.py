from __future__ import annotations

import pytest

from geoverify.fidelity.textmetrics import asy_calls, available, keyword_f1, text_metrics

REF = 'size(100); pair A=(0,0); draw(A--(1,0)); label("$A$", A, SW); dot(A); draw(rightanglemark(A,B,C));'


def test_calls_ignore_strings_comments_and_unknown_names():
    code = 'draw(A--B); // fill(x)\n label("draw(", A); myfunc(2); /* dot(A) */ foot(A,B,C);'
    assert asy_calls(code) == {"draw", "label", "foot"}


def test_keyword_f1_values():
    assert keyword_f1(REF, REF) == 100.0
    cand = "draw(A--B); label(\"$B$\", B);"
    # reference {size, draw, label, dot, rightanglemark}, candidate {draw, label}: P 1, R 0.4
    assert keyword_f1(REF, cand) == pytest.approx(100 * 2 * 1 * 0.4 / 1.4)
    assert keyword_f1(REF, "pair A;") == 0.0
    assert keyword_f1("pair A;", "pair B;") == 100.0


def test_overlap_metrics_with_the_extra():
    ok, why = available()
    if not ok:
        pytest.skip(why)
    same = text_metrics(REF, REF)
    assert same["bleu"] == pytest.approx(100.0) and same["chrf++"] == pytest.approx(100.0)
    assert same["rouge_l"] == pytest.approx(100.0)
    other = text_metrics(REF, "draw(circle((0,0),1));")
    assert 0 <= other["bleu"] < 50 and 0 <= other["chrf++"] < 60 and 0 <= other["rouge_l"] < 60


def test_without_the_extra_only_keyword_f1(monkeypatch):
    import geoverify.fidelity.textmetrics as tm

    monkeypatch.setattr(tm, "available", lambda: (False, "not installed"))
    assert set(tm.text_metrics(REF, REF)) == {"keyword_f1"}
