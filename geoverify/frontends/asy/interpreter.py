"""The tree-walking evaluator of Asymptote programs.

It walks the Lark tree of :mod:`geoverify.frontends.asy.parser` with
Asymptote's semantics: typed declarations with implicit casts (int -> real ->
pair -> path), overloaded functions chosen by argument types, Asymptote's
operators on pairs (complex arithmetic), transforms, pens and guides, and the
control statements. Builtins live in the ``lib_*`` modules; drawing commands
record :class:`~geoverify.frontends.asy.picture.DrawItem` objects on the current
picture.
"""

from __future__ import annotations

import gc
import itertools
import random

from lark import Tree

from geoverify.errors import (BudgetExceededError, SourceLocation, UnsafeInputError,
                              UnsupportedConstructError)
from geoverify.frontends.asy.guides import Guide, Knot, Path
from geoverify.frontends.asy.picture import Picture
from geoverify.frontends.asy.values import (DEFAULT_PEN, AsyArray, AsyFunction, Builtin, NoMatch, Overloads,
                                            Pen, StructInstance, StructType, Transform, type_name)
from geoverify.frontends.limits import Budget

__all__ = ["Interpreter", "AsyRuntimeError", "Env"]


from geoverify.frontends.asy.control import AsyRuntimeError, Env, _Break, _Continue, _Return, _Skip  # noqa: F401
from geoverify.frontends.asy import operators
from geoverify.frontends.asy.closures import compile_statement, loop_runner
from geoverify.frontends.asy.expressions import ExpressionsMixin

class _Proxy:
    """Stands for the running interpreter inside builtins installed once per process.

    Builtins are closures over ``I``; installing them for every figure cost more
    than interpreting most figures, so they are installed once per dialect with
    ``I`` bound to this proxy, which forwards to the interpreter that runs now.
    Its ``__dict__`` is that interpreter's own, so the builtins read its fields
    (``I.budget``, ``I.pic``) without a forwarding call; methods are forwarded.
    """

    target = None

    def __getattr__(self, name):
        return getattr(type(self).target, name)

    # The names the builtins ask for most (graph() calls, every drawing command's location),
    # forwarded without the failed lookup that precedes __getattr__.
    @property
    def call(self):
        return type(self).target.call

    @property
    def current_loc(self):
        return type(self).target.current_loc

    def __setattr__(self, name, value):
        if name == "target":
            type(self).target = value
            object.__setattr__(self, "__dict__", value.__dict__)
        else:
            setattr(type(self).target, name, value)


_PROXY = _Proxy()
_INTERPRETER_SERIAL = itertools.count()
_TEMPLATES: dict = {}


def _freeze_templates() -> None:
    """Move every object alive now out of reach of Python's cyclic collector (:func:`gc.freeze`).

    Called once per dialect, right after its template (builtins, module globals:
    some 60,000 objects) is built. They live for the whole process anyway, but
    each full collection walked all of them again, and figures allocate enough to
    run one every few figures: about a seventh of the interpret time. The
    collector's other generations are untouched.

    The side effect is process-wide: whatever else the process holds at that
    moment is frozen too, and if it later becomes cyclic garbage it is never
    reclaimed (acyclic garbage still goes by reference counting). That happens
    at most twice per process (two dialects), so at most what was alive then can
    leak; :func:`gc.unfreeze` undoes it. Set ``FREEZE_TEMPLATES = False`` to opt out.
    """
    if FREEZE_TEMPLATES:
        gc.freeze()


#: Whether building a dialect's template calls :func:`gc.freeze` (see :func:`_freeze_templates`).
FREEZE_TEMPLATES = True

_UNMADE = object()
_PRIMS = {"int", "real", "pair", "path", "guide", "pen", "transform", "string", "bool", "picture", "triple"}
_NUM = (int, float)


