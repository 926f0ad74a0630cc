"""Where the native scene and the rendered scene of one figure disagree (coarse checks).

The native front-end reads the source; the rendered scene
(:func:`geoverify.gate.rendered_scene`) is what the toolchain really drew. Reports
name the scene each verdict used and show these flags, so a verdict resting on a
front-end's misreading is visible. The checks are deliberately coarse, because the
two scenes differ in ways that mean nothing (units, y direction, a circle drawn as
four Béziers, ``$A_1$`` typeset as two ``<text>`` runs):

- ``empty``: one scene draws nothing visible and the other does;
- ``label characters``: the letters and digits of all labels differ (TeX control
  sequences, ``$``, braces, ``^``, ``_`` and spaces removed; compared as multisets,
  flagged past :data:`LABEL_TOLERANCE` of the larger count, at least 2 characters).
  Skipped when the rendered scene has no text (glyphs drawn as paths);
- ``aspect``: the width/height ratios of the geometry (text excluded) differ by
  more than :data:`ASPECT_TOLERANCE` (relative);
- ``outlines``: one scene has outlines (paths, circles ...) and the other none.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

__all__ = ["SceneComparison", "compare_scenes", "label_characters", "ASPECT_TOLERANCE", "LABEL_TOLERANCE"]

ASPECT_TOLERANCE = 0.15
LABEL_TOLERANCE = 0.10

_CONTROL = re.compile(r"\\[A-Za-z@]+|\\.")


@dataclass(slots=True)
class SceneComparison:
    """Outcome of :func:`compare_scenes`: ``disagreements`` is empty when they agree."""

    disagreements: list = field(default_factory=list)
    checks: dict = field(default_factory=dict)

    @property
    def agree(self) -> bool:
        return not self.disagreements

    def to_dict(self) -> dict:
        return {"agree": self.agree, "disagreements": list(self.disagreements), "checks": dict(self.checks)}


def label_characters(scene) -> Counter:
    """Multiset of ASCII letters and digits in the scene's labels, TeX markup removed."""
    chars: Counter = Counter()
    for _, label in scene.labels:
        text = _CONTROL.sub("", label.text)
        chars.update(c for c in text if c.isascii() and c.isalnum())
    return chars


def _geometry_aspect(scene) -> float | None:
    boxes = []
    for _, p in scene.outlines():
        try:
            boxes.append(p.bbox())
        except NotImplementedError:
            continue
    for _, p in scene.dots:
        try:
            boxes.append(p.bbox())
        except NotImplementedError:
            continue
    if not boxes:
        return None
    xmin = min(b[0] for b in boxes)
    ymin = min(b[1] for b in boxes)
    xmax = max(b[2] for b in boxes)
    ymax = max(b[3] for b in boxes)
    w, h = xmax - xmin, ymax - ymin
    if not (math.isfinite(w) and math.isfinite(h)) or w <= 0 or h <= 0:
        return None
    return w / h


def compare_scenes(native, rendered) -> SceneComparison:
    """Coarse agreement of two scenes of the same figure (see the module docstring).

    Parameters
    ----------
    native, rendered : geoverify.scene.Scene
        The front-end's scene and the toolchain's (``source_format="rendered-svg"``).
    """
    out = SceneComparison()
    n_empty, r_empty = native.is_empty(), rendered.is_empty()
    out.checks["empty"] = {"native": n_empty, "rendered": r_empty}
    if n_empty != r_empty:
        out.disagreements.append(
            f"empty: the {'native' if n_empty else 'rendered'} scene draws nothing, the other does")

    r_chars = label_characters(rendered)
    n_chars = label_characters(native)
    if rendered.labels:
        diff = (n_chars - r_chars) + (r_chars - n_chars)
        size = max(sum(n_chars.values()), sum(r_chars.values()))
        out.checks["label_characters"] = {"native": sum(n_chars.values()), "rendered": sum(r_chars.values()),
                                          "differing": sum(diff.values())}
        if sum(diff.values()) >= max(2, LABEL_TOLERANCE * size):
            only_n = "".join(sorted((n_chars - r_chars).elements()))[:40]
            only_r = "".join(sorted((r_chars - n_chars).elements()))[:40]
            out.disagreements.append(
                f"label characters: only native {only_n!r}, only rendered {only_r!r}")
    else:
        out.checks["label_characters"] = "skipped: the rendered scene has no text elements"

    a_n, a_r = _geometry_aspect(native), _geometry_aspect(rendered)
    out.checks["aspect"] = {"native": a_n, "rendered": a_r}
    if a_n is not None and a_r is not None and abs(math.log(a_n / a_r)) > math.log1p(ASPECT_TOLERANCE):
        out.disagreements.append(f"aspect: geometry width/height {a_n:.3g} (native) vs {a_r:.3g} (rendered)")

    o_n, o_r = len(native.outlines()), len(rendered.outlines())
    out.checks["outlines"] = {"native": o_n, "rendered": o_r}
    if (o_n == 0) != (o_r == 0):
        out.disagreements.append(f"outlines: {o_n} native vs {o_r} rendered")
    return out
