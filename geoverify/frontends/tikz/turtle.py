"""TikZ's ``turtle`` library: ``turtle={home, forward, left, ...}`` path keys.

As ``tikzlibraryturtle.code.tex`` defines them, the keys insert path operations
where they stand: ``home`` is ``(0,0)`` with the heading set to 90 degrees;
``forward[=d]`` (``fd``) is ``to ++(heading:d)`` (a straight line; ``d`` defaults to
``turtle/distance``, 1 cm); ``left[=a]``
(``lt``) and ``right[=a]`` (``rt``) turn the heading by ``a`` (90 degrees). The
heading is global (it carries over to later paths), as the library's ``\\gdef``.
``turtle/how`` (options of the ``to``) is reported, and so is ``back`` (``bk``): the
library defines it through a key it never defines, so TeX stops at it.
"""

from __future__ import annotations

from geoverify.frontends.tikz.coords import evaluate_coordinate

__all__ = ["TURTLE_MOVES", "turtle_key", "run_turtle"]

#: the keys that move or turn (queued on the state, run by the path walker)
TURTLE_MOVES = {"home": "home", "forward": "forward", "fd": "forward", "back": "back", "bk": "back",
                "left": "left", "lt": "left", "right": "right", "rt": "right"}


def turtle_key(ctx, st: dict, key: str, val: str | None) -> bool:
    """Apply ``turtle=...`` or ``turtle/<key>``; False for other keys."""
    from geoverify.frontends.tikz.options import split_options
    if key == "turtle":
        for k, v in split_options(val or ""):
            turtle_key(ctx, st, "turtle/" + k.strip(), v)
        return True
    if not key.startswith("turtle/"):
        return False
    name = key[len("turtle/"):].strip()
    if name in ("how/.style", "how/.append style"):  # the options of forward's "to[turtle/how]"
        ctx.define_style("turtle/how", val or "", name != "how/.style")
        return True
    if name == "distance" and val is not None:
        st["turtle_distance"] = val.strip()
    elif name == "direction" and val is not None:
        st["turtle_moves"] = (st.get("turtle_moves") or ()) + (("direction", val.strip()),)
    elif TURTLE_MOVES.get(name) == "back":
        # the library's back/.style calls "turtle forward", a key it never defines: TeX stops there
        ctx.note("UNSUPPORTED", "turtle back/bk: pgf's turtle library defines it with an undefined key "
                 "(turtle forward); it is ignored", "turtle/" + name)
    elif name in TURTLE_MOVES:
        st["turtle_moves"] = (st.get("turtle_moves") or ()) + ((TURTLE_MOVES[name], val),)
    else:
        ctx.note("UNSUPPORTED", f"turtle key '{name}' is not interpreted", "turtle/" + name)
    return True


def run_turtle(walker) -> None:
    """Run the moves queued on the walker's state (where the options stand in the path)."""
    st = walker.st
    moves = st.pop("turtle_moves", None) or ()
    interp = walker.interp
    heading = getattr(interp, "turtle_heading", 90.0)
    for kind, val in moves:
        interp.budget.step(1)
        if kind == "home":
            p = evaluate_coordinate(interp, "0,0", st).point
            walker.path.move_to(p)
            walker._advance(p, None, "")
            heading = 90.0
        elif kind == "direction":
            heading = interp.number(val, st).value
        elif kind in ("left", "right"):
            a = interp.number(val, st).value if val else 90.0
            heading = (heading + a if kind == "left" else heading - a) % 360.0
        else:
            d = val if val else st.get("turtle_distance", "1cm")
            rel = evaluate_coordinate(interp, f"{heading:.6f}:{d}", st, relative=True).point
            how = interp.defs.get("style:turtle/how")
            if how:  # forward is "to[turtle/how] ++(direction:distance)": a curved "to" with bend options
                walker._run_text([f"to[{how}] ++({heading:.6f}:{d})"], "turtle forward")
                continue
            base = walker._here()
            end = (base[0] + rel[0], base[1] + rel[1])
            start = walker._start_point(end)
            walker.path.line(start, end)
            walker.last_op = [walker.path.current.segs[-1]]
            walker.last_op_kind = "line"
            walker._advance(end, None, "")
    interp.turtle_heading = heading
