"""The gate for TikZ: compile with pdflatex (or lualatex), rasterise, convert to SVG.

Pipeline, each call sandboxed (:mod:`geoverify.gate.sandbox`):

1. format: the text is a LaTeX document (``\\documentclass`` ... ``\\begin{document}``)
   or a bare ``tikzpicture``/``\\tikz`` picture, which is wrapped in a ``standalone``
   document (what stands before the picture goes into the preamble); line numbers in
   messages are mapped back to the user's text;
2. compile to PDF: ``pdflatex -no-shell-escape -interaction=nonstopmode
   -halt-on-error``; ``lualatex`` (with ``--safer --nosocket``) when the document
   needs LuaTeX (``fontspec``, ``\\directlua``, ``luacode`` ...);
3. render: ``pdftoppm`` rasterises page 1 (long side ``raster_px``);
4. non-empty: ink in that raster (:mod:`geoverify.gate.ink`);
5. the SVG for the rendered scene: a second run to DVI with PGF's dvisvgm driver and
   ``dvisvgm --font-format=woff``, which keeps text as ``<text>`` (``--no-fonts``
   would turn glyphs into paths); if that fails, ``dvisvgm --pdf`` on the PDF (text as
   paths). The SVG passes :func:`~geoverify.gate.svgdoc.check_svg`, since
   ``\\special{dvisvgm:raw ...}`` can put any markup in it.

luaotfload refuses to run under ``--safer`` ("luaotfload can't run with option
--safer. Aborting", TeX Live 2022), and without ``--safer`` Lua's ``io.open`` reads
and writes any file. So a document that needs luaotfload (``fontspec``,
``unicode-math``, ``polyglossia``, ``\\setmainfont`` ...) runs without ``--safer``
only inside bubblewrap; where bubblewrap does not work, such a document is not run
and T is undecided (TOOLCHAIN_UNAVAILABLE).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from geoverify.gate.ink import MIN_INK_PIXELS, ink_pixels
from geoverify.gate.logs import tex_capacity_exceeded, tex_error_excerpt, tex_unsafe_attempt
from geoverify.gate.result import GateResult
from geoverify.gate.sandbox import RunOutcome, Scratch, bwrap_available, read_output, run_sandboxed
from geoverify.gate.settings import GateSettings
from geoverify.gate.svgdoc import check_svg
from geoverify.gate.toolchains import available_toolchains

__all__ = ["gate_tikz", "prepare_document", "PreparedDocument", "needs_lualatex", "needs_luaotfload"]

_DOCCLASS = re.compile(r"\\documentclass\b")
_BEGIN_DOC = re.compile(r"\\begin\s*\{document\}")
_END_DOC = re.compile(r"\\end\s*\{document\}")
_PICTURE = re.compile(r"\\begin\s*\{tikzpicture\}|\\tikz\b|\\begin\s*\{tikzcd\}|\\begin\s*\{axis\}")
_LUA_NEEDED = re.compile(
    r"\\directlua|\\luaexec|\\luadirect|\\begin\s*\{luacode\*?\}|\\usepackage(?:\[[^\]]*\])?\{[^}]*"
    r"\b(?:fontspec|unicode-math|luacode|luamplib|polyglossia|luaotfload|luatexbase|lualatex-math)\b"
    r"|\\setmainfont|\\setsansfont|\\setmonofont|\\newfontfamily|\\setmathfont"
    r"|%\s*!TEX\s+(?:TS-)?program\s*=\s*lualatex",
    re.IGNORECASE,
)
_OTF_NEEDED = re.compile(
    r"\\usepackage(?:\[[^\]]*\])?\{[^}]*\b(?:fontspec|unicode-math|polyglossia|luaotfload)\b"
    r"|\\setmainfont|\\setsansfont|\\setmonofont|\\newfontfamily|\\setmathfont"
)
_PGFPLOTS = re.compile(r"\\begin\s*\{(?:axis|semilogxaxis|semilogyaxis|loglogaxis|polaraxis)\}|\\addplot")
_COMMENT = re.compile(r"(?<!\\)%.*")

WRAPPER_HEAD = (
    "\\documentclass[tikz,border=2pt]{standalone}\n"
    "\\usepackage{amsmath,amssymb}\n"
)


def _strip_comments(text: str) -> str:
    return "\n".join(_COMMENT.sub("", line) for line in text.splitlines())


def needs_lualatex(text: str) -> bool:
    """Whether the document asks for LuaTeX (fontspec, \\directlua, luacode, a magic comment)."""
    if re.search(r"%\s*!TEX\s+(?:TS-)?program\s*=\s*lualatex", text, re.IGNORECASE):
        return True
    return _LUA_NEEDED.search(_strip_comments(text)) is not None


def needs_luaotfload(text: str) -> bool:
    """Whether the document loads OpenType fonts (luaotfload, which refuses ``--safer``)."""
    return _OTF_NEEDED.search(_strip_comments(text)) is not None


@dataclass(slots=True)
class PreparedDocument:
    """The document the gate compiles and how its lines map to the user's."""

    source: str
    wrapped: bool
    prefix_lines: int  # lines of the user's text put in the preamble
    head_lines: int  # wrapper lines before the user's first line

    def map_line(self, n: int) -> int | None:
        """Line of the compiled file -> line of the user's text (None: wrapper line)."""
        if not self.wrapped:
            return n
        if n <= self.head_lines:
            return None
        if n <= self.head_lines + self.prefix_lines:
            return n - self.head_lines
        if n == self.head_lines + self.prefix_lines + 1:
            return None  # the inserted \begin{document}
        user = n - self.head_lines - 1
        return user


