"""The native front-end against real figures and the real asy (marked; skipped when absent)."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from geoverify.errors import FigureSyntaxError
from geoverify.frontends.asy import parse_asy
from geoverify.frontends.asy.interpreter import Interpreter
from geoverify.frontends.asy.parser import parse_source
from geoverify.frontends.limits import DEFAULT_LIMITS
from geoverify.scene import Scene


@pytest.mark.corpus
@pytest.mark.slow
def test_math_blocks_interpret_without_crashing(corpus):
    folder = corpus / "asy" / "math"
    if not folder.is_dir():
        pytest.skip(f"no Asymptote MATH blocks at {folder}")
    files = sorted(folder.glob("*.asy"))
    random.Random(4).shuffle(files)
    partial = 0
    for f in files[:200]:
        try:
            scene = parse_asy(f.read_text(encoding="utf-8", errors="replace"), filename=str(f), dialect="aops")
        except FigureSyntaxError:
            continue  # a block real asy rejects too (e.g. a comment swallowing one-line code)
        partial += scene.partial
    # 3D blocks and AoPS-only modules are reported, not guessed
    assert partial < 0.2 * 200


def _solve(expr):
    interp = Interpreter(Scene(unit="bp", source_format="asy"), limits=DEFAULT_LIMITS)
    interp.run(parse_source(f"path p = {expr};"))
    return interp.globals.vars["p"]


@pytest.mark.toolchain
def test_random_guides_match_live_asy(tmp_path):
    """Random guides with tensions, curls and directions: control points equal asy's."""
    if not shutil.which("asy"):
        pytest.skip("asy is not installed (scripts/install-toolchains.sh)")
    rng = random.Random(7)
    guides = []
    for _ in range(12):
        n = rng.randint(2, 6)
        pts = [f"({rng.uniform(-5, 5):.3f},{rng.uniform(-5, 5):.3f})" for _ in range(n)]
        parts = [pts[0]]
        for p in pts[1:]:
            j = rng.choice(["..", "..", "::", "..tension 1.5 ..", "..tension atleast 1.2 ..", "--"])
            parts.append(j + p)
        g = "".join(parts)
        if rng.random() < 0.3:
            g = g.replace(pts[0], pts[0] + "{dir(%d)}" % rng.randint(0, 359), 1)
        if rng.random() < 0.4:
            g += "..cycle"
        guides.append(g)
    src = ["void w(path p){for(int i=0;i<length(p);++i){write(point(p,i));write(postcontrol(p,i));"
           "write(precontrol(p,i+1));} write(\"END\");}"]
    src += [f"w({g});" for g in guides]
    (tmp_path / "g.asy").write_text("\n".join(src))
    out = subprocess.run(["asy", "-noV", "g.asy"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    groups, cur = [], []
    for line in out.stdout.split():
        if line == "END":
            groups.append(cur)
            cur = []
        else:
            x, y = line.strip("()").split(",")
            cur.append(complex(float(x), float(y)))
    assert len(groups) == len(guides)
    for g, ref in zip(guides, groups):
        p = _solve(g)
        got = []
        for i in range(p.length):
            a, b, c, _ = p.segment(i)
            got += [a, b, c]
        assert len(got) == len(ref), g
        assert max(abs(x - y) for x, y in zip(got, ref)) < 1e-6 * max(1.0, max(abs(z) for z in ref)), g
