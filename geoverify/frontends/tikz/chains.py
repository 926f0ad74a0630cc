"""The ``chains`` library: ``start chain``, ``continue chain``, ``on chain``, ``join``, ``\\chainin``.

As ``tikzlibrarychains.code.tex``: ``start chain=[name] [going <dir>]`` starts a
chain (``chain``, going right unless told); each node ``on chain=[name] [going
<dir>]`` is placed ``<dir>=of <name>-<k>`` (the positioning library) after the
previous node of the chain, if any, and is also named ``<name>-<k+1>``,
``<name>-end`` and, the first, ``<name>-begin``. A direction with ``=`` in it is
a list of keys (``going {at=(\\tikzchainprevious),shift=(30:1)}``); ``placed
{keys}`` applies its keys to every node, the first too (``\\tikzchaincount`` is
the node's number). ``every on chain`` applies to each node on a chain.
``join`` (``join=by <options>``, ``join=with <node> by <options>``) draws an
edge from the previous node (or ``<node>``) to the new one, in ``every join``;
``\\chainin (name) [options];`` puts an existing node on the chain (unmoved,
``every chain in``). The counts are global, as the library's.

``start branch=<name> [going <dir>]`` starts the chain ``<chain>/<name>`` of the current
chain whose first node is the current chain's last one (``late options={on chain}`` on
it); ``continue branch=<name>`` continues it (as ``continue chain=<chain>/<name>``).
"""

from __future__ import annotations

import re

__all__ = ["chain_key", "join_paths", "run_chainin"]


def _parse(spec: str | None):
    """``"name going below"`` -> ``("name", "below", False)``; ``"placed {..}"`` -> ``(None, "..", True)``."""
    spec = (spec or "").strip()
    for word, placed in (("going ", False), ("placed ", True)):
        if word in spec:
            name, _, direction = spec.partition(word)
            direction = direction.strip()
            if direction.startswith("{") and direction.endswith("}"):
                direction = direction[1:-1].strip()
            return name.strip() or None, direction, placed
    return spec or None, None, False


def chain_key(ctx, st: dict, key: str, val, apply) -> None:
    """Apply a chains key to the state ``st``; ``apply(st, text)`` applies further keys."""
    if key == "join":
        st["chain_joins"] = tuple(st.get("chain_joins") or ()) + (_parse_join(val),)
        return
    chains = getattr(ctx, "chains", None)  # global, as the library's counts (a scope keeps none)
    if chains is None:
        chains = ctx.chains = {}
    name, direction, placed = _parse(val)
    if key in ("start branch", "continue branch"):  # a chain of the current chain's
        current = st.get("current_chain") or "chain"
        branch = f"{current}/{name or ''}"
        spec = branch + (f" {'placed' if placed else 'going'} {{{direction}}}" if direction else "")
        chain_key(ctx, st, "start chain" if key == "start branch" else "continue chain", spec, apply)
        if key == "start branch":
            seed = chains.get(current, {}).get("count", 0)
            if seed:  # its first node is the current chain's last (named as such now, not as its end)
                chains[branch]["count"] = 1
                chains[branch]["seed"] = f"{current}-{seed}"
        return
    if key in ("start chain", "continue chain"):
        name = name or ("chain" if key == "start chain" else st.get("current_chain") or "chain")
        entry = chains.get(name)
        if entry is None or key == "start chain":
            entry = chains[name] = {"count": entry["count"] if entry else 0, "dir": ("right", False)}
        if direction:
            entry["dir"] = (direction, placed)
        st["current_chain"] = name
        return
    # on chain
    name = name or st.get("current_chain") or "chain"
    entry = chains.get(name)
    if entry is None:
        ctx.note("UNSUPPORTED", f"on chain: no chain named '{name}' was started", "on chain")
        return
    count = entry["count"]
    entry["count"] = count + 1
    previous = (entry.get("seed") if count == 1 and entry.get("seed") else f"{name}-{count}") if count else None
    d, placed = (direction, placed) if direction else entry["dir"]
    if placed or previous:
        if "=" in d:
            d = d.replace("\\tikzchainprevious", previous or "").replace("\\tikzchaincount", str(count + 1))
            apply(st, d)
        else:
            apply(st, f"{d}=of {previous}")
    st["chain_previous"], st["chain_current"] = previous, f"{name}-{count + 1}"
    aliases = [f"{name}-{count + 1}", f"{name}-end"] + ([f"{name}-begin"] if count == 0 else [])
    st["node_aliases"] = tuple(aliases)
    if ctx.style("every on chain") is not None:
        apply(st, "every on chain")


def _parse_join(val):
    """``join`` value -> (with node or None, edge options)."""
    v = (val or "").strip()
    m = re.fullmatch(r"(?:with\s+(.*?))?\s*(?:\bby\s+(.*))?", v, re.S)
    if m is None or not (m.group(1) or m.group(2) or not v):
        return None, v
    by = (m.group(2) or "").strip()
    if by.startswith("{") and by.endswith("}"):
        by = by[1:-1]
    return (m.group(1) or "").strip() or None, by


def join_paths(interp, joins, st: dict) -> list[str]:
    """Path texts of the ``join`` edges ``joins`` of the node whose state is ``st`` (after it is placed)."""
    every = "every join," if interp.defs.get("style:every join") else ""
    out = []
    for with_, by in joins:
        prev = with_ or st.get("chain_previous")
        if prev and st.get("chain_current"):
            out.append(f"({prev}) edge[{every}{by}] ({st['chain_current']})")
    return out


def run_chainin(interp, tok, reader) -> None:
    """``\\chainin (name) [options];``: the existing node joins the current chain where it is."""
    from geoverify.frontends.tikz.tex import detokenize, tokenize_at
    text = detokenize(interp.expand_path_tokens(reader, stop_at_semicolon=True)).strip().rstrip(";").strip()
    loc = interp.location(tok[1], tok[0])
    m = re.fullmatch(r"\((.*?)\)\s*(?:\[(.*)\])?", text, re.S)
    node = interp.nodes.get(m.group(1).strip()) if m else None
    if node is None:
        interp.note("UNSUPPORTED", f"\\chainin needs an existing node: '{text[:30]}'", "\\chainin", loc)
        return
    st = dict(interp.st)
    keys = "on chain" + (",every chain in" if interp.defs.get("style:every chain in") else "")
    interp.apply_options(st, keys + ("," + m.group(2) if m.group(2) else ""))
    for alias in st.get("node_aliases") or ():
        interp.nodes[alias] = node
    paths = join_paths(interp, st.get("chain_joins") or (), st)
    if paths:
        reader.push(tokenize_at("".join(f"\\path {p};" for p in paths), tok[1]))
