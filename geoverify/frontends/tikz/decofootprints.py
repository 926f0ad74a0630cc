"""The ``footprints`` decoration (``pgflibrarydecorations.footprints``).

Its states ``left`` and ``right`` alternate, each ``stride length / 2`` (30 pt / 2) wide, and
draw one foot (a closed outline) in the state's frame: shifted ``foot sep / 2`` (4 pt / 2)
to the side, scaled by ``foot length`` (10 pt), turned by ``foot angle`` (10 degrees), then
the foot's own transformation (``\\pgftransformcm``) and outline, copied from pgf; the
right foot is the left one mirrored in the path (``yscale=-1`` first). ``foot of`` picks the
animal: ``human`` (the default), ``gnome``, ``bird``, ``felis silvestris``. There is no
final state: nothing is drawn after the last foot.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["FOOT_KEYS", "STATES", "footprint_key"]

#: The keys of the decoration and their defaults (pt; degrees for the angle).
FOOT_KEYS = {"foot length": 10.0, "stride length": 30.0, "foot sep": 4.0, "foot angle": 10.0, "foot of": "human"}

#: animal -> ((a, b, c, d, shift x, shift y) of its \pgftransformcm, then a scale, the outline)
_FEET = {
    'human': ((0, .5, .5, 0, .48, .2), 1,
        "M .20175 -.72633 C .16314 -.88194 .07386 -1.0167 -.08385 -1.0167 C -.24153 -1.0167 -.36942 "
        "-.84897 -.36942 -.72633 C -.36942 -.60372 -.32505 -.54825 -.27633 -.51192 C -.23937 -.48435 "
        "-.17031 -.46539 -.10611 -.40323 C -.04191 -.3411 .00495 -.27783 .00495 -.14787 C .00495 -.01794 "
        "-.08526 .12648 -.22194 .22467 C -.35862 .32286 -.40863 .50226 -.32703 .5979 C -.24543 .69354 "
        "-.00564 .66543 .17172 .53484 C .34908 .40422 .39363 .27192 .37416 .10971 C .35472 -.0525 .26736 "
        "-.46203 .20175 -.72633 Z M -.27138 1.01451 C -.21198 1.01451 -.1638 .94509 -.1638 .8595 C -.1638 "
        ".77388 -.21198 .70446 -.27138 .70446 C -.33078 .70446 -.37896 .77388 -.37896 .8595 C -.37896 "
        ".94509 -.33078 1.01451 -.27138 1.01451 Z M -.05769 .90573 C -.01659 .90573 .01674 .86445 .01674 "
        ".81354 C .01674 .7626 -.01659 .72132 -.05769 .72132 C -.09879 .72132 -.13209 .7626 -.13209 "
        ".81354 C -.13209 .86445 -.09879 .90573 -.05769 .90573 Z M .10497 .81636 C .14214 .81096 .16722 "
        ".77193 .16104 .72918 C .15483 .68646 .11964 .65619 .08247 .66159 C .0453 .66699 .02019 .70602 "
        ".0264 .74874 C .03261 .79149 .0678 .82176 .10497 .81636 Z M .24054 .70842 C .27513 .70842 .30318 "
        ".67686 .30318 .63795 C .30318 .59904 .27513 .56751 .24054 .56751 C .20598 .56751 .17793 .59904 "
        ".17793 .63795 C .17793 .67686 .20598 .70842 .24054 .70842 Z M .35973 .57501 C .3918 .57501 "
        ".41781 .54852 .41781 .51585 C .41781 .48318 .3918 .45669 .35973 .45669 C .32769 .45669 .30168 "
        ".48318 .30168 .51585 C .30168 .54852 .32769 .57501 .35973 .57501 Z "),
    'gnome': ((0, -1, -1, 0, 1, .8), .83333,
        "M .86068 0 C .61466 0 .56851 .35041 .70691 .35041 C .84529 .35041 1.10671 0 .86068 0 Z M .45217 "
        ".30699 C .52586 .31149 .60671 .02577 .46821 .04374 C .32976 .06171 .37845 .30249 .45217 .30699 Z "
        "M .11445 .48453 C .16686 .46146 .1212 .23581 .03208 .29735 C -.057 .3589 .06204 .50759 .11445 "
        ".48453 Z M .26212 .36642 C .32451 .3537 .32793 .09778 .21667 .14369 C .10539 .18961 .19978 "
        ".37916 .26212 .36642 L .26212 .36642 Z M .58791 .93913 C .59898 1.02367 .52589 1.06542 .45431 "
        "1.01092 C .22644 .83743 .8316 .75088 .79171 .51386 C .7586 .31712 .15495 .37769 .08621 .68553 C "
        ".03968 .89374 .27774 1.1826 .52614 1.1826 C .64834 1.1826 .78929 1.07226 .81566 .93248 C .8358 "
        ".82589 .57867 .8686 .58791 .93913 L .58791 .93913 Z "),
    'bird': ((0, .11, .11, 0, .37, .52), 1,
        "M -.886 1.652 C -.4632 2.669 -.5092 4.3712 -.4512 5.6734 C -.4374 5.9842 -.3182 6.0686 -.2484 "
        "5.644 C -.0534 4.459 .087 3.0132 .5206 1.8464 C .714 1.326 .692 1.416 1.0864 1.759 C 1.7662 "
        "2.3504 2.665 3.1756 3.2028 4.02 C 3.4708 4.4408 3.4258 4.0814 3.3366 3.8708 C 2.9068 2.8562 "
        ".8502 .645 .4808 -.0864 C .0808 -.8788 .1664 -2.1246 .0024 -2.7868 C -.172 -3.4908 -.2726 -3.704 "
        "-.3812 -2.9558 C -.5316 -1.9202 -.88 -.256 -1.332 .128 C -1.716 .4542 -3.7928 2.3136 -4.5044 "
        "3.3524 C -4.7618 3.728 -4.709 3.7864 -4.4212 3.5818 C -3.4844 2.9162 -2.6164 1.654 -1.454 1.3886 "
        "C -1.0876 1.305 -1.0296 1.3066 -.886 1.652 Z "),
    'felis silvestris': ((0, .1, .1, 0, .48, .5), 1,
        "M 2.7312 -1.992 C 1.8716 -1.4226 2.1404 .0436 .9202 .0436 C -.1146 .0436 -.7386 .0178 -1.319 "
        "-1.0288 C -1.7922 -1.8822 -2.072 -1.5488 -2.9638 -1.968 C -3.9244 -2.4198 -4.4394 -3.348 -4.1136 "
        "-4.041 C -3.3862 -5.5882 -1.6156 -3.83 -1.1684 -4.312 C -.5806 -4.9454 .5032 -4.8822 1.1748 "
        "-4.2878 C 1.5822 -3.9272 2.6524 -5.0652 3.3506 -4.1066 C 3.839 -3.4356 3.1192 -2.249 2.7312 "
        "-1.992 Z M 5.0576 .4996 C 4.6056 .6536 4.0596 .2516 3.8382 -.398 C 3.6168 -1.0478 3.8038 -1.6996 "
        "4.2558 -1.8536 C 4.7078 -2.0076 5.2538 -1.6056 5.4752 -.9558 C 5.6966 -.3062 5.5096 .3456 5.0576 "
        ".4996 Z M 3.1212 3.5542 C 2.5874 3.6726 1.975 3.1756 1.7538 2.4442 C 1.5324 1.7128 1.7858 1.0238 "
        "2.3196 .9052 C 2.8534 .7868 3.4658 1.2838 3.6872 2.0152 C 3.9084 2.7466 3.655 3.4358 3.1212 "
        "3.5542 Z M -.6182 5.0456 C -1.2132 5.0456 -1.6956 4.3104 -1.6956 3.4038 C -1.6956 2.4972 -1.2132 "
        "1.7618 -.6182 1.7618 C -.0232 1.7618 .4592 2.4972 .4592 3.4038 C .4592 4.3104 -.0232 5.0456 "
        "-.6182 5.0456 Z M -4.1176 1.8248 C -4.6334 1.7534 -4.9806 1.0312 -4.8928 .212 C -4.8052 -.6072 "
        "-4.3158 -1.2136 -3.8 -1.1422 C -3.2842 -1.0708 -2.9372 -.3486 -3.0248 .4706 C -3.1126 1.2898 "
        "-3.6018 1.8962 -4.1176 1.8248 Z "),
}


def footprint_key(deco, key: str, val: str | None, number, dim) -> bool:
    """Apply a key of ``footprints`` to ``deco.params``; False for other keys. ``number(text)``
    reads a number, ``dim(text)`` a length (pt)."""
    if key not in FOOT_KEYS or not val:
        return False
    params = dict(deco.params)
    if key == "foot of":
        params[key] = val.strip()
    elif key == "foot angle":
        params[key] = number(val)
    else:
        params[key] = dim(val)
    deco.params = params
    return True


def _outline(name: str) -> list[tuple]:
    """The foot's ops (``M``/``L``/``C`` with their points, ``Z``) before the state's transformation."""
    cm, scale, text = _FEET[name]
    a, b, c, d, sx, sy = cm
    toks = text.split()
    ops = []
    i = 0
    while i < len(toks):
        kind = toks[i]
        n = {"M": 1, "L": 1, "C": 3, "Z": 0}[kind]
        vals = [float(t) * scale for t in toks[i + 1:i + 1 + 2 * n]]
        pts = [(a * x + c * y + sx, b * x + d * y + sy) for x, y in zip(vals[::2], vals[1::2])]
        ops.append((kind, *pts))
        i += 1 + 2 * n
    return ops


def _foot(p, right: bool) -> list[tuple]:
    """One foot in the state's frame."""
    prm = {**FOOT_KEYS, **p.params}
    name = prm["foot of"] if prm["foot of"] in _FEET else "human"
    t = math.radians(prm["foot angle"])
    k = prm["foot length"]
    m = np.array([[k * math.cos(t), -k * math.sin(t)], [k * math.sin(t), k * math.cos(t)]])
    shift = np.array([0.0, 0.5 * prm["foot sep"]])
    flip = np.array([1.0, -1.0 if right else 1.0])
    return [(op[0], *(tuple(flip * (m @ np.asarray(q) + shift)) for q in op[1:])) for op in _outline(name)]


def _footprints(state, rem, sl, a, p, done):
    if state not in ("left", "right"):
        raise AssertionError(state)
    width = 0.5 * {**FOOT_KEYS, **p.params}["stride length"]
    return _foot(p, state == "right"), width, "right" if state == "left" else "left"


#: name -> (initial state, state function, final state draws a line to the end)
STATES = {"footprints": ("left", _footprints, False)}
