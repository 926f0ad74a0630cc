"""Tables of TeX's math and text symbols for :mod:`geoverify.frontends.texbox`.

Math symbols give the font family (``mi`` math italic, ``sy`` symbols, ``ex``
extension, ``rm`` roman), the character code of Computer Modern and the atom
class (``o`` ordinary, ``op`` operator, ``b`` binary, ``r`` relation, ``open``,
``close``, ``p`` punctuation, ``inner``), as in plain TeX's and LaTeX's
``\\mathchardef`` lists. The spacing table is the TeXbook's chapter 18.
"""

from __future__ import annotations

__all__ = ["SYMBOLS", "TEXT_SYMBOLS", "TEXT_SY", "MATH_CHARS", "TEXT_ONLY_CHARS", "WORD_OPERATORS", "LIMIT_WORDS", "MU_SPACES",
    "EM_SPACES", "IGNORED", "SWALLOW1", "FAMILY_SWITCH", "TEXT_WRAPPERS", "MATH_ALPHABETS", "ACCENTS", "TEXT_ACCENTS", "CLASSES",
    "SPACING", "COMPOSITES", "DISPLAY_OPS", "SCRIPTSPACE", "NULLDELIMITERSPACE"]

_GREEK_LOWER = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
                "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi",
                "omega", "varepsilon", "vartheta", "varpi", "varrho", "varsigma", "varphi"]
