"""A scorecard as files and text: JSON (schema-checked), CSV, terminal table, PNG chart."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

__all__ = ["scorecard_table", "scorecard_csv", "write_scorecard", "plot_dpsr", "validate_scorecard"]


def validate_scorecard(card: dict) -> None:
    """Raise :class:`~geoverify.errors.IRValidationError` unless ``card`` fits ``scorecard.schema.json``."""
    from geoverify.ir.loader import validate_against_schema

    validate_against_schema(card, "scorecard")


def _fmt(v: float, scale_rubric: bool = False) -> str:
    return "-" if v is None or v != v else (f"{v:.2f}" if scale_rubric else f"{v:.1f}")


def _ci(entry: dict, rubric: bool) -> str:
    ci = entry.get("ci")
    if not ci:
        return ""
    f = "{:.2f}" if rubric else "{:.1f}"
    return f"{f.format(ci[0])}-{f.format(ci[1])}"


def scorecard_table(card: dict, *, breakdown: bool = True, top_codes: int = 5) -> str:
    """The scorecard as fixed-width text: one value row and one 95%-interval row per model."""
    names = card["metrics"]
    width = max([12] + [len(m["model"]) + 2 for m in card["models"]])
    col = 12
    k, n = card["rollouts"], card["taskset"]["questions"]
    conf = round(100 * card["bootstrap"]["confidence"])
    lines = [
        f"MathVis scorecard: {n} questions x {k} rollouts, {card['mode']} verification, engine {card['engine_version']}",
        f"rates in %, rubric 0-10; second row per model: {conf}% bootstrap interval over questions",
        "",
        "model".ljust(width) + "".join(m.rjust(col) for m in names) + "missing".rjust(9),
        "-" * (width + col * len(names) + 9),
    ]
    for m in card["models"]:
        met = m["metrics"]
        lines.append(m["model"].ljust(width)
                     + "".join(_fmt(met[x]["value"], x == "rubric").rjust(col) for x in names)
                     + str(m["missing_rollouts"]).rjust(9))
        if any(met[x].get("ci") for x in names):
            lines.append(f"  {conf}% CI".ljust(width) + "".join(_ci(met[x], x == "rubric").rjust(col) for x in names))
    if breakdown and card["models"]:
        for key, title in (("by_discipline", "discipline"), ("by_family", "task family")):
            groups = [f"{g['group']} ({g['questions']})" for g in card["models"][0][key]]
            if not groups:
                continue
            gw = max(len(title), *(len(g) for g in groups)) + 2
            lines += ["", f"D-PSR / pass@1 / pass@{k} by {title} (questions)"]
            lines.append(title.ljust(gw) + "".join(m["model"][: col * 2 - 2].rjust(col * 2) for m in card["models"]))
            for gi, g in enumerate(groups):
                row = g.ljust(gw)
                for m in card["models"]:
                    met = m[key][gi]["metrics"]
                    cell = "/".join(_fmt(met[x]["value"]) for x in ("D-PSR", "pass@1", f"pass@{k}"))
                    row += cell.rjust(col * 2)
                lines.append(row)
        lines += ["", f"error-code profile (outputs with D = 0, % of {n * k} rollouts; top {top_codes})"]
        for m in card["models"]:
            codes = ", ".join(f"{c['code']} {c['outputs']} ({c['percent']:.1f}%)" for c in m["error_codes"][:top_codes])
            lines.append(f"  {m['model']}: {codes or 'none'}")
    notes = [f"missing rollouts: {card['missing_policy']}"]
    if any(m["engine_errors"] for m in card["models"]):
        notes.append("engine errors (geoverify failed, counted as failures): "
                     + ", ".join(f"{m['model']} {m['engine_errors']}" for m in card["models"] if m["engine_errors"]))
    if any(m["extra_rollouts"] for m in card["models"]):
        notes.append(f"rollouts above {k} are not scored: "
                     + ", ".join(f"{m['model']} {m['extra_rollouts']}" for m in card["models"] if m["extra_rollouts"]))
    run = card.get("run") or {}
    if run.get("unknown_task_outputs"):
        notes.append(f"{run['unknown_task_outputs']} output file(s) name no task of the task set (not scored)")
    if run.get("ignored_files"):
        notes.append(f"{run['ignored_files']} file(s) are not <task-id>/<model>/<rollout>.<ext> outputs (not scored)")
    lines += [""] + [f"note: {x}" for x in notes]
    return "\n".join(lines)


def scorecard_csv(card: dict) -> str:
    """One row per (model, scope, group): every metric's value and interval bounds."""
    names = card["metrics"]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["model", "scope", "group", "questions", "missing_rollouts"]
               + [f"{x}{suf}" for x in names for suf in ("", "_ci_low", "_ci_high")])

    def row(model, scope, group, q, miss, met):
        vals = []
        for x in names:
            e = met[x]
            ci = e.get("ci") or ["", ""]
            vals += [e["value"], ci[0], ci[1]]
        w.writerow([model, scope, group, q, miss] + vals)

    for m in card["models"]:
        row(m["model"], "overall", "", m["questions"], m["missing_rollouts"], m["metrics"])
        for key, scope in (("by_discipline", "discipline"), ("by_family", "family")):
            for g in m[key]:
                row(m["model"], scope, g["group"], g["questions"], g["missing_rollouts"], g["metrics"])
    return buf.getvalue()


def plot_dpsr(card: dict, path) -> Path:
    """Bar chart of each model's D-PSR with its bootstrap interval, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    models = [m["model"] for m in card["models"]]
    vals = [m["metrics"]["D-PSR"]["value"] for m in card["models"]]
    lo = [v - (m["metrics"]["D-PSR"].get("ci") or [v, v])[0] for v, m in zip(vals, card["models"])]
    hi = [(m["metrics"]["D-PSR"].get("ci") or [v, v])[1] - v for v, m in zip(vals, card["models"])]
    fig, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(models) + 2), 4.0), dpi=120)
    xs = range(len(models))
    ax.bar(xs, vals, yerr=[lo, hi], capsize=5, color="#4C72B0", edgecolor="black", linewidth=0.6)
    for x, v, h in zip(xs, vals, hi):
        # Above the interval's upper end, so the number never sits on the error bar.
        ax.text(x, min(v + h + 1.5, 101), f"{v:.1f}", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(list(xs), models, rotation=20 if len(models) > 4 else 0, ha="right" if len(models) > 4 else "center")
    ax.set_ylim(0, 108)
    ax.set_ylabel("D-PSR (%)")
    conf = round(100 * card["bootstrap"]["confidence"])
    ax.set_title(f"Strict delivery D-PSR ({card['mode']} verification)\n{card['taskset']['questions']} questions x "
                 f"{card['rollouts']} rollouts, {conf}% bootstrap interval over questions", fontsize=9)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, format="png")
    plt.close(fig)
    return out


def write_scorecard(card: dict, folder) -> dict[str, Path]:
    """Write scorecard.json (validated first), scorecard.csv, scorecard.txt and scorecard.png."""
    validate_scorecard(card)
    d = Path(folder)
    d.mkdir(parents=True, exist_ok=True)
    paths = {"json": d / "scorecard.json", "csv": d / "scorecard.csv", "txt": d / "scorecard.txt",
             "png": d / "scorecard.png"}
    paths["json"].write_text(json.dumps(card, indent=2, ensure_ascii=False, allow_nan=False) + "\n", encoding="utf-8")
    paths["csv"].write_text(scorecard_csv(card), encoding="utf-8")
    paths["txt"].write_text(scorecard_table(card) + "\n", encoding="utf-8")
    plot_dpsr(card, paths["png"])
    return paths
