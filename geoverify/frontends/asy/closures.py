"""Expressions compiled to Python closures: the hot paths of the Asymptote evaluator.

The tree-walking evaluator (:class:`~geoverify.frontends.asy.expressions.ExpressionsMixin`)
looks up a handler for every node on every evaluation. An expression evaluated
again (a loop body, a function that ``graph`` samples a hundred times) is
compiled instead, once, into a closure that calls its children's closures
directly. Straight-line code, where every expression runs once, never pays for
compiling: a node is compiled on its second evaluation.

The closures do exactly what the handlers do (they call the same operator,
call and lookup functions); they only leave out the dispatch. Node kinds
without a closure of their own fall back to their handler.
"""

from __future__ import annotations

import sys

from lark import Token, Tree

from geoverify.frontends.asy.control import AsyRuntimeError, Env, _Break, _Continue, _Return
from geoverify.frontends.asy.guides import Path
from geoverify.frontends.asy.operators import CHAIN_BINARY as _BIN
from geoverify.frontends.asy.operators import CHAIN_SYMBOL as _SYMBOL
from geoverify.frontends.asy.operators import NO_USER_OP as _NO_USER_OP
from geoverify.frontends.asy.operators import NUMERIC_FAST as _NUMERIC
from geoverify.frontends.asy.operators import PAIRWISE_FAST as _PAIRWISE
from geoverify.frontends.asy.values import AsyArray, Overloads

__all__ = ["compile_expression", "compile_statement", "compile_body", "compile_function_body", "declaration",
           "loop_runner", "function_body", "compile_invocation"]

def _sole_holder_counts():
    """``sys.getrefcount`` of a path held only by a scope's slot and a local, and of its lists.

    Measured on this interpreter rather than assumed (CPython versions count borrowed
    references differently). None when a path that a second variable also holds reads
    the same count: the in-place append of :func:`_appending_line` is then never used.
    """
    refs = sys.getrefcount

    def probe(scope):
        a = scope["p"]
        return refs(a), refs(a.z)

    sole = probe({"p": Path([0j], [0j], [0j])})
    other = Path([0j], [0j], [0j])
    also = [other]  # noqa: F841  (a second holder)
    shared = probe({"p": other})
    lists = Path(also, [0j], [0j])
    shared_list = probe({"p": lists})[1]
    if shared[0] <= sole[0] or shared_list <= sole[1]:
        return None
    return sole


_SOLE_COUNTS = _sole_holder_counts()


def compile_expression(I, node):
    """A closure ``f(env) -> value`` equal to ``I.eval(node, env)``.

    Parameters
    ----------
    I : Interpreter
        The interpreter the closure evaluates in (it is bound into the closure).
    node : lark.Tree or lark.Token
        An expression node of the Asymptote grammar.
    """
    if isinstance(node, Token):
        return _fallback(I, node)
    make = _MAKERS.get(node.data)
    if make is None:
        return _fallback(I, node)
    return make(I, node)


def _fallback(I, node):
    ev = I._eval_walk

    def f(env):
        return ev(node, env)
    return f


def _number(I, node):
    try:
        v = I.e_number(node, None)
    except ValueError:      # a literal Python cannot read (too many digits): fails when evaluated
        return _fallback(I, node)

    def f(env):
        return v
    return f


def _var(I, node):
    name = node.children[0].value
    builtins = I.builtins

    def f(env):
        e = env
        while e is not None:
            scope = e.vars
            if name in scope:
                v = scope[name]
                break
            e = e.parent
        else:
            v = builtins.get(name)
            if v is None:
                I.unsupported(f"unknown name '{name}'", name, node)
        if name == "defaultpen" and isinstance(v, Overloads):
            return I.defaultpen
        return v
    return f


def _pair(I, node):
    fa = I.expr_closure(node.children[0])
    fb = I.expr_closure(node.children[1])

    def f(env):
        a = fa(env)
        b = fb(env)
        ta, tb = type(a), type(b)
        if (ta is float or ta is int) and (tb is float or tb is int):
            return complex(a, b)
        return I.e_pair_values(a, b, node)
    return f


