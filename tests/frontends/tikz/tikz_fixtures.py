"""Shared helpers for the TikZ front-end tests."""

from __future__ import annotations

import math

import numpy as np

from geoverify.frontends.tikz import parse_tikz

CM = 72.27 / 2.54  # TeX points per centimetre
MM = CM / 10


def scene_of(code: str, **kw):
    """Scene of a bare picture body (or a full document)."""
    return parse_tikz(code, **kw)


def only(scene, cls):
    """The single primitive of type ``cls`` in ``scene``."""
    items = [p for p in scene.primitives if isinstance(p, cls)]
    assert len(items) == 1, f"expected one {cls.__name__}, got {len(items)}: {scene.summary()}"
    return items[0]


def close(a, b, tol=1e-6):
    return np.allclose(np.asarray(a, dtype=float), np.asarray(b, dtype=float), atol=tol)


def deg(x):
    return math.radians(x)
