"""run_gate on each format with the real toolchains: the four parts and their codes."""

from __future__ import annotations

import pytest

from geoverify.errors import FigureFormatError, InputError
from geoverify.gate import GateCache, GateSettings, rendered_scene, run_gate
from geoverify.gate import run as gate_run
from geoverify.gate.tex import needs_lualatex, needs_luaotfload, prepare_document
from geoverify.gate.toolchains import FORMAT_TOOLS, available_toolchains

ALL_TRUE = {"format_correct": True, "compilable": True, "rendered": True, "non_empty": True}

TIKZ_DOC = r"""\documentclass[tikz,border=2pt]{standalone}
\begin{document}
\begin{tikzpicture}
\draw (0,0) circle (1);
\node at (0,0) {$A$};
\end{tikzpicture}
\end{document}
"""
ASY = 'size(100);\ndraw(unitcircle);\nlabel("$A$", (0,0));\n'
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
       '<circle cx="50" cy="50" r="30" fill="none" stroke="black"/></svg>')


def _need(fmt):
    tools = available_toolchains()
    missing = [t for t in FORMAT_TOOLS[fmt] if tools.get(t) is None]
    if missing:
        pytest.skip(f"{fmt} toolchain not installed ({', '.join(missing)}); run scripts/install-toolchains.sh")


# --- no toolchain needed --------------------------------------------------------------------

def test_bad_format_or_dialect_is_an_input_error():
    with pytest.raises(InputError):
        run_gate("x", "png")
    with pytest.raises(InputError):
        run_gate("x", "asy", dialect="metapost")


@pytest.mark.parametrize("fmt", ["svg", "tikz", "asy"])
def test_empty_text_is_no_output(fmt):
    res = run_gate("  \n", fmt)
    assert res.T is False and res.error_code == "TECH_NO_OUTPUT"


def test_oversized_source_is_refused_before_running():
    res = run_gate("%" * 2000, "tikz", settings=GateSettings(max_source_bytes=1000))
    assert res.error_code == "TECH_RESOURCE" and res.T is False


def test_missing_toolchain_is_undecided_never_pass_or_fail(monkeypatch):
    monkeypatch.setattr(gate_run, "available_toolchains", lambda: {"pdflatex": None})
    res = run_gate(TIKZ_DOC, "tikz")
    assert res.T is None and res.error_code == "TOOLCHAIN_UNAVAILABLE"


def test_wrapping_a_bare_picture_maps_lines_back():
    doc = prepare_document("\\usetikzlibrary{calc}\n\\begin{tikzpicture}\n\\draw (0,0)--(1,1);\n\\end{tikzpicture}")
    assert doc.wrapped
    lines = doc.source.splitlines()
    user_line_3 = lines.index("\\draw (0,0)--(1,1);") + 1
    assert doc.map_line(user_line_3) == 3
    assert doc.map_line(lines.index("\\usetikzlibrary{calc}") + 1) == 1
    assert doc.map_line(1) is None
    assert prepare_document("\\documentclass{article}\\begin{document}") is None  # cut off
    assert prepare_document("just prose") is None


def test_engine_choice():
    assert needs_lualatex("\\usepackage{fontspec}") and needs_luaotfload("\\usepackage{fontspec}")
    assert needs_lualatex("\\directlua{tex.print(1)}") and not needs_luaotfload("\\directlua{tex.print(1)}")
    assert not needs_lualatex("% \\usepackage{fontspec}\n\\usepackage{tikz}")


# --- real toolchains ----------------------------------------------------------------------------

@pytest.mark.toolchain
def test_tikz_document_passes_and_keeps_text():
    _need("tikz")
    res = run_gate(TIKZ_DOC, "tikz")
    assert res.T is True and res.parts == ALL_TRUE and res.error_code is None
    assert res.png.startswith(b"\x89PNG") and "<text" in res.svg
    assert "pdflatex" in res.toolchain and res.details["engine"] == "pdflatex"
    scene = rendered_scene(res)
    assert scene.source_format == "rendered-svg"


@pytest.mark.toolchain
def test_tikz_compile_error_reports_the_users_line():
    _need("tikz")
    pic = "\\begin{tikzpicture}\n\\draw (0,0) -- (1,1);\n\\undefinedmacro\n\\end{tikzpicture}\n"
    res = run_gate(pic, "tikz")
    assert res.T is False and res.error_code == "TECH_COMPILE"
    assert res.parts == {"format_correct": True, "compilable": False, "rendered": None, "non_empty": None}
    assert res.log_excerpt.startswith("line 3: ! Undefined control sequence.")
    with pytest.raises(FigureFormatError):
        rendered_scene(res)


@pytest.mark.toolchain
def test_tikz_invisible_drawing_is_empty():
    _need("tikz")
    res = run_gate("\\begin{tikzpicture}\\draw[white] (0,0)--(1,1);\\end{tikzpicture}", "tikz")
    assert res.error_code == "TECH_EMPTY" and res.parts["rendered"] is True and res.parts["non_empty"] is False


