"""The ``chains`` library: ``start chain``, ``continue chain``, ``on chain``.

As ``tikzlibrarychains.code.tex``: ``start chain=[name] [going <dir>]`` starts a
chain (``chain``, going right unless told); each node ``on chain=[name] [going
<dir>]`` is placed ``<dir>=of <name>-<k>`` (the positioning library) after the
previous node of the chain, if any, and is also named ``<name>-<k+1>``,
``<name>-end`` and, the first, ``<name>-begin``. The counts are global, as the
library's.
"""

from __future__ import annotations

__all__ = ["chain_key"]


def _parse(spec: str | None):
    """``"name going below"`` -> ``("name", "below")``; missing parts are ``None``."""
    spec = (spec or "").strip()
    if "going " in spec:
        name, _, direction = spec.partition("going ")
        return name.strip() or None, direction.strip()
    if "placed " in spec:
        return None, None
    return spec or None, None


def chain_key(ctx, st: dict, key: str, val, apply) -> None:
    """Apply a chains key to the state ``st``; ``apply(st, text)`` applies further keys."""
    chains = st.get("chains")
    if chains is None:
        chains = st["chains"] = {}
    name, direction = _parse(val)
    if key in ("start chain", "continue chain"):
        name = name or ("chain" if key == "start chain" else st.get("current_chain") or "chain")
        entry = chains.get(name)
        if entry is None or key == "start chain":
            entry = chains[name] = {"count": entry["count"] if entry else 0, "dir": "right"}
        if direction:
            entry["dir"] = direction
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
    if count:
        d = direction or entry["dir"]
        apply(st, d if "=" in d else f"{d}=of {name}-{count}")
    aliases = [f"{name}-{count + 1}", f"{name}-end"] + ([f"{name}-begin"] if count == 0 else [])
    st["node_aliases"] = tuple(aliases)
