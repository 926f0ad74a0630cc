"""Zero markers are optional, but when drawn they must all be right (Rouché CA-H4).

CA-H4 is the MathVis card's "n zero markers, or a winding number of n": the winding branch
passed whatever markers were drawn, so a figure marking 3 of the 4 zeros, or 4 points near 0
that are no zeros, passed. Now ``markers_all_or_none`` also requires the markers drawn
inside C (marking no other object) to be none, or the zeros, one each.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import geoverify

TASK = Path(__file__).resolve().parents[2] / "tasks" / "complex-analysis" / "rouche-z4"
REFERENCE = (TASK / "reference.tex").read_text()
MARKERS = re.compile(r"^\\fill\[gvred\] \(.*\) circle \(2\.2pt\);\n", re.M)
CONTOUR = "\\draw[draw=gvgreen, line width=1.3pt] (0,0) circle (2.75);\n"


def _h4(tmp_path, text):
    fig = tmp_path / "fig.tex"
    fig.write_text(text)
    rep = geoverify.check(fig, TASK).to_dict()
    return {p["id"]: p for p in rep["predicates"]}["CA-H4"]


def _markers(points):
    return "".join(f"\\fill[gvred] ({x},{y}) circle (2.2pt);\n" for x, y in points)


def _with_markers(points, text=REFERENCE):
    first = MARKERS.search(text).start()
    return text[:first] + _markers(points) + MARKERS.sub("", text[first:])


def test_reference_markers_pass(tmp_path):
    assert len(MARKERS.findall(REFERENCE)) == 4
    h4 = _h4(tmp_path, REFERENCE)
    assert h4["verdict"] == "pass", h4["message"]


def test_no_markers_pass_by_the_winding_number(tmp_path):
    h4 = _h4(tmp_path, MARKERS.sub("", REFERENCE))
    assert h4["verdict"] == "pass", h4["message"]


def test_three_of_four_zeros_marked_fail(tmp_path):
    h4 = _h4(tmp_path, MARKERS.sub("", REFERENCE, count=1))
    assert h4["verdict"] == "fail", h4["message"]
    assert "3 markers drawn" in h4["message"]


def test_four_markers_in_the_wrong_places_fail(tmp_path):
    h4 = _h4(tmp_path, _with_markers([(0.3, 0.3), (-0.3, 0.3), (-0.3, -0.3), (0.3, -0.3)]))
    assert h4["verdict"] == "fail", h4["message"]


def test_a_labelled_origin_dot_is_no_zero_marker(tmp_path):
    h4 = _h4(tmp_path, REFERENCE.replace(CONTOUR, CONTOUR + "\\fill (0,0) circle (1.5pt) node[below left] {$0$};\n"))
    assert h4["verdict"] == "pass", h4["message"]


@pytest.mark.parametrize("markers", [None, [(1.061, 1.533)]], ids=["all-zeros", "one-zero"])
def test_without_the_contour_markers_are_not_judged(tmp_path, markers):
    # Nothing places C (no circle, no labelled point): no marker is known to be inside it,
    # and the winding number decides (the missing-contour variant fails CA-S1..S3 only).
    text = REFERENCE.replace(CONTOUR, "")
    if markers is not None:
        text = _with_markers(markers, text)
    h4 = _h4(tmp_path, text)
    assert h4["verdict"] == "pass", h4["message"]
