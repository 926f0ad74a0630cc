"""Asymptote operators on runtime values: arithmetic, comparisons, joins, indexing."""

from __future__ import annotations

import math
import operator

from geoverify.frontends.asy.guides import CycleToken, Guide, Join, Knot, Path
from geoverify.frontends.asy.picture import LabelSpec, Picture, Side
from geoverify.frontends.asy.values import AsyArray, Pen, StructInstance, Transform, Triple, type_name

__all__ = ["binary", "negate", "join", "index", "attr", "set_attr", "to_string", "binary_symbol", "CHAIN_BINARY",
           "CHAIN_SYMBOL", "NO_USER_OP", "NUMERIC_FAST", "PAIRWISE_FAST"]

#: The :func:`binary` operation of each arithmetic, comparison and bitwise operator of a chain.
CHAIN_BINARY = {"op_add": "add", "op_sub": "sub", "op_mul": "mul", "op_div": "div", "op_mod": "mod",
                "op_idiv": "idiv", "op_eq": "eq", "op_ne": "ne", "op_lt": "lt", "op_gt": "gt", "op_le": "le",
                "op_ge": "ge", "op_bor": "bor", "op_amp": "amp"}
#: The source symbol of each chain operator: user-defined operators are found by it.
CHAIN_SYMBOL = {"op_oror": "||", "op_andand": "&&", "op_bor": "|", "op_amp": "&", "op_eq": "==", "op_ne": "!=",
                "op_lt": "<", "op_gt": ">", "op_le": "<=", "op_ge": ">=", "op_carets": "^^", "op_line": "--",
                "op_dots": "..", "op_colons": "::", "op_longdash": "---", "op_tension1": "..",
                "op_tension2": "..", "op_controls1": "..", "op_controls2": "..", "op_add": "+", "op_sub": "-",
                "op_mul": "*", "op_div": "/", "op_mod": "%", "op_idiv": "#"}
#: What the search for a program's own operator gives when none takes the operands.
NO_USER_OP = object()
#: Chain operators the evaluator computes inline when both operands are ints or reals: what
#: :func:`binary` computes for them (a division only by a nonzero number) ...
NUMERIC_FAST = {"op_add": operator.add, "op_sub": operator.sub, "op_mul": operator.mul,
                "op_div": operator.truediv, "op_lt": operator.lt, "op_gt": operator.gt, "op_le": operator.le,
                "op_ge": operator.ge, "op_eq": operator.eq, "op_ne": operator.ne}
#: ... and those of them it computes inline for two pairs too (complex arithmetic).
PAIRWISE_FAST = frozenset({"op_add", "op_sub", "op_mul", "op_div"})


def _num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _err(I, msg, node):
    from geoverify.frontends.asy.interpreter import AsyRuntimeError

    raise AsyRuntimeError(msg, location=I.loc(node) if node is not None else None)


