"""String literals as asy 2.85 reads them (``write`` of each literal, printed by the real asy)."""

from __future__ import annotations

import pytest

from geoverify.frontends.asy import parse_asy
from geoverify.scene.primitives import TextLabel


@pytest.mark.parametrize("literal, value", [
    (r'"a\\b"', "a\\\\b"),  # asy prints a\\b: TeX gets its \\ (matrix rows)
    (r'"c\\\\d"', "c\\\\\\\\d"),
    (r'"e\"f"', 'e"f'),
    (r"'g\\h'", "g\\h"),  # single quotes take C escapes
])
def test_string_literals(literal, value):
    lab = next(p for p in parse_asy(f"label({literal}, (0,0));").primitives if isinstance(p, TextLabel))
    assert lab.text == value
