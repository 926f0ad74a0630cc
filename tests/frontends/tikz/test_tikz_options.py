"""Option lists of TikZ keys (geoverify.frontends.tikz.options.split_options)."""

from geoverify.frontends.tikz import options
from geoverify.frontends.tikz.options import split_options


def test_keys_and_values_are_split_at_top_level():
    assert split_options("[draw, fill=red!20, label={[blue]above:{$x,y$}}, shift={(1,2)}]") == [
        ("draw", None), ("fill", "red!20"), ("label", "[blue]above:{$x,y$}"), ("shift", "(1,2)")]


def test_each_caller_gets_its_own_list_of_a_text_split_once():
    text = "thick, ->, dash pattern=on 2pt off 1pt"
    first = split_options(text)
    first.append(("mutated", None))
    again = split_options(text)
    assert again == [("thick", None), ("->", None), ("dash pattern", "on 2pt off 1pt")]
    assert again is not first
    assert isinstance(options._SPLIT[text], tuple)


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(options, "_SPLIT_MAX", 4)
    options._SPLIT.clear()
    for i in range(20):
        split_options(f"xshift={i}pt")
    assert 1 <= len(options._SPLIT) <= 4
