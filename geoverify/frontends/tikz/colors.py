"""xcolor colours: names, ``red!50!black`` mixes, ``rgb``/``RGB``/``HTML``/``gray`` models.

Colours come out as ``"#rrggbb"``. Mixes follow xcolor: ``A!p!B`` is
``p`` percent of A and the rest of B, ``A!p`` mixes with white, and a
leading ``-`` takes the complement.
"""

from __future__ import annotations

import math

__all__ = ["BASE_COLORS", "parse_color", "to_hex"]

# xcolor's base colours and the dvipsnames TikZ users reach for most.
BASE_COLORS: dict[str, tuple[float, float, float]] = {
    "red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1), "cyan": (0, 1, 1), "magenta": (1, 0, 1),
    "yellow": (1, 1, 0), "black": (0, 0, 0), "gray": (0.5, 0.5, 0.5), "white": (1, 1, 1),
    "darkgray": (0.25, 0.25, 0.25), "lightgray": (0.75, 0.75, 0.75), "brown": (0.75, 0.5, 0.25),
    "lime": (0.75, 1, 0), "olive": (0.5, 0.5, 0), "orange": (1, 0.5, 0), "pink": (1, 0.75, 0.75),
    "purple": (0.75, 0, 0.25), "teal": (0, 0.5, 0.5), "violet": (0.5, 0, 0.5),
    # dvipsnames (approximate RGB of their CMYK definitions)
    "ForestGreen": (0.13, 0.55, 0.13), "NavyBlue": (0.0, 0.46, 0.74), "RoyalBlue": (0.0, 0.44, 1.0),
    "Maroon": (0.69, 0.19, 0.38), "BrickRed": (0.72, 0.08, 0.0), "OliveGreen": (0.24, 0.5, 0.0),
    "Orange": (1.0, 0.39, 0.13), "Gray": (0.5, 0.5, 0.5), "Black": (0, 0, 0), "White": (1, 1, 1),
    "Red": (0.93, 0.11, 0.14), "Blue": (0.18, 0.18, 1.0), "Green": (0.0, 1.0, 0.0),
    "Cyan": (0.0, 0.68, 0.94), "Magenta": (0.93, 0.0, 0.55), "Yellow": (1.0, 0.95, 0.0),
    "Purple": (0.55, 0.14, 1.0), "Emerald": (0.0, 0.66, 0.52), "Plum": (0.57, 0.15, 0.56),
    "Sepia": (0.5, 0.0, 0.0), "Mahogany": (0.65, 0.0, 0.0), "Turquoise": (0.0, 0.71, 0.8),
    "SkyBlue": (0.46, 0.85, 0.93), "Periwinkle": (0.48, 0.51, 1.0), "Lavender": (1.0, 0.46, 1.0),
    "Goldenrod": (1.0, 0.9, 0.16), "Dandelion": (0.99, 0.74, 0.16), "Apricot": (0.98, 0.68, 0.48),
    "Peach": (1.0, 0.5, 0.3), "Salmon": (1.0, 0.47, 0.62), "Tan": (0.86, 0.58, 0.44),
    "Brown": (0.4, 0.0, 0.0), "MidnightBlue": (0.0, 0.44, 0.57), "Cerulean": (0.06, 0.89, 1.0),
    "TealBlue": (0.12, 0.64, 0.68), "SeaGreen": (0.31, 1.0, 0.5), "LimeGreen": (0.5, 1.0, 0.0),
    "YellowGreen": (0.56, 1.0, 0.26), "SpringGreen": (0.74, 1.0, 0.24), "JungleGreen": (0.0, 1.0, 0.48),
    "Aquamarine": (0.0, 0.71, 0.75), "CadetBlue": (0.38, 0.43, 0.77), "CornflowerBlue": (0.35, 0.87, 1.0),
    "ProcessBlue": (0.0, 0.69, 1.0), "RedOrange": (1.0, 0.23, 0.13), "BurntOrange": (1.0, 0.49, 0.0),
    "Melon": (1.0, 0.54, 0.5), "Bittersweet": (0.76, 0.01, 0.0), "RubineRed": (1.0, 0.0, 0.87),
    "WildStrawberry": (1.0, 0.04, 0.61), "CarnationPink": (1.0, 0.37, 1.0), "Thistle": (0.88, 0.41, 1.0),
    "Orchid": (0.68, 0.36, 1.0), "DarkOrchid": (0.6, 0.2, 0.8), "VioletRed": (1.0, 0.19, 1.0),
    "Fuchsia": (0.45, 0.01, 0.92), "Mulberry": (0.64, 0.08, 0.98), "RedViolet": (0.59, 0.0, 0.66),
    "BlueViolet": (0.1, 0.05, 0.96), "Violet": (0.21, 0.12, 1.0), "Emerald2": (0.0, 0.66, 0.52),
    "PineGreen": (0.0, 0.75, 0.16), "Dark": (0, 0, 0), "RawSienna": (0.55, 0.0, 0.0),
}