def _call(I, node):
    fnode, argnode = node.children
    if isinstance(fnode, Token):
        name, fvar = fnode.value, fnode
    elif fnode.data == "var":
        name, fvar = fnode.children[0].value, fnode
    else:
        name, fvar = "<function>", None
    ffn = None if fvar is not None else I.expr_closure(fnode)
    items = []      # (keyword or None, closure), in the order the arguments are evaluated
    if argnode is not None:
        for a in argnode.children:
            data = a.data if isinstance(a, Tree) else None
            if data == "kwarg":
                items.append((str(a.children[0]), I.expr_closure(a.children[1])))
            elif data == "arrayinit":
                items.append((None, _arrayinit_arg(I, a)))
            else:
                items.append((None, I.expr_closure(a)))
    lookup_callable = I.lookup_callable
    call = I.call
    at = (node, name)
    if ffn is None and all(k is None for k, _ in items) and len(items) <= 2:
        # a named function with up to two positional arguments (sin(x), f(t), dir(a), (x, y)
        # helpers): the arguments listed directly
        return _call_few(I, node, name, fvar, tuple(p for _, p in items))
    positional = tuple(p for k, p in items) if all(k is None for k, _ in items) else None
    items = tuple(items)

    def f(env):
        fn = lookup_callable(name, env, fvar) if ffn is None else ffn(env)
        if positional is not None:
            args = [p(env) for p in positional]
            kwargs = {}
        else:
            args, kwargs = [], {}
            for k, p in items:
                if k is None:
                    args.append(p(env))
                else:
                    kwargs[k] = p(env)
        I._at = at
        return call(fn, args, kwargs, name, node)
    return f


def _call_few(I, node, name, fvar, positional):
    """``_call`` of a named function with no, one or two positional arguments."""
    lookup_callable = I.lookup_callable
    call = I.call
    at = (node, name)
    if not positional:
        def f(env):
            fn = lookup_callable(name, env, fvar)
            I._at = at
            return call(fn, [], {}, name, node)
    elif len(positional) == 1:
        (p0,) = positional

        def f(env):
            fn = lookup_callable(name, env, fvar)
            args = [p0(env)]
            I._at = at
            return call(fn, args, {}, name, node)
    else:
        p0, p1 = positional

        def f(env):
            fn = lookup_callable(name, env, fvar)
            args = [p0(env), p1(env)]
            I._at = at
            return call(fn, args, {}, name, node)
    return f


def _store(I, target):
    """A function ``store(value, env)`` equal to ``I.assign_to(target, value, env)``.

    For a variable name it casts to the declared type and stores in the scope
    that holds the name, as ``assign_to`` does; other targets, and a name no
    scope holds (reported there), go through ``assign_to`` itself.
    """
    assign_to = I.assign_to
    if isinstance(target, Token):
        name = str(target)
    elif target.data == "var":
        name = str(target.children[0])
    else:
        def store(value, env):
            return assign_to(target, value, env)
        return store
    casters = I._casters
    caster = I.caster

    def store(value, env):
        e = env
        while e is not None:
            scope = e.vars
            if name in scope:
                typ = e.types.get(name)
                if typ is not None:
                    # I.cast(value, typ) through the type's conversion (none for most types)
                    conv = casters.get(typ, caster)
                    if conv is caster:
                        conv = caster(typ)
                    if conv is not None:
                        value = conv(value)
                scope[name] = value
                return value
            e = e.parent
        return assign_to(target, value, env)
    return store


def _assign(I, node):
    """``target = rhs`` (``ExpressionsMixin.e_assign``) for a variable name; other targets walk."""
    target, rhs = node.children
    if not (isinstance(target, Token) or target.data == "var"):
        return _fallback(I, node)
    store = _store(I, target)
    appended = _appending_line(I, target, rhs, store)
    if appended is not None:
        return appended
    fr = I.expr_closure(rhs)

    def f(env):
        return store(fr(env), env)
    return f