_GREEK_UPPER = ["Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega"]
# math symbol -> (family, code, atom class): o ord, b bin, r rel, p punct, op, open, close
SYMBOLS: dict[str, tuple[str, int, str]] = {f"\\{n}": ("mi", 11 + i, "o") for i, n in enumerate(_GREEK_LOWER)}
SYMBOLS.update({f"\\{n}": ("rm", i, "o") for i, n in enumerate(_GREEK_UPPER)})
SYMBOLS.update({
    "\\cdot": ("sy", 1, "b"), "\\times": ("sy", 2, "b"), "\\ast": ("sy", 3, "b"), "\\div": ("sy", 4, "b"),
    "\\diamond": ("sy", 5, "b"), "\\pm": ("sy", 6, "b"), "\\mp": ("sy", 7, "b"), "\\oplus": ("sy", 8, "b"),
    "\\ominus": ("sy", 9, "b"), "\\otimes": ("sy", 10, "b"), "\\oslash": ("sy", 11, "b"), "\\odot": ("sy", 12, "b"),
    "\\bigcirc": ("sy", 13, "b"), "\\circ": ("sy", 14, "b"), "\\bullet": ("sy", 15, "b"),
    "\\asymp": ("sy", 16, "r"), "\\equiv": ("sy", 17, "r"), "\\subseteq": ("sy", 18, "r"),
    "\\supseteq": ("sy", 19, "r"), "\\leq": ("sy", 20, "r"), "\\le": ("sy", 20, "r"), "\\geq": ("sy", 21, "r"),
    "\\ge": ("sy", 21, "r"), "\\sim": ("sy", 24, "r"), "\\approx": ("sy", 25, "r"), "\\subset": ("sy", 26, "r"),
    "\\supset": ("sy", 27, "r"), "\\ll": ("sy", 28, "r"), "\\gg": ("sy", 29, "r"), "\\prec": ("sy", 30, "r"),
    "\\succ": ("sy", 31, "r"), "\\leftarrow": ("sy", 32, "r"), "\\gets": ("sy", 32, "r"),
    "\\rightarrow": ("sy", 33, "r"), "\\to": ("sy", 33, "r"), "\\uparrow": ("sy", 34, "r"),
    "\\downarrow": ("sy", 35, "r"), "\\leftrightarrow": ("sy", 36, "r"), "\\nearrow": ("sy", 37, "r"),
    "\\searrow": ("sy", 38, "r"), "\\simeq": ("sy", 39, "r"), "\\Leftarrow": ("sy", 40, "r"),
    "\\Rightarrow": ("sy", 41, "r"), "\\implies": ("sy", 41, "r"), "\\Uparrow": ("sy", 42, "r"),
    "\\Downarrow": ("sy", 43, "r"), "\\Leftrightarrow": ("sy", 44, "r"), "\\iff": ("sy", 44, "r"),
    "\\nwarrow": ("sy", 45, "r"), "\\swarrow": ("sy", 46, "r"), "\\propto": ("sy", 47, "r"),
    "\\prime": ("sy", 48, "o"), "\\infty": ("sy", 49, "o"), "\\in": ("sy", 50, "r"), "\\ni": ("sy", 51, "r"),
    "\\triangle": ("sy", 52, "o"), "\\bigtriangleup": ("sy", 52, "b"), "\\bigtriangledown": ("sy", 53, "b"),
    "\\forall": ("sy", 56, "o"), "\\exists": ("sy", 57, "o"), "\\neg": ("sy", 58, "o"), "\\lnot": ("sy", 58, "o"),
    "\\emptyset": ("sy", 59, "o"), "\\varnothing": ("sy", 59, "o"), "\\Re": ("sy", 60, "o"),
    "\\Im": ("sy", 61, "o"), "\\top": ("sy", 62, "o"), "\\bot": ("sy", 63, "o"), "\\aleph": ("sy", 64, "o"),
    "\\cup": ("sy", 91, "b"), "\\cap": ("sy", 92, "b"), "\\uplus": ("sy", 93, "b"), "\\wedge": ("sy", 94, "b"),
    "\\land": ("sy", 94, "b"), "\\vee": ("sy", 95, "b"), "\\lor": ("sy", 95, "b"), "\\vdash": ("sy", 96, "r"),
    "\\dashv": ("sy", 97, "r"), "\\lfloor": ("sy", 98, "open"), "\\rfloor": ("sy", 99, "close"),
    "\\lceil": ("sy", 100, "open"), "\\rceil": ("sy", 101, "close"), "\\{": ("sy", 102, "open"),
    "\\lbrace": ("sy", 102, "open"), "\\}": ("sy", 103, "close"), "\\rbrace": ("sy", 103, "close"),
    "\\langle": ("sy", 104, "open"), "\\rangle": ("sy", 105, "close"), "\\mid": ("sy", 106, "r"),
    "\\vert": ("sy", 106, "o"), "\\parallel": ("sy", 107, "r"), "\\|": ("sy", 107, "o"), "\\Vert": ("sy", 107, "o"),
    "\\backslash": ("sy", 110, "o"), "\\setminus": ("sy", 110, "b"), "\\wr": ("sy", 111, "b"),
    "\\nabla": ("sy", 114, "o"), "\\sqcup": ("sy", 116, "b"), "\\sqcap": ("sy", 117, "b"),
    "\\sqsubseteq": ("sy", 118, "r"), "\\sqsupseteq": ("sy", 119, "r"), "\\S": ("sy", 120, "o"),
    "\\dagger": ("sy", 121, "b"), "\\ddagger": ("sy", 122, "b"), "\\P": ("sy", 123, "o"),
    "\\clubsuit": ("sy", 124, "o"), "\\diamondsuit": ("sy", 125, "o"), "\\heartsuit": ("sy", 126, "o"),
    "\\spadesuit": ("sy", 127, "o"), "\\perp": ("sy", 63, "r"), "\\angle": ("sy", 52, "o"),
    "\\partial": ("mi", 64, "o"), "\\ell": ("mi", 96, "o"), "\\imath": ("mi", 123, "o"), "\\jmath": ("mi", 124, "o"),
    "\\wp": ("mi", 125, "o"), "\\star": ("mi", 63, "b"), "\\flat": ("mi", 91, "o"), "\\natural": ("mi", 92, "o"),
    "\\sharp": ("mi", 93, "o"), "\\smile": ("mi", 94, "r"), "\\frown": ("mi", 95, "r"),
    "\\triangleleft": ("mi", 47, "b"), "\\triangleright": ("mi", 46, "b"), "\\ldotp": ("mi", 58, "p"),
    "\\neq": ("rm", 61, "r"), "\\ne": ("rm", 61, "r"), "\\cong": ("sy", 24, "r"), "\\degree": ("sy", 14, "o"),
    "\\colon": ("rm", 58, "p"), "\\lbrack": ("rm", 91, "open"), "\\rbrack": ("rm", 93, "close"),
    "\\%": ("rm", 37, "o"), "\\$": ("rm", 36, "o"), "\\&": ("rm", 38, "o"), "\\#": ("rm", 35, "o"),
    "\\sum": ("ex", 80, "op"), "\\prod": ("ex", 81, "op"), "\\int": ("ex", 82, "op"),
    "\\bigcup": ("ex", 83, "op"), "\\bigcap": ("ex", 84, "op"), "\\oint": ("ex", 72, "op"),
    "\\coprod": ("ex", 96, "op"), "\\bigoplus": ("ex", 76, "op"), "\\bigotimes": ("ex", 78, "op"),
})
# text-mode symbols: (family or None for the current text family, code)
TEXT_SYMBOLS = {"\\%": 37, "\\$": 36, "\\&": 38, "\\#": 35, "\\ss": 25, "\\ae": 26, "\\oe": 27,
                 "\\o": 28, "\\AE": 29, "\\OE": 30, "\\O": 31, "\\i": 16, "\\j": 17, "\\l": 32,
                 "\\textendash": 123, "\\textemdash": 124}
