"""Hostile inputs for the gate and the native front-ends, each with its expected outcome.

Sources hold placeholders: ``@CANARY@`` (absolute path of a file outside scratch
whose text must never show up), ``@CANARY_REL@`` (the same path relative to the
scratch directory, through ``../``), ``@OUTDIR@`` (a folder outside scratch where
nothing may appear).

``codes`` is the set of acceptable error codes (None = the gate passes, e.g. a read
that found nothing). Several codes are allowed where bubblewrap and the fallback
legitimately differ (inside bubblewrap the canary does not exist; outside, kpathsea
refuses the read), never a pass where the fallback would leak.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["HostileCase", "GATE_CASES", "SVG_FRONTEND_CASES"]


@dataclass(frozen=True)
class HostileCase:
    name: str
    fmt: str
    source: str
    codes: frozenset
    budget: float = 15.0  # wall seconds the whole gate run may take
    settings: dict = field(default_factory=dict)
    dialect: str = "plain"


def _c(name, fmt, source, codes, budget=15.0, **settings):
    return HostileCase(name, fmt, source, frozenset(codes), budget, settings)


def _tex(body):
    return "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n"


def _tikz(body):
    return ("\\documentclass[tikz]{standalone}\n\\begin{document}\n\\begin{tikzpicture}\n"
            "\\draw (0,0) -- (1,1);\n" + body + "\n\\end{tikzpicture}\n\\end{document}\n")


def _lua(pre, body):
    return "\\documentclass{article}\n" + pre + "\n\\begin{document}\n" + body + "\n\\end{document}\n"


_SHORT = {"timeout": 6.0, "cpu_seconds": 6}

GATE_CASES = [
    # --- reading a canary file outside scratch -------------------------------------
    _c("tex-input-absolute", "tikz", _tex("\\input{@CANARY@}"), {"TECH_UNSAFE", "TECH_COMPILE"}),
    _c("tex-input-dotdot", "tikz", _tex("\\input{@CANARY_REL@}"), {"TECH_UNSAFE", "TECH_COMPILE"}),
    _c("tex-openin-read", "tikz",
       _tex("\\newread\\r\\immediate\\openin\\r=@CANARY@\\relax\n\\ifeof\\r none\\else\\read\\r to\\x got:\\x\\fi"),
       {"TECH_UNSAFE", "TECH_COMPILE"}),
    _c("tex-verbatiminput", "tikz",
       "\\documentclass{article}\\usepackage{verbatim}\\begin{document}\\verbatiminput{@CANARY@}\\end{document}",
       {"TECH_UNSAFE", "TECH_COMPILE"}),
    _c("lua-io-open-safer", "tikz",
       _lua("", "\\directlua{local f=io.open('@CANARY@') if f then tex.print(f:read('*a')) "
                                   "else tex.print('none') end}"),
       {"TECH_COMPILE", None, "TECH_UNSAFE"}),
    _c("lua-io-open-fontspec", "tikz",
       _lua("\\usepackage{fontspec}",
                      "\\directlua{local f=io.open('@CANARY@') if f then tex.print(f:read('*a')) "
                           "else tex.print('none') end}"),
       {None, "TOOLCHAIN_UNAVAILABLE", "TECH_COMPILE"}, budget=30.0),
    _c("lua-io-open-write", "tikz",
       _lua("", "\\directlua{local f=io.open('@OUTDIR@/pwned-lua','w') f:write('x') f:close()}"),
       {"TECH_COMPILE"}),
    _c("lua-os-execute", "tikz",
       _lua("", "\\directlua{os.execute('touch @OUTDIR@/pwned-exec')} x"),
       {"TECH_COMPILE", None}),
    # --- shell escape and writes ------------------------------------------------------
    _c("tex-write18", "tikz", _tex("\\immediate\\write18{touch @OUTDIR@/pwned-18} x"), {"TECH_UNSAFE"}),
    _c("tex-openout-absolute", "tikz",
       _tex("\\newwrite\\w\\immediate\\openout\\w=@OUTDIR@/pwned-out.tex\\immediate\\write\\w{x}"
            "\\immediate\\closeout\\w x"),
       {"TECH_UNSAFE", "TECH_COMPILE"}),
    _c("tex-openout-dotdot", "tikz",
       _tex("\\newwrite\\w\\immediate\\openout\\w=../../pwned-rel.tex\\immediate\\write\\w{x} x"),
       {"TECH_UNSAFE", "TECH_COMPILE"}),
    # --- runaway programs ---------------------------------------------------------------
    _c("tex-infinite-macro", "tikz", _tex("\\def\\a{\\a}\\a"), {"TECH_TIMEOUT", "TECH_RESOURCE"}, 12.0, **_SHORT),
    _c("tex-exploding-macro", "tikz", _tex("\\def\\a{\\a\\a}\\a"), {"TECH_RESOURCE"}, 12.0, **_SHORT),
    _c("tikz-endless-foreach", "tikz", _tikz("\\foreach \\i in {1,...,16000} {\\foreach \\j in {1,...,16000} {\\fill (0,0) circle (1pt);}}"),
       {"TECH_TIMEOUT", "TECH_RESOURCE"}, 12.0, **_SHORT),
    _c("tex-shipout-flood", "tikz", _tex("\\loop\\shipout\\hbox{x}\\iftrue\\repeat"),
       {"TECH_TIMEOUT", "TECH_RESOURCE"}, 12.0, max_file_bytes=8 * 1024**2, **_SHORT),
    _c("tex-write-flood", "tikz",
       _tex("\\def\\s{xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}"
            "\\loop\\immediate\\write-1{\\s\\s\\s\\s\\s\\s\\s\\s}\\iftrue\\repeat"),
       {"TECH_TIMEOUT", "TECH_RESOURCE"}, 12.0, max_file_bytes=8 * 1024**2, **_SHORT),
    _c("tex-special-dvisvgm-raw", "tikz",
       _tikz("\\special{dvisvgm:raw <image href='file://@CANARY@' width='9' height='9'/>}"),
       {"TECH_UNSAFE"}),
    # --- Asymptote ------------------------------------------------------------------------
    _c("asy-input", "asy", 'file f=input("@CANARY@"); string s=f; label(s);', {"TECH_UNSAFE"}),
    _c("asy-include", "asy", 'include "@CANARY@";', {"TECH_UNSAFE"}),
    _c("asy-import-path", "asy", 'import "@CANARY@" as c;', {"TECH_UNSAFE"}),
    _c("asy-settings-texcommand", "asy",
       'settings.texcommand="sh"; label("$x$; touch @OUTDIR@/pwned-asy");', {"TECH_UNSAFE"}),
    _c("asy-settings-hidden-by-comment-and-string", "asy",
       '/* " */ settings . outname = "@OUTDIR@/pwned"; // "\ndraw((0,0)--(1,1));', {"TECH_UNSAFE"}),
    _c("asy-label-input", "asy", 'label("\\input{@CANARY@}");', {"TECH_UNSAFE"}),
    _c("asy-label-input-built-at-runtime", "asy",
       "string b='\\\\'; label(b+\"in\"+\"put{@CANARY@}\");",
       {"TECH_TIMEOUT", "TECH_COMPILE", "TECH_UNSAFE"}, 12.0, **_SHORT),
    _c("asy-infinite-loop", "asy", "while(true) {}", {"TECH_TIMEOUT", "TECH_RESOURCE"}, 12.0, **_SHORT),
    _c("asy-memory-bomb", "asy", "real[] a = array(2000000000, 1.0); draw((0,0)--(1,a[5]));",
       {"TECH_RESOURCE", "TECH_COMPILE"}, 12.0, memory_bytes=512 * 1024**2, **_SHORT),
    _c("asy-string-bomb", "asy", 'string s="x"; while(true) s=s+s; label(s);',
       {"TECH_RESOURCE", "TECH_COMPILE", "TECH_TIMEOUT"}, 12.0, memory_bytes=512 * 1024**2, **_SHORT),
    _c("asy-deep-recursion", "asy", "int f(int n) { return f(n+1)+1; } f(0);",
       {"TECH_RESOURCE", "TECH_COMPILE", "TECH_TIMEOUT"}, 12.0, **_SHORT),
    # --- SVG through rsvg-convert -------------------------------------------------------
    _c("svg-billion-laughs", "svg",
       '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
       '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
       '<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">'
       '<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>\n'
       '<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="9">&h;</text></svg>', {"TECH_UNSAFE"}),
    _c("svg-xxe", "svg",
       '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file://@CANARY@">]>\n'
       '<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="9">&x;</text></svg>', {"TECH_UNSAFE"}),
    _c("svg-image-file-href", "svg",
       '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="50" height="50">'
       '<image xlink:href="file://@CANARY@" width="50" height="50"/><circle cx="9" cy="9" r="5"/></svg>',
       {"TECH_UNSAFE"}),
    _c("svg-image-relative-href", "svg",
       '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">'
       '<image href="@CANARY_REL@" width="50" height="50"/></svg>', {"TECH_UNSAFE"}),
    _c("svg-css-import", "svg",
       '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><style>@import url("file://@CANARY@");'
       '</style><circle cx="9" cy="9" r="5"/></svg>', {"TECH_UNSAFE"}),
    _c("svg-use-self-cycle", "svg",
       '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><g id="g"><circle cx="9" cy="9" r="5"/>'
       '<use href="#g"/></g></svg>',
       {"TECH_RENDER", None, "TECH_RESOURCE"}),
    _c("svg-use-bomb", "svg",
       '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><defs><circle id="a0" r="1"/>'
       + "".join(f'<g id="a{i}">' + f'<use href="#a{i - 1}"/>' * 10 + "</g>" for i in range(1, 10))
       + '</defs><use href="#a9"/></svg>',
       {"TECH_RESOURCE"}, 5.0),
    _c("svg-nested-groups-1e5", "svg",
       '<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 100_000 + '<circle r="5"/>' + "</g>" * 100_000 + "</svg>",
       {"TECH_RESOURCE"}),
    _c("svg-50MB-path", "svg",
       '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0' + " L1 1" * 10_000_000 + '"/></svg>',
       {"TECH_RESOURCE"}),
]

#: SVG cases that the native SVG front-end must end with a documented error (or a scene).
SVG_FRONTEND_CASES = [c for c in GATE_CASES if c.fmt == "svg"]
