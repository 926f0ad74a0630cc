"""Load and validate task packages (``tasks/<discipline>/<task-id>/task.json``).

Validation happens in three passes, each error naming its JSON path:

1. JSON syntax (line and column);
2. the check expressions against the operation vocabulary (clear messages for a
   misspelt operation or parameter);
3. the JSON Schema ``ir_schemas/task.schema.json`` (2020-12), then references
   between objects, frames and artifacts.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from geoverify.errors import IRValidationError, TaskNotFoundError, UnknownObjectError, UnknownPredicateError
from geoverify.ir.model import (
    DEFAULT_EQUIVALENCES,
    Artifact,
    CheckExpr,
    Frame,
    IRObject,
    Predicate,
    Task,
    Tolerances,
    Variant,
)
from geoverify.ir.operations import OPERATIONS

__all__ = ["load_task", "task_from_dict", "load_schema", "validate_against_schema", "find_tasks", "json_path"]

_FORMAT_BY_SUFFIX = {".svg": "svg", ".tex": "tikz", ".tikz": "tikz", ".asy": "asy"}
# Object fields that hold references to other objects.
_REF_FIELDS = ("through", "center", "vertices", "of", "boundary", "within", "from", "to")


def json_path(parts) -> str:
    """Format a sequence of keys/indices as ``predicates[3].check.op``."""
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += f".{p}" if out else str(p)
    return out or "$"


@functools.lru_cache(maxsize=None)
def load_schema(name: str = "task") -> dict:
    """The JSON Schema ``ir_schemas/<name>.schema.json`` shipped with the package."""
    text = resources.files("geoverify.ir_schemas").joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@functools.lru_cache(maxsize=None)
def _validator(name: str):
    schema = load_schema(name)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def validate_against_schema(data: Any, name: str = "task") -> None:
    """Raise :class:`IRValidationError` for the most relevant schema violation."""
    errors = list(_validator(name).iter_errors(data))
    if not errors:
        return
    err = jsonschema.exceptions.best_match(errors)
    # Descend into oneOf/anyOf to report the innermost, most specific cause.
    while err.context:
        err = jsonschema.exceptions.best_match(err.context)
    raise IRValidationError(f"{name}.json is invalid: {err.message}", path=json_path(err.absolute_path))


def _parse_check(node: Any, path: str) -> CheckExpr:
    if not isinstance(node, dict):
        raise IRValidationError(f"a check must be an object, got {type(node).__name__}", path=path)
    combinators = [k for k in ("all", "any", "not") if k in node]
    if combinators:
        if len(node) != 1:
            raise IRValidationError(f"'{combinators[0]}' must be the only key of its check object", path=path)
        key = combinators[0]
        if key == "not":
            return CheckExpr("not", children=[_parse_check(node["not"], f"{path}.not")], path=path)
        items = node[key]
        if not isinstance(items, list) or not items:
            raise IRValidationError(f"'{key}' needs a non-empty list of checks", path=f"{path}.{key}")
        return CheckExpr(key, children=[_parse_check(c, f"{path}.{key}[{i}]") for i, c in enumerate(items)], path=path)
    if "op" not in node:
        raise IRValidationError("a check needs 'op' (or one of 'all', 'any', 'not')", path=path)
    op = node["op"]
    spec = OPERATIONS.get(op)
    if spec is None:
        raise UnknownPredicateError(
            f"unknown operation {op!r}; expected one of: {', '.join(sorted(OPERATIONS))}", path=f"{path}.op"
        )
    args = {k: v for k, v in node.items() if k != "op"}
    known = {p.name for p in spec.params} | {"tolerance"}
    for k in args:
        if k not in known:
            raise IRValidationError(
                f"operation {op!r} has no parameter {k!r}; its parameters are: {', '.join(sorted(known))}",
                path=f"{path}.{k}",
            )
    for p in spec.params:
        if p.required and p.name not in args:
            raise IRValidationError(f"operation {op!r} needs parameter {p.name!r}", path=path)
        if p.name in args and p.kind == "choice" and args[p.name] not in p.choices:
            raise IRValidationError(
                f"{p.name}={args[p.name]!r} is not allowed; expected one of: {', '.join(p.choices)}",
                path=f"{path}.{p.name}",
            )
    return CheckExpr(op, args=args, path=path)


def _check_refs(task: Task) -> None:
    ids = set(task.objects)
    for obj in task.objects.values():
        if obj.frame not in task.frames:
            raise IRValidationError(
                f"object {obj.id!r} is in frame {obj.frame!r}, which is not declared; frames: {', '.join(task.frames)}",
                path=f"{obj.path}.frame",
            )
        for fld in _REF_FIELDS:
            val = obj.data.get(fld)
            vals = val if isinstance(val, list) else [val]
            for j, v in enumerate(vals):
                if isinstance(v, str) and v not in ids:
                    sub = f"{obj.path}.{fld}" + (f"[{j}]" if isinstance(val, list) else "")
                    raise UnknownObjectError(f"unknown object {v!r}; defined objects: {', '.join(sorted(ids))}", path=sub)
    for pred in task.predicates:
        for node in pred.check.walk():
            spec = OPERATIONS.get(node.op)
            if spec is None:
                continue
            for p in spec.params:
                if p.name not in node.args:
                    continue
                v = node.args[p.name]
                if p.kind == "object":
                    refs = [(v, f"{node.path}.{p.name}")]
                elif p.kind == "objects":
                    if not isinstance(v, list):
                        raise IRValidationError(f"{p.name!r} must be a list of object ids", path=f"{node.path}.{p.name}")
                    refs = [(x, f"{node.path}.{p.name}[{j}]") for j, x in enumerate(v)]
                else:
                    continue
                for ref, where in refs:
                    if ref not in task.objects:
                        raise UnknownObjectError(
                            f"unknown object {ref!r}; defined objects: {', '.join(sorted(ids))}", path=where
                        )
                    if p.types and task.objects[ref].type not in p.types:
                        raise IRValidationError(
                            f"object {ref!r} is a {task.objects[ref].type}; operation {node.op!r} expects "
                            f"{p.name} to be one of: {', '.join(p.types)}",
                            path=where,
                        )


def task_from_dict(data: dict, root: Path | None = None, *, schema: bool = True) -> Task:
    """Build and validate a :class:`Task` from parsed task.json data.

    ``schema=False`` skips the JSON Schema pass (the checks, references and object
    types are still validated): for data this package generated and validated once
    already, such as a mined draft rebuilt with other labels.
    """
    if not isinstance(data, dict):
        raise IRValidationError("task.json must hold a JSON object", path="$")
    # Checks first: their messages are more precise than the schema's oneOf errors.
    preds_raw = data.get("predicates")
    parsed_checks = {}
    if isinstance(preds_raw, list):
        for i, p in enumerate(preds_raw):
            if isinstance(p, dict) and "check" in p:
                parsed_checks[i] = _parse_check(p["check"], f"predicates[{i}].check")
    if schema:
        validate_against_schema(data, "task")

    frames: dict[str, Frame] = {}
    for i, f in enumerate(data.get("frames", [])):
        if f["id"] in frames:
            raise IRValidationError(f"duplicate frame id {f['id']!r}", path=f"frames[{i}].id")
        frames[f["id"]] = Frame(
            id=f["id"],
            kind=f.get("kind", "plane"),
            equivalences=frozenset(f.get("equivalences", DEFAULT_EQUIVALENCES)),
            description=f.get("description", ""),
        )
    if not frames:
        frames["main"] = Frame("main")
    default_frame = next(iter(frames))

    objects: dict[str, IRObject] = {}
    for i, o in enumerate(data["objects"]):
        if o["id"] in objects:
            raise IRValidationError(f"duplicate object id {o['id']!r}", path=f"objects[{i}].id")
        rest = {k: v for k, v in o.items() if k not in ("id", "type", "frame", "labels")}
        objects[o["id"]] = IRObject(
            id=o["id"], type=o["type"], frame=o.get("frame", default_frame),
            labels=list(o.get("labels", [])), data=rest, path=f"objects[{i}]",
        )

    predicates: list[Predicate] = []
    seen: set[str] = set()
    for i, p in enumerate(data["predicates"]):
        if p["id"] in seen:
            raise IRValidationError(f"duplicate predicate id {p['id']!r}", path=f"predicates[{i}].id")
        seen.add(p["id"])
        predicates.append(Predicate(
            id=p["id"], kind=p["kind"], check=parsed_checks[i],
            weight=float(p.get("weight", 1.0)), error_code=p.get("error_code", ""),
            question=p.get("question", ""), evidence=list(p.get("evidence", [])),
            allowed_equivalence=p.get("allowed_equivalence", ""), tolerance=p.get("tolerance"),
            path=f"predicates[{i}]",
        ))

    tol = Tolerances(**data.get("tolerances", {}))

    def artifact_path(rel: str, where: str) -> Path:
        if root is None:
            return Path(rel)
        p = (root / rel).resolve()
        if not p.is_file():
            raise IRValidationError(f"file {rel!r} does not exist in the task folder {root}", path=where)
        return p

    def fmt_of(entry: dict, path: Path, where: str) -> str:
        fmt = entry.get("format") or _FORMAT_BY_SUFFIX.get(path.suffix.lower())
        if fmt is None:
            raise IRValidationError(f"cannot tell the format of {entry['path']!r}; add \"format\"", path=where)
        return fmt

    refs = []
    for i, a in enumerate(data.get("references", [])):
        p = artifact_path(a["path"], f"references[{i}].path")
        refs.append(Artifact(p, fmt_of(a, p, f"references[{i}]"), a.get("note", "")))
    variants = []
    pred_ids = {p.id for p in predicates}
    for i, v in enumerate(data.get("variants", [])):
        p = artifact_path(v["path"], f"variants[{i}].path")
        for pid in v["expect"]:
            if pid not in pred_ids:
                raise IRValidationError(
                    f"variant expects a verdict for unknown predicate {pid!r}", path=f"variants[{i}].expect.{pid}"
                )
        variants.append(Variant(p, fmt_of(v, p, f"variants[{i}]"), dict(v["expect"]), v.get("mutation", ""),
                                v.get("expect_T", True)))

    task = Task(
        id=data["id"], discipline=data["discipline"], prompt=data["prompt"], frames=frames, objects=objects,
        predicates=predicates, title=data.get("title", ""), family=data.get("family", ""),
        dialect=data.get("dialect", "plain"), references=refs, variants=variants, tolerances=tol,
        root=root, raw=data,
    )
    _check_refs(task)
    return task


def load_task(path) -> Task:
    """Load a task package from its folder (or its task.json).

    Raises
    ------
    TaskNotFoundError
        No such folder or no task.json in it.
    IRValidationError
        The JSON or the IR is invalid; the message names the JSON path.
    """
    p = Path(path)
    file = p / "task.json" if p.is_dir() else p
    if not file.is_file():
        raise TaskNotFoundError(f"no task.json at {file}" if p.is_dir() else f"no such task: {p}")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise IRValidationError(f"{file} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except UnicodeDecodeError as exc:
        raise IRValidationError(f"{file} is not UTF-8 text: {exc}") from None
    return task_from_dict(data, root=file.parent.resolve())


def find_tasks(taskset) -> list[Path]:
    """Folders under ``taskset`` (recursively) that hold a task.json, sorted."""
    root = Path(taskset)
    if (root / "task.json").is_file():
        return [root]
    if not root.is_dir():
        raise TaskNotFoundError(f"no task set at {root}")
    return sorted(p.parent for p in root.rglob("task.json"))
