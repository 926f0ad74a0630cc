"""The gate cache: keys change with what can change a verdict; writes are atomic."""

from __future__ import annotations

import json
import multiprocessing as mp

from geoverify.gate.cache import GateCache, cache_key
from geoverify.gate.result import GateResult
from geoverify.gate.settings import GateSettings

TOOLS = {"pdflatex": "pdfTeX 3.14", "dvisvgm": "dvisvgm 3.0.3"}


def _result(T=True, code=None, png=b"\x89PNG fake"):
    return GateResult(T=T, parts={"format_correct": True, "compilable": True, "rendered": True, "non_empty": T},
                      error_code=code, log_excerpt="", svg="<svg/>", png=png, fmt="tikz")


def test_key_depends_on_source_format_dialect_tools_and_settings():
    s = GateSettings().cache_fields()
    base = cache_key("x", "tikz", "plain", TOOLS, s)
    assert base == cache_key("x", "tikz", "plain", dict(reversed(list(TOOLS.items()))), s)
    others = [
        cache_key("x ", "tikz", "plain", TOOLS, s),
        cache_key("x", "asy", "plain", TOOLS, s),
        cache_key("x", "tikz", "aops", TOOLS, s),
        cache_key("x", "tikz", "plain", {**TOOLS, "dvisvgm": "dvisvgm 3.1"}, s),
        cache_key("x", "tikz", "plain", TOOLS, GateSettings(timeout=5).cache_fields()),
    ]
    assert len({base, *others}) == 6


def test_round_trip_keeps_png_and_parts(tmp_path):
    cache = GateCache(tmp_path)
    assert cache.get("ab" * 32) is None
    assert cache.put("ab" * 32, _result())
    got = cache.get("ab" * 32)
    assert got.T is True and got.png == b"\x89PNG fake" and got.parts["non_empty"] is True
    assert (cache.hits, cache.misses) == (1, 1)


def test_timeouts_and_unavailable_are_not_cached(tmp_path):
    cache = GateCache(tmp_path)
    assert not cache.put("cd" * 32, _result(False, "TECH_TIMEOUT"))
    assert not cache.put("ef" * 32, GateResult.failure("tikz", "TOOLCHAIN_UNAVAILABLE"))
    assert cache.get("cd" * 32) is None and cache.get("ef" * 32) is None


def test_corrupt_entry_is_a_miss(tmp_path):
    cache = GateCache(tmp_path)
    key = "01" * 32
    cache.put(key, _result())
    path = tmp_path / key[:2] / f"{key}.json"
    path.write_text("{not json")
    assert cache.get(key) is None


def _writer(args):
    directory, i = args
    cache = GateCache(directory)
    for _ in range(20):
        cache.put("77" * 32, _result(png=bytes([i % 256]) * 50_000))
    return i


def test_concurrent_writers_never_leave_a_torn_entry(tmp_path):
    with mp.get_context("fork").Pool(4) as pool:
        pool.map(_writer, [(str(tmp_path), i) for i in range(8)])
    entry = tmp_path / "77" / ("77" * 32 + ".json")
    data = json.loads(entry.read_text())
    got = GateResult.from_dict(data)
    assert len(got.png) == 50_000 and len(set(got.png)) == 1
    assert [p.name for p in entry.parent.iterdir()] == [entry.name]  # no temp files left
