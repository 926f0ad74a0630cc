"""The "figure non-empty" part of T: is there visible ink in the rendering?

Rule (decided on the PNG the gate rendered, at most ``raster_px`` on its long side):
the image is composited onto white (a transparent background counts as white), and
a pixel is ink when its darkest channel is at least :data:`INK_THRESHOLD` below
white (32/255, about 12 %). The figure is non-empty when at least
:data:`MIN_INK_PIXELS` pixels are ink. Hence white-on-white or fully transparent
drawings are empty, anti-aliasing haze alone is not ink, and a figure that is one
filled shape is non-empty even when it fills the whole cropped page.
"""

from __future__ import annotations

import io

import numpy as np

__all__ = ["ink_pixels", "is_non_empty", "INK_THRESHOLD", "MIN_INK_PIXELS"]

INK_THRESHOLD = 32
MIN_INK_PIXELS = 2


def ink_pixels(png: bytes) -> int:
    """Number of ink pixels in a PNG (see the module docstring for the rule).

    Returns -1 when the bytes are not a decodable image.
    """
    from PIL import Image

    try:
        with Image.open(io.BytesIO(png)) as img:
            img = img.convert("RGBA")
            rgba = np.asarray(img, dtype=np.float32)
    except Exception:  # PIL raises many types on corrupt data; all mean "no image"
        return -1
    if rgba.size == 0:
        return 0
    alpha = rgba[..., 3:4] / 255.0
    rgb = rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)
    darkness = 255.0 - rgb.min(axis=2)
    return int(np.count_nonzero(darkness >= INK_THRESHOLD))


def is_non_empty(png: bytes) -> bool:
    """Whether the PNG shows visible ink."""
    return ink_pixels(png) >= MIN_INK_PIXELS