def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class Interpreter(ExpressionsMixin):
    """Runs one Asymptote program and records what it draws."""

    #: Statement handlers by node kind, ``handler(self, node, env)`` (set below the class).
    _exec: dict = {}
    #: Expression handlers by node kind, ``handler(self, node, env)`` (set below the class).
    _eval: dict = {}

    def __init__(self, scene, *, limits, dialect="plain", strict=False, filename=None):
        self.scene = scene
        self.budget = Budget(limits)
        self.limits = limits
        self.dialect = dialect
        self.strict = strict
        self.filename = filename
        self.globals = Env()
        self.builtins = {}
        self.pic = Picture()
        self.defaultpen = DEFAULT_PEN
        self.loaded = set()
        self.current_loc = None
        self._locs = {}
        self.modules = {}
        tpl = _TEMPLATES.get(dialect)
        if tpl is None:
            from geoverify.frontends.asy import (envelopes, frames, graphics_state, legends, lib_core, lib_draw,
                                                 settings)

            _PROXY.target = self
            lib_core.install(_PROXY)
            lib_draw.install(_PROXY)
            # frames, add/attach about a point, boxed labels: tried before lib_draw's overloads
            frames.install(_PROXY)
            envelopes.install(_PROXY)
            legends.install(_PROXY)
            settings.install(_PROXY)
            graphics_state.install(_PROXY)
            if dialect == "aops":
                for m in ("olympiad", "cse5", "graph", "math"):
                    self.load_module(m, None)
            tpl = _TEMPLATES[dialect] = (dict(self.globals.vars), dict(self.builtins), set(self.loaded))
            _freeze_templates()
        self.globals.vars = dict(tpl[0])
        self.builtins = dict(tpl[1])
        self.loaded = set(tpl[2])
        self.globals.vars["currentpicture"] = self.pic
        self.activate()
        self._casters = {}     # type name -> conversion function or None (caster)
        self._scores = {}      # AsyFunction -> {argument classes: match score} (ExpressionsMixin.match_score)
        # compiled expressions live on the nodes under a name of this interpreter's own
        self._closure_attr = f"_asy_closure_{next(_INTERPRETER_SERIAL)}"
        self._body_attr = self._closure_attr + "_body"     # a function body's compiled run
        self.user_ops = set()  # symbols of operators the program defines ("operator --")
        self.ops = operators

    @property
    def rng(self):
        """The random numbers of rand(), unitrand() and srand(): per figure, seeded with 1 (reproducible);
        made when the program first asks (seeding one costs more than running most figures' statements)."""
        r = self.__dict__.get("_rng")
        if r is None:
            r = self._rng = random.Random(1)
        return r

    def activate(self):
        """Make the shared builtins act on this interpreter."""
        _PROXY.target = self

    # ------------------------------------------------------------------ utils
    @property
    def current_loc(self):
        """Location of the statement or call that runs now; made when first asked for
        (most statements and calls never need theirs)."""
        at = self._at
        if type(at) is tuple:
            at = self._at = self.loc(*at)
        return at

    @current_loc.setter
    def current_loc(self, loc):
        self._at = loc

    def loc(self, node, construct=None):
        # one SourceLocation per (node, construct)
        key = (id(node), construct)
        hit = self._locs.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        meta = getattr(node, "meta", None)
        line = getattr(meta, "line", None) if meta is not None else getattr(node, "line", None)
        col = getattr(meta, "column", None) if meta is not None else getattr(node, "column", None)
        loc = SourceLocation(line, col, self.filename, construct)
        self._locs[key] = (node, loc)
        return loc

    def note(self, code, message, construct="", node=None):
        loc = self.loc(node, construct) if node is not None else self.current_loc
        if code == "UNSUPPORTED" and self.strict:
            raise UnsupportedConstructError(message, location=loc)
        self.scene.note(code, message, construct, loc)

    def unsupported(self, message, construct, node=None):
        self.note("UNSUPPORTED", message, construct, node)
        raise _Skip()

    def define(self, name, value, env=None, typ=None):
        env = env or self.globals
        if isinstance(value, (Builtin, AsyFunction)):
            cur = env.vars.get(name)
            if isinstance(cur, Overloads):
                cur.insert(0, value)
                return
            env.vars[name] = Overloads([value])
            return
        env.vars[name] = value
        if typ is not None:
            env.types[name] = typ

    def builtin(self, name, fn, env=None):
        table = env.vars if env is not None else self.builtins
        b = Builtin(name, fn)
        cur = table.get(name)
        # a new list: the tables are shared copies of a per-dialect template
        table[name] = Overloads([b] + list(cur)) if isinstance(cur, Overloads) else Overloads([b])

    def load_module(self, name, node):
        if name in self.loaded:
            return
        from geoverify.frontends.asy import modules

        self.loaded.add(name)
        modules.load(_PROXY, name, node)

    # --------------------------------------------------------------- running
    def run(self, tree):
        self.activate()
        env = self.globals
        for st in tree.children:
            self.exec_top(st, env)

    def exec_top(self, st, env):
        try:
            self.exec(st, env)
        except _Skip:
            pass
        except (_Break, _Continue):
            pass
        except _Return:
            pass
        except (BudgetExceededError, UnsafeInputError, UnsupportedConstructError):
            raise
        except AsyRuntimeError as e:
            if self.strict:
                raise
            self.scene.note("UNSUPPORTED", e.message, "statement", e.location or self.loc(st))
        except RecursionError:
            raise BudgetExceededError("recursion too deep (Limits.max_depth)", location=self.loc(st))
        except (ArithmeticError, ValueError, TypeError, IndexError, KeyError, AttributeError) as e:
            if self.strict:
                raise AsyRuntimeError(f"runtime error: {e}", location=self.loc(st)) from None
            self.scene.note("UNSUPPORTED", f"statement failed: {type(e).__name__}: {e}", "statement", self.loc(st))

    def exec(self, node, env):
        """Execute statement ``node`` in ``env``.

        Like expressions (:meth:`eval`), a statement is walked the first time it runs
        and compiled into a closure (:func:`~geoverify.frontends.asy.closures.compile_statement`)
        the second time; after that its closure runs.
        """
        attr = self._closure_attr
        c = getattr(node, attr, None)
        if c:
            c(env)
            return
        if c is None:
            setattr(node, attr, False)
            # _exec_walk written out: most statements run once
            self.budget.step()
            fn = self._exec.get(node.data)
            if fn is None:
                self.unsupported(f"statement {node.data} is not supported", node.data, node)
            self._at = (node, None)        # current_loc, made when asked for
            fn(self, node, env)
            return
        c = compile_statement(self, node)
        setattr(node, attr, c)
        c(env)

    def _exec_walk(self, node, env):
        self.budget.step()
        fn = self._exec.get(node.data)
        if fn is None:
            self.unsupported(f"statement {node.data} is not supported", node.data, node)
        self._at = (node, None)        # current_loc, made when asked for
        fn(self, node, env)

    def statement_closure(self, node):
        """The closure of statement ``node`` (compiled now unless it already is)."""
        attr = self._closure_attr
        c = getattr(node, attr, None)
        if not c:
            c = compile_statement(self, node)
            setattr(node, attr, c)
        return c

    def exec_body(self, node, env):
        if isinstance(node, Tree) and node.data == "block":
            e = Env(env)
            for st in node.children:
                self.exec(st, e)
        else:
            self.exec(node, env)

    # ------------------------------------------------------------ statements
    def x_block(self, node, env):
        e = Env(env)
        for st in node.children:
            self.exec(st, e)

    def type_of_node(self, t):
        if t.data == "type":
            return str(t.children[0])
        if t.data == "array_type":
            return str(t.children[0]) + "[]" * self._dims(t.children[1])
        if t.data == "qual_type":
            return str(t.children[1])
        return str(t.children[0])

    @staticmethod
    def _dims(d):
        n = 0
        while isinstance(d, Tree) and d.data == "dims":
            n += 1
            d = d.children[0] if d.children else None
        return n

    def default_value(self, typ, env):
        if typ.endswith("[]"):
            return AsyArray([], typ[:-2])
        if typ in ("real",):
            return 0.0
        if typ == "int":
            return 0
        if typ == "pair":
            return 0j
        if typ == "bool":
            return False
        if typ == "string":
            return ""
        if typ == "pen":
            return Pen()
        if typ == "transform":
            return Transform()
        if typ == "picture":
            return Picture()
        if typ == "frame":
            from geoverify.frontends.asy.frames import Frame

            return Frame()
        if typ == "path":
            return Path([], [], [], False, [])
        if typ == "guide":
            return Guide()
        st = self.lookup_type(typ, env)
        if isinstance(st, StructType):
            return self.instantiate(st)
        if typ == "Label":
            from geoverify.frontends.asy.picture import LabelSpec

            return LabelSpec()
        return None

    def lookup_type(self, typ, env):
        e = env.find("struct " + typ)
        return e.vars["struct " + typ] if e else None

    def x_vardec(self, node, env):
        typ = self.type_of_node(node.children[0])
        for d in node.children[1:]:
            if d.data == "op_decl":
                # "T operator --=f;": a function-valued variable that an operator now calls
                name = self.op_name(d.children[0])
                v = self.eval_init(d.children[1], env, typ)
                if isinstance(v, (Builtin, AsyFunction)):
                    v = Overloads([v])
                env.vars[name] = v
                continue
            name = str(d.children[0])
            t = typ + "[]" * self._dims(d.children[1]) if d.children[1] is not None else typ
            init = d.children[2]
            if init is None:
                v = self.default_value(t, env)
            else:
                v = self.eval_init(init, env, t)
                v = self.cast(v, t, init)
            env.vars[name] = v
            env.types[name] = t
            if isinstance(v, AsyArray) and not v.elem:
                v.elem = t[:-2]

    def eval_init(self, node, env, typ):
        if isinstance(node, Tree) and node.data == "arrayinit":
            elem = typ[:-2] if typ.endswith("[]") else ""
            out = AsyArray([], elem)
            for c in node.children:
                if c is None:
                    continue
                out.append(self.cast(self.eval_init(c, env, elem), elem, c) if elem else self.eval_init(c, env, elem))
            return out
        return self.eval(node, env)

    def caster(self, typ):
        """A function ``conv(v, node=None)`` equal to ``self.cast(v, typ, node)``, or None when
        that cast gives every value back as it is (types :meth:`cast` does not name).

        Made once per type and interpreter; reals and pairs that are already of their
        type skip the call (declarations and parameters cast every value they take).
        """
        conv = self._casters.get(typ, _UNMADE)
        if conv is _UNMADE:
            conv = self._casters[typ] = self._make_caster(typ)
        return conv

    def _make_caster(self, typ):
        cast = self.cast
        if typ == "real":
            def conv(v, node=None):
                t = type(v)
                if t is float:
                    return v
                if t is int:
                    return float(v)
                return cast(v, typ, node)
            return conv
        if typ == "pair":
            def conv(v, node=None):
                if type(v) is complex:
                    return v
                return cast(v, typ, node)
            return conv
        if typ in ("path", "guide") or typ.endswith("[]"):
            def conv(v, node=None):
                return cast(v, typ, node)
            return conv
        return None

    def cast(self, v, typ, node=None):
        """``v`` converted to Asymptote type ``typ`` (implicit casts: int -> real -> pair -> path,
        arrays of them); a value of any type not named here is returned as it is (:meth:`caster`
        relies on that)."""
        if typ in ("real",):
            if isinstance(v, bool):
                raise AsyRuntimeError("cannot cast bool to real", location=self.loc(node) if node is not None else None)
            if isinstance(v, int):
                return float(v)
            return v
        if typ == "pair":
            if _is_num(v):
                return complex(v)
            return v
        if typ == "path":
            if isinstance(v, Guide):
                return v.solve()
            if _is_num(v) or isinstance(v, complex):
                return Path.point_path(complex(v))
            return v
        if typ == "guide":
            if _is_num(v) or isinstance(v, complex):
                return Guide([Knot(complex(v))], [])
            return v
        if typ == "path[]" or typ == "guide[]":
            if isinstance(v, (Path, Guide)):
                return AsyArray([v.solve()], "path")
            if isinstance(v, AsyArray):
                return AsyArray([x.solve() if isinstance(x, Guide) else x for x in v], typ[:-2])
            return v
        if typ.endswith("[]") and isinstance(v, list) and not isinstance(v, AsyArray):
            return AsyArray(v, typ[:-2])
        if typ.endswith("[]") and isinstance(v, AsyArray):
            el = typ[:-2]
            if el in ("real", "pair"):
                if any(isinstance(x, int) and not isinstance(x, bool) for x in v):
                    return AsyArray([self.cast(x, el) for x in v], el)
            if not v.elem:
                v.elem = el
        return v

    def op_name(self, opnode):
        """``"operator" + symbol`` for an ``opname`` node; user operators are looked up by it."""
        sym = "".join(str(t) for t in opnode.children)
        self.user_ops.add(sym)
        return "operator" + sym

    def x_fundec(self, node, env):
        ret = self.type_of_node(node.children[0])
        name = self.op_name(node.children[1]) if node.data == "op_fundec" else str(node.children[1])
        params = self.params(node.children[2], env)
        f = AsyFunction(name, ret, params, node.children[3], env, self)
        cur = env.vars.get(name)
        if isinstance(cur, Overloads):
            # same signature replaces, different signature overloads
            sig = [p[0] for p in params]
            for i, old in enumerate(cur):
                if isinstance(old, AsyFunction) and [p[0] for p in old.params] == sig:
                    cur[i] = f
                    return
            cur.insert(0, f)
        else:
            env.vars[name] = Overloads([f])

    def params(self, node, env):
        out = []
        if node is None:
            return out
        for p in node.children:
            if p.data == "param":
                out.append((self.type_of_node(p.children[0]), str(p.children[1]) if p.children[1] is not None else None,
                            p.children[2]))
            elif p.data == "fun_param":
                out.append(("function", str(p.children[1]), None))
            elif p.data == "rest_param":
                out.append(("..." + self.type_of_node(p.children[0]), str(p.children[1]), None))
        return out

    def x_expr(self, node, env):
        self.eval(node.children[0], env)

    def truth(self, v, node):
        if isinstance(v, bool):
            return v
        if isinstance(v, int):
            return v != 0
        raise AsyRuntimeError(f"condition is a {type_name(v)}, not a bool", location=self.loc(node))

    def x_if(self, node, env):
        if self.truth(self.eval(node.children[0], env), node):
            self.exec_body(node.children[1], env)
        elif len(node.children) > 2:
            self.exec_body(node.children[2], env)

    def x_loop(self, node, env):
        """``for``, ``while``, ``do`` and ``foreach``: compiled the first time they run
        (:func:`~geoverify.frontends.asy.closures.loop_runner`), their parts run many times."""
        loop_runner(self, node)(env)

    def x_return(self, node, env):
        raise _Return(self.eval(node.children[0], env) if node.children[0] is not None else None)

    def x_break(self, node, env):
        raise _Break()

    def x_continue(self, node, env):
        raise _Continue()

    def x_import(self, node, env):
        mod = node.children[0]
        tok = mod.children[0]
        name = str(tok)
        if tok.type == "STRING":
            name = name[1:-1]
        name = name.rsplit("/", 1)[-1]
        if name.endswith(".asy"):
            name = name[:-4]
        self.load_module(name, node)

    def x_struct(self, node, env):
        name = str(node.children[0])
        st = StructType(name, node.children[1:], env)
        env.vars["struct " + name] = st

        def ctor(*args, **kw):
            if args or kw:
                raise NoMatch()
            return self.instantiate(st)

        ctor.struct_of = name
        cur = env.vars.get(name)
        if isinstance(cur, Overloads):  # the same struct again (a loop's body): it replaces the old one
            kept = [f for f in cur if getattr(getattr(f, "fn", None), "struct_of", None) != name]
            if len(kept) < len(cur):
                env.vars[name] = Overloads(kept)
        self.builtin(name, ctor, env)

    def instantiate(self, st):
        e = Env(st.env)
        inst = StructInstance(st, e.vars)
        e.vars["this"] = inst
        for s in st.body:
            self.exec(s, e)
        return inst

    def x_typedef(self, node, env):
        pass

    def x_typedef_fun(self, node, env):
        pass

    def x_modified(self, node, env):
        self.exec(node.children[-1], env)


