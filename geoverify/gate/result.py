"""The outcome of the technical gate T for one figure."""

from __future__ import annotations

import base64
from dataclasses import dataclass, field

__all__ = ["GateResult", "PARTS", "ERROR_CODES", "TECH_CODES"]

#: The four parts of T in the MathVis paper, in the order they are decided.
PARTS = ("format_correct", "compilable", "rendered", "non_empty")

#: Error codes of a failing (or undecidable) gate, each with what it means.
ERROR_CODES = {
    "TECH_NO_OUTPUT": "the response holds no figure code at all",
    "TECH_FORMAT": "the code is not a document of the claimed format (or is cut off)",
    "TECH_COMPILE": "the toolchain rejected the code (TeX/Asymptote error, SVG not well-formed)",
    "TECH_RENDER": "the code compiled but no rendering could be made from the output",
    "TECH_EMPTY": "the rendering shows no visible ink",
    "TECH_TIMEOUT": "a toolchain call ran past its wall-clock budget and was killed",
    "TECH_RESOURCE": "a size, memory, CPU or output budget ran out",
    "TECH_UNSAFE": "the code tries to reach outside its sandbox (files, shell, network, entities)",
    "TOOLCHAIN_UNAVAILABLE": "a needed toolchain is missing: T is undecided, never a pass or a fail",
}
TECH_CODES = tuple(ERROR_CODES)


@dataclass(slots=True)
class GateResult:
    """Verdict of the technical gate T.

    Parameters
    ----------
    T : bool or None
        True when all four parts hold; None when the toolchain is unavailable.
    parts : dict
        ``format_correct``, ``compilable``, ``rendered``, ``non_empty``: bool, or None
        for a part that was not reached (an earlier part failed) or could not be decided.
    error_code : str or None
        One of :data:`TECH_CODES` when T is not True.
    log_excerpt : str
        The first relevant log lines (a TeX error with its line number in the user's text).
    svg : str or None
        The toolchain's own SVG (dvisvgm for TikZ, ``asy -f svg`` for Asymptote, the
        input itself for SVG once rsvg-convert rendered it).
    png : bytes or None
        The raster the non-empty part was decided on.
    toolchain : dict
        Tool -> version line, of the tools this run used.
    elapsed : float
        Wall seconds of the whole gate run (near zero on a cache hit).
    fmt : str
        ``"svg"``, ``"tikz"`` or ``"asy"``.
    details : dict
        Extra facts (engine, sandbox kind, ink pixel count, cache hit).
    """

    T: bool | None
    parts: dict = field(default_factory=lambda: {p: None for p in PARTS})
    error_code: str | None = None
    log_excerpt: str = ""
    svg: str | None = None
    png: bytes | None = None
    toolchain: dict = field(default_factory=dict)
    elapsed: float = 0.0
    fmt: str = ""
    details: dict = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.T is True

    def to_dict(self, *, include_png: bool = False) -> dict:
        """JSON-able form; the PNG is base64 only when asked for (it is large)."""
        out = {
            "T": self.T,
            "parts": dict(self.parts),
            "error_code": self.error_code,
            "log_excerpt": self.log_excerpt,
            "svg": self.svg,
            "toolchain": dict(self.toolchain),
            "elapsed": self.elapsed,
            "fmt": self.fmt,
            "details": dict(self.details),
        }
        if include_png:
            out["png"] = base64.b64encode(self.png).decode("ascii") if self.png is not None else None
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "GateResult":
        png = data.get("png")
        return cls(
            T=data["T"],
            parts=dict(data["parts"]),
            error_code=data.get("error_code"),
            log_excerpt=data.get("log_excerpt", ""),
            svg=data.get("svg"),
            png=base64.b64decode(png) if png else None,
            toolchain=dict(data.get("toolchain", {})),
            elapsed=float(data.get("elapsed", 0.0)),
            fmt=data.get("fmt", ""),
            details=dict(data.get("details", {})),
        )

    @classmethod
    def failure(cls, fmt: str, code: str, excerpt: str = "", **parts) -> "GateResult":
        """A failed (or, for TOOLCHAIN_UNAVAILABLE, undecided) result with the given parts."""
        base = {p: None for p in PARTS}
        base.update(parts)
        T = None if code == "TOOLCHAIN_UNAVAILABLE" else False
        return cls(T=T, parts=base, error_code=code, log_excerpt=excerpt, fmt=fmt)
