"""shape backgrounds: pgf's automaton, with scaled shapes and evenly spread ones
(numbers from latex + dvisvgm)."""

from __future__ import annotations

import pytest

from geoverify.frontends.tikz import parse_tikz
from geoverify.scene import Polyline

from tikz_fixtures import close

BP = 72.27 / 72  # pt per bp
O = -66.332032  # x = 0 of the picture (bp)


def _spans(opts, length="3"):
    sc = parse_tikz(r"\fill[decorate, decoration={shape backgrounds, shape=rectangle, %s}] (0,0) -- (%s,0);"
                    % (opts, length))
    return [(min(p.points[:, 0]), max(p.points[:, 0])) for p in sc.primitives if isinstance(p, Polyline)]


@pytest.mark.parametrize("opts, tex", [
    # five shapes from 4 mm to 1 mm, their borders equally far apart (the first centred on the start)
    ("shape start size=4mm, shape end size=1mm, shape evenly spread={5, by borders}, shape scaled",
     [(-72, -60.66406), (-46.4883, -37.2773), (-23.1055, -16.0195), (-1.8477, 3.1133), (17.2852, 20.1211)]),
    # by centers: a quarter of the path apart, the width in proportion to the distance done
    ("shape start size=4mm, shape end size=1mm, shape evenly spread={5, by centers}, shape scaled",
     [(-72, -60.66406), (-49.6758, -40.4648), (-27.3555, -20.2695), (-5.0313, -0.0703), (17.293, 20.125)]),
    # not scaled: all 4 mm, a third of the path apart
    ("shape start size=4mm, shape end size=1mm, shape evenly spread=4",
     [(-72, -60.66406), (-43.6523, -32.3164), (-15.3047, -3.9688), (13.0391, 24.3789)]),
    # between borders, scaled from .125 cm to .5 cm: the first two
    ("shape start size=.125cm, shape end size=.5cm, shape sep={.25cm, between borders}, shape scaled",
     [(-68.10156, -64.55859), (-57.47266, -52.5117)]),
])
def test_scaled_and_evenly_spread_shapes(opts, tex):
    spans = _spans(opts)
    want = [((a - O) * BP, (b - O) * BP) for a, b in tex]
    assert close(spans[:len(want)], want, tol=0.02)
    if "evenly" in opts:
        assert len(spans) == len(want)
