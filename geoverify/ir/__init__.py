"""The Gold IR: what a task requires a figure to show."""

from geoverify.ir.loader import find_tasks, load_schema, load_task, task_from_dict, validate_against_schema
from geoverify.ir.model import (
    Artifact,
    CheckExpr,
    Frame,
    IRObject,
    Predicate,
    Task,
    Tolerances,
    Variant,
)
from geoverify.ir.operations import OPERATIONS, OperationSpec, Param

__all__ = [
    "Artifact", "CheckExpr", "Frame", "IRObject", "OPERATIONS", "OperationSpec", "Param", "Predicate",
    "Task", "Tolerances", "Variant", "find_tasks", "load_schema", "load_task", "task_from_dict",
    "validate_against_schema",
]
