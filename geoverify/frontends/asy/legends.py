"""Asymptote legends: entries that ``draw(..., legend)`` records, laid out by ``legend()``.

``draw(g, p, "$\\sin x$")`` (a label after the path, or ``legend=``) adds the
entry ``(label, p)`` to the picture's legend list (plain.asy's ``Legend``).
``legend(pic)`` (plain_markers.asy) turns the list into a frame: one row per
entry (``perline=1``), each a ``linelength`` stroke in the entry's pen with
the label set to its east end, ``vskip`` times the tallest entry apart, the
whole boxed with ``legendmargin``.
"""

from __future__ import annotations

from geoverify.frontends.asy.frames import Frame, add_frame, fit, fit_identity, frame_box
from geoverify.frontends.asy.guides import Guide, Path
from geoverify.frontends.asy.picture import DrawItem, LabelSpec, Picture
from geoverify.frontends.asy.values import NoMatch, Pen

__all__ = ["install", "legend_frame", "LINELENGTH", "HSKIP", "VSKIP", "MARGIN"]

# plain_markers.asy's defaults
LINELENGTH = 50.0
HSKIP = 1.2
VSKIP = 1.2
MARGIN = 10.0


def _is_path_arg(a):
    return isinstance(a, (Path, Guide)) or (isinstance(a, list) and bool(a) and all(
        isinstance(x, (Path, Guide)) for x in a))


def _item_picture(I, text, pen, linelength):
    """plain_markers' ``legenditem``: the entry's stroke and its label east of it."""
    from geoverify.frontends.asy import pathops

    q = Picture()
    end = complex(linelength, 0)
    if linelength > 0:
        q.add(DrawItem("draw", [pathops.polygon_path([0j, end], False)], pen, location=I.current_loc))
    label_pen = text.pen if isinstance(text, LabelSpec) and text.pen is not None else None
    s = text.text if isinstance(text, LabelSpec) else text
    q.add(DrawItem("label", [], I.defaultpen + label_pen if label_pen else I.defaultpen, text=s, position=end,
                   align=1 + 0j, location=I.current_loc))
    return q


def _size(pic):
    m, M = frame_box(fit(pic))
    return M - m


def legend_frame(I, pic, perline=1, xmargin=MARGIN, ymargin=None, linelength=LINELENGTH, hskip=HSKIP,
                 vskip=VSKIP, pen=None):
    """The legend of ``pic`` as a boxed frame (bp); an empty frame without entries."""
    F = Frame()
    entries = getattr(pic, "legend", None) or []
    if not entries:
        return F
    ymargin = xmargin if ymargin is None else ymargin
    if all(p.invisible for _, p in entries):
        linelength = 0.0
    items = [_item_picture(I, text, p, 0.0 if p.invisible else linelength) for text, p in entries]
    sizes = [_size(q) for q in items]
    height = max(s.imag for s in sizes)
    width = max(s.real for s in sizes)
    perline = max(int(perline), 1)
    inset = Frame()
    for i, q in enumerate(items):
        pos = complex((i % perline) * width * hskip, -(i // perline) * height * vskip)
        add_frame(I, inset, fit_identity(q), pos)
    F.items = inset.items
    from geoverify.frontends.asy.envelopes import apply_envelope

    apply_envelope(I, "box", F, F, xmargin, ymargin, I.defaultpen + pen if pen else I.defaultpen, None, True)
    return F


def _names_legend(args, kw):
    """Whether a ``draw`` call may name a legend (a ``legend=`` keyword or a string or Label
    argument); the legend overload raises NoMatch at once on any other (``Builtin.accepts``)."""
    if kw.get("legend") is not None:
        return True
    for a in args:
        if isinstance(a, (str, LabelSpec)):
            return True
    return False


def install(I):
    """Register ``legend()`` and the ``draw`` overload that records legend entries."""
    b = I.builtin

    def draw(*args, **kw):
        legend = kw.get("legend")
        if legend is None:
            # most draw calls name no legend: leave at once (the search below finds none either)
            for a in args:
                if isinstance(a, (str, LabelSpec)):
                    break
            else:
                raise NoMatch()
        args = list(args)
        k = next((i for i, a in enumerate(args) if _is_path_arg(a)), None)
        if legend is None and k is not None:
            j = next((i for i in range(k + 1, len(args)) if isinstance(args[i], (str, LabelSpec))), None)
            if j is not None:
                legend = args.pop(j)
        if legend is None or k is None:
            raise NoMatch()
        kw = {key: v for key, v in kw.items() if key != "legend"}
        pic = args[0] if args and isinstance(args[0], Picture) else I.pic
        pens = [a for a in args if isinstance(a, Pen)] + [v for key, v in kw.items() if key in ("p", "pen")
                                                          and isinstance(v, Pen)]
        text = legend.text if isinstance(legend, LabelSpec) else legend
        if text:
            pic.legend.append((legend, I.defaultpen + pens[0] if pens else I.defaultpen))
        return I.call(I.builtins["draw"], args, kw, "draw")

    draw.accepts = _names_legend
    b("draw", draw)

    def legend(*args, **kw):
        args = list(args)
        pic = args.pop(0) if args and isinstance(args[0], Picture) else I.pic
        nums = [float(a) for a in args if isinstance(a, (int, float)) and not isinstance(a, bool)]
        pens = [a for a in args if isinstance(a, Pen)]
        perline = int(kw.get("perline", nums[0] if nums else 1))
        xm = float(kw.get("xmargin", nums[1] if len(nums) > 1 else MARGIN))
        ym = float(kw.get("ymargin", nums[2] if len(nums) > 2 else xm))
        ll = float(kw.get("linelength", nums[3] if len(nums) > 3 else LINELENGTH))
        return legend_frame(I, pic, perline, xm, ym, ll, float(kw.get("hskip", HSKIP)),
                            float(kw.get("vskip", VSKIP)), kw.get("p", pens[0] if pens else None))

    b("legend", legend)
