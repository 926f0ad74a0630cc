"""Content-addressed, on-disk cache of gate results.

Key: sha256 of the figure source, its format and dialect, the versions of the tools
the format's gate uses, the gate settings and :data:`GATE_VERSION` (bumped when the
gate's rules change). One JSON file per key, ``<dir>/<key[:2]>/<key>.json``, written
to a temporary file in the same folder and moved into place with ``os.replace``, so
concurrent writers never leave a half-written entry and readers see either nothing
or a whole result. A corrupt or unreadable entry is a miss.

Results that depend on the moment rather than on the input are not stored: a
timeout (machine load), and an undecided gate (toolchain unavailable).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from geoverify.gate.result import GateResult

__all__ = ["GateCache", "cache_key", "GATE_VERSION", "default_cache_dir"]

GATE_VERSION = "1"
_UNCACHED = {"TECH_TIMEOUT", "TOOLCHAIN_UNAVAILABLE"}


def default_cache_dir() -> Path:
    """``$GEOVERIFY_CACHE/gate``, else ``$XDG_CACHE_HOME/geoverify/gate``, else ``~/.cache/geoverify/gate``."""
    if os.environ.get("GEOVERIFY_CACHE"):
        return Path(os.environ["GEOVERIFY_CACHE"]) / "gate"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "geoverify" / "gate"


def cache_key(text: str, fmt: str, dialect: str, toolchain: dict, settings: dict) -> str:
    """The sha256 hex key of one gate run."""
    payload = json.dumps(
        {"v": GATE_VERSION, "fmt": fmt, "dialect": dialect, "toolchain": toolchain, "settings": settings},
        sort_keys=True,
    )
    h = hashlib.sha256()
    h.update(payload.encode("utf-8"))
    h.update(b"\0")
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


class GateCache:
    """Gate results on disk, keyed by :func:`cache_key`.

    Parameters
    ----------
    directory : path-like, optional
        Where entries live; :func:`default_cache_dir` when omitted.
    """

    def __init__(self, directory: str | os.PathLike | None = None):
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.hits = 0
        self.misses = 0

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> GateResult | None:
        """The stored result, or None (missing or unreadable)."""
        try:
            with open(self._path(key), encoding="utf-8") as fh:
                result = GateResult.from_dict(json.load(fh))
        except (OSError, ValueError, KeyError, TypeError):
            self.misses += 1
            return None
        self.hits += 1
        return result

    def put(self, key: str, result: GateResult) -> bool:
        """Store a result atomically; returns False when it is not cacheable."""
        if result.error_code in _UNCACHED:
            return False
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(result.to_dict(include_png=True), fh)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return True

    def __contains__(self, key: str) -> bool:
        return self._path(key).is_file()

    def clear(self) -> None:
        """Remove every entry (and stray temporary files)."""
        if not self.directory.is_dir():
            return
        for sub in self.directory.iterdir():
            if sub.is_dir():
                for f in sub.iterdir():
                    if f.suffix == ".json":
                        f.unlink(missing_ok=True)
