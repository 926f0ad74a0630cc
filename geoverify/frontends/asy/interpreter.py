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

import math

from lark import Token, Tree

from geoverify.errors import (BudgetExceededError, GeoverifyError, SourceLocation, UnsafeInputError,
                              UnsupportedConstructError)
from geoverify.frontends.asy.guides import CYCLE, CycleToken, Guide, Join, Knot, Path, INFINITE_TENSION
from geoverify.frontends.asy.picture import Picture
from geoverify.frontends.asy.values import (DEFAULT_PEN, AsyArray, AsyFunction, Builtin, NoMatch, Overloads,
                                            Pen, StructInstance, StructType, Transform, Triple, type_name)
from geoverify.frontends.limits import Budget

__all__ = ["Interpreter", "AsyRuntimeError", "Env"]


class AsyRuntimeError(GeoverifyError):
    """An error the real asy would also report (undefined name, bad types)."""

    code = "ASY_RUNTIME"


class _Skip(Exception):
    """Abandon the current statement (unsupported construct, already noted)."""


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class _Proxy:
    """Stands for the running interpreter inside builtins installed once per process.

    Builtins are closures over ``I``; installing them for every figure cost more
    than interpreting most figures, so they are installed once per dialect with
    ``I`` bound to this proxy, which forwards to the interpreter that runs now.
    """

    __slots__ = ("target",)

    def __getattr__(self, name):
        return getattr(object.__getattribute__(self, "target"), name)

    def __setattr__(self, name, value):
        if name == "target":
            object.__setattr__(self, name, value)
        else:
            setattr(object.__getattribute__(self, "target"), name, value)


_PROXY = _Proxy()
_TEMPLATES: dict = {}


_PREC = {"op_oror": 1, "op_andand": 2, "op_bor": 3, "op_amp": 4, "op_eq": 5, "op_ne": 5, "op_lt": 6,
         "op_gt": 6, "op_le": 6, "op_ge": 6, "op_carets": 7, "op_line": 8, "op_dots": 8, "op_colons": 8,
         "op_longdash": 8, "op_tension1": 8, "op_tension2": 8, "op_controls1": 8, "op_controls2": 8,
         "op_add": 9, "op_sub": 9, "op_mul": 10, "op_div": 10, "op_mod": 10, "op_idiv": 10}
_BIN = {"op_add": "add", "op_sub": "sub", "op_mul": "mul", "op_div": "div", "op_mod": "mod", "op_idiv": "idiv",
        "op_eq": "eq", "op_ne": "ne", "op_lt": "lt", "op_gt": "gt", "op_le": "le", "op_ge": "ge",
        "op_bor": "bor", "op_amp": "amp"}


class Env:
    __slots__ = ("vars", "types", "parent")

    def __init__(self, parent=None):
        self.vars = {}
        self.types = {}
        self.parent = parent

    def find(self, name):
        e = self
        while e is not None:
            if name in e.vars:
                return e
            e = e.parent
        return None


_PRIMS = {"int", "real", "pair", "path", "guide", "pen", "transform", "string", "bool", "picture", "triple"}
_NUM = (int, float)


