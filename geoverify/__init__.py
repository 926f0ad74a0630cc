"""geoverify: decide whether a figure written as code shows the mathematics it was asked for."""

__version__ = "0.1.0"

from geoverify.errors import GeoverifyError  # noqa: E402

__all__ = ["GeoverifyError", "__version__", "check", "load_figure", "load_task"]


def __getattr__(name):
    # Lazy so that `import geoverify` stays cheap (no numba, no front-ends).
    if name == "check":
        from geoverify.api import check

        return check
    if name == "load_figure":
        from geoverify.frontends import load_figure

        return load_figure
    if name == "load_task":
        from geoverify.ir import load_task

        return load_task
    raise AttributeError(name)
