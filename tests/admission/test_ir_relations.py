"""Relations checked on the IR's own coordinates, to the precision the task declares."""

import pytest

from geoverify.admission.ir_relations import relation_checks
from geoverify.admission.rubric import FAIL, PASS
from geoverify.testing import make_task

# AB = 5 and AC = 5.006: equal to 1.2e-3 (coordinates read off a drawing rounded to 3 digits).
_OBJECTS = [{"id": "A", "type": "point", "coords": [0, 0]}, {"id": "B", "type": "point", "coords": [5, 0]},
            {"id": "C", "type": "point", "coords": [3.0036, 4.0048]},
            {"id": "AB", "type": "segment", "through": ["A", "B"]}, {"id": "AC", "type": "segment", "through": ["A", "C"]}]
_PRED = [{"id": "eq", "kind": "hard", "check": {"op": "equal_length", "a": "AB", "b": "AC"}}]


@pytest.mark.parametrize("tolerances, status", [(None, FAIL), ({"coordinate_precision": 2e-3}, PASS),
                                                ({"coordinate_precision": 1e-3}, FAIL)])
def test_declared_coordinate_precision(tolerances, status):
    extra = {"tolerances": tolerances} if tolerances else {}
    task = make_task(_OBJECTS, _PRED, **extra)
    (check,) = relation_checks(task)
    assert check.status == status, check.reason
