"""TeX tokens of TikZ source (geoverify.frontends.tikz.tex.tokenize), against a reading match by match."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from geoverify.frontends.tikz.tex import tokenize

# One group per kind of piece; the kind is the group that matched.
_GROUPED = re.compile(
    r"%[^\n]*(?:\n[ \t]*)?"
    r"|(\\(?:[A-Za-z@]+| |\n))([ \t]*\n?[ \t]*)"
    r"|(\\.)"
    r"|(\n[ \t]*\n[\s]*)"
    r"|([ \t\r\n]+)"
    r"|([A-Za-z0-9.]+)"
    r"|(.)",
    re.S,
)


def _reference(text: str, base: int = 0) -> list:
    out = []
    for m in _GROUPED.finditer(text):
        g = m.lastindex
        if g is None:  # comment
            continue
        pos = base + m.start()
        if g <= 2:
            cs = m.group(1)
            out.append((cs, pos) if cs != "\\\n" else (" ", pos))
        elif g == 4:
            out.append(("\\par", pos))
        elif g == 5:
            out.append((" ", pos))
        else:
            out.append((m.group(g), pos))
    return out


def test_tokens_of_a_small_figure():
    text = "\\draw  (0,0) -- (1,1); % note\n\\foo@bar   x\\\\ \\{ \\ y\\\n w\n  \n z\\"
    toks = tokenize(text, base=10)
    assert toks == _reference(text, base=10)
    texts = [t for t, _ in toks]
    assert texts[:3] == ["\\draw", "(", "0"]
    assert "\\foo@bar" in texts and "\\par" in texts and "\\ " in texts and texts[-1] == "\\"
    assert all(not t.startswith("%") for t in texts)


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet="\\%{} \t\n\raZ@.9(,é\x0c", max_size=40), st.integers(0, 50))
def test_matches_the_grouped_reading(text, base):
    assert tokenize(text, base) == _reference(text, base)