def _appending_line(I, target, rhs, store):
    """``p = p--z`` compiled to extend the path in place when nothing else can see it, else None.

    A loop building a polyline this way copies the whole path on every pass with the
    plain join (quadratic); extending the same lists makes it linear. Whether anything
    else holds the path or its lists (another variable, an array, a picture, a cached
    solve) is read from CPython's reference counts: the scope's slot and this closure's
    local are the path's only holders, its own slots its lists' only ones. Otherwise,
    and for anything but an open path joined to a point, the plain join runs.
    """
    name = str(target) if isinstance(target, Token) else str(target.children[0])
    if not (isinstance(rhs, Tree) and rhs.data == "chain"):
        return None
    nested = I.nested_chain(rhs)
    if not (isinstance(nested, tuple) and len(nested) == 3 and nested[0].data == "op_line"):
        return None
    op, left, right = nested
    if not (isinstance(left, Tree) and left.data == "var" and str(left.children[0]) == name):
        return None
    fl = _nested(I, left)
    fr = _nested(I, right)
    user_ops = I.user_ops
    join = I.ops.join
    join_spec = I._join_spec
    check_array = I.budget.check_array
    refs = sys.getrefcount
    if _SOLE_COUNTS is None:
        return None
    sole, sole_list = _SOLE_COUNTS

    def f(env):
        a = fl(env)
        b = fr(env)
        if user_ops and "--" in user_ops:
            return store(_nested_join(I, op, a, b, env), env)
        tb = type(b)
        if (type(a) is Path and (tb is complex or tb is float or tb is int) and not a.cyclic and a.z
                and refs(a) == sole and refs(a.z) == sole_list and refs(a.pre) == sole_list
                and refs(a.post) == sole_list and refs(a.straight) == sole_list):
            check_array(len(a.z) + 1)
            a.extend_line_in_place(complex(b))
            return store(a, env)
        return store(join(I, a, join_spec(op, env), b, None, None, op), env)
    return f


def _nested_join(I, op, a, b, env):
    """``a--b`` with the program's own ``operator --`` when one takes the operands."""
    r = I._user_op("--", [a, b], env)
    if r is not _NO_USER_OP:
        return r
    return I.ops.join(I, a, I._join_spec(op, env), b, None, None, op)


def _preinc(I, node):
    """``++x`` and ``--x`` (``ExpressionsMixin.e_preinc``)."""
    target = node.children[-1]
    ft = I.expr_closure(target)
    store = _store(I, target)
    step = 1 if node.data == "preinc" else -1

    def f(env):
        return store(ft(env) + step, env)
    return f


def _postinc(I, node):
    """``x++`` (``ExpressionsMixin.e_postinc``): the value before the increment."""
    target = node.children[0]
    ft = I.expr_closure(target)
    store = _store(I, target)

    def f(env):
        cur = ft(env)
        store(cur + 1, env)
        return cur
    return f


def _arrayinit_arg(I, a):
    def f(env):
        return I.eval_init(a, env, "")
    return f


def _neg(I, node):
    fa = I.expr_closure(node.children[0])
    negate = I.ops.negate

    def f(env):
        v = fa(env)
        t = type(v)
        if t is float or t is int or t is complex:
            return -v
        return negate(I, v, node)
    return f


def _power(I, node):
    """``a ^ b`` (``ExpressionsMixin.e_bin``): the program's ``operator ^`` when one takes the operands."""
    fa = I.expr_closure(node.children[0])
    fb = I.expr_closure(node.children[1])
    user_ops = I.user_ops
    user_op = I._user_op
    binary = I.ops.binary
    name = node.data

    def f(env):
        a = fa(env)
        b = fb(env)
        if user_ops and "^" in user_ops:
            r = user_op("^", [a, b], env)
            if r is not _NO_USER_OP:
                return r
        # operators.binary's power of two numbers, inline: an int to a natural power is
        # exact, any other is computed in reals (a complex result is its error: binary reports it)
        ta, tb = type(a), type(b)
        if ta is int and tb is int:
            if b >= 0:
                return a ** b
        elif (ta is float or ta is int) and (tb is float or tb is int):
            r = float(a) ** float(b)
            if type(r) is float:
                return r
        return binary(I, name, a, b, node)
    return f


def _implicit(I, node):
    """``2x`` (``ExpressionsMixin.e_implicit``): the number times the factor."""
    try:
        a = I._number(str(node.children[0]))
    except ValueError:      # a literal Python cannot read (too many digits): fails when evaluated
        return _fallback(I, node)
    fb = I.expr_closure(node.children[1])
    binary = I.ops.binary

    def f(env):
        return binary(I, "mul", a, fb(env), node)
    return f


def _index(I, node):
    fb = I.expr_closure(node.children[0])
    fi = I.expr_closure(node.children[1])
    index = I.ops.index

    def f(env):
        base = fb(env)
        return index(I, base, fi(env), node)
    return f