# svgnames (xcolor option) most used in figures; others resolve to black with a note
SVG_COLORS = {
    "DarkBlue": (0, 0, 0.545), "DarkRed": (0.545, 0, 0), "DarkGreen": (0, 0.392, 0), "DarkOrange": (1, 0.549, 0),
    "DarkViolet": (0.58, 0, 0.827), "DarkCyan": (0, 0.545, 0.545), "DarkMagenta": (0.545, 0, 0.545),
    "DarkGray": (0.663, 0.663, 0.663), "DarkGrey": (0.663, 0.663, 0.663), "DarkSlateGray": (0.184, 0.31, 0.31),
    "DarkOliveGreen": (0.333, 0.42, 0.184), "DarkGoldenrod": (0.722, 0.525, 0.043), "DarkKhaki": (0.741, 0.718, 0.42),
    "DarkSalmon": (0.914, 0.588, 0.478), "DarkSeaGreen": (0.561, 0.737, 0.561), "DarkTurquoise": (0, 0.808, 0.82),
    "DarkSlateBlue": (0.282, 0.239, 0.545), "DeepSkyBlue": (0, 0.749, 1), "DodgerBlue": (0.118, 0.565, 1),
    "SteelBlue": (0.275, 0.51, 0.706), "LightBlue": (0.678, 0.847, 0.902), "LightGray": (0.827, 0.827, 0.827),
    "LightGrey": (0.827, 0.827, 0.827), "LightGreen": (0.565, 0.933, 0.565), "LightCoral": (0.941, 0.502, 0.502),
    "LightYellow": (1, 1, 0.878), "LightSkyBlue": (0.529, 0.808, 0.98), "LightSteelBlue": (0.69, 0.769, 0.871),
    "Crimson": (0.863, 0.078, 0.235), "Gold": (1, 0.843, 0), "Indigo": (0.294, 0, 0.51), "Navy": (0, 0, 0.502),
    "Teal": (0, 0.502, 0.502), "Tomato": (1, 0.388, 0.278), "Coral": (1, 0.498, 0.314), "Silver": (0.753, 0.753, 0.753),
    "SlateGray": (0.439, 0.502, 0.565), "SlateBlue": (0.416, 0.353, 0.804), "MediumBlue": (0, 0, 0.804),
    "MediumPurple": (0.576, 0.439, 0.859), "MediumSeaGreen": (0.235, 0.702, 0.443), "Firebrick": (0.698, 0.133, 0.133),
    "FireBrick": (0.698, 0.133, 0.133), "Chocolate": (0.824, 0.412, 0.118), "OrangeRed": (1, 0.271, 0),
    "Khaki": (0.941, 0.902, 0.549), "Lime": (0, 1, 0), "Olive": (0.502, 0.502, 0), "Beige": (0.961, 0.961, 0.863),
    "Ivory": (1, 1, 0.941), "Wheat": (0.961, 0.871, 0.702), "AliceBlue": (0.941, 0.973, 1),
    "Azure": (0.941, 1, 1), "Lavender": (0.902, 0.902, 0.98), "MintCream": (0.961, 1, 0.98),
    "HoneyDew": (0.941, 1, 0.941), "Honeydew": (0.941, 1, 0.941), "WhiteSmoke": (0.961, 0.961, 0.961),
    "Gainsboro": (0.863, 0.863, 0.863), "DimGray": (0.412, 0.412, 0.412), "Grey": (0.502, 0.502, 0.502),
    "Pink": (1, 0.753, 0.796), "HotPink": (1, 0.412, 0.706), "DeepPink": (1, 0.078, 0.576),
    "ForestGreen": (0.133, 0.545, 0.133), "SeaGreen": (0.18, 0.545, 0.341), "LimeGreen": (0.196, 0.804, 0.196),
    "SkyBlue": (0.529, 0.808, 0.922), "CornflowerBlue": (0.392, 0.584, 0.929), "CadetBlue": (0.373, 0.62, 0.627),
    "MidnightBlue": (0.098, 0.098, 0.439), "RoyalBlue": (0.255, 0.412, 0.882), "PowderBlue": (0.69, 0.878, 0.902),
    "Turquoise": (0.251, 0.878, 0.816), "Aqua": (0, 1, 1), "Aquamarine": (0.498, 1, 0.831),
    "Orchid": (0.855, 0.439, 0.839), "Plum": (0.867, 0.627, 0.867), "Violet": (0.933, 0.51, 0.933),
    "Purple": (0.502, 0, 0.502), "Maroon": (0.502, 0, 0), "Brown": (0.647, 0.165, 0.165),
    "SaddleBrown": (0.545, 0.271, 0.075), "Sienna": (0.627, 0.322, 0.176), "Peru": (0.804, 0.522, 0.247),
    "Tan": (0.824, 0.706, 0.549), "Goldenrod": (0.855, 0.647, 0.125), "Salmon": (0.98, 0.502, 0.447),
    "Orange": (1, 0.647, 0), "Yellow": (1, 1, 0), "YellowGreen": (0.604, 0.804, 0.196), "Green": (0, 0.502, 0),
    "Blue": (0, 0, 1), "Red": (1, 0, 0), "Black": (0, 0, 0), "White": (1, 1, 1), "Gray": (0.502, 0.502, 0.502),
    "Cyan": (0, 1, 1), "Magenta": (1, 0, 1), "SpringGreen": (0, 1, 0.498), "MediumVioletRed": (0.78, 0.082, 0.522),
    "PaleGreen": (0.596, 0.984, 0.596), "PaleVioletRed": (0.859, 0.439, 0.576), "RebeccaPurple": (0.4, 0.2, 0.6),
}


