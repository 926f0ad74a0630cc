"""xcolor colours: names, ``red!50!black`` mixes, ``rgb``/``RGB``/``HTML``/``gray`` models.

Colours come out as ``"#rrggbb"``. Mixes follow xcolor: ``A!p!B`` is
``p`` percent of A and the rest of B, ``A!p`` mixes with white, and a
leading ``-`` takes the complement.
"""

from __future__ import annotations

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


def to_hex(rgb) -> str:
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
        other = named(parts[i + 1]) if i + 1 < len(parts) else (1.0, 1.0, 1.0)
        if other is None:
            return None
        cur = tuple(pct * a + (1 - pct) * b for a, b in zip(cur, other))
        i += 2
    if complement:
        cur = tuple(1 - c for c in cur)
    return tuple(float(c) for c in cur)