def prepare_document(text: str) -> PreparedDocument | None:
    """A compilable document from the user's TikZ, or None when it is not TikZ/LaTeX at all.

    A full document must hold ``\\begin{document}`` and ``\\end{document}``; a bare
    picture is wrapped in ``standalone`` with what precedes the picture (package and
    library lines) in the preamble; ``pgfplots`` is loaded for a bare picture that
    uses an ``axis`` environment or ``\\addplot`` without loading it.
    """
    body = _strip_comments(text)
    if _DOCCLASS.search(body):
        if not (_BEGIN_DOC.search(body) and _END_DOC.search(body)):
            return None
        return PreparedDocument(text, False, 0, 0)
    m = _PICTURE.search(text)
    if m is None or _BEGIN_DOC.search(body):
        return None
    start = text.rfind("\n", 0, m.start()) + 1
    prefix, picture = text[:start], text[start:]
    if not prefix.endswith("\n") and prefix:
        prefix += "\n"
    head = WRAPPER_HEAD
    if _PGFPLOTS.search(body) and not re.search(r"\\usepackage(?:\[[^\]]*\])?\{[^}]*pgfplots", body):
        head += "\\usepackage{pgfplots}\n\\pgfplotsset{compat=newest}\n"
    source = head + prefix + "\\begin{document}\n" + picture
    if not source.endswith("\n"):
        source += "\n"
    source += "\\end{document}\n"
    return PreparedDocument(source, True, prefix.count("\n"), head.count("\n"))


def _engine_argv(engine: str, *, safer: bool, dvi: bool) -> list[str]:
    argv = [engine, "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error"]
    if engine == "lualatex":
        argv.append("--nosocket")
        if safer:
            argv.append("--safer")
    if dvi:
        argv.append("--output-format=dvi")
    return argv


def _read(path, limit: int) -> str:
    data = read_output(path, limit)
    return "" if data is None else data.decode("utf-8", "replace")


def _classify_failure(run: RunOutcome, log: str) -> str:
    if run.timed_out:
        return "TECH_TIMEOUT"
    if run.resource_killed or tex_capacity_exceeded(log) or tex_capacity_exceeded(run.stdout):
        return "TECH_RESOURCE"
    if tex_unsafe_attempt(log + run.stdout + run.stderr):
        return "TECH_UNSAFE"
    return "TECH_COMPILE"