#: :func:`to_hex` by its colour and :func:`parse_color` by its text (without colours of the
#: figure's own): pure functions, asked again for every path and node
_HEX: dict = {}
_PARSED: dict = {}
_MAX = 20000


def to_hex(rgb) -> str:
    """``"#rrggbb"`` of an RGB colour in [0, 1] (each part rounded to 0..255)."""
    try:
        return _HEX[rgb]
    except KeyError:
        if len(_HEX) >= _MAX:
            _HEX.clear()
        text = _HEX[rgb] = _hex(rgb)
        return text
    except TypeError:  # a list or an array: no key
        return _hex(rgb)


def _hex(rgb) -> str:
    """:func:`to_hex`, computed."""
    r, g, b = (min(255, max(0, int(round(255 * float(c))))) for c in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


def _model(spec: str) -> tuple[float, float, float] | None:
    # "{rgb,1:red,0.2;green,0.3;blue,0.4}" and "{rgb:red,1;green,2}" style specs
    s = spec.strip().strip("{}")
    if ":" not in s:
        return None
    model, _, vals = s.partition(":")
    model = model.strip()
    if model.startswith("rgb") and "," in model:  # rgb,255:red,10;green,...
        scale = float(model.split(",")[1])
        parts = dict(p.split(",") for p in vals.split(";"))
        return tuple(float(parts.get(k, 0)) / scale for k in ("red", "green", "blue"))
    return None


def parse_color(spec: str, defined: dict | None = None) -> tuple[float, float, float] | None:
    """RGB in [0, 1] of an xcolor expression, or None when it is not a colour.

    Parameters
    ----------
    spec : str
        ``"red"``, ``"red!50!black"``, ``"blue!20"``, ``"-red"``,
        ``"{rgb,255:red,10;green,20;blue,30}"``.
    defined : dict, optional
        Colours the figure defined (``\\definecolor``), name -> RGB.
    """
    if defined:
        return _parse_color(spec, defined)
    try:
        return _PARSED[spec]
    except KeyError:
        pass
    if len(_PARSED) >= _MAX:
        _PARSED.clear()
    rgb = _PARSED[spec] = _parse_color(spec, None)
    return rgb


def _parse_color(spec: str, defined: dict | None) -> tuple[float, float, float] | None:
    """:func:`parse_color`, computed."""
    s = spec.strip()
    if not s:
        return None
    if s.startswith("{") and s.endswith("}"):
        s = s[1:-1].strip()
    m = _model(s)
    if m is not None:
        return m
    complement = s.startswith("-")
    if complement:
        s = s[1:]
    parts = [p.strip() for p in s.split("!")]

    def named(name: str):
        if defined and name in defined:
            return defined[name]
        if name in BASE_COLORS:
            return BASE_COLORS[name]
        if name in SVG_COLORS:
            return SVG_COLORS[name]
        if name == ".":
            return defined.get(".", (0, 0, 0)) if defined else (0, 0, 0)
        return None

    cur = named(parts[0])
    if cur is None:
        return None
    i = 1
    while i < len(parts):
        try:
            pct = float(parts[i]) / 100.0
        except ValueError:
            return None
        if not math.isfinite(pct):  # (blue!21e3080: not a colour xcolor can mix)
            return None
        other = named(parts[i + 1]) if i + 1 < len(parts) else (1.0, 1.0, 1.0)
        if other is None:
            return None
        cur = tuple(pct * a + (1 - pct) * b for a, b in zip(cur, other))
        i += 2
    if complement:
        cur = tuple(1 - c for c in cur)
    return tuple(float(c) for c in cur)
