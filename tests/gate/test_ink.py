"""The non-empty rule: visible ink after compositing onto white."""

import io

import numpy as np
import pytest
from PIL import Image

from geoverify.gate.ink import INK_THRESHOLD, MIN_INK_PIXELS, ink_pixels, is_non_empty


def _png(rgba):
    buf = io.BytesIO()
    Image.fromarray(np.asarray(rgba, dtype=np.uint8), "RGBA").save(buf, "PNG")
    return buf.getvalue()


def _canvas(value=(255, 255, 255, 255), size=20):
    return np.tile(np.array(value, dtype=np.uint8), (size, size, 1))


def test_blank_white_and_fully_transparent_are_empty():
    assert ink_pixels(_png(_canvas())) == 0
    assert not is_non_empty(_png(_canvas((0, 0, 0, 0))))


def test_a_short_black_stroke_is_ink():
    img = _canvas()
    img[5, 3:8] = (0, 0, 0, 255)
    assert ink_pixels(_png(img)) == 5 and is_non_empty(_png(img))


def test_faint_haze_is_not_ink_and_one_filled_shape_is():
    img = _canvas((255 - INK_THRESHOLD + 1,) * 3 + (255,))
    assert not is_non_empty(_png(img))
    assert is_non_empty(_png(_canvas((200, 30, 30, 255))))


def test_single_pixel_is_below_the_minimum():
    img = _canvas()
    img[1, 1] = (0, 0, 0, 255)
    assert ink_pixels(_png(img)) == 1 < MIN_INK_PIXELS


@pytest.mark.parametrize("data", [b"", b"not a png", b"\x89PNG\r\n\x1a\n" + b"\0" * 20])
def test_garbage_is_not_an_image(data):
    assert ink_pixels(data) == -1 and not is_non_empty(data)