@pytest.mark.toolchain
def test_not_tikz_is_a_format_error():
    _need("tikz")
    res = run_gate("<svg xmlns='http://www.w3.org/2000/svg'/>", "tikz")
    assert res.error_code == "TECH_FORMAT" and res.parts["format_correct"] is False


@pytest.mark.toolchain
def test_lualatex_route():
    _need("tikz")
    if available_toolchains().get("lualatex") is None:
        pytest.skip("lualatex not installed")
    doc = TIKZ_DOC.replace("\\begin{document}", "\\begin{document}\\directlua{tex.print('')}")
    res = run_gate(doc, "tikz")
    assert res.T is True and res.details["engine"] == "lualatex" and res.details["lua_safer"] is True


@pytest.mark.toolchain
def test_asy_passes_fails_and_is_empty():
    _need("asy")
    ok = run_gate(ASY, "asy")
    assert ok.T is True and ok.parts == ALL_TRUE and ok.svg and "<text" in ok.svg
    assert rendered_scene(ok).source_format == "rendered-svg"
    bad = run_gate("size(100);\ndraw(unitcircle);\nfoo(1);\n", "asy")
    assert bad.error_code == "TECH_COMPILE" and bad.log_excerpt.startswith("line 3, column 1")
    empty = run_gate("size(1cm);", "asy")
    assert empty.error_code == "TECH_EMPTY" and empty.parts["non_empty"] is False


@pytest.mark.toolchain
def test_asy_aops_dialect_strips_tags():
    _need("asy")
    res = run_gate("[asy]\n" + ASY + "[/asy]", "asy", dialect="aops")
    assert res.T is True, res.log_excerpt
    assert res.details["aops_compat"] in ("loaded", "missing: ran as plain Asymptote")


@pytest.mark.toolchain
def test_svg_passes_and_the_svg_is_the_input():
    _need("svg")
    res = run_gate(SVG, "svg")
    assert res.T is True and res.svg == SVG and res.parts == ALL_TRUE
    assert rendered_scene(res).source_format == "rendered-svg"


@pytest.mark.toolchain
@pytest.mark.parametrize("text,code,part", [
    ("<svg xmlns='http://www.w3.org/2000/svg'><circle r='3'/>", "TECH_COMPILE", "compilable"),
    ("<html><body/></html>", "TECH_FORMAT", "format_correct"),
    ("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'/>", "TECH_EMPTY", "non_empty"),
])
def test_svg_failures(text, code, part):
    _need("svg")
    res = run_gate(text, "svg")
    assert res.error_code == code and res.parts[part] is False and res.T is False


@pytest.mark.toolchain
def test_cache_hit_returns_the_same_verdict_faster(tmp_path):
    _need("tikz")
    cache = GateCache(tmp_path)
    first = run_gate(TIKZ_DOC, "tikz", cache=cache)
    second = run_gate(TIKZ_DOC, "tikz", cache=cache)
    assert first.details["cache"] == "miss" and second.details["cache"] == "hit"
    assert second.to_dict(include_png=True)["parts"] == first.to_dict()["parts"] and second.png == first.png
    assert second.elapsed < first.elapsed / 10


@pytest.mark.toolchain
def test_fontspec_document_without_bwrap_is_undecided():
    """luaotfload refuses --safer; without bubblewrap such a document cannot run contained."""
    _need("tikz")
    doc = TIKZ_DOC.replace("\\begin{document}", "\\usepackage{fontspec}\n\\begin{document}")
    res = run_gate(doc, "tikz", settings=GateSettings(sandbox="none"))
    assert res.T is None and res.error_code == "TOOLCHAIN_UNAVAILABLE"
    assert res.details["engine"] == "lualatex"


def test_missing_engine_is_undecided(monkeypatch):
    from geoverify.gate import tex

    monkeypatch.setattr(tex, "available_toolchains", lambda: {"pdflatex": "x", "lualatex": None})
    doc = TIKZ_DOC.replace("\\begin{document}", "\\begin{document}\\directlua{}")
    from geoverify.gate.sandbox import Scratch

    with Scratch() as scratch:
        res = tex.gate_tikz(doc, scratch, GateSettings())
    assert res.T is None and res.error_code == "TOOLCHAIN_UNAVAILABLE"


@pytest.mark.toolchain
def test_aops_dialect_loads_olympiad_through_the_compat_module():
    _need("asy")
    from geoverify.gate.asymptote import COMPAT_MODULE

    if not COMPAT_MODULE.is_file():
        pytest.skip("geoverify/gate/asy/aops_compat.asy is not there yet")
    src = "import olympiad;\nsize(100);\npair A=(0,0), B=(4,0), C=(1,3);\ndraw(A--B--C--cycle);\ndot(foot(C,A,B));\n"
    res = run_gate(src, "asy", dialect="aops")
    assert res.T is True, res.log_excerpt
    from geoverify.gate.asymptote import ASY_SYSTEM_DIR

    if not (ASY_SYSTEM_DIR / "olympiad.asy").is_file():  # Debian's asy has no olympiad module
        assert run_gate(src, "asy").error_code == "TECH_COMPILE"
