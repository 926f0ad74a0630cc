"""Expression evaluation of the Asymptote interpreter (mixed into :class:`Interpreter`).

Literals, names, calls with overload resolution, indexing and fields, assignment,
the flat operator chain nested by Asymptote's precedence, joins with direction
specifiers, casts and array construction.
"""

from __future__ import annotations

import math
import re

from lark import Token, Tree

from geoverify.frontends.asy.closures import compile_expression, compile_invocation, function_body
from geoverify.frontends.asy.control import AsyRuntimeError, Env, _Return, _Skip
from geoverify.frontends.asy.operators import CHAIN_BINARY as _BIN
from geoverify.frontends.asy.operators import CHAIN_SYMBOL as _SYMBOL
from geoverify.frontends.asy.operators import NO_USER_OP as _NO_USER_OP
from geoverify.frontends.asy.operators import NUMERIC_FAST as _NUMERIC
from geoverify.frontends.asy.operators import PAIRWISE_FAST as _PAIRWISE
from geoverify.frontends.asy.guides import CycleToken, Guide, Join, Path, INFINITE_TENSION
from geoverify.frontends.asy.values import (AsyArray, AsyFunction, Builtin, NoMatch, Overloads, Pen,
                                            StructInstance, Transform, Triple, type_name)

__all__ = ["ExpressionsMixin", "PRECEDENCE"]

PRECEDENCE = _PREC = {"op_oror": 1, "op_andand": 2, "op_bor": 3, "op_amp": 4, "op_eq": 5, "op_ne": 5, "op_lt": 6,
         "op_gt": 6, "op_le": 6, "op_ge": 6, "op_carets": 7, "op_line": 8, "op_dots": 8, "op_colons": 8,
         "op_longdash": 8, "op_tension1": 8, "op_tension2": 8, "op_controls1": 8, "op_controls2": 8,
         "op_add": 9, "op_sub": 9, "op_mul": 10, "op_div": 10, "op_mod": 10, "op_idiv": 10}
_DQ_ESCAPE = re.compile(r'\\(["\\])')
_DIR_OPERANDS = ("trail_dir", "lead_dir", "both_dir")


_UNSCORED = object()

#: Classes whose Asymptote type name (:func:`type_name`) the class alone decides.
_SIMPLE_CLASSES = frozenset({int, float, complex, str, bool, Path, Guide, Pen, Transform, Triple, CycleToken})

#: Parameter types whose fit :meth:`ExpressionsMixin.type_fit` decides from the argument's
#: type name alone, for arguments of the classes above (any other type may name a struct).
_CLOSED_TYPES = frozenset({"int", "real", "pair", "path", "guide", "path[]", "string", "bool", "pen",
                           "transform", "picture", "triple", "function"})


def _closed_params(params):
    """Whether every parameter type of ``params`` is one whose fit is decided by the argument's class."""
    return all(typ in _CLOSED_TYPES or (typ.endswith("[]") and not typ.startswith("...")) for typ, _, _ in params)


def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)



#: settings.* fields that choose the output file and viewer, not the picture's geometry
_OUTPUT_SETTINGS = frozenset({"outformat", "render", "prc", "pdfviewer", "psviewer", "svgviewer", "batchView",
                              "interactiveView", "multipleView", "view", "keep", "verbose", "twice", "tex",
                              "embed", "toolbar", "antialias", "maxtile", "offscreen"})

