"""Top-level splitting of TikZ text (geoverify.frontends.tikz.splitting), against a character-by-character reference."""

from hypothesis import given, settings
from hypothesis import strategies as st

from geoverify.frontends.tikz.splitting import split_top_level


def _reference(s: str, sep: str = ",") -> list[str]:
    """Every character read in turn: a backslash escapes the next one; brackets nest."""
    out, depth, start = [], 0, 0
    escaped = False
    for i, ch in enumerate(s):
        if escaped:
            escaped = False
            continue
        if ch == "\\":
            escaped = True
        elif ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        elif ch == sep and depth == 0:
            out.append(s[start:i])
            start = i + 1
    out.append(s[start:])
    return out


def test_options_split_at_top_level_commas_only():
    assert split_top_level(r"draw=red, label={[blue]above:{a,b}}, shift={(1,2)}, \, x") == \
        ["draw=red", " label={[blue]above:{a,b}}", " shift={(1,2)}", r" \, x"]
    assert split_top_level(r"a\{,b\},c") == [r"a\{", r"b\}", "c"]
    assert split_top_level("") == [""]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="\\{}[](),;a \n/", max_size=40), st.sampled_from([",", ";", "/", " ", "a"]))
def test_matches_the_character_by_character_reading(s, sep):
    assert split_top_level(s, sep) == _reference(s, sep)