def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class Interpreter:
    """Runs one Asymptote program and records what it draws."""

    def __init__(self, scene, *, limits, dialect="plain", strict=False, filename=None):
        from geoverify.frontends.asy import lib_core, lib_draw

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
        self.modules = {}
        tpl = _TEMPLATES.get(dialect)
        if tpl is None:
            _PROXY.target = self
            lib_core.install(_PROXY)
            lib_draw.install(_PROXY)
            if dialect == "aops":
                for m in ("olympiad", "cse5", "graph", "math"):
                    self.load_module(m, None)
            tpl = _TEMPLATES[dialect] = (dict(self.globals.vars), dict(self.builtins), set(self.loaded))
        self.globals.vars = dict(tpl[0])
        self.builtins = dict(tpl[1])
        self.loaded = set(tpl[2])
        self.globals.vars["currentpicture"] = self.pic
        self.activate()
        self._exec = {
            "empty": lambda n, e: None,
            "block": self.x_block,
            "vardec": self.x_vardec,
            "fundec": self.x_fundec,
            "expr_stmt": self.x_expr,
            "if_stmt": self.x_if,
            "if_else": self.x_if,
            "while_stmt": self.x_while,
            "do_stmt": self.x_do,
            "for_stmt": self.x_for,
            "foreach_stmt": self.x_foreach,
            "return_stmt": self.x_return,
            "break_stmt": self.x_break,
            "continue_stmt": self.x_continue,
            "import_stmt": self.x_import,
            "include_stmt": self.x_import,
            "struct_def": self.x_struct,
            "typedef_stmt": self.x_typedef,
            "typedef_fun": self.x_typedef_fun,
            "modified": self.x_modified,
        }
        self._eval = {
            "number": self.e_number, "string": self.e_string, "sqstring": self.e_sqstring, "var": self.e_var,
            "pair": self.e_pair, "triple": self.e_triple, "call": self.e_call, "named_call": self.e_call,
            "index": self.e_index, "named_index": self.e_index, "attr": self.e_attr, "named_attr": self.e_attr,
            "assign": self.e_assign, "augassign": self.e_augassign, "ternary": self.e_ternary,
            "not_": self.e_not, "neg": self.e_neg, "power": self.e_bin,
            "implicit_mul": self.e_implicit, "cast": self.e_cast,
            "preinc": self.e_preinc, "predec": self.e_preinc, "postinc": self.e_postinc,
            "new_array": self.e_new_array, "new_array_init": self.e_new_array_init, "lambda_": self.e_lambda,
            "new_struct": self.e_new_struct, "arrayinit": self.e_arrayinit, "operator_ref": self.e_operator,
            "chain": self.e_chain, "trail_dir": self.e_dir_operand, "lead_dir": self.e_dir_operand,
            "both_dir": self.e_dir_operand,
        }
        self._chains = {}
        from geoverify.frontends.asy import operators

        self.ops = operators

    def activate(self):
        """Make the shared builtins act on this interpreter."""
        _PROXY.target = self

    # ------------------------------------------------------------------ utils
    def loc(self, node, construct=None):
        meta = getattr(node, "meta", None)
        line = getattr(meta, "line", None) if meta is not None else getattr(node, "line", None)
        col = getattr(meta, "column", None) if meta is not None else getattr(node, "column", None)
        return SourceLocation(line, col, self.filename, construct)

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
        self.budget.step()
        fn = self._exec.get(node.data)
        if fn is None:
            self.unsupported(f"statement {node.data} is not supported", node.data, node)
        self.current_loc = self.loc(node)
        fn(node, env)

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

    def cast(self, v, typ, node=None):
        if typ in ("real",):
            if isinstance(v, bool):
                raise AsyRuntimeError(f"cannot cast bool to real", location=self.loc(node) if node is not None else None)
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

    def x_fundec(self, node, env):
        ret = self.type_of_node(node.children[0])
        name = str(node.children[1])
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

    def x_while(self, node, env):
        cond, body = node.children
        while self.truth(self.eval(cond, env), node):
            self.budget.step()
            try:
                self.exec_body(body, env)
            except _Break:
                break
            except _Continue:
                continue

    def x_do(self, node, env):
        body, cond = node.children
        while True:
            self.budget.step()
            try:
                self.exec_body(body, env)
            except _Break:
                break
            except _Continue:
                pass
            if not self.truth(self.eval(cond, env), node):
                break

    def x_for(self, node, env):
        init, cond, upd, body = node.children
        e = Env(env)
        if init is not None:
            c = init.children[0]
            if c.data == "vardec":
                self.x_vardec(c, e)
            else:
                for x in c.children:
                    self.eval(x, e)
        while True:
            self.budget.step()
            if cond is not None and not self.truth(self.eval(cond, e), node):
                break
            try:
                self.exec_body(body, e)
            except _Break:
                break
            except _Continue:
                pass
            if upd is not None:
                for x in upd.children:
                    self.eval(x, e)

    def x_foreach(self, node, env):
        typ = self.type_of_node(node.children[0])
        name = str(node.children[1])
        seq = self.eval(node.children[2], env)
        if not isinstance(seq, list):
            raise AsyRuntimeError("foreach over a non-array", location=self.loc(node))
        for v in list(seq):
            self.budget.step()
            e = Env(env)
            e.vars[name] = self.cast(v, typ)
            e.types[name] = typ
            try:
                self.exec_body(node.children[3], e)
            except _Break:
                break
            except _Continue:
                pass

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

    # ------------------------------------------------------------ expressions
    def eval(self, node, env):
        if isinstance(node, Token):
            if node.type == "NAME":
                return self.lookup(str(node), env, node)
            if node.type == "NUMBER":
                return self._number(str(node))
            raise AsyRuntimeError(f"unexpected token {node}", location=self.loc(node))
        fn = self._eval.get(node.data)
        if fn is None:
            self.unsupported(f"expression {node.data} is not supported", node.data, node)
        return fn(node, env)

    @staticmethod
    def _number(s):
        if "." in s or "e" in s or "E" in s:
            return float(s)
        v = int(s)
        return v

    def e_number(self, node, env):
        return self._number(str(node.children[0]))

    def e_string(self, node, env):
        s = str(node.children[0])[1:-1]
        # In double-quoted Asymptote strings only \" and \\ are escapes.
        return s.replace('\\"', '"').replace("\\\\", "\\")

    def e_sqstring(self, node, env):
        s = str(node.children[0])[1:-1]
        return s.encode("latin-1", "backslashreplace").decode("unicode_escape")

    def lookup(self, name, env, node):
        e = env.find(name)
        if e is None:
            f = self.builtins.get(name)
            if f is not None:
                return f
            self.unsupported(f"unknown name '{name}'", name, node)
        return e.vars[name]

    def lookup_callable(self, name, env, node):
        e = env.find(name)
        if e is not None:
            v = e.vars[name]
            if isinstance(v, (Overloads, AsyFunction, Builtin)) or (callable(v) and not isinstance(v, type)):
                if isinstance(v, Overloads) and name in self.builtins:
                    return Overloads(list(v) + list(self.builtins[name]))
                return v
        f = self.builtins.get(name)
        if f is not None:
            return f
        if e is not None:
            return e.vars[name]
        self.unsupported(f"unknown name '{name}'", name, node)

    def e_var(self, node, env):
        name = str(node.children[0])
        v = self.lookup(name, env, node)
        if name == "defaultpen" and isinstance(v, Overloads):
            # "defaultpen" used as a value is the current default pen
            return self.defaultpen
        return v

    def e_pair(self, node, env):
        a = self.eval(node.children[0], env)
        b = self.eval(node.children[1], env)
        if not (_is_num(a) and _is_num(b)):
            raise AsyRuntimeError(f"pair coordinates must be real, got {type_name(a)}, {type_name(b)}",
                                  location=self.loc(node))
        return complex(a, b)

    def e_triple(self, node, env):
        vals = [self.eval(c, env) for c in node.children]
        return Triple(*vals)

    def e_args(self, argnode, env):
        args, kwargs = [], {}
        if argnode is None:
            return args, kwargs
        for a in argnode.children:
            if isinstance(a, Tree) and a.data == "kwarg":
                kwargs[str(a.children[0])] = self.eval(a.children[1], env)
            elif isinstance(a, Tree) and a.data == "arrayinit":
                args.append(self.eval_init(a, env, ""))
            else:
                args.append(self.eval(a, env))
        return args, kwargs

    def e_call(self, node, env):
        fnode, argnode = node.children
        if isinstance(fnode, Token):
            name = str(fnode)
            f = self.lookup_callable(name, env, fnode)
        elif fnode.data == "var":
            name = str(fnode.children[0])
            f = self.lookup_callable(name, env, fnode)
        else:
            f = self.eval(fnode, env)
            name = "<function>"
        args, kwargs = self.e_args(argnode, env)
        self.current_loc = self.loc(node, name)
        return self.call(f, args, kwargs, name, node)

    def call(self, f, args, kwargs, name="<function>", node=None):
        self.budget.step()
        if isinstance(f, Overloads):
            cands = f
        elif isinstance(f, (AsyFunction, Builtin)) or callable(f):
            cands = [f]
        else:
            raise AsyRuntimeError(f"'{name}' is a {type_name(f)}, not a function", location=self.loc(node) if node else None)
        # Prefer Asymptote functions whose parameter types fit best.
        best = None
        for c in cands:
            if isinstance(c, AsyFunction):
                score = self.match_score(c, args, kwargs)
                if score is not None and (best is None or score < best[0]):
                    best = (score, c)
        if best is not None:
            return self.call_user(best[1], args, kwargs)
        first_type_error = None
        for c in cands:
            if isinstance(c, AsyFunction):
                continue
            try:
                return c(*args, **kwargs)
            except NoMatch:
                continue
            except TypeError as e:
                # Python arity/type mismatch of a builtin: try the next overload.
                first_type_error = first_type_error or e
                continue
        if first_type_error is not None:
            raise first_type_error
        sig = ", ".join(type_name(a) for a in args)
        self.unsupported(f"no matching function '{name}({sig})'", name, node)

    def match_score(self, f, args, kwargs):
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
        self.budget.enter(self.current_loc)
        try:
            e = Env(f.env)
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
            try:
                for st in f.body.children:
                    self.exec(st, e)
            except _Return as r:
                v = r.value
                return self.cast(v, f.ret) if v is not None else None
            return None
        finally:
            self.budget.leave()

    def e_index(self, node, env):
        base = self.eval(node.children[0], env)
        i = self.eval(node.children[1], env)
        return self.ops.index(self, base, i, node)

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
                self.note("UNSUPPORTED", "assignments to settings.* are refused", "settings", target)
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
        entry = self._chains.get(id(node))
        if entry is None or entry[0] is not node:
            kids = node.children
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
            entry = self._chains[id(node)] = (node, out[0])
        return self._eval_nested(entry[1], env)

    def _eval_nested(self, x, env):
        if not isinstance(x, tuple):
            return self.eval(x, env)
        op, left, right = x
        kind = op.data
        if kind == "op_oror":
            return self.truth(self._eval_nested(left, env), op) or self.truth(self._eval_nested(right, env), op)
        if kind == "op_andand":
            return self.truth(self._eval_nested(left, env), op) and self.truth(self._eval_nested(right, env), op)
        a = self._eval_nested(left, env)
        b = self._eval_nested(right, env)
        name = _BIN.get(kind)
        if name is not None:
            return self.ops.binary(self, name, a, b, op)
        if kind == "op_carets":
            return self._carets(a, b, op)
        return self.ops.join(self, a, self._join_spec(op, env), b, None, None, op)

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

    def e_dir_operand(self, node, env):
        """``{d}z``, ``z{d}`` or ``{d}z{e}``: a one-knot guide carrying the given directions."""
        kids = node.children
        if node.data == "trail_dir":
            lead, val, trail = None, kids[0], kids[1]
        elif node.data == "lead_dir":
            lead, val, trail = kids[0], kids[1], None
        else:
            lead, val, trail = kids
        v = self.eval(val, env)
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
        elem = str(node.children[0])
        n = self.eval(node.children[1], env)
        extra = self._dims(node.children[2]) if node.children[2] is not None else 0
        if not isinstance(n, int):
            raise AsyRuntimeError("array size must be an int", location=self.loc(node))
        self.budget.check_array(n, self.loc(node))
        et = elem + "[]" * extra
        return AsyArray([self.default_value(et, env) for _ in range(n)], et)

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
        return Builtin("operator" + op, lambda a, b: self.ops.binary_symbol(self, op, a, b, node))
