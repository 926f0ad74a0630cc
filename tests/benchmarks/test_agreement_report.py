"""The speed lines of ``benchmarks/agreement_report.py``: over all figures and per source."""

from __future__ import annotations

import pytest

from .conftest import load_benchmark


@pytest.fixture(scope="module")
def report():
    return load_benchmark("agreement_report")


def _rec(source, seconds, nbytes, native="ok"):
    return {"source": source, "seconds": seconds, "bytes": nbytes, "native": native}


def test_speed_is_printed_overall_and_per_source(report, capsys):
    records = [_rec("math", 0.001, 300), _rec("math", 0.002, 500), _rec("math", 0.003, 700),
               _rec("examples", 2.0, 1000), _rec("examples", 0.004, 800, native="InputError: bad")]
    report.print_speed_and_crashes(records)
    lines = capsys.readouterr().out.strip().splitlines()
    # 2500 bytes in 2.006 s, median 2.5 ms over 4 figures; the figure the front-end rejected is not timed
    assert lines[0] == ("native interpret time (CPU): median 2.50 ms per figure; 1 KB/s of source overall "
                        "(250 KB/s at the median)")
    assert lines[1].split() == "examples median 2000.00 ms per figure; 0 KB/s of source overall (0 KB/s at the median)".split()
    assert lines[2].split() == "math median 2.00 ms per figure; 250 KB/s of source overall (250 KB/s at the median)".split()


def test_one_source_prints_no_breakdown(report, capsys):
    report.print_speed_and_crashes([_rec("math", 0.002, 600)])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 2 and lines[1].startswith("host reference: ")


def test_the_host_reference_is_the_best_of_its_runs(report, monkeypatch):
    clock = iter([0.0, 0.5, 1.0, 1.2, 2.0, 2.9])        # runs of 0.5, 0.2 and 0.9 s
    monkeypatch.setattr(report.time, "process_time", lambda: next(clock))
    assert report.host_reference_ms(repeat=3) == pytest.approx(200.0)
