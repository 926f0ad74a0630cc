"""``tikzcd`` commutative diagrams (placeholder until interpreted: noted as unsupported)."""

from __future__ import annotations

__all__ = ["run_tikzcd"]


def run_tikzcd(interp, reader, tok) -> None:
    interp.note("UNSUPPORTED", "tikzcd diagrams are not interpreted yet", "tikzcd", interp.location(tok[1], "tikzcd"))
    interp._skip_env(reader, "tikzcd")