class ExpressionsMixin:
    """Evaluation of expression nodes; needs the statement side of :class:`Interpreter`."""

    # ------------------------------------------------------------ expressions
    def eval(self, node, env):
        """The value of expression ``node`` in ``env``.

        A node is walked the first time it is evaluated and compiled into a closure
        (:mod:`~geoverify.frontends.asy.closures`) the second time; after that its
        closure runs. Each interpreter keeps its closures under its own attribute.
        """
        attr = self._closure_attr
        c = getattr(node, attr, None)
        if c:
            return c(env)
        if c is None:
            if type(node) is Tree:
                setattr(node, attr, False)
                # _eval_walk's dispatch written out: most nodes are walked once
                fn = self._eval.get(node.data)
                if fn is not None:
                    return fn(self, node, env)
            return self._eval_walk(node, env)
        c = compile_expression(self, node)
        setattr(node, attr, c)
        return c(env)

    def expr_closure(self, node):
        """The closure of expression ``node``, compiled now unless it already is (statements
        being compiled take their expressions' closures from here)."""
        attr = self._closure_attr
        c = getattr(node, attr, None)
        if not c:
            c = compile_expression(self, node)
            if type(node) is Tree:
                setattr(node, attr, c)
        return c

    def _eval_walk(self, node, env):
        if isinstance(node, Token):
            if node.type == "NAME":
                return self.lookup(str(node), env, node)
            if node.type == "NUMBER":
                return self._number(str(node))
            raise AsyRuntimeError(f"unexpected token {node}", location=self.loc(node))
        fn = self._eval.get(node.data)
        if fn is None:
            self.unsupported(f"expression {node.data} is not supported", node.data, node)
        return fn(self, node, env)

    @staticmethod
    def _number(s):
        if "." in s or "e" in s or "E" in s:
            return float(s)
        v = int(s)
        return v

    def e_number(self, node, env):
        # a literal is read once: its value stays on the node
        v = getattr(node, "_asy_value", None)
        if v is None:
            v = node._asy_value = self._number(str(node.children[0]))
        return v

    def e_string(self, node, env):
        # a literal is read once: its value stays on the node
        v = getattr(node, "_asy_value", None)
        if v is None:
            s = str(node.children[0])[1:-1]
            # In double-quoted Asymptote strings \" is a quote; \\ stays two backslashes (asy 2.85's
            # write("a\\b") prints a\\b), so TeX gets its \\ (matrix rows, line breaks).
            v = node._asy_value = _DQ_ESCAPE.sub(lambda m: '"' if m.group(1) == '"' else "\\\\", s)
        return v

    def e_sqstring(self, node, env):
        s = str(node.children[0])[1:-1]
        return s.encode("latin-1", "backslashreplace").decode("unicode_escape")

    def lookup(self, name, env, node):
        e = env
        while e is not None:        # Env.find written out: the hottest path of names
            scope = e.vars
            if name in scope:
                return scope[name]
            e = e.parent
        f = self.builtins.get(name)
        if f is not None:
            return f
        self.unsupported(f"unknown name '{name}'", name, node)

    def lookup_callable(self, name, env, node):
        """What a call of ``name`` calls: the innermost definition in scope (with the builtins of
        that name after a program's own overloads), a builtin when no callable value is in scope."""
        e = env
        while e is not None:        # Env.find written out: every call of a name looks it up
            scope = e.vars
            if name in scope:
                v = scope[name]
                tv = type(v)
                if tv is Overloads:
                    if name in self.builtins:
                        return Overloads(list(v) + list(self.builtins[name]))
                    return v
                if tv is AsyFunction or tv is Builtin or (callable(v) and not isinstance(v, type)):
                    return v
                break
            e = e.parent
        f = self.builtins.get(name)
        if f is not None:
            return f
        if e is not None:
            return e.vars[name]
        self.unsupported(f"unknown name '{name}'", name, node)

    def e_var(self, node, env):
        name = node.children[0].value     # the token's text, a plain str
        v = self.lookup(name, env, node)
        if name == "defaultpen" and isinstance(v, Overloads):
            # "defaultpen" used as a value is the current default pen
            return self.defaultpen
        return v

    def e_pair(self, node, env):
        a = self.eval(node.children[0], env)
        b = self.eval(node.children[1], env)
        ta, tb = type(a), type(b)
        if (ta is float or ta is int) and (tb is float or tb is int):
            return complex(a, b)
        return self.e_pair_values(a, b, node)

    def e_pair_values(self, a, b, node):
        """The pair ``(a, b)`` of the pair expression ``node``."""
        if not (_is_num(a) and _is_num(b)):
            raise AsyRuntimeError(f"pair coordinates must be real, got {type_name(a)}, {type_name(b)}",
                                  location=self.loc(node))
        return complex(a, b)

    def e_triple(self, node, env):
        vals = [self.eval(c, env) for c in node.children]
        return Triple(*vals)

    def e_transform6(self, node, env):
        """``(x, y, xx, xy, yx, yy)``: the transform ``(u, v) -> (x + xx u + xy v, y + yx u + yy v)``."""
        vals = [self.eval(c, env) for c in node.children]
        if not all(_is_num(v) for v in vals):
            raise AsyRuntimeError("a transform's six entries must be real, got "
                                  + ", ".join(type_name(v) for v in vals), location=self.loc(node))
        return Transform(*(float(v) for v in vals))

    def e_call(self, node, env):
        fnode, argnode = node.children
        if isinstance(fnode, Token):
            name = fnode.value      # the token's text, a plain str
            f = self.lookup_callable(name, env, fnode)
        elif fnode.data == "var":
            name = fnode.children[0].value
            f = self.lookup_callable(name, env, fnode)
        else:
            f = self.eval(fnode, env)
            name = "<function>"
        # e_args written out: every call that runs once comes here
        args, kwargs = [], {}
        if argnode is not None:
            ev = self.eval
            for a in argnode.children:
                data = a.data if type(a) is Tree else None
                if data == "kwarg":
                    kwargs[str(a.children[0])] = ev(a.children[1], env)
                elif data == "arrayinit":
                    args.append(self.eval_init(a, env, ""))
                else:
                    args.append(ev(a, env))
        self._at = (node, name)        # current_loc, made when asked for
        return self.call(f, args, kwargs, name, node)

    def call(self, f, args, kwargs, name="<function>", node=None):
        """Call ``f`` (a function value, or the overloads of a name) with ``args``/``kwargs``.

        Asymptote functions whose parameter types fit the arguments are preferred
        (the best fit wins); then, for positional arguments, Asymptote functions that
        take them by skipping defaulted parameters; then the Python builtins in order,
        each of which raises :class:`NoMatch` (or a Python ``TypeError``) when the
        arguments are not its own.
        """
        self.budget.step()
        tf = type(f)
        if tf is Overloads and len(f) == 1:
            # most names have one definition: the search below with one candidate
            f = f[0]
            tf = type(f)
        if tf is Builtin:
            # one Python builtin (sin, a single-overload command): call it directly
            try:
                return f.fn(*args, **kwargs)
            except NoMatch:
                self._no_match(name, args, node)
        if tf is AsyFunction:
            # one Asymptote function (a user function that graph() samples, a recursive call):
            # called when its parameters take the arguments, as the search below would
            fits = f.fits
            if fits is not None and not kwargs and len(args) == len(fits):
                # arguments of classes that certainly fit (compile_invocation): no scores needed
                if len(fits) == 1:
                    if type(args[0]) in fits[0]:
                        return f.invoke(args)
                else:
                    for a, ok in zip(args, fits):
                        if type(a) not in ok:
                            break
                    else:
                        return f.invoke(args)
            if self.match_score(f, args, kwargs) is not None:
                return self.call_user(f, args, kwargs)
            cands = (f,)
        elif tf is Overloads:
            cands = f
        elif callable(f):
            cands = (f,)
        else:
            raise AsyRuntimeError(f"'{name}' is a {type_name(f)}, not a function", location=self.loc(node) if node else None)
        # Prefer Asymptote functions whose parameter types fit best.
        best = None
        user = False
        for c in cands:
            if isinstance(c, AsyFunction):
                user = True
                score = self.match_score(c, args, kwargs)
                if score is not None and (best is None or score < best[0]):
                    best = (score, c)
        if best is not None:
            return self.call_user(best[1], args, kwargs)
        if args and user:
            # asy skips defaulted parameters an argument does not fit: locus(-4, 3, p) calls
            # locus(picture pic=currentpicture, real m, real M, int n=100, pen p=currentpen)
            for c in cands:
                if isinstance(c, AsyFunction):
                    m = self._spread_args(c, args, kwargs)
                    if m is not None and (best is None or m[0] < best[0]):
                        best = (m[0], c, m[1])
            if best is not None:
                return self.call_user(best[1], [], best[2])
        first_type_error = None
        for c in cands:
            if type(c) is Builtin:
                accepts = c.accepts
                if accepts is not None and not accepts(args, kwargs):
                    continue        # it would raise NoMatch at once (Builtin.accepts)
                fn = c.fn           # the Python function directly: the call without Builtin.__call__
            elif isinstance(c, AsyFunction):
                continue
            else:
                fn = c
            try:
                return fn(*args, **kwargs)
            except NoMatch:
                continue
            except TypeError as e:
                # Python arity/type mismatch of a builtin: try the next overload.
                first_type_error = first_type_error or e
                continue
        if first_type_error is not None:
            raise first_type_error
        self._no_match(name, args, node)

    def _no_match(self, name, args, node):
        """Report that no definition of ``name`` takes ``args`` (and abandon the statement)."""
        sig = ", ".join(type_name(a) for a in args)
        self.unsupported(f"no matching function '{name}({sig})'", name, node)

    def _spread_args(self, f, args, kwargs):
        """``(score, keyword arguments)`` binding ``args`` in order to the parameters of ``f`` they
        fit, skipping parameters with defaults; None when they do not all find one. Only exact types
        and Asymptote's implicit casts count as fitting here."""
        out = dict(kwargs)
        score = i = 0
        for typ, pname, default in f.params:
            if pname is None or typ.startswith("..."):
                return None
            if pname in kwargs:
                continue
            if i < len(args):
                s = self.type_fit(args[i], typ)
                if s is not None and s < 5:
                    out[pname] = args[i]
                    i += 1
                    score += s
                    continue
            if default is None:
                return None
            score += 1
        return (score, out) if i == len(args) else None

    def match_score(self, f, args, kwargs):
        """How well ``args``/``kwargs`` fit the parameters of ``f`` (lower is better; None: they do not).

        Without keyword arguments, when every argument is of a class whose
        Asymptote type the class alone decides (numbers, strings, pairs, pens,
        paths...) and every parameter type is one :meth:`type_fit` answers without
        looking at the program's structs, the score depends only on ``f`` and the
        argument classes: it is computed once per interpreter and remembered
        (``graph`` calls the same function a hundred times).
        """
        if not kwargs:
            per_f = self._scores.get(f)
            if per_f is None:
                per_f = self._scores[f] = {} if _closed_params(f.params) else False
            if per_f is not False:
                key = tuple(map(type, args))
                score = per_f.get(key, _UNSCORED)
                if score is not _UNSCORED:
                    return score
                if _SIMPLE_CLASSES.issuperset(key):
                    score = per_f[key] = self._match_score(f, args, kwargs)
                    return score
        return self._match_score(f, args, kwargs)

    def _match_score(self, f, args, kwargs):
        params = f.params
        if params and params[-1][0].startswith("..."):
            return 50
        if len(args) > len(params):
            return None
        score = 0
        names = [p[1] for p in params]
        for k in kwargs:
            if k not in names:
                return None
        for i, p in enumerate(params):
            if i < len(args):
                s = self.type_fit(args[i], p[0])
                if s is None:
                    return None
                score += s
            elif p[1] in kwargs:
                s = self.type_fit(kwargs[p[1]], p[0])
                if s is None:
                    return None
                score += s
            elif p[2] is None:
                return None
        return score

    def type_fit(self, v, typ):
        t = type_name(v)
        if t == typ:
            return 0
        if typ == "real":
            return 1 if t == "int" else None
        if typ == "int":
            return None
        if typ == "pair":
            return 2 if t in ("int", "real") else None
        if typ in ("path", "guide"):
            if t in ("path", "guide", "pair"):
                return 1 if t != "pair" else 3
            return None
        if typ == "path[]":
            return 1 if t in ("path", "guide", "[]", "path[]", "guide[]") else None
        if typ.endswith("[]"):
            if isinstance(v, list):
                if t == "[]" or t.endswith("[]") and (not v.elem if isinstance(v, AsyArray) else True):
                    return 1
                if typ == "real[]" and t == "int[]":
                    return 1
                if typ == "pair[]" and t in ("int[]", "real[]"):
                    return 2
                return None
            return None
        if typ in ("string", "bool", "pen", "transform", "picture", "triple"):
            return None
        if typ == "function":
            return 0 if callable(v) or isinstance(v, Overloads) else None
        if isinstance(v, StructInstance):
            return 0 if v.stype.name == typ else None
        if t in ("int", "real", "pair", "string", "bool", "pen", "transform", "path", "guide", "picture"):
            # A value of a basic type does not fit a struct or unknown type.
            return None if typ in self._struct_names() else 5
        return 5

    def _struct_names(self):
        return {k[7:] for e in (self.globals,) for k in e.vars if k.startswith("struct ")}

    def call_user(self, f, args, kwargs):
        """Call Asymptote function ``f``: its parameters bound in a new scope, then its body.

        The body is walked on the function's first call; from its second, a call with
        every parameter given positionally runs the function's compiled invocation
        (:func:`~geoverify.frontends.asy.closures.compile_invocation`), any other the
        compiled body (:func:`~geoverify.frontends.asy.closures.function_body`).
        """
        invoke = f.invoke
        if invoke:
            if not kwargs and len(args) == len(f.binding):
                return invoke(args)     # (it counts the call's depth itself)
        elif invoke is False:
            if f.binding:
                invoke = f.invoke = compile_invocation(self, f)
                if not kwargs and len(args) == len(f.binding):
                    return invoke(args)
        else:
            f.invoke = False        # the first call: walked
        budget = self.budget
        # Budget.enter, with the call's location made only when the depth limit is hit
        budget.depth += 1
        if budget.depth > budget.limits.max_depth:
            budget.depth -= 1
            budget.enter(self.current_loc)
        try:
            e = Env(f.env)
            binding = f.binding
            if binding is None:
                binding = f.binding = self._binding(f.params)
            if binding and not kwargs and len(args) == len(binding):
                # every parameter positional: bind without looking at defaults or keywords
                scope, types = e.vars, e.types
                for (pname, typ, conv), v in zip(binding, args):
                    if pname is not None:
                        scope[pname] = conv(v) if conv is not None else v
                        types[pname] = typ
            else:
                self._bind(f, args, kwargs, e)
            try:
                if invoke is None:
                    v = self._walk_function_body(f.body, e)
                else:
                    v = function_body(self, f.body)(e)
            except _Return as r:
                v = r.value
            return self.cast(v, f.ret) if v is not None else None
        finally:
            budget.depth -= 1

    def _binding(self, params):
        """``(name, type, conversion)`` per parameter (:meth:`caster`), or False when one is a
        rest parameter (``...T[]``): those calls bind through :meth:`_bind`."""
        out = []
        for typ, pname, _default in params:
            if pname is not None and typ.startswith("..."):
                return False
            out.append((pname, typ, self.caster(typ)))
        return tuple(out)

    def _bind(self, f, args, kwargs, e):
        """Bind the arguments of a call of ``f`` to its parameters in scope ``e``: positional
        ones first, then keywords, then defaults (evaluated in ``e``); a rest parameter takes
        the remaining positional arguments."""
        for i, (typ, pname, default) in enumerate(f.params):
            if pname is None:
                continue
            if typ.startswith("..."):
                e.vars[pname] = AsyArray(args[i:], typ[3:-2])
                break
            if i < len(args):
                v = args[i]
            elif pname in kwargs:
                v = kwargs[pname]
            elif default is not None:
                v = self.eval_init(default, e, typ)
            else:
                raise AsyRuntimeError(f"missing argument {pname} of {f.name}")
            e.vars[pname] = self.cast(v, typ)
            e.types[pname] = typ

    def _walk_function_body(self, body, e):
        """Run a function body's statements (a first call): the value of a return among them,
        reached without raising, else None (a nested return raises ``_Return``)."""
        for st in body.children:
            if st.data == "return_stmt":
                # exec's step and location, then x_return's value
                self.budget.step()
                self._at = (st, None)
                return self.eval(st.children[0], e) if st.children[0] is not None else None
            self.exec(st, e)
        return None

    def e_index(self, node, env):
        base = self.eval(node.children[0], env)
        i = self.eval(node.children[1], env)
        return self.ops.index(self, base, i, node)

    def e_slice(self, node, env):
        """``a[i:j]``: a copy of elements ``i`` to ``j-1`` (bounds default to 0 and the length);
        a cyclic array wraps indices around, any other must keep ``0 <= i <= j <= length``."""
        base = self.eval(node.children[0], env)
        lo = self.eval(node.children[1], env) if node.children[1] is not None else None
        hi = self.eval(node.children[2], env) if node.children[2] is not None else None
        if isinstance(base, str):
            return base[lo:hi]
        if not isinstance(base, list):
            raise AsyRuntimeError(f"cannot slice a {type_name(base)}", location=self.loc(node))
        n = len(base)
        lo = 0 if lo is None else lo
        hi = n if hi is None else hi
        if not (isinstance(lo, int) and isinstance(hi, int)):
            raise AsyRuntimeError("slice bounds must be ints", location=self.loc(node))
        elem = getattr(base, "elem", "")
        if isinstance(base, AsyArray) and base.cyclic and n:
            if hi < lo:
                raise AsyRuntimeError("slice with its end before its start", location=self.loc(node))
            self.budget.check_array(hi - lo, self.loc(node))
            return AsyArray([base[k % n] for k in range(lo, hi)], elem)
        if lo < 0 or hi > n or hi < lo:
            raise AsyRuntimeError(f"slice [{lo}:{hi}] is out of bounds (length {n})", location=self.loc(node))
        return AsyArray(base[lo:hi], elem)

    def e_attr(self, node, env):
        base = self.eval(node.children[0], env)
        name = str(node.children[1])
        return self.ops.attr(self, base, name, node)

    def assign_to(self, target, value, env):
        if isinstance(target, Token) or target.data == "var":
            name = str(target if isinstance(target, Token) else target.children[0])
            e = env.find(name)
            if e is None:
                self.unsupported(f"unknown name '{name}'", name, target)
            typ = e.types.get(name)
            if typ is not None:
                value = self.cast(value, typ)
            e.vars[name] = value
            return value
        if target.data in ("index", "named_index"):
            base = self.eval(target.children[0], env)
            i = self.eval(target.children[1], env)
            if not isinstance(base, list) or not isinstance(i, int):
                raise AsyRuntimeError("only arrays can be indexed", location=self.loc(target))
            if isinstance(base, AsyArray) and base.elem:
                value = self.cast(value, base.elem)
            if i < 0:
                if isinstance(base, AsyArray) and base.cyclic and base:
                    i %= len(base)
                else:
                    raise AsyRuntimeError(f"array index {i} is out of bounds", location=self.loc(target))
            if i >= len(base):
                self.budget.check_array(i + 1, self.loc(target))
                fill = self.default_value(base.elem, env) if isinstance(base, AsyArray) and base.elem else None
                while len(base) <= i:
                    base.append(fill)
            base[i] = value
            return value
        if target.data in ("attr", "named_attr"):
            base = self.eval(target.children[0], env)
            name = str(target.children[1])
            return self.ops.set_attr(self, base, name, value, target)
        raise AsyRuntimeError("cannot assign to this expression", location=self.loc(target))

    def _check_settings(self, target):
        if isinstance(target, Tree) and target.data in ("attr", "named_attr"):
            b = target.children[0]
            if (isinstance(b, Token) and str(b) == "settings") or (isinstance(b, Tree) and b.data == "var" and str(b.children[0]) == "settings"):
                field = str(target.children[-1])
                if field in _OUTPUT_SETTINGS:  # how the picture is shipped, not what it shows
                    self.note("NOTE", f"settings.{field} changes the output, not the picture; skipped", "settings",
                              target)
                else:
                    self.note("UNSUPPORTED", f"assignments to settings.{field} are refused", "settings", target)
                raise _Skip()

    def e_assign(self, node, env):
        target, rhs = node.children
        self._check_settings(target)
        value = self.eval(rhs, env)
        return self.assign_to(target, value, env)

    def e_augassign(self, node, env):
        target, op, rhs = node.children
        self._check_settings(target)
        cur = self.eval(target, env)
        v = self.eval(rhs, env)
        opname = {"+=": "add", "-=": "sub", "*=": "mul", "/=": "div", "%=": "mod", "^=": "power", "#=": "idiv"}[str(op)]
        return self.assign_to(target, self.ops.binary(self, opname, cur, v, node), env)

    def e_preinc(self, node, env):
        target = node.children[-1]
        cur = self.eval(target, env)
        return self.assign_to(target, cur + (1 if node.data == "preinc" else -1), env)

    def e_postinc(self, node, env):
        target = node.children[0]
        cur = self.eval(target, env)
        self.assign_to(target, cur + 1, env)
        return cur

    def e_ternary(self, node, env):
        c = self.truth(self.eval(node.children[0], env), node)
        return self.eval(node.children[1] if c else node.children[2], env)

    def e_not(self, node, env):
        return not self.truth(self.eval(node.children[0], env), node)

    def e_neg(self, node, env):
        return self.ops.negate(self, self.eval(node.children[0], env), node)

    def e_bin(self, node, env):
        a = self.eval(node.children[0], env)
        b = self.eval(node.children[1], env)
        if self.user_ops and "^" in self.user_ops:
            r = self._user_op("^", [a, b], env)
            if r is not _NO_USER_OP:
                return r
        return self.ops.binary(self, node.data, a, b, node)

    def e_implicit(self, node, env):
        a = self._number(str(node.children[0]))
        b = self.eval(node.children[1], env)
        return self.ops.binary(self, "mul", a, b, node)

    def e_cast(self, node, env):
        typ = str(node.children[0])[1:-1].strip()
        v = self.eval(node.children[1], env)
        if typ == "real":
            return float(v)
        if typ == "int":
            return int(v)
        if typ == "string":
            return self.ops.to_string(v)
        return self.cast(v, typ, node)

    # ------------------------------------------------------- operator chains
    def e_chain(self, node, env):
        """A flat chain ``a op b op c ...``: nest by Asymptote's precedence, then evaluate."""
        return self._eval_nested(self.nested_chain(node), env)

    def nested_chain(self, node):
        """The chain ``node`` nested by precedence: ``(op, left, right)`` tuples over operand nodes."""
        # the nesting depends on the node alone: it stays on the node for every interpreter
        nested = getattr(node, "_asy_nested", None)
        if nested is not None:
            return nested
        kids = node.children
        for k in range(0, len(kids), 2):
            operand = kids[k]
            if isinstance(operand, Tree) and operand.data in _DIR_OPERANDS:
                nested = node._asy_nested = self._nest_with_dirs(kids)
                return nested
        if len(kids) == 3:
            # one operator (most chains): nothing to order
            nested = node._asy_nested = (kids[1], kids[0], kids[2])
            return nested
        out = [kids[0]]
        ops = []
        for k in range(1, len(kids), 2):
            op, rhs = kids[k], kids[k + 1]
            p = _PREC[op.data]
            while ops and _PREC[ops[-1].data] >= p:
                o = ops.pop()
                r = out.pop()
                out.append((o, out.pop(), r))
            ops.append(op)
            out.append(rhs)
        while ops:
            o = ops.pop()
            r = out.pop()
            out.append((o, out.pop(), r))
        nested = node._asy_nested = out[0]
        return nested

    def _nest_with_dirs(self, kids):
        """The chain nested by precedence when operands carry direction specifiers.

        A direction belongs to the join it touches and the join's operands are whole
        expressions: in ``a{d}..{e}2b+c`` the ``{e}`` is the direction into ``2b+c``. Nodes:
        ``("dir", x, lead, trail)`` gives ``x`` its directions; a join is ``(op, left, right,
        lead_of_right)`` so that ``..{d}cycle`` can pass its direction into the cycle."""
        def split(x):
            if isinstance(x, Tree) and x.data in _DIR_OPERANDS:
                k = x.children
                if x.data == "trail_dir":
                    return k[0], None, k[1]
                if x.data == "lead_dir":
                    return k[1], k[0], None
                return k[1], k[0], k[2]
            return x, None, None

        def wrap(e, lead, trail):
            return ("dir", e, lead, trail) if lead is not None or trail is not None else e

        def reduce(o, L, R):
            (le, ll, lt), (re, rl, rt) = L, R
            if _PREC[o.data] == _PREC["op_dots"]:
                return (o, wrap(le, ll, lt), re, rl), None, rt
            return (o, wrap(le, None, lt), wrap(re, rl, None)), ll, rt

        out = [split(kids[0])]
        ops = []
        for k in range(1, len(kids), 2):
            op = kids[k]
            p = _PREC[op.data]
            while ops and _PREC[ops[-1].data] >= p:
                r = out.pop()
                out.append(reduce(ops.pop(), out.pop(), r))
            ops.append(op)
            out.append(split(kids[k + 1]))
        while ops:
            r = out.pop()
            out.append(reduce(ops.pop(), out.pop(), r))
        return wrap(*out[0])

    def _eval_nested(self, x, env):
        """The value of a node of :meth:`nested_chain` (an operand node or an operator tuple)."""
        if type(x) is not tuple:
            return self.eval(x, env)
        if len(x) != 3:
            return self._eval_dirs(x, env)
        op, left, right = x
        kind = op.data
        if kind == "op_oror":
            return self.truth(self._eval_nested(left, env), op) or self.truth(self._eval_nested(right, env), op)
        if kind == "op_andand":
            return self.truth(self._eval_nested(left, env), op) and self.truth(self._eval_nested(right, env), op)
        a = self._eval_nested(left, env)
        b = self._eval_nested(right, env)
        if self.user_ops and _SYMBOL[kind] in self.user_ops:
            r = self._user_op(_SYMBOL[kind], [a, b], env)
            if r is not _NO_USER_OP:
                return r
        fast = _NUMERIC.get(kind)
        if fast is not None:
            # operators.binary's arithmetic and comparisons of numbers (and pairs), inline
            ta, tb = type(a), type(b)
            if ((ta is float or ta is int) and (tb is float or tb is int)
                    or ta is complex and tb is complex and kind in _PAIRWISE) and (b or kind != "op_div"):
                return fast(a, b)
        name = _BIN.get(kind)
        if name is not None:
            return self.ops.binary(self, name, a, b, op)
        if kind == "op_carets":
            return self._carets(a, b, op)
        return self.ops.join(self, a, self._join_spec(op, env), b, None, None, op)

    def _user_op(self, sym, args, env):
        """The program's ``operator sym`` applied to ``args``, or ``_NO_USER_OP`` when none of
        its definitions takes these argument types (the built-in operator applies then)."""
        e = env.find("operator" + sym)
        if e is None:
            return _NO_USER_OP
        f = e.vars["operator" + sym]
        best = None
        for c in (f if isinstance(f, list) else [f]):
            if isinstance(c, AsyFunction):
                score = self.match_score(c, args, {})
                if score is not None and (best is None or score < best[0]):
                    best = (score, c)
        if best is None:
            return _NO_USER_OP
        return self.call_user(best[1], args, {})

    def _join_spec(self, op, env):
        d = op.data
        if d == "op_line":
            return "line"
        if d == "op_dots":
            return Join()
        if d == "op_colons":
            return Join(1.0, 1.0, True)
        if d == "op_longdash":
            return Join(INFINITE_TENSION, INFINITE_TENSION, True)
        if d in ("op_tension1", "op_tension2"):
            atleast = op.children[0] is not None
            t1 = float(self.eval(op.children[1], env))
            t2 = float(self.eval(op.children[2], env)) if d == "op_tension2" else t1
            t1 = INFINITE_TENSION if t1 == math.inf else t1
            t2 = INFINITE_TENSION if t2 == math.inf else t2
            return Join(t1, t2, atleast)
        if d in ("op_controls1", "op_controls2"):
            c1 = complex(self.eval(op.children[0], env))
            c2 = complex(self.eval(op.children[1], env)) if d == "op_controls2" else c1
            return Join(c1=c1, c2=c2)
        raise AsyRuntimeError(f"unknown operator {d}", location=self.loc(op))

    def _carets(self, a, b, node):
        out = AsyArray([], "path")
        for v in (a, b):
            if isinstance(v, list):
                out.extend(x.solve() if isinstance(x, Guide) else x for x in v)
            elif isinstance(v, (Guide, Path)):
                out.append(v.solve())
            elif isinstance(v, complex) or _is_num(v):
                out.append(Path.point_path(complex(v)))
            elif isinstance(v, Triple):
                self.unsupported("unsupported: three (3D paths)", "three", node)
            else:
                raise AsyRuntimeError(f"cannot use ^^ on {type_name(v)}", location=self.loc(node))
        return out

    def _eval_dirs(self, x, env):
        """A node of :meth:`_nest_with_dirs`: a value given directions, or a join whose right
        operand has a leading direction."""
        if x[0] == "dir":
            return self._with_dirs(self._eval_nested(x[1], env), x[2], x[3], env, x[2] or x[3])
        op, left, right, lead = x
        a = self._eval_nested(left, env)
        b = self._eval_nested(right, env)
        post = None
        if lead is not None:
            if isinstance(b, CycleToken):
                post = self._dir(lead, env)  # "..{d}cycle": the direction into the first knot
            else:
                b = self._with_dirs(b, lead, None, env, lead)
        if self.user_ops and _SYMBOL[op.data] in self.user_ops:
            r = self._user_op(_SYMBOL[op.data], [a, b], env)
            if r is not _NO_USER_OP:
                return r
        return self.ops.join(self, a, self._join_spec(op, env), b, None, post, op)

    def e_dir_operand(self, node, env):
        """``{d}z``, ``z{d}`` or ``{d}z{e}``: a one-knot guide carrying the given directions."""
        kids = node.children
        if node.data == "trail_dir":
            lead, val, trail = None, kids[0], kids[1]
        elif node.data == "lead_dir":
            lead, val, trail = kids[0], kids[1], None
        else:
            lead, val, trail = kids
        return self._with_dirs(self.eval(val, env), lead, trail, env, node)

    def _with_dirs(self, v, lead, trail, env, node):
        """``v`` as a guide whose first knot comes in along ``lead`` and last leaves along ``trail``."""
        if isinstance(v, Triple):
            self.unsupported("unsupported: three (3D paths)", "three", node)
        g = Guide.from_value(v)
        if not g.knots:
            return g
        if lead is not None:
            k = g.knots[0] = g.knots[0].copy()
            kind, d = self._dir(lead, env)
            if kind == "dir":
                k.in_dir = d
            else:
                k.in_curl = d
        if trail is not None:
            k = g.knots[-1] = g.knots[-1].copy()
            kind, d = self._dir(trail, env)
            if kind == "dir":
                k.out_dir = d
            else:
                k.out_curl = d
        return g

    # ----------------------------------------------------------------- joins
    def _dir(self, node, env):
        """(kind, value) of a dirspec node."""
        if node.data == "dir_curl":
            return ("curl", float(self.eval(node.children[0], env)))
        if node.data == "dir_xy":
            return ("dir", complex(self.eval(node.children[0], env), self.eval(node.children[1], env)))
        v = self.eval(node.children[0], env)
        if _is_num(v):
            # {real} is an angle in degrees? No: Asymptote reads {x} as a pair; a real is (x,0).
            v = complex(v)
        if not isinstance(v, complex):
            raise AsyRuntimeError("direction must be a pair", location=self.loc(node))
        return ("dir", v)

    # ---------------------------------------------------------------- arrays
    def e_new_array(self, node, env):
        """``new T[n]``, ``new T[n][m]`` (n arrays of m), ``new T[n][]`` (n empty arrays)."""
        elem = str(node.children[0])
        rest = node.children[1:]
        dims = rest[-1]
        sizes = rest[:-1]
        extra = self._dims(dims) if dims is not None else 0
        ns = [self.eval(c, env) for c in sizes]
        for n in ns:
            if not isinstance(n, int) or isinstance(n, bool):
                raise AsyRuntimeError("array size must be an int", location=self.loc(node))
            self.budget.check_array(n, self.loc(node))
        return self._new_array(elem, ns, extra, env, node)

    def _new_array(self, elem, ns, extra, env, node):
        et = elem + "[]" * (len(ns) - 1 + extra)
        if len(ns) == 1:
            return AsyArray([self.default_value(et, env) for _ in range(ns[0])], et)
        self.budget.check_array(ns[0] * ns[1], self.loc(node))
        return AsyArray([self._new_array(elem, ns[1:], extra, env, node) for _ in range(ns[0])], et)

    def e_new_array_init(self, node, env):
        elem = str(node.children[0]) + "[]" * (self._dims(node.children[1]) - 1)
        return self.eval_init(node.children[2], env, elem + "[]")

    def e_arrayinit(self, node, env):
        return self.eval_init(node, env, "")

    def e_lambda(self, node, env):
        ret = str(node.children[0])
        params = self.params(node.children[1], env)
        return AsyFunction("<lambda>", ret, params, node.children[2], env, self)

    def e_new_struct(self, node, env):
        name = str(node.children[0])
        st = self.lookup_type(name, env)
        if st is None:
            v = self.default_value(name, env)
            if v is None:
                self.unsupported(f"unknown type '{name}'", name, node)
            return v
        return self.instantiate(st)

    def e_operator(self, node, env):
        op = "".join(str(t) for t in node.children[0].children)
        e = env.find("operator" + op)
        if e is not None:
            return e.vars["operator" + op]
        return Builtin("operator" + op, lambda a, b: self.ops.binary_symbol(self, op, a, b, node))