def gate_tikz(text: str, scratch: Scratch, settings: GateSettings) -> GateResult:
    """Run the TikZ gate on ``text`` inside ``scratch`` (see the module docstring)."""
    doc = prepare_document(text)
    if doc is None:
        return GateResult.failure(
            "tikz", "TECH_FORMAT",
            "not a LaTeX document (\\documentclass ... \\begin{document} ... \\end{document}) "
            "and no tikzpicture to wrap",
            format_correct=False,
        )
    engine = settings.engine or ("lualatex" if needs_lualatex(doc.source) else "pdflatex")
    safer = True
    details = {"engine": engine, "wrapped": doc.wrapped}
    if available_toolchains().get(engine) is None:
        res = GateResult.failure("tikz", "TOOLCHAIN_UNAVAILABLE", f"this document needs {engine}, which is not installed",
                                 format_correct=True)
        res.details = details
        return res
    if engine == "lualatex" and needs_luaotfload(doc.source):
        if settings.sandbox == "none" or not bwrap_available():
            res = GateResult.failure(
                "tikz", "TOOLCHAIN_UNAVAILABLE",
                "this document needs luaotfload, which refuses lualatex --safer; without "
                "bubblewrap it cannot be run contained",
                format_correct=True,
            )
            res.details = details
            return res
        safer = False
    details["lua_safer"] = safer if engine == "lualatex" else None
    (scratch.path / "figure.tex").write_text(doc.source, encoding="utf-8")

    run = run_sandboxed(_engine_argv(engine, safer=safer, dvi=False) + ["-jobname=figure", "figure.tex"],
                        scratch, settings=settings, name="tex")
    details["sandbox"] = run.sandbox
    details["compile_seconds"] = round(run.elapsed, 3)
    log = _read(scratch.path / "figure.log", settings.max_log_chars)
    pdf = scratch.path / "figure.pdf"
    unsafe = tex_unsafe_attempt(log + run.stdout + run.stderr)
    if not run.ok or (not pdf.is_file() and "No pages of output" not in log + run.stdout):
        code = _classify_failure(run, log)
        excerpt = tex_error_excerpt(log or run.stdout, doc.map_line)
        if run.timed_out:
            excerpt = f"killed after {settings.timeout:g} s wall time\n" + excerpt
        elif run.over_budget:
            excerpt = f"killed: {run.over_budget} budget exceeded\n" + excerpt
        res = GateResult.failure("tikz", code, excerpt, format_correct=True, compilable=False)
        res.details = details
        return res
    if unsafe:
        res = GateResult.failure("tikz", "TECH_UNSAFE", unsafe, format_correct=True, compilable=False)
        res.details = details
        return res
    if not pdf.is_file():  # "No pages of output."
        res = GateResult.failure("tikz", "TECH_EMPTY", "No pages of output.", format_correct=True,
                                 compilable=True, rendered=True, non_empty=False)
        res.details = details
        return res

    ppm = run_sandboxed(["pdftoppm", "-png", "-singlefile", "-f", "1", "-l", "1",
                         "-scale-to", str(settings.raster_px), "figure.pdf", "page"],
                        scratch, settings=settings, name="pdftoppm")
    png_path = scratch.path / "page.png"
    if not ppm.ok or not png_path.is_file():
        code = "TECH_TIMEOUT" if ppm.timed_out else ("TECH_RESOURCE" if ppm.resource_killed else "TECH_RENDER")
        res = GateResult.failure("tikz", code, (ppm.stderr or ppm.stdout)[:2000], format_correct=True,
                                 compilable=True, rendered=False)
        res.details = details
        return res
    png = read_output(png_path, settings.max_file_bytes) or b""
    ink = ink_pixels(png)
    details["ink_pixels"] = ink
    svg, svg_note = _tikz_svg(doc, engine, safer, scratch, settings)
    details["svg_route"] = svg_note
    if svg_note.startswith("unsafe"):
        res = GateResult.failure("tikz", "TECH_UNSAFE", svg_note, format_correct=True, compilable=True,
                                 rendered=True, non_empty=ink >= MIN_INK_PIXELS)
        res.png, res.details = png, details
        return res
    non_empty = ink >= MIN_INK_PIXELS
    res = GateResult(
        T=non_empty,
        parts={"format_correct": True, "compilable": True, "rendered": True, "non_empty": non_empty},
        error_code=None if non_empty else "TECH_EMPTY",
        log_excerpt="" if non_empty else f"no visible ink in the rendering ({ink} ink pixels)",
        svg=svg, png=png, fmt="tikz", details=details,
    )
    return res


def _tikz_svg(doc: PreparedDocument, engine: str, safer: bool, scratch: Scratch,
              settings: GateSettings) -> tuple[str | None, str]:
    """The dvisvgm SVG of a document that compiled, and how it was made."""
    font_opt = ["--font-format=woff"] if settings.keep_svg_text else ["--no-fonts"]
    # The driver is chosen before the document loads PGF; the document itself is unchanged.
    cmd = "\\def\\pgfsysdriver{pgfsys-dvisvgm.def}\\input{figure.tex}"
    run = run_sandboxed(_engine_argv(engine, safer=safer, dvi=True) + ["-jobname=figure-dvi", cmd],
                        scratch, settings=settings, name="tex-dvi")
    route = None
    if run.ok and (scratch.path / "figure-dvi.dvi").is_file():
        conv = run_sandboxed(["dvisvgm", "--exact-bbox", *font_opt, "-o", "figure.svg", "figure-dvi.dvi"],
                             scratch, settings=settings, name="dvisvgm")
        if conv.ok and (scratch.path / "figure.svg").is_file():
            route = "dvi+dvisvgm"
    if route is None:
        conv = run_sandboxed(["dvisvgm", "--pdf", "-o", "figure.svg", "figure.pdf"],
                             scratch, settings=settings, name="dvisvgm-pdf")
        if conv.ok and (scratch.path / "figure.svg").is_file():
            route = "pdf+dvisvgm (text as paths)"
    if route is None:
        return None, "none: dvisvgm failed"
    svg = _read(scratch.path / "figure.svg", settings.max_file_bytes)
    check = check_svg(svg)
    if check.code == "TECH_UNSAFE":
        return None, f"unsafe SVG from dvisvgm: {check.message}"
    if check.code is not None:
        return None, f"none: dvisvgm SVG rejected: {check.message}"
    return svg, route