# The dispatch tables hold the functions themselves (shared by every interpreter; a table of
# bound methods was built for each figure).
Interpreter._exec = {
    "empty": lambda self, node, env: None,
    "block": Interpreter.x_block,
    "vardec": Interpreter.x_vardec,
    "fundec": Interpreter.x_fundec,
    "op_fundec": Interpreter.x_fundec,
    "expr_stmt": Interpreter.x_expr,
    "if_stmt": Interpreter.x_if,
    "if_else": Interpreter.x_if,
    "while_stmt": Interpreter.x_loop,
    "do_stmt": Interpreter.x_loop,
    "for_stmt": Interpreter.x_loop,
    "foreach_stmt": Interpreter.x_loop,
    "return_stmt": Interpreter.x_return,
    "break_stmt": Interpreter.x_break,
    "continue_stmt": Interpreter.x_continue,
    "import_stmt": Interpreter.x_import,
    "include_stmt": Interpreter.x_import,
    "struct_def": Interpreter.x_struct,
    "typedef_stmt": Interpreter.x_typedef,
    "typedef_fun": Interpreter.x_typedef_fun,
    "modified": Interpreter.x_modified,
}
Interpreter._eval = {
    "number": Interpreter.e_number, "string": Interpreter.e_string, "sqstring": Interpreter.e_sqstring,
    "var": Interpreter.e_var, "pair": Interpreter.e_pair, "triple": Interpreter.e_triple,
    "transform6": Interpreter.e_transform6, "call": Interpreter.e_call,
    "named_call": Interpreter.e_call, "index": Interpreter.e_index, "named_index": Interpreter.e_index,
    "slice": Interpreter.e_slice, "attr": Interpreter.e_attr, "named_attr": Interpreter.e_attr,
    "assign": Interpreter.e_assign, "augassign": Interpreter.e_augassign, "ternary": Interpreter.e_ternary,
    "not_": Interpreter.e_not, "neg": Interpreter.e_neg, "power": Interpreter.e_bin,
    "implicit_mul": Interpreter.e_implicit, "cast": Interpreter.e_cast,
    "preinc": Interpreter.e_preinc, "predec": Interpreter.e_preinc, "postinc": Interpreter.e_postinc,
    "new_array": Interpreter.e_new_array, "new_array_init": Interpreter.e_new_array_init,
    "lambda_": Interpreter.e_lambda, "new_struct": Interpreter.e_new_struct, "arrayinit": Interpreter.e_arrayinit,
    "operator_ref": Interpreter.e_operator, "chain": Interpreter.e_chain, "trail_dir": Interpreter.e_dir_operand,
    "lead_dir": Interpreter.e_dir_operand, "both_dir": Interpreter.e_dir_operand,
}