def _attr(I, node):
    fb = I.expr_closure(node.children[0])
    name = str(node.children[1])
    attr = I.ops.attr

    def f(env):
        return attr(I, fb(env), name, node)
    return f


def _ternary(I, node):
    fc, fa, fb = (I.expr_closure(c) for c in node.children)
    truth = I.truth

    def f(env):
        return fa(env) if truth(fc(env), node) else fb(env)
    return f


def _not(I, node):
    fa = I.expr_closure(node.children[0])
    truth = I.truth

    def f(env):
        return not truth(fa(env), node)
    return f


def _chain(I, node):
    nested = I.nested_chain(node)
    return _nested(I, nested)


def _nested(I, x):
    """The closure of one node of a nested operator chain (see ``ExpressionsMixin.e_chain``)."""
    if not isinstance(x, tuple):
        return I.expr_closure(x)
    if len(x) != 3 or x[0] == "dir":
        walk = I._eval_nested

        def f(env):
            return walk(x, env)
        return f
    op, left, right = x
    kind = op.data
    fl = _nested(I, left)
    fr = _nested(I, right)
    truth = I.truth
    if kind == "op_oror":
        def f(env):
            return truth(fl(env), op) or truth(fr(env), op)
        return f
    if kind == "op_andand":
        def f(env):
            return truth(fl(env), op) and truth(fr(env), op)
        return f
    sym = _SYMBOL[kind]
    user_ops = I.user_ops
    user_op = I._user_op
    name = _BIN.get(kind)
    if name is not None:
        binary = I.ops.binary
        fast = _NUMERIC.get(kind)
        if fast is None:
            def f(env):
                a = fl(env)
                b = fr(env)
                if user_ops and sym in user_ops:
                    r = user_op(sym, [a, b], env)
                    if r is not _NO_USER_OP:
                        return r
                return binary(I, name, a, b, op)
            return f
        pairwise = kind in _PAIRWISE
        divides = kind == "op_div"

        def f(env):
            a = fl(env)
            b = fr(env)
            if user_ops and sym in user_ops:
                r = user_op(sym, [a, b], env)
                if r is not _NO_USER_OP:
                    return r
            ta, tb = type(a), type(b)
            if ((ta is float or ta is int) and (tb is float or tb is int)
                    or pairwise and ta is complex and tb is complex) and (b or not divides):
                return fast(a, b)   # what operators.binary computes for these operands
            return binary(I, name, a, b, op)
        return f
    if kind == "op_carets":
        carets = I._carets
        return _operands_then(fl, fr, sym, I, lambda a, b, env: carets(a, b, op))
    join = I.ops.join
    join_spec = I._join_spec
    return _operands_then(fl, fr, sym, I, lambda a, b, env: join(I, a, join_spec(op, env), b, None, None, op))


def _operands_then(fl, fr, sym, I, apply):
    """A closure evaluating both operands, then the program's ``operator sym`` when one takes
    them, else ``apply(a, b, env)``."""
    user_ops = I.user_ops
    user_op = I._user_op

    def f(env):
        a = fl(env)
        b = fr(env)
        if user_ops and sym in user_ops:
            r = user_op(sym, [a, b], env)
            if r is not _NO_USER_OP:
                return r
        return apply(a, b, env)
    return f

_MAKERS = {
    "number": _number, "var": _var, "pair": _pair, "call": _call, "named_call": _call, "neg": _neg,
    "index": _index, "named_index": _index, "attr": _attr, "named_attr": _attr, "ternary": _ternary,
    "not_": _not, "chain": _chain, "assign": _assign, "preinc": _preinc, "predec": _preinc,
    "postinc": _postinc, "power": _power, "implicit_mul": _implicit,
}


# ------------------------------------------------------------------ statements
#
# A statement executed a second time (a loop body, a function that graph()
# samples) is compiled too, into a closure equal to ``Interpreter.exec``: the
# same budget step and current location, then the statement's work with its
# expressions' closures bound in. Statements without a closure of their own
# run their handler.


