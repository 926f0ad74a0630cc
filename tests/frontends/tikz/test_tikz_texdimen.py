"""TeX's dimensions (``texdimen``) and the pgffor ranges that add them up."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.frontends.tikz.texdimen import print_scaled, scan_sp
from geoverify.scene import TextLabel


@pytest.mark.parametrize("v, sp", [(0.1, 6554), (1.0, 65536), (0.25, 16384), (-2.5, -163840), (0.00001, 1)])
def test_scan_sp_rounds_the_decimal_digits(v, sp):
    assert scan_sp(v) == sp


@pytest.mark.parametrize("sp, text", [(65536, "1.0"), (19662, "0.30002"), (6554, "0.1"), (-32768, "-0.5"),
                                      (1, "0.00002")])
def test_print_scaled_is_what_the_gives(sp, text):
    assert print_scaled(sp) == text


def _values(items):
    sc = parse_tikz(r"\foreach \x in {%s} { \node at (\x,0) {\x}; }" % items)
    return [p.text for p in sc.primitives if isinstance(p, TextLabel)]


def test_foreach_ranges_add_dimensions_as_pgffor_does():
    # pgffor adds the step in a dimension register and prints it with \the, dropping ".0":
    # 0.1 is 6554 sp, so the values drift and 1 (65540 sp would pass it) is not reached
    assert _values("0,0.1,...,1") == ["0", "0.1", "0.20001", "0.30002", "0.40002", "0.50003", "0.60004",
                                      "0.70004", "0.80005", "0.90005"]
    assert _values("0,0.25,...,1") == ["0", "0.25", "0.5", "0.75", "1"]
    assert _values("1,0.5,...,-1") == ["1", "0.5", "0", "-0.5", "-1"]
