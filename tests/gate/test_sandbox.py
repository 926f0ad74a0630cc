"""The sandbox really applies what it claims: TeX settings, limits, kill, no network."""

from __future__ import annotations

import os
import shutil
import time

import pytest

from geoverify.gate.sandbox import SAFE_TEX_ENV, Scratch, bwrap_available, clean_env, run_sandboxed
from geoverify.gate.settings import GateSettings

needs_sh = pytest.mark.skipif(shutil.which("sh") is None, reason="no /bin/sh")
MODES = ["none", pytest.param("bwrap", marks=pytest.mark.toolchain)]


def _skip_mode(mode):
    if mode == "bwrap" and not bwrap_available():
        pytest.skip("bubblewrap does not work on this machine (fallback mode is tested instead)")


def test_clean_env_leaks_nothing(monkeypatch):
    monkeypatch.setenv("GEOVERIFY_SECRET_TEST", "leak")
    with Scratch() as s:
        env = clean_env(s)
    assert "GEOVERIFY_SECRET_TEST" not in env
    assert env["openin_any"] == "p" and env["openout_any"] == "p" and env["shell_escape"] == "f"
    assert env["HOME"].startswith(str(s.path))


@pytest.mark.toolchain
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("key", ["openin_any", "openout_any", "shell_escape"])
def test_kpathsea_sees_the_safe_values(key, mode):
    """A misspelt key would be silently ignored by kpathsea: read the effective value back."""
    _skip_mode(mode)
    if shutil.which("kpsewhich") is None:
        pytest.skip("kpsewhich not installed; run scripts/install-toolchains.sh")
    with Scratch() as s:
        out = run_sandboxed(["kpsewhich", "-var-value", key], s, settings=GateSettings(sandbox=mode))
    assert out.ok, out.stderr
    assert out.stdout.strip() == SAFE_TEX_ENV[key]


@needs_sh
@pytest.mark.parametrize("mode", MODES)
def test_rlimits_are_set_in_the_child(mode):
    _skip_mode(mode)
    settings = GateSettings(sandbox=mode, cpu_seconds=7, max_open_files=99, max_file_bytes=5 * 1024 * 1024)
    with Scratch() as s:
        out = run_sandboxed(["sh", "-c", "ulimit -t; ulimit -n; ulimit -f; ulimit -v"], s, settings=settings)
    values = out.stdout.split()
    assert values[0] == "7" and values[1] == "99"
    assert int(values[2]) * 512 == 5 * 1024 * 1024  # dash reports 512-byte blocks
    assert int(values[3]) * 1024 == settings.memory_bytes


@needs_sh
@pytest.mark.parametrize("mode", MODES)
def test_timeout_kills_the_whole_group_and_escaped_children(mode):
    _skip_mode(mode)
    with Scratch() as s:
        start = time.monotonic()
        # A grandchild that detaches into its own session would escape killpg; the sweep finds it.
        out = run_sandboxed(["sh", "-c", "sleep 300 & setsid sleep 301 & sleep 302"], s,
                            settings=GateSettings(sandbox=mode), timeout=1.0)
        elapsed = time.monotonic() - start
        assert out.timed_out and elapsed < 6
        leftovers = []
        for pid in os.listdir("/proc"):
            try:
                if pid.isdigit() and os.readlink(f"/proc/{pid}/cwd").startswith(str(s.root)):
                    leftovers.append(pid)
            except OSError:
                pass
        assert leftovers == []


@needs_sh
@pytest.mark.parametrize("mode", MODES)
def test_file_size_limit_kills_the_writer(mode):
    _skip_mode(mode)
    settings = GateSettings(sandbox=mode, max_file_bytes=1024 * 1024)
    with Scratch() as s:
        out = run_sandboxed(["sh", "-c", "yes xxxxxxxx > big"], s, settings=settings, timeout=10)
    assert out.resource_killed and not out.ok


@needs_sh
@pytest.mark.parametrize("mode", MODES)
def test_scratch_file_count_budget(mode):
    _skip_mode(mode)
    settings = GateSettings(sandbox=mode, max_scratch_files=50)
    with Scratch() as s:
        out = run_sandboxed(["sh", "-c", "i=0; while true; do i=$((i+1)); : > f$i; done"], s,
                            settings=settings, timeout=10)
    assert out.over_budget == "scratch files" and out.resource_killed


@pytest.mark.toolchain
def test_bwrap_has_no_network_and_a_read_only_system():
    if not bwrap_available():
        pytest.skip("bubblewrap does not work here; the fallback has no namespace isolation")
    with Scratch() as s:
        settings = GateSettings(sandbox="bwrap")
        net = run_sandboxed(["cat", "/proc/net/dev"], s, settings=settings)
        touch = run_sandboxed(["touch", "/usr/geoverify-pwned"], s, settings=settings)
        hidden = run_sandboxed(["ls", "/home", "/root", "/work"], s, settings=settings)
        write = run_sandboxed(["sh", "-c", "echo ok > w"], s, settings=settings)
        assert write.ok and (s.path / "w").read_text() == "ok\n"
    interfaces = [ln.split(":")[0].strip() for ln in net.stdout.splitlines() if ":" in ln and "|" not in ln]
    assert interfaces == ["lo"]
    assert not touch.ok and not os.path.exists("/usr/geoverify-pwned")
    assert not hidden.ok and hidden.stderr.count("No such file") == 3


def test_read_output_refuses_symlinks_and_caps(tmp_path):
    from geoverify.gate.sandbox import read_output

    target = tmp_path / "outside.txt"
    target.write_text("secret")
    (tmp_path / "link.svg").symlink_to(target)
    assert read_output(tmp_path / "link.svg", 100) is None
    assert read_output(tmp_path, 100) is None  # a directory
    assert read_output(target, 3) == b"sec"
    assert read_output(tmp_path / "missing", 3) is None


@needs_sh
def test_scratch_deadline_caps_every_call():
    with Scratch(deadline=time.monotonic() + 1.0) as s:
        start = time.monotonic()
        first = run_sandboxed(["sh", "-c", "sleep 30"], s, settings=GateSettings(sandbox="none"), timeout=20)
        second = run_sandboxed(["sh", "-c", "echo never"], s, settings=GateSettings(sandbox="none"))
    assert first.timed_out and time.monotonic() - start < 5
    assert second.timed_out and second.returncode is None and "never" not in second.stdout