def compile_statement(I, node):
    """A closure ``f(env)`` equal to ``I.exec(node, env)``.

    Parameters
    ----------
    I : Interpreter
        The interpreter the closure runs in.
    node : lark.Tree
        A statement node of the Asymptote grammar.
    """
    make = _STATEMENTS.get(node.data)
    if make is None:
        return _statement_fallback(I, node)
    return make(I, node)


def compile_body(I, node):
    """A closure ``f(env)`` equal to ``I.exec_body(node, env)``: a block's statements in a
    scope of their own (no step for the block itself), any other statement as it is.

    A block none of whose statements can declare a name (:func:`_may_declare`) runs in
    the scope around it: its own would stay empty, so every name would be looked up
    and stored exactly as through it (a loop body such as ``{ s = s + f(i); }``).
    """
    if isinstance(node, Tree) and node.data == "block":
        stmts = tuple(I.statement_closure(s) for s in node.children)
        scoped = any(_may_declare(s) for s in node.children)
        if len(stmts) == 1:
            (only,) = stmts
            if not scoped:
                return only

            def f(env):
                only(Env(env))
            return f
        if not scoped:
            def f(env):
                for s in stmts:
                    s(env)
            return f

        def f(env):
            e = Env(env)
            for s in stmts:
                s(e)
        return f
    return I.statement_closure(node)


#: Statements that never put a name into the scope they run in (a block, ``for`` and
#: ``foreach`` make their own).
_NO_DECLARATION = frozenset({"expr_stmt", "return_stmt", "break_stmt", "continue_stmt", "empty", "block",
                             "for_stmt", "foreach_stmt"})


def _may_declare(st):
    """Whether running statement ``st`` may declare a name in the scope it runs in (a
    declaration, or a branch or loop body that is one rather than a block)."""
    kind = st.data
    if kind in _NO_DECLARATION:
        return False
    if kind in ("if_stmt", "if_else"):
        return any(_may_declare(k) for k in st.children[1:])
    if kind == "while_stmt":
        return _may_declare(st.children[1])
    if kind == "do_stmt":
        return _may_declare(st.children[0])
    return True


def _statement_fallback(I, node):
    """The statement's handler after the step and location ``exec`` makes (an unknown
    statement: ``exec`` itself, which reports it every time)."""
    handler = I._exec.get(node.data)
    if handler is None:
        walk = I._exec_walk

        def f(env):
            walk(node, env)
        return f
    step = I.budget.step
    at = (node, None)

    def f(env):
        step()
        I._at = at
        handler(I, node, env)
    return f


def _truth_test(I, node, fc):
    """A function ``test(env)``: ``I.truth`` of the closure ``fc``'s value (bools tested at once)."""
    truth = I.truth

    def test(env):
        c = fc(env)
        if c is True:
            return True
        if c is False:
            return False
        return truth(c, node)
    return test


def _stepped(I, node, run):
    """The statement closure of ``node`` doing ``run(env)``: ``exec``'s budget step and location first."""
    step = I.budget.step
    at = (node, None)

    def f(env):
        step()
        I._at = at
        run(env)
    return f


def _expr_stmt(I, node):
    return _stepped(I, node, I.expr_closure(node.children[0]))


def _block(I, node):
    return _stepped(I, node, compile_body(I, node))


def _empty(I, node):
    step = I.budget.step
    at = (node, None)

    def f(env):
        step()
        I._at = at
    return f


def _if(I, node):
    kids = node.children
    test = _truth_test(I, node, I.expr_closure(kids[0]))
    then = compile_body(I, kids[1])
    other = compile_body(I, kids[2]) if len(kids) > 2 else None
    step = I.budget.step
    at = (node, None)

    def f(env):
        step()
        I._at = at
        if test(env):
            then(env)
        elif other is not None:
            other(env)
    return f


def declaration(I, node):
    """A function ``declare(env)`` equal to ``I.x_vardec(node, env)`` (no step, no location:
    ``for``'s initialisation declares without them)."""
    typ = I.type_of_node(node.children[0])
    decls = []
    for d in node.children[1:]:
        if d.data == "op_decl":
            x_vardec = I.x_vardec

            def declare(env):
                x_vardec(node, env)
            return declare
        name = str(d.children[0])
        t = typ + "[]" * I._dims(d.children[1]) if d.children[1] is not None else typ
        decls.append(_declarator(I, name, t, d.children[2]))
    if len(decls) == 1:
        return decls[0]
    decls = tuple(decls)

    def declare(env):
        for one in decls:
            one(env)
    return declare