TEXT_SY = {"\\{": 102, "\\}": 103, "\\textbackslash": 110, "\\textbullet": 15, "\\S": 120, "\\P": 123,
            "\\dag": 121, "\\ddag": 122, "\\textbar": 106, "\\textless": 60, "\\textgreater": 62,
            "\\textasteriskcentered": 3}
#: Characters LaTeX's utf8 input maps to text-only commands (``°`` is ``\\textdegree``): in math
#: mode each is "invalid in math mode" and typesets nothing (measured with LaTeX).
TEXT_ONLY_CHARS = frozenset("°±×·²÷µ€½")
MATH_CHARS = {"+": ("rm", 43, "b"), "-": ("sy", 0, "b"), "*": ("sy", 3, "b"), "/": ("mi", 61, "o"),
               "=": ("rm", 61, "r"), "<": ("mi", 60, "r"), ">": ("mi", 62, "r"), ":": ("rm", 58, "r"),
               ";": ("rm", 59, "p"), ",": ("mi", 59, "p"), ".": ("mi", 58, "o"), "!": ("rm", 33, "close"),
               "?": ("rm", 63, "close"), "(": ("rm", 40, "open"), "[": ("rm", 91, "open"),
               ")": ("rm", 41, "close"), "]": ("rm", 93, "close"), "|": ("sy", 106, "o"),
               "@": ("rm", 64, "o"), '"': ("rm", 125, "o"), "&": ("rm", 38, "o"),
               # utf8 input maps these to TS1 text symbols (\textlangle, \textrangle); in math
               # LaTeX warns and sets {\char60}: the math character of that code in a group, an Ord
               "\u27e8": ("mi", 60, "o"), "\u27e9": ("mi", 62, "o"), "\u2329": ("mi", 60, "o"),
               "\u232a": ("mi", 62, "o")}
WORD_OPERATORS = {"sin", "cos", "tan", "log", "ln", "exp", "lim", "max", "min", "deg", "det", "dim", "arg",
                   "sec", "cot", "csc", "gcd", "sup", "inf", "lg", "ker", "hom", "Pr", "sinh", "cosh", "tanh",
                   "arcsin", "arccos", "arctan", "lcm", "mod", "liminf", "limsup"}
#: The word operators LaTeX defines without ``\\nolimits``: limits in display style.
LIMIT_WORDS = {"lim", "max", "min", "sup", "inf", "det", "gcd", "Pr", "liminf", "limsup"}
MU_SPACES = {"\\,": 3, "\\thinspace": 3, "\\:": 4, "\\>": 4, "\\medspace": 4, "\\;": 5, "\\thickspace": 5,
              "\\!": -3, "\\negthinspace": -3}
EM_SPACES = {"\\quad": 1.0, "\\qquad": 2.0, "\\enspace": 0.5, "\\enskip": 0.5}
IGNORED = {"\\left", "\\right", "\\big", "\\Big", "\\bigg", "\\Bigg", "\\bigl", "\\bigr", "\\Bigl", "\\Bigr",
            "\\centering", "\\raggedright", "\\raggedleft", "\\noindent", "\\limits", "\\nolimits", "\\relax",
            "\\boldmath", "\\unboldmath", "\\selectfont", "\\nonumber", "\\protect", "\\leavevmode", "\\par",
            "\\displaylimits", "\\/", "\\nobreak", "\\allowbreak", "\\mathstrut", "\\strut", "\\ensuremath",
            "\\bm", "\\boldsymbol", "\\mathnormal", "\\null", "\\hfill", "\\hfil", "\\hss", "\\not"}
