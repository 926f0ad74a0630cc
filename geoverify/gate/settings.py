"""Settings of one gate run: budgets, sandbox choice and raster size."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

__all__ = ["GateSettings", "DEFAULT_SETTINGS"]


@dataclass(frozen=True, slots=True)
class GateSettings:
    """Budgets and choices of a gate run.

    Parameters
    ----------
    timeout : float
        Wall-clock seconds for one toolchain call (compile, convert or render).
        On expiry the call's whole process group is killed (TECH_TIMEOUT).
    total_timeout : float
        Wall-clock seconds for the whole gate run (a TikZ run makes up to five
        calls); each call gets at most what is left.
    cpu_seconds : int
        ``RLIMIT_CPU`` of one call (TECH_RESOURCE when hit).
    memory_bytes : int
        ``RLIMIT_AS`` of one call, bytes.
    max_file_bytes : int
        ``RLIMIT_FSIZE``: largest file a call may write, bytes.
    max_open_files : int
        ``RLIMIT_NOFILE`` of one call.
    max_scratch_bytes : int
        Total size of the scratch directory; polled while the call runs and
        the call is killed past it (TECH_RESOURCE).
    max_scratch_files : int
        Number of files the scratch directory may hold.
    max_source_bytes : int
        Largest figure source accepted at all (TECH_RESOURCE before anything runs).
    max_log_chars : int
        Characters of log kept in memory per call (the rest is never read).
    sandbox : str
        ``"auto"`` (bubblewrap when it works on this machine, else the fallback),
        ``"bwrap"`` (require it: toolchain unavailable without it) or ``"none"``
        (rlimits, clean environment and TeX/Asymptote safety settings only).
    raster_px : int
        Longest side of the PNG rendering, pixels.
    engine : str or None
        Force ``"pdflatex"`` or ``"lualatex"`` for TikZ; None picks from the document.
    keep_svg_text : bool
        Ask dvisvgm for ``<text>`` elements (``--font-format=woff``) instead of glyph paths.
    """

    timeout: float = 30.0
    total_timeout: float = 90.0
    cpu_seconds: int = 30
    memory_bytes: int = 2 * 1024**3
    max_file_bytes: int = 64 * 1024**2
    max_open_files: int = 256
    max_scratch_bytes: int = 200 * 1024**2
    max_scratch_files: int = 2000
    max_source_bytes: int = 5_000_000
    max_log_chars: int = 200_000
    sandbox: str = "auto"
    raster_px: int = 1200
    engine: str | None = None
    keep_svg_text: bool = True

    def with_(self, **changes) -> "GateSettings":
        return replace(self, **changes)

    def cache_fields(self) -> dict:
        """The settings that can change a verdict, as a JSON-able dict (cache key part)."""
        return asdict(self)


DEFAULT_SETTINGS = GateSettings()
