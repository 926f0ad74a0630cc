"""The read-only settings record (asy 2.85's defaults, letter paper)."""

from __future__ import annotations

import numpy as np

from geoverify.frontends.asy import parse_asy
from geoverify.scene import Polyline


def test_paper_size_reads_as_asy_reports_it():
    # asy 2.85: write(settings.paperwidth, settings.paperheight) prints 612 792
    s = parse_asy("draw((0,0)--(settings.paperwidth/2,settings.paperheight/4));")
    (line,) = [p for p in s.primitives if isinstance(p, Polyline)]
    np.testing.assert_allclose(line.points, [[0, 0], [306, 198]])


def test_assigning_settings_stays_refused_output_settings_are_only_noted():
    # settings.texcommand="sh" would run a shell: refused (the scene is partial); settings.outformat
    # chooses the file written, which the picture does not depend on: noted, the scene stays whole
    s = parse_asy("settings.texcommand=\"sh\"; draw((0,0)--(1,1));")
    assert [d.code for d in s.diagnostics if d.construct == "settings"] == ["UNSUPPORTED"]
    s = parse_asy("settings.outformat=\"pdf\"; settings.render=0; draw((0,0)--(1,1));")
    assert [d.code for d in s.diagnostics if d.construct == "settings"] == ["NOTE", "NOTE"]
    assert not s.partial
