"""The technical gate T: compile and render a figure with the real toolchains, sandboxed.

``run_gate(text, fmt)`` answers the four parts of the MathVis gate (format correct,
compilable, rendered, non-empty) with the real tools, every call contained by
:mod:`geoverify.gate.sandbox`; ``rendered_scene(result)`` parses the toolchain's own
SVG into the scene graph so verdicts can be made on what was really drawn, and
``compare_scenes(native, rendered)`` flags where that scene and the native
front-end's disagree.
"""

from geoverify.gate.cache import GateCache
from geoverify.gate.compare import SceneComparison, compare_scenes
from geoverify.gate.result import ERROR_CODES, PARTS, TECH_CODES, GateResult
from geoverify.gate.run import rendered_scene, run_gate
from geoverify.gate.settings import DEFAULT_SETTINGS, GateSettings
from geoverify.gate.toolchains import available_toolchains

__all__ = [
    "run_gate", "rendered_scene", "available_toolchains", "GateResult", "GateSettings", "GateCache",
    "DEFAULT_SETTINGS", "PARTS", "ERROR_CODES", "TECH_CODES", "compare_scenes", "SceneComparison",
]