def _declarator(I, name, t, init):
    """``declare(env)`` for one declared name of type ``t`` with initialiser ``init`` (or None)."""
    if init is None:
        default_value = I.default_value

        def value(env):
            return default_value(t, env)
    elif isinstance(init, Tree) and init.data == "arrayinit":
        eval_init, cast = I.eval_init, I.cast

        def value(env):
            return cast(eval_init(init, env, t), t, init)
    else:
        fi = I.expr_closure(init)
        conv = I.caster(t)
        if conv is None:
            value = fi
        else:
            def value(env):
                return conv(fi(env), init)
    elem = t[:-2]

    def declare(env):
        v = value(env)
        env.vars[name] = v
        env.types[name] = t
        if isinstance(v, AsyArray) and not v.elem:
            v.elem = elem
    return declare


def _vardec(I, node):
    return _stepped(I, node, declaration(I, node))


def loop_runner(I, node):
    """A function ``run(env)`` doing the work of loop statement ``node`` (``for``, ``while``,
    ``do``, ``foreach``) without ``exec``'s step and location, made once per node.

    A loop's condition, updates and body run many times: the interpreter compiles a
    loop the first time it runs (its handlers call this), not the second.
    """
    attr = I._body_attr
    run = getattr(node, attr, None)
    if run is None:
        run = _LOOPS[node.data](I, node)
        setattr(node, attr, run)
    return run


def _loop_statement(I, node):
    """The statement closure of a loop: ``exec``'s step and location, then the loop."""
    return _stepped(I, node, loop_runner(I, node))


def _for_loop(I, node):
    init, cond, upd, body = node.children
    start = None
    if init is not None:
        c = init.children[0]
        if c.data == "vardec":
            start = declaration(I, c)
        else:
            exprs = tuple(I.expr_closure(x) for x in c.children)

            def start(env):
                for x in exprs:
                    x(env)
    fcond = I.expr_closure(cond) if cond is not None else None
    truth = I.truth
    updates = tuple(I.expr_closure(x) for x in upd.children) if upd is not None else ()
    run = compile_body(I, body)
    step = I.budget.step

    def loop(env):
        e = Env(env)
        if start is not None:
            start(e)
        while True:
            step()
            if fcond is not None:
                c = fcond(e)    # the condition's truth, bools tested at once (_truth_test)
                if c is not True and (c is False or not truth(c, node)):
                    break
            try:
                run(e)
            except _Break:
                break
            except _Continue:
                pass
            for x in updates:
                x(e)
    return loop


def _while_loop(I, node):
    cond, body = node.children
    test = _truth_test(I, node, I.expr_closure(cond))
    run = compile_body(I, body)
    step = I.budget.step

    def loop(env):
        while test(env):
            step()
            try:
                run(env)
            except _Break:
                break
            except _Continue:
                continue
    return loop


def _do_loop(I, node):
    body, cond = node.children
    test = _truth_test(I, node, I.expr_closure(cond))
    run = compile_body(I, body)
    step = I.budget.step

    def loop(env):
        while True:
            step()
            try:
                run(env)
            except _Break:
                break
            except _Continue:
                pass
            if not test(env):
                break
    return loop


def _foreach_loop(I, node):
    """``for (T x : a) body``: a new scope per element."""
    typ = I.type_of_node(node.children[0])
    name = str(node.children[1])
    fseq = I.expr_closure(node.children[2])
    run = compile_body(I, node.children[3])
    cast = I.cast
    step = I.budget.step

    def loop(env):
        seq = fseq(env)
        if not isinstance(seq, list):
            raise AsyRuntimeError("foreach over a non-array", location=I.loc(node))
        for v in list(seq):
            step()
            e = Env(env)
            e.vars[name] = cast(v, typ)
            e.types[name] = typ
            try:
                run(e)
            except _Break:
                break
            except _Continue:
                pass
    return loop


_LOOPS = {"for_stmt": _for_loop, "while_stmt": _while_loop, "do_stmt": _do_loop, "foreach_stmt": _foreach_loop}


def _return(I, node):
    value = node.children[0]
    fv = I.expr_closure(value) if value is not None else None
    step = I.budget.step
    at = (node, None)

    def f(env):
        step()
        I._at = at
        raise _Return(fv(env) if fv is not None else None)
    return f


