"""Figure extraction from messy model responses (MathVis output contract)."""

import pytest

from geoverify.errors import FigureFormatError
from geoverify.frontends.extract import extract_figure

DOC = r"""\documentclass[tikz]{standalone}
\begin{document}
\begin{tikzpicture}\draw (0,0) circle (1);\end{tikzpicture}
\end{document}"""

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="3"/></svg>'


@pytest.mark.parametrize("tag", ["latex", "tex", "tikz", "LaTeX", ""])
def test_fenced_tikz_document_with_any_tag(tag):
    resp = f"Here is the figure:\n\n```{tag}\n{DOC}\n```\n\nIt shows a circle."
    fig = extract_figure(resp)
    assert fig.fmt == "tikz" and fig.text == DOC and fig.how == f"fenced:{tag.lower()}" and fig.complete


@pytest.mark.parametrize("tag", ["svg", "xml", "html", ""])
def test_fenced_svg(tag):
    fig = extract_figure(f"```{tag}\n{SVG}\n```")
    assert fig.fmt == "svg" and fig.text == SVG


@pytest.mark.parametrize("tag", ["asy", "asymptote"])
def test_fenced_asy(tag):
    fig = extract_figure(f"Sure!\n```{tag}\nsize(100);\ndraw(unitcircle);\n```")
    assert fig.fmt == "asy" and fig.text == "size(100);\ndraw(unitcircle);"


def test_tilde_fence_and_longer_backtick_fence_holding_inner_fence():
    assert extract_figure(f"~~~latex\n{DOC}\n~~~").text == DOC
    inner = f"````latex\n% ```not a fence end\n{DOC}\n````"
    assert extract_figure(inner).text.endswith(DOC)


def test_raw_tikz_document_surrounded_by_prose():
    fig = extract_figure(f"Of course. {DOC}\nHope this helps!")
    assert fig.fmt == "tikz" and fig.text == DOC and fig.how == "raw-document"


def test_raw_svg_keeps_xml_declaration():
    resp = f"Answer:\n<?xml version=\"1.0\"?>\n{SVG}\nDone."
    fig = extract_figure(resp)
    assert fig.fmt == "svg" and fig.text.startswith("<?xml") and fig.text.endswith("</svg>")


def test_raw_bare_tikzpicture_is_incomplete_but_returned():
    pic = r"\begin{tikzpicture}\draw (0,0)--(1,1);\end{tikzpicture}"
    fig = extract_figure(f"The picture: {pic} ok")
    assert fig.fmt == "tikz" and fig.text == pic and fig.how == "raw-picture" and not fig.complete


def test_several_blocks_last_complete_document_wins():
    draft = DOC.replace("circle (1)", "circle (2)")
    resp = (f"First attempt:\n```latex\n{draft}\n```\nCorrected:\n```latex\n{DOC}\n```\n"
            "Compile with:\n```bash\npdflatex fig.tex\n```")
    assert extract_figure(resp).text == DOC


def test_complete_document_beats_later_fragment():
    resp = f"```latex\n{DOC}\n```\nThe key line is:\n```latex\n\\draw (0,0) circle (1);\n```"
    assert extract_figure(resp).text == DOC


def test_preferred_format_breaks_ties():
    resp = f"```svg\n{SVG}\n```\nor in TikZ:\n```latex\n{DOC}\n```"
    assert extract_figure(resp, preferred="svg").fmt == "svg"
    assert extract_figure(resp, preferred="tikz").fmt == "tikz"
    assert extract_figure(resp).fmt == "tikz"  # last complete document


def test_unclosed_fence_is_cut_off():
    with pytest.raises(FigureFormatError) as info:
        extract_figure(f"```latex\n{DOC[:60]}")
    assert info.value.code == "TECH_FORMAT" and "never closed" in str(info.value)


def test_truncated_raw_documents():
    with pytest.raises(FigureFormatError) as info:
        extract_figure(DOC[:-16])
    assert info.value.code == "TECH_FORMAT"
    with pytest.raises(FigureFormatError) as info:
        extract_figure(SVG[:-6])
    assert info.value.code == "TECH_FORMAT"


@pytest.mark.parametrize("resp", ["", "   \n\t", "I cannot draw that, sorry.", "```bash\nls -l\n```"])
def test_nothing_is_no_output(resp):
    with pytest.raises(FigureFormatError) as info:
        extract_figure(resp)
    assert info.value.code == "TECH_NO_OUTPUT"
    assert isinstance(info.value, ValueError)


def test_aops_tags_and_whole_response_asy():
    fig = extract_figure("Diagram: [asy]\nsize(3cm); draw((0,0)--(1,0));\n[/asy] done")
    assert fig.fmt == "asy" and fig.how == "aops-tag" and fig.text.startswith("size(3cm)")
    fig = extract_figure("size(3cm);\ndraw((0,0)--(1,1));", preferred="asy")
    assert fig.fmt == "asy" and fig.how == "whole-response"
    with pytest.raises(FigureFormatError):
        extract_figure("[asy] size(3cm); draw((0,0)--(1,0));")


def test_nested_svg_ends_at_outer_close():
    nested = '<svg xmlns="http://www.w3.org/2000/svg"><svg x="1"><circle r="1"/></svg><rect width="1" height="1"/></svg>'
    assert extract_figure(f"Here: {nested} end").text == nested


def test_svg_tagged_block_without_svg_falls_back_to_content():
    resp = "```xml\n<note>hi</note>\n```"
    with pytest.raises(FigureFormatError) as info:
        extract_figure(resp)
    assert info.value.code == "TECH_NO_OUTPUT"
