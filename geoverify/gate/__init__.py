"""The technical gate T: compile and render a figure with the real toolchains, sandboxed.

``run_gate(text, fmt)`` answers the four parts of the MathVis gate (format correct,
compilable, rendered, non-empty) with the real tools, every call contained by
:mod:`geoverify.gate.sandbox`; ``rendered_scene(result)`` parses the toolchain's own
SVG into the scene graph so verdicts can be made on what was really drawn
(:func:`geoverify.evaluation.agreement.compare_scenes` flags where it and the
native scene disagree).
"""

from geoverify.gate.cache import GateCache
from geoverify.gate.result import ERROR_CODES, PARTS, TECH_CODES, GateResult
from geoverify.gate.run import rendered_scene, run_gate
from geoverify.gate.settings import DEFAULT_SETTINGS, GateSettings
from geoverify.gate.toolchains import available_toolchains

__all__ = [
    "run_gate", "rendered_scene", "available_toolchains", "GateResult", "GateSettings", "GateCache",
    "DEFAULT_SETTINGS", "PARTS", "ERROR_CODES", "TECH_CODES",
]