def function_body(I, body):
    """The compiled run of a function's body (:func:`compile_function_body`), made once per
    body node and interpreter."""
    attr = I._body_attr
    run = getattr(body, attr, None)
    if run is None:
        run = compile_function_body(I, body)
        setattr(body, attr, run)
    return run


#: The argument classes that certainly fit a parameter of these types (``match_score``
#: gives them a score): exact classes only, anything else goes through the overload search.
_FITTING = {"real": frozenset({float, int}), "int": frozenset({int}), "pair": frozenset({complex, float, int}),
            "string": frozenset({str}), "bool": frozenset({bool})}


def compile_invocation(I, f):
    """A closure ``invoke(args) -> value`` calling Asymptote function ``f`` with one
    positional argument per parameter, as ``ExpressionsMixin.call_user`` does: the call
    counted against the depth limit, the arguments cast to the parameter types in a new
    scope, the body, the value cast to the return type.

    It also sets ``f.fits``: per parameter the argument classes that certainly fit it
    (:data:`_FITTING`), or None when a parameter type is not one of those; a call whose
    arguments are all of those classes needs no overload search.

    Parameters
    ----------
    I : Interpreter
    f : AsyFunction
        A function whose ``binding`` is a plan (no rest parameter).
    """
    plan = f.binding
    run = function_body(I, f.body)
    fenv = f.env
    conv_ret = I.caster(f.ret)
    budget = I.budget
    max_depth = budget.limits.max_depth
    fits = tuple(_FITTING.get(typ) for _, typ, _ in plan)
    f.fits = None if None in fits else fits

    def bind_one(e, args):
        ((pname, typ, conv),) = plan
        v = args[0]
        e.vars[pname] = conv(v) if conv is not None else v
        e.types[pname] = typ

    def bind_all(e, args):
        scope, types = e.vars, e.types
        for (pname, typ, conv), v in zip(plan, args):
            if pname is not None:
                scope[pname] = conv(v) if conv is not None else v
                types[pname] = typ

    # one named parameter (what graph() samples) is bound without a loop
    bind = bind_one if len(plan) == 1 and plan[0][0] is not None else bind_all

    def invoke(args):
        # Budget.enter, with the call's location made only when the depth limit is hit
        budget.depth += 1
        if budget.depth > max_depth:
            budget.depth -= 1
            budget.enter(I.current_loc)
        try:
            e = Env(fenv)
            bind(e, args)
            try:
                v = run(e)
            except _Return as r:
                v = r.value
            if v is None or conv_ret is None:
                return v
            return conv_ret(v)
        finally:
            budget.depth -= 1
    return invoke


def compile_function_body(I, body):
    """A closure ``run(env) -> value`` running a function's body (a block) in ``env``.

    Like ``Interpreter.call_user``: a ``return`` among the body's own statements ends
    the run with its value (without raising), a nested one raises ``_Return``; a body
    that ends without a return gives None.
    """
    stmts = []
    ret = None
    for st in body.children:
        if st.data == "return_stmt":
            ret = _top_return(I, st)
            break           # statements after a return never run
        stmts.append(I.statement_closure(st))
    stmts = tuple(stmts)
    if ret is None:
        def run(env):
            for s in stmts:
                s(env)
            return None
        return run
    if not stmts:
        return ret      # "{ return e; }", the commonest body of a sampled function
    if len(stmts) == 1:
        (first,) = stmts

        def run(env):
            first(env)
            return ret(env)
        return run

    def run(env):
        for s in stmts:
            s(env)
        return ret(env)
    return run


def _top_return(I, node):
    """A return among a function body's own statements: its value, without raising."""
    value = node.children[0]
    fv = I.expr_closure(value) if value is not None else None
    step = I.budget.step
    at = (node, None)

    def f(env):
        step()
        I._at = at
        return fv(env) if fv is not None else None
    return f


_STATEMENTS = {
    "expr_stmt": _expr_stmt, "block": _block, "empty": _empty, "if_stmt": _if, "if_else": _if,
    "vardec": _vardec, "return_stmt": _return, "for_stmt": _loop_statement, "while_stmt": _loop_statement,
    "do_stmt": _loop_statement, "foreach_stmt": _loop_statement,
}
