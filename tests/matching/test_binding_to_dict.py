"""BoundObject.to_dict gives plain JSON types, whatever numpy scalars the binding computed."""

import json

import numpy as np

from geoverify.matching.binding import BoundObject


def test_numpy_bool_drawn_serialises_as_json_bool():
    b = BoundObject(id="O", type="point", status="bound", drawn=np.bool_(True), primitives=[np.int64(3)],
                    point=np.array([1.0, 2.0]))
    d = b.to_dict()
    assert d["drawn"] is True
    assert json.loads(json.dumps(d))["drawn"] is True
