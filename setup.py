"""Package layout that pyproject.toml cannot express on its own.

The Lark grammars and JSON schemas sit at the repository top level
(``grammars/``, ``ir_schemas/``) and are installed as the resource packages
``geoverify.grammars`` and ``geoverify.ir_schemas``.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["geoverify", "geoverify.*"])
    + ["geoverify.grammars", "geoverify.ir_schemas"],
    package_dir={
        "geoverify.grammars": "grammars",
        "geoverify.ir_schemas": "ir_schemas",
    },
)
