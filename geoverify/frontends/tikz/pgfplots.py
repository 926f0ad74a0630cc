"""pgfplots ``axis`` environments (placeholder until interpreted: noted as unsupported)."""

from __future__ import annotations

__all__ = ["run_axis"]


def run_axis(interp, reader, env, tok) -> None:
    interp.note("UNSUPPORTED", f"pgfplots '{env}' is not interpreted yet", env, interp.location(tok[1], env))
    interp._skip_env(reader, env)
