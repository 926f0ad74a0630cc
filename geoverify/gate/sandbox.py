"""Run one toolchain command contained: scratch directory, clean environment, limits.

Every toolchain call of the gate goes through :func:`run_sandboxed`. What contains it:

- a fresh scratch directory (:class:`Scratch`), the only place the call can write;
- a clean environment (:func:`clean_env`): no variable of the caller leaks in, and the
  kpathsea keys ``openin_any=p``, ``openout_any=p`` and ``shell_escape=f`` are set, so
  TeX (and the LaTeX that Asymptote runs for its labels) reads and writes only below
  the working directory and never runs a shell;
- rlimits set in the child before ``exec`` (CPU, address space, file size, open files,
  no core dumps);
- a wall-clock timeout after which the whole process group (``start_new_session``) is
  killed; the scratch directory's total size and file count are polled meanwhile and
  the call is killed past them;
- output capped: stdout/stderr go to files limited by ``RLIMIT_FSIZE`` and only the
  first ``max_log_chars`` are read back;
- bubblewrap where the machine allows it (:func:`bwrap_available`): no network, new
  PID/IPC/UTS namespaces, a read-only view of ``/usr``, the TeX trees and a few
  configuration folders, an empty ``/tmp``, and the scratch directory as the only
  writable bind. ``--die-with-parent`` ends everything inside when the call is killed.

Fallback without bubblewrap: everything above except the namespace; the safety of
file access then rests on ``openin_any``/``openout_any`` (TeX), ``--safer`` (LuaTeX)
and ``-noglobalread`` plus the source scan (Asymptote). The gate refuses to run the
one case those cannot contain (LuaLaTeX documents that need luaotfload, which
refuses ``--safer``) and reports the toolchain as unavailable instead.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from geoverify.gate.settings import DEFAULT_SETTINGS, GateSettings

__all__ = ["SCRATCH_PREFIX", "Scratch", "RunOutcome", "run_sandboxed", "clean_env", "bwrap_available", "sweep", "read_output", "SAFE_TEX_ENV"]

#: kpathsea configuration passed through the environment. kpathsea silently ignores
#: unknown names, so tests read them back with ``kpsewhich -var-value``.
SAFE_TEX_ENV = {
    "openin_any": "p",
    "openout_any": "p",
    "shell_escape": "f",
    # One log line per message: the error excerpt keeps whole lines.
    "max_print_line": "1000",
    "error_line": "254",
    "half_error_line": "238",
}

#: Name prefix of scratch directories (tests set their own to find leftovers).
SCRATCH_PREFIX = "geoverify-gate-"

# Read-only system paths visible inside bubblewrap (when present).
_RO_PATHS = (
    "/usr",
    "/etc/texmf",
    "/etc/fonts",
    "/etc/alternatives",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/papersize",
    "/etc/libpaper.d",
    "/etc/ghostscript",
    "/etc/asymptote",
    "/var/lib/texmf",
    "/var/lib/ghostscript",
    "/var/cache/fontconfig",
)


class Scratch:
    """A fresh private directory for one gate run, removed on exit.

    ``path`` is the scratch directory the toolchain sees; the logs of each call live
    beside it (``logs``), outside what the toolchain can write.
    """

    def __init__(self, prefix: str | None = None, deadline: float | None = None):
        #: ``time.monotonic()`` by which every call in this scratch must end (None: none).
        self.deadline = deadline
        self.root = Path(tempfile.mkdtemp(prefix=prefix or SCRATCH_PREFIX))
        self.path = self.root / "work"
        self.logs = self.root / "logs"
        self.path.mkdir()
        self.logs.mkdir()
        (self.path / "home").mkdir()
        (self.path / "tmp").mkdir()

    def __enter__(self) -> "Scratch":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


@dataclass(slots=True)
class RunOutcome:
    """What one sandboxed call did.

    Parameters
    ----------
    returncode : int or None
        Exit status (negative: killed by that signal); None when it never started.
    stdout, stderr : str
        At most ``max_log_chars`` of each.
    timed_out : bool
        The wall timeout killed it.
    over_budget : str or None
        Which scratch budget killed it (``"scratch size"``, ``"scratch files"``).
    elapsed : float
        Wall seconds.
    sandbox : str
        ``"bwrap"`` or ``"none"``.
    """

    returncode: int | None
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    over_budget: str | None = None
    elapsed: float = 0.0
    sandbox: str = "none"
    argv: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and self.over_budget is None

    @property
    def resource_killed(self) -> bool:
        """Killed by an rlimit (CPU: SIGXCPU/SIGKILL; file size: SIGXFSZ) or a scratch budget."""
        return self.over_budget is not None or (
            self.returncode is not None
            and self.returncode in (-signal.SIGXCPU, -signal.SIGXFSZ, -signal.SIGKILL, -signal.SIGSEGV)
            and not self.timed_out
        )


def clean_env(scratch: Scratch, extra: dict | None = None) -> dict:
    """The whole environment of a toolchain call: nothing inherited from the caller."""
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(scratch.path / "home"),
        "TMPDIR": str(scratch.path / "tmp"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        # Reproducible PDFs and no time-dependent bytes in outputs.
        "SOURCE_DATE_EPOCH": "0",
        "FORCE_SOURCE_DATE": "1",
        # Writable font/format caches go to scratch, not to the user's home.
        "TEXMFVAR": str(scratch.path / "home" / ".texmf-var"),
        "TEXMFCONFIG": str(scratch.path / "home" / ".texmf-config"),
    }
    env.update(SAFE_TEX_ENV)
    if extra:
        env.update(extra)
    return env


@lru_cache(maxsize=1)
def bwrap_available() -> bool:
    """Whether bubblewrap runs here with the namespaces :func:`run_sandboxed` asks for.

    Containers often forbid user or network namespaces; then bwrap exits non-zero at
    once and the gate uses the fallback described in the module docstring.
    """
    exe = shutil.which("bwrap")
    if not exe:
        return False
    scratch = Scratch(prefix="geoverify-bwrap-probe-")
    try:
        argv = _bwrap_prefix(exe, scratch.path) + ["/bin/sh", "-c", "echo ok > probe"]
        try:
            proc = subprocess.run(argv, env=clean_env(scratch), capture_output=True, timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            return False
        return proc.returncode == 0 and (scratch.path / "probe").is_file()
    finally:
        scratch.close()


def _bwrap_prefix(exe: str, scratch_path: Path) -> list[str]:
    argv = [
        exe,
        "--unshare-all",  # includes the network: nothing inside can connect anywhere
        "--die-with-parent",
        "--new-session",
        "--proc", "/proc",
        "--dev", "/dev",
        "--tmpfs", "/tmp",
    ]
    for link in ("/bin", "/lib", "/lib64", "/lib32", "/libx32", "/sbin"):
        p = Path(link)
        if p.is_symlink():
            argv += ["--symlink", os.readlink(link), link]
        elif p.is_dir():
            argv += ["--ro-bind", link, link]
    for ro in _RO_PATHS:
        if os.path.exists(ro):
            argv += ["--ro-bind", ro, ro]
    argv += ["--bind", str(scratch_path), str(scratch_path), "--chdir", str(scratch_path)]
    return argv


def _limiter(settings: GateSettings):
    def apply() -> None:  # runs in the child between fork and exec
        # Python ignores SIGPIPE and SIGXFSZ and exec keeps ignored signals: restore
        # the defaults so a file past RLIMIT_FSIZE kills the writer (TECH_RESOURCE)
        # instead of failing its write and looking like an ordinary error.
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        cpu = max(1, int(settings.cpu_seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
        resource.setrlimit(resource.RLIMIT_AS, (settings.memory_bytes, settings.memory_bytes))
        resource.setrlimit(resource.RLIMIT_FSIZE, (settings.max_file_bytes, settings.max_file_bytes))
        resource.setrlimit(resource.RLIMIT_NOFILE, (settings.max_open_files, settings.max_open_files))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return apply


def _scratch_usage(root: Path, max_files: int) -> tuple[int, int]:
    total = files = 0
    stack = [root]
    while stack:
        d = stack.pop()
        try:
            with os.scandir(d) as it:
                for entry in it:
                    files += 1
                    if files > max_files:
                        return total, files
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            stack.append(Path(entry.path))
                        else:
                            total += entry.stat(follow_symlinks=False).st_size
                    except OSError:
                        pass
        except OSError:
            pass
    return total, files


def _largest_file(root: Path) -> int:
    largest = 0
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            try:
                largest = max(largest, os.lstat(os.path.join(dirpath, f)).st_size)
            except OSError:
                pass
    return largest


def read_output(path: Path, limit: int) -> bytes | None:
    """At most ``limit`` bytes of a file a toolchain wrote, or None.

    Refuses symbolic links and anything but a regular file, so an output name can
    never be made to point at a file outside scratch.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        import stat

        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read(limit)
    finally:
        if fd >= 0:
            os.close(fd)