SWALLOW1 = {"\\color", "\\label", "\\ref", "\\vspace", "\\pagecolor", "\\usefont", "\\fontfamily",
             "\\fontseries", "\\fontshape", "\\linespread"}
FAMILY_SWITCH = {"\\ttfamily": "tt", "\\tt": "tt", "\\sffamily": "sf", "\\sf": "sf", "\\bfseries": "bf",
                  "\\bf": "bf", "\\itshape": "it", "\\it": "it", "\\rmfamily": "rm", "\\rm": "rm", "\\em": "it",
                  "\\slshape": "sl", "\\sl": "sl", "\\upshape": "rm", "\\normalfont": "rm", "\\mdseries": "rm"}
TEXT_WRAPPERS = {"\\textbf": "bf", "\\textit": "it", "\\emph": "it", "\\textrm": "rm", "\\textsf": "sf",
                  "\\texttt": "tt", "\\textsl": "sl", "\\textup": "rm", "\\textnormal": "rm", "\\textmd": None,
                  "\\text": None, "\\mbox": None, "\\hbox": None, "\\textsc": None, "\\fbox": None,
                  "\\makebox": None, "\\textsuperscript": None}
MATH_ALPHABETS = {"\\mathrm": "rm", "\\mathbf": "bf", "\\mathit": "it", "\\mathsf": "sf", "\\mathtt": "tt",
                   "\\mathcal": "cal", "\\mathbb": "bb", "\\mathfrak": "rm", "\\mathscr": "cal",
                   "\\operatorname": "op"}
# math accent -> (family, code); None: \overline (a rule)
ACCENTS = {"\\vec": ("mi", 126), "\\hat": ("rm", 94), "\\widehat": ("rm", 94), "\\bar": ("rm", 22),
            "\\tilde": ("rm", 126), "\\widetilde": ("rm", 126), "\\dot": ("rm", 95), "\\ddot": ("rm", 127),
            "\\check": ("rm", 20), "\\breve": ("rm", 21), "\\acute": ("rm", 19), "\\grave": ("rm", 18),
            "\\overline": None, "\\overrightarrow": ("sy", 33), "\\overleftarrow": ("sy", 32)}
TEXT_ACCENTS = {"\\'", "\\`", "\\^", "\\\"", "\\~", "\\=", "\\.", "\\u", "\\v", "\\H", "\\c", "\\d", "\\b",
                 "\\r", "\\k", "\\t"}

# TeX's inter-atom spacing (TeXbook ch. 18), in mu; negative: only in text and display styles
CLASSES = ("o", "op", "b", "r", "open", "close", "p", "inner")
SPACING = {
    "o": (0, 3, -4, -5, 0, 0, 0, -3), "op": (3, 3, 0, -5, 0, 0, 0, -3),
    "b": (-4, -4, 0, 0, -4, 0, 0, -4), "r": (-5, -5, 0, 0, -5, 0, 0, -5),
    "open": (0, 0, 0, 0, 0, 0, 0, 0), "close": (0, 3, -4, -5, 0, 0, 0, -3),
    "p": (-3, -3, 0, -3, -3, -3, -3, -3), "inner": (-3, 3, -4, -5, -3, 0, -3, -3),
}
# symbols LaTeX builds from several glyphs: (class, width, height, depth) in em of the math size,
# measured with LaTeX at 12 pt
COMPOSITES = {"\\angle": ("o", 0.550926, 0.620926, 0.0), "\\cong": ("r", 0.777778, 0.644444, 0.041667),
               "\\neq": ("r", 0.761574, 0.0, 0.0), "\\ne": ("r", 0.761574, 0.0, 0.0),
               "\\mapsto": ("r", 1.0, 0.366852, 0.0), "\\longrightarrow": ("r", 1.611111, 0.366852, 0.0),
               "\\longleftarrow": ("r", 1.611111, 0.366852, 0.0),
               "\\Longrightarrow": ("r", 1.611111, 0.366852, 0.0), "\\iff": ("r", 2.388889, 0.366852, 0.0),
               "\\longleftrightarrow": ("r", 1.611111, 0.366852, 0.0)}
DISPLAY_OPS = {80: 88, 81: 89, 82: 90, 83: 91, 84: 92, 72: 73, 96: 97, 76: 77, 78: 79}
SCRIPTSPACE = 0.5  # \scriptspace, pt
NULLDELIMITERSPACE = 1.2  # \nulldelimiterspace, pt
