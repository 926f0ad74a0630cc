"""The mutations of the fidelity benchmark take effect, and a symmetry is not a mutation."""

import numpy as np

from geoverify.fidelity.compare import prepare_figure
from geoverify.fidelity.variants import mutations

# A symmetric figure: a square with one diagonal from A to C; swapping A and C maps it onto itself
# (a half turn), so it is not a mutation.
_SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">'
           '<polygon points="40,160 160,160 160,40 40,40" fill="none" stroke="black"/>'
           '<line x1="40" y1="160" x2="160" y2="40" stroke="black"/>'
           '<text x="28" y="172" font-size="12">A</text><text x="166" y="36" font-size="12">C</text></svg>')


def _by_name(variants):
    return {v.name: v for v in variants}


def test_swap_that_a_symmetry_undoes_is_not_applicable():
    ref = prepare_figure(_SQUARE, format="svg")
    assert ref.mined.primary(), "the diagonal AC is mined"
    assert "swapped_labels" not in _by_name(mutations(ref))


def test_mutations_take_effect(svg_reference):
    ref = prepare_figure(svg_reference, format="svg")
    got = _by_name(mutations(ref))
    assert {"moved_point", "swapped_labels", "removed_segment"} <= set(got)
    from geoverify.fidelity.mine import mine_scene

    moved = got["moved_point"]
    (p,) = moved.touched
    shift = np.hypot(*(mine_scene(moved.scene).points[p] - ref.mined.points[p]))
    assert abs(shift - 0.05 * ref.mined.scale) <= 0.01 * ref.mined.scale
