"""Shared helpers of the matching tests."""

import pytest

from geoverify.ir import task_from_dict
from geoverify.matching import bind, extract_features


@pytest.fixture
def bound_point():
    """``bound_point(scene, name)``: the binding of a one-point task whose point is labelled ``name``."""

    def _bound(scene, name):
        task = task_from_dict({"schema_version": "1.0", "id": "t", "discipline": "geometry", "prompt": "p",
                               "objects": [{"id": name, "type": "point", "labels": [name]}],
                               "predicates": [{"id": "p", "kind": "hard", "check": {"op": "drawn", "object": name}}]})
        return bind(task, scene, extract_features(scene))[name]

    return _bound
