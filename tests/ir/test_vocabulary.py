"""The operation vocabulary, the schema's enum, the registry and the docs must agree."""

import re
from pathlib import Path

from geoverify.ir import OPERATIONS, load_schema
from geoverify.predicates import REGISTRY

DOCS = Path(__file__).resolve().parents[2] / "docs" / "predicates.md"


def test_schema_enum_matches_vocabulary():
    enum = load_schema("task")["$defs"]["check"]["oneOf"][3]["properties"]["op"]["enum"]
    assert sorted(enum) == sorted(OPERATIONS)


def test_registry_matches_vocabulary():
    assert sorted(REGISTRY) == sorted(OPERATIONS)


def test_docs_list_every_operation():
    text = DOCS.read_text()
    documented = set(re.findall(r"^### `(\w+)`", text, flags=re.M))
    assert documented == set(OPERATIONS)


def test_registry_functions_accept_their_parameters():
    import inspect

    for name, spec in OPERATIONS.items():
        sig = inspect.signature(REGISTRY[name])
        has_kwargs = any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())
        for p in spec.params:
            assert p.name in sig.parameters or has_kwargs, (name, p.name)
