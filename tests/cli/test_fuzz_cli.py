"""``geoverify fuzz``: finds a too-loose tolerance, writes the shrunk example and a JSON report."""

import json
import sys
from pathlib import Path

from geoverify.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "admission"))
from admission_packages import circle_scene, circle_task, write_package  # noqa: E402


def test_fuzz_reports_too_loose_predicate_with_figure(tmp_path, capsys):
    root = write_package(tmp_path / "t", circle_task(a_tolerance=0.4), circle_scene())
    out = tmp_path / "out"
    rc = main(["fuzz", str(root), "--examples", "20", "--seed", "3", "--out", str(out)])
    assert rc == 1
    assert "TOO-LOOSE" in capsys.readouterr().out
    data = json.loads((out / "fuzz-report.json").read_text())
    findings = data["tasks"][0]["findings"]
    assert any("H2" in f["predicates"] for f in findings)
    figs = [Path(f["figure"]) for f in findings]
    assert figs and all(p.is_file() and p.read_text().startswith("<svg") for p in figs)


def test_fuzz_bad_examples_is_input_error(tmp_path):
    root = write_package(tmp_path / "t", circle_task(), circle_scene())
    assert main(["fuzz", str(root), "--examples", "0"]) == 2
