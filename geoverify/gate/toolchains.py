"""Which real toolchains are installed here, and their versions."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import lru_cache

__all__ = ["available_toolchains", "toolchain_versions", "TOOLS", "FORMAT_TOOLS"]

#: Executable -> arguments that print its version.
TOOLS = {
    "pdflatex": ["--version"],
    "lualatex": ["--version"],
    "latex": ["--version"],
    "dvisvgm": ["--version"],
    "asy": ["--version"],
    "rsvg-convert": ["--version"],
    "pdftoppm": ["-v"],
    "kpsewhich": ["--version"],
    "bwrap": ["--version"],
}

#: The tools without which a format cannot be gated at all.
FORMAT_TOOLS = {
    "svg": ("rsvg-convert",),
    "tikz": ("pdflatex", "pdftoppm", "dvisvgm"),
    "asy": ("asy", "latex", "dvisvgm", "rsvg-convert"),  # asy typesets labels with latex
}

_VERSION = re.compile(r"\d+(?:\.\d+)+(?:-\d+(?:\.\d+)*)?")


def _first_version_line(text: str) -> str:
    for line in text.splitlines():
        line = line.strip()
        if line and _VERSION.search(line):
            return line[:120]
    return text.strip().splitlines()[0][:120] if text.strip() else "unknown"


@lru_cache(maxsize=1)
def _probe() -> tuple[tuple[str, str | None], ...]:
    out = []
    for tool, args in TOOLS.items():
        exe = shutil.which(tool)
        if exe is None:
            out.append((tool, None))
            continue
        try:
            proc = subprocess.run([exe, *args], capture_output=True, text=True, timeout=20)
            out.append((tool, _first_version_line(proc.stdout + "\n" + proc.stderr)))
        except (OSError, subprocess.TimeoutExpired):
            out.append((tool, None))
    return tuple(out)


def available_toolchains() -> dict[str, str | None]:
    """Each known tool -> its version line, or None when it is not installed.

    Probed once per process (the answers go into cache keys).
    """
    return dict(_probe())


def toolchain_versions(fmt: str) -> dict[str, str]:
    """Versions of the tools a format's gate uses (None-free: missing tools are left out)."""
    wanted = set(FORMAT_TOOLS.get(fmt, ())) | ({"lualatex", "kpsewhich"} if fmt == "tikz" else set())
    wanted |= {"bwrap"}
    if fmt == "tikz":
        wanted.add("rsvg-convert")
    return {k: v for k, v in available_toolchains().items() if k in wanted and v is not None}
