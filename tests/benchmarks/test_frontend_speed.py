"""``benchmarks/frontend_speed.py`` gives each repeat of a figure the caches as they were before the figure."""

from __future__ import annotations

import pytest

from .conftest import load_benchmark


@pytest.fixture(scope="module")
def speed():
    return load_benchmark("frontend_speed")


def test_roll_back_drops_what_the_figure_added(speed):
    cache = {"a": 1, "b": 2}
    mark = speed._mark(cache)
    cache["c"] = 3
    cache["d"] = 4
    cache["a"] = 1          # a key the cache had: it stays
    speed._roll_back(cache, mark)
    assert cache == {"a": 1, "b": 2}


def test_a_cache_cleared_by_the_figure_keeps_none_of_its_entries(speed):
    cache = {"a": 1, "b": 2}
    mark = speed._mark(cache)
    cache.clear()           # full: the front-end cleared it, then refilled it
    cache.update({"x": 1, "y": 2, "z": 3})
    speed._roll_back(cache, mark)
    assert cache == {}


def test_an_empty_cache_is_rolled_back_to_empty(speed):
    cache = {}
    mark = speed._mark(cache)
    cache["p"] = 0
    speed._roll_back(cache, mark)
    assert cache == {}