def to_string(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return f"{v:.6g}"
    if isinstance(v, complex):
        return f"({to_string(v.real)},{to_string(v.imag)})"
    return str(v)


def negate(I, v, node):
    if _num(v) or isinstance(v, complex):
        return -v
    if isinstance(v, AsyArray):
        return AsyArray([negate(I, x, node) for x in v], v.elem)
    _err(I, f"cannot negate a {type_name(v)}", node)


def _elementwise(I, op, a, b, node):
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            _err(I, "arrays of different lengths", node)
        return AsyArray([binary(I, op, x, y, node) for x, y in zip(a, b)], getattr(a, "elem", ""))
    if isinstance(a, list):
        return AsyArray([binary(I, op, x, b, node) for x in a], getattr(a, "elem", ""))
    return AsyArray([binary(I, op, a, y, node) for y in b], getattr(b, "elem", ""))


def binary(I, op, a, b, node):
    # _num(a), _num(b) written out: this is the hottest operator path
    na = isinstance(a, (int, float)) and not isinstance(a, bool)
    nb = isinstance(b, (int, float)) and not isinstance(b, bool)
    if na and nb:
        if op == "add":
            return a + b
        if op == "sub":
            return a - b
        if op == "mul":
            return a * b
        if op == "div":
            if b == 0:
                _err(I, "division by zero", node)
            return a / b
        if op == "power":
            if isinstance(a, int) and isinstance(b, int) and b >= 0:
                return a ** b
            r = float(a) ** float(b)
            if isinstance(r, complex):
                _err(I, "power of a negative number", node)
            return r
        if op == "mod":
            if b == 0:
                _err(I, "modulo by zero", node)
            if isinstance(a, int) and isinstance(b, int):
                return a % b
            return math.fmod(a, b) if (a >= 0) == (b >= 0) else a - b * math.floor(a / b)
        if op == "idiv":
            if b == 0:
                _err(I, "division by zero", node)
            return int(a // b) if isinstance(a, int) and isinstance(b, int) else int(math.floor(a / b))
        return _compare(I, op, a, b, node)
    if op in ("eq", "ne"):
        r = _equal(a, b)
        return r if op == "eq" else not r
    if isinstance(a, list) or isinstance(b, list):
        if op in ("add", "sub", "mul", "div", "power", "mod", "lt", "gt", "le", "ge") and not (
                isinstance(a, Transform) or isinstance(b, Transform)):
            return _elementwise(I, op, a, b, node)
    if (na or isinstance(a, complex)) and (nb or isinstance(b, complex)):
        a, b = complex(a), complex(b)
        if op == "add":
            return a + b
        if op == "sub":
            return a - b
        if op == "mul":
            return a * b
        if op == "div":
            if b == 0:
                _err(I, "division by zero", node)
            return a / b
        if op == "power" and nb:
            return a ** b.real
        _err(I, f"operator {op} is not defined for pairs", node)
    if op == "mul" and (isinstance(a, Side) and nb or na and isinstance(b, Side)):
        return Side(a * b.align) if na else Side(b * a.align)
    if isinstance(a, Transform):
        if isinstance(b, Transform) and op == "mul":
            return a * b
        if op == "mul":
            return transform_value(I, a, b, node)
        if op == "power" and isinstance(b, int):
            r = Transform()
            t = a if b >= 0 else a.inverse()
            for _ in range(abs(b)):
                r = r * t
            return r
    if isinstance(a, Pen) or isinstance(b, Pen):
        if op == "add" and isinstance(a, Pen) and isinstance(b, Pen):
            return a + b
        if op == "add" and isinstance(a, Pen) and nb:
            return a + Pen(width=float(b))
        if op == "add" and na and isinstance(b, Pen):
            return Pen(width=float(a)) + b
        if op == "mul":
            if isinstance(a, Pen) and nb:
                return a.scaled(b)
            if na and isinstance(b, Pen):
                return b.scaled(a)
    if isinstance(a, str) and isinstance(b, str) and op == "add":
        I.budget.check_string(len(a) + len(b))
        return a + b
    if isinstance(a, str) and isinstance(b, str) and op in ("lt", "gt", "le", "ge"):
        return _compare(I, op, a, b, node)
    if op == "amp":
        return _concat(I, a, b, node)
    if isinstance(a, bool) and isinstance(b, bool):
        if op == "amp":
            return a and b
        if op == "bor":
            return a or b
    if isinstance(a, Triple) or isinstance(b, Triple):
        I.unsupported("unsupported: three (3D values)", "three", node)
    if op in ("add", "mul") and isinstance(a, Picture):
        pass
    _err(I, f"operator {op} is not defined for {type_name(a)} and {type_name(b)}", node)


def _compare(I, op, a, b, node):
    if op == "lt":
        return a < b
    if op == "gt":
        return a > b
    if op == "le":
        return a <= b
    if op == "ge":
        return a >= b
    if op == "eq":
        return a == b
    if op == "ne":
        return a != b
    _err(I, f"bad operator {op}", node)


def _equal(a, b):
    if (_num(a) or isinstance(a, complex)) and (_num(b) or isinstance(b, complex)):
        return complex(a) == complex(b)
    if isinstance(a, Pen) and isinstance(b, Pen):
        return (a.color, a.width, a.dash) == (b.color, b.width, b.dash)
    return a is b or a == b


def transform_value(I, t, v, node):
    if isinstance(v, complex) or _num(v):
        return t.apply(complex(v))
    if isinstance(v, Path):
        return v.transformed(t)
    if isinstance(v, Guide):
        return v.solve().transformed(t)
    if isinstance(v, list):
        return AsyArray([transform_value(I, t, x, node) for x in v], getattr(v, "elem", ""))
    if isinstance(v, Picture):
        p = type(v)()  # a transformed frame is a frame
        p.merge(v, t)
        return p
    if isinstance(v, (LabelSpec, str)):
        # asy's transform * Label transforms the label's box, not its position (plain_Label.asy)
        old = v.transform if isinstance(v, LabelSpec) else None
        L = LabelSpec(v) if isinstance(v, str) else LabelSpec(v.text, v.position, v.align, v.pen, v.relpos)
        L.transform = t if old is None else t * old
        return L
    if hasattr(v, "transformed"):
        return v.transformed(t)
    _err(I, f"cannot transform a {type_name(v)}", node)


def _concat(I, a, b, node):
    """``p & q``: join paths that share an end point (or close with cycle)."""
    if isinstance(b, CycleToken):
        pa = a.solve() if isinstance(a, (Guide, Path)) else None
        if pa is None or not pa.z:
            _err(I, "& cycle needs a path", node)
        p = pa.copy()
        if len(p.z) > 1 and abs(p.z[-1] - p.z[0]) < 1e-9 * max(1.0, abs(p.z[0])):
            p.pre[0] = p.pre[-1]
            p.z.pop()
            p.pre.pop()
            p.post.pop()
        p.cyclic = True
        p.straight = (p.straight + [True])[:len(p.z)]
        p.shape = pa.shape if pa.shape and pa.shape[0] == "circle" else None
        if pa.shape is None and len(p.straight) < len(p.z):
            p.straight.append(False)
        return p
    pa = a.solve() if isinstance(a, (Guide, Path)) else Path.point_path(complex(a))
    pb = b.solve() if isinstance(b, (Guide, Path)) else Path.point_path(complex(b))
    if not pa.z:
        return pb
    if not pb.z:
        return pa
    z = pa.z + pb.z[1:]
    pre = pa.pre + pb.pre[1:]
    post = pa.post[:-1] + pb.post
    return Path(z, pre, post, False, pa.straight + pb.straight)


def join(I, left, jspec, right, pre_dir, post_dir, node):
    """Build ``left <join> right`` as a guide."""
    fresh_last = fresh_first = False    # the knot at the join made here (no copy needed)
    if isinstance(left, CycleToken):
        _err(I, "cycle can only end a path", node)
    if isinstance(left, Triple):
        I.unsupported("unsupported: three (3D paths)", "three", node)
    if (jspec == "line" and isinstance(left, Path) and not left.cyclic and left.z and pre_dir is None
            and post_dir is None and (isinstance(right, complex) or _num(right))):
        # path -- point: a straight segment appended to a solved path (loops build long polylines this way)
        I.budget.check_array(len(left.z) + 1)
        return left.line_to(complex(right))
    if isinstance(left, Guide):
        g = Guide(list(left.knots), list(left.joins), left.cyclic)
    elif type(left) is complex:
        # a pair starts a guide of one knot of its own (no copy of it needed below)
        g = Guide([Knot(left)], [])
        fresh_last = True
    else:
        g = Guide.from_value(left)
    if g.cyclic:
        # asy: ``a--b--c--cycle--d`` solves the loop as a cycle, then goes on from its first
        # point (the loop is not closed any more) leaving it in the loop's direction there
        pc = g.solve()
        opened = Path(pc.z + [pc.z[0]], pc.pre + [pc.pre[0]], pc.post + [pc.post[0]], False,
                      list(pc.straight))
        g = opened.to_guide()
        d = pc.post[0] - pc.z[0]
        if d != 0:
            g.knots[-1] = g.knots[-1].copy()
            g.knots[-1].out_dir = d
    if not g.knots:
        # an empty guide joined to something is that thing
        return Guide.from_value(right) if not isinstance(right, CycleToken) else g
    if fresh_last:
        last = g.knots[-1]
    else:
        last = g.knots[-1] = g.knots[-1].copy()
    line = jspec == "line"
    j = Join(line=True) if line else jspec
    if line:
        # "--" is {curl 1}..{curl 1}
        # "--" is "{curl 1}..{curl 1}": its curl follows (and overrides) a direction
        # written before it; a direction written after it, "--{d}z", follows the curl and wins.
        last.out_dir = None
        last.out_curl = 1.0
    if pre_dir is not None:
        if pre_dir[0] == "dir":
            last.out_dir = pre_dir[1]
        else:
            last.out_curl = pre_dir[1]
    if isinstance(right, CycleToken):
        first = g.knots[0] = g.knots[0].copy()
        if line and first.in_dir is None and first.in_curl is None and post_dir is None:
            first.in_curl = 1.0
        if post_dir is not None:
            if post_dir[0] == "dir":
                first.in_dir = post_dir[1]
            else:
                first.in_curl = post_dir[1]
        g.joins.append(j)
        g.cyclic = True
        return g
    if isinstance(right, Guide):
        rk = [k for k in right.knots]
        rj = list(right.joins)
        if right.cyclic:
            right = right.solve()
            rg = right.to_guide()
            rk, rj = rg.knots, rg.joins
            rk.append(Knot(rk[0].z))
    elif isinstance(right, Path):
        rg = right.to_guide()
        rk, rj = rg.knots, rg.joins
        if right.cyclic and rk:
            rk.append(Knot(rk[0].z))
    elif type(right) is complex:
        # a pair: a knot of its own, the first knot below needs no copy
        rk, rj = [Knot(right)], []
        fresh_first = True
    elif isinstance(right, complex) or _num(right):
        rk, rj = [Knot(complex(right))], []
    elif isinstance(right, Triple):
        I.unsupported("unsupported: three (3D paths)", "three", node)
    else:
        _err(I, f"cannot join a {type_name(right)} into a path", node)
    if not rk:
        return g
    first = rk[0] if fresh_first else rk[0].copy()
    rk[0] = first
    if line and first.in_dir is None and first.in_curl is None and post_dir is None:
        first.in_curl = 1.0
    if post_dir is not None:
        if post_dir[0] == "dir":
            first.in_dir = post_dir[1]
        else:
            first.in_curl = post_dir[1]
    g.joins.append(j)
    g.knots.extend(rk)
    g.joins.extend(rj)
    I.budget.check_array(len(g.knots))
    return g


def index(I, base, i, node):
    if isinstance(base, list):
        if not isinstance(i, int) or isinstance(i, bool):
            if isinstance(i, list):
                return AsyArray([base[k] for k in i], getattr(base, "elem", ""))
            _err(I, "array index must be an int", node)
        n = len(base)
        if isinstance(base, AsyArray) and base.cyclic and n:
            return base[i % n]
        if i < 0 or i >= n:
            _err(I, f"array index {i} is out of bounds (length {n})", node)
        return base[i]
    if isinstance(base, str) and isinstance(i, int):
        return base[i]
    _err(I, f"cannot index a {type_name(base)}", node)


def attr(I, base, name, node):
    if isinstance(base, complex):
        if name == "x":
            return base.real
        if name == "y":
            return base.imag
    if isinstance(base, Triple) and name in ("x", "y", "z"):
        return getattr(base, name)
    if isinstance(base, list):
        if name == "length":
            return len(base)
        if name == "cyclic":
            return getattr(base, "cyclic", False)
        if name == "keys":
            return AsyArray(list(range(len(base))), "int")
        fn = _ARRAY_METHODS.get(name)
        if fn is not None:
            from geoverify.frontends.asy.values import Builtin

            return Builtin(name, lambda *a, **k: fn(I, base, *a, **k))
    if isinstance(base, StructInstance):
        if name in base.fields:
            return base.fields[name]
        _err(I, f"struct {base.stype.name} has no field {name}", node)
    if isinstance(base, Transform) and name in ("x", "y", "xx", "xy", "yx", "yy"):
        return getattr(base, name)
    if isinstance(base, Pen) and name == "width":
        return base.width
    if hasattr(base, "fields") and isinstance(getattr(base, "fields"), dict) and name in base.fields:
        return base.fields[name]
    if isinstance(base, Picture) and name in ("keepAspect",):
        return base.keep_aspect
    if isinstance(base, Picture):
        from geoverify.frontends.asy.frames import picture_method

        m = picture_method(base, name)
        if m is not None:
            return m
    I.unsupported(f"unknown field '{name}' of {type_name(base)}", name, node)


def set_attr(I, base, name, value, node):
    if isinstance(base, LabelSpec) and name in ("p", "align", "position", "s"):
        setattr(base, {"p": "pen", "s": "text"}.get(name, name), value)
        return value
    if isinstance(base, StructInstance):
        base.fields[name] = value
        return value
    if isinstance(base, list) and name == "cyclic":
        base.cyclic = bool(value)
        return value
    if hasattr(base, "fields") and isinstance(getattr(base, "fields"), dict):
        base.fields[name] = value
        return value
    I.unsupported(f"cannot set field '{name}' of {type_name(base)}", name, node)


def _push(I, arr, v):
    if isinstance(arr, AsyArray) and arr.elem:
        v = I.cast(v, arr.elem)
    arr.append(v)
    I.budget.check_array(len(arr))
    return v


def _pop(I, arr):
    return arr.pop()


def _append(I, arr, other):
    arr.extend(other)
    I.budget.check_array(len(arr))


def _delete(I, arr, i=None, j=None):
    if i is None:
        del arr[:]
    elif j is None:
        del arr[i]
    else:
        del arr[i:j + 1]


def _insert(I, arr, i, *vals):
    for k, v in enumerate(vals):
        arr.insert(i + k, v)


def _initialized(I, arr, i):
    return 0 <= i < len(arr) and arr[i] is not None


_ARRAY_METHODS = {"push": _push, "pop": _pop, "append": _append, "delete": _delete, "insert": _insert,
                  "initialized": _initialized}


def binary_symbol(I, op, a, b, node):
    table = {"+": "add", "-": "sub", "*": "mul", "/": "div", "^": "power", "==": "eq", "!=": "ne",
             "<": "lt", ">": "gt"}
    if op in table:
        return binary(I, table[op], a, b, node)
    if op in ("--", ".."):
        return join(I, a, "line" if op == "--" else Join(), b, None, None, node)
    _err(I, f"operator {op} is not supported as a value", node)