def _read_capped(path: Path, limit: int) -> str:
    try:
        with open(path, "rb") as fh:
            return fh.read(limit).decode("utf-8", "replace")
    except OSError:
        return ""


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _processes_in(root: Path) -> list[int]:
    """Pids whose working directory is inside ``root`` (our private scratch)."""
    prefix = str(root)
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cwd = os.readlink(f"/proc/{entry}/cwd")
        except OSError:
            continue
        if cwd == prefix or cwd.startswith(prefix + os.sep):
            pids.append(int(entry))
    return pids


def sweep(scratch: Scratch, wait: float = 3.0) -> list[int]:
    """Kill every process still working in ``scratch`` (a grandchild that left the group,
    or one inside bubblewrap's PID namespace still dying); returns those it found."""
    found: list[int] = []
    deadline = time.monotonic() + wait
    while True:
        pids = [p for p in _processes_in(scratch.root) if p != os.getpid()]
        if not pids:
            return found
        found.extend(p for p in pids if p not in found)
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def run_sandboxed(
    argv: list[str],
    scratch: Scratch,
    *,
    settings: GateSettings | None = None,
    env: dict | None = None,
    name: str = "call",
    timeout: float | None = None,
) -> RunOutcome:
    """Run ``argv`` inside ``scratch`` with every containment this machine allows.

    Parameters
    ----------
    argv : list of str
        Command; ``argv[0]`` is looked up on the clean ``PATH``.
    scratch : Scratch
        Working directory (the only writable place).
    settings : GateSettings
        Budgets and sandbox choice.
    env : dict, optional
        Extra environment entries on top of :func:`clean_env`.
    name : str
        Names the log files of this call.
    timeout : float, optional
        Overrides ``settings.timeout``; never past ``scratch.deadline``.

    Returns
    -------
    RunOutcome
        Never raises for the command's failures; raises :class:`OSError` only when
        the executable cannot be started (the caller treats that as unavailable).
    """
    settings = settings or DEFAULT_SETTINGS
    timeout = settings.timeout if timeout is None else timeout
    if scratch.deadline is not None:
        timeout = min(timeout, scratch.deadline - time.monotonic())
        if timeout <= 0:
            return RunOutcome(returncode=None, stderr="the gate's total time budget is spent",
                              timed_out=True, sandbox="none", argv=list(argv))
    use_bwrap = settings.sandbox == "bwrap" or (settings.sandbox == "auto" and bwrap_available())
    full_argv = list(argv)
    if use_bwrap:
        full_argv = _bwrap_prefix(shutil.which("bwrap") or "bwrap", scratch.path) + full_argv
    out_path = scratch.logs / f"{name}.out"
    err_path = scratch.logs / f"{name}.err"
    start = time.monotonic()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen(
            full_argv,
            cwd=scratch.path,
            env=clean_env(scratch, env),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            start_new_session=True,  # its own process group, killed as a whole
            preexec_fn=_limiter(settings),
            close_fds=True,
        )
        timed_out = False
        over: str | None = None
        next_poll = start
        while True:
            try:
                proc.wait(timeout=0.05)
                break
            except subprocess.TimeoutExpired:
                pass
            now = time.monotonic()
            if now - start > timeout:
                timed_out = True
                break
            if now >= next_poll:
                next_poll = now + 0.2
                size, files = _scratch_usage(scratch.path, settings.max_scratch_files)
                if size > settings.max_scratch_bytes:
                    over = "scratch size"
                    break
                if files > settings.max_scratch_files:
                    over = "scratch files"
                    break
        # Kill the group even after a normal exit: a daemonised grandchild must not survive.
        _kill_group(proc)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL cannot be ignored
            pass
        sweep(scratch)
    elapsed = time.monotonic() - start
    returncode = proc.returncode
    if use_bwrap and returncode is not None and 128 < returncode < 128 + 65:
        # bubblewrap's init reports a child killed by signal N as exit status 128+N.
        returncode = -(returncode - 128)
    if over is None and _largest_file(scratch.path) >= settings.max_file_bytes:
        over = "file size"
    return RunOutcome(
        returncode=returncode,
        stdout=_read_capped(out_path, settings.max_log_chars),
        stderr=_read_capped(err_path, settings.max_log_chars),
        timed_out=timed_out,
        over_budget=over,
        elapsed=elapsed,
        sandbox="bwrap" if use_bwrap else "none",
        argv=full_argv,
    )
