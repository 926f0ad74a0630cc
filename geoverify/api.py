"""The Python API's entry points (re-exported lazily from :mod:`geoverify`)."""

from geoverify.evaluation.check import check

__all__ = ["check"]
