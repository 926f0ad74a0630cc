"""Every compiled kernel follows the numba house rules of geoverify.kernels.config."""

import importlib

import numba
import pytest
from numba.core.registry import CPUDispatcher

from geoverify.kernels import config
from geoverify.kernels.warmup import KERNEL_MODULES


def dispatchers():
    for module_name in KERNEL_MODULES.values():
        module = importlib.import_module(module_name)
        for name, obj in vars(module).items():
            if isinstance(obj, CPUDispatcher):
                yield f"{module_name}.{name}", obj


def test_fastmath_never_assumes_finite():
    flags = config.FASTMATH
    assert flags is False or not ({"nnan", "ninf", "fast"} & set(flags))


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="no dispatchers without the JIT")
def test_each_module_has_kernels_and_they_follow_the_rules():
    found = dict(dispatchers())
    modules = {name.rsplit(".", 1)[0] for name in found}
    assert modules == set(KERNEL_MODULES.values())
    for name, disp in found.items():
        assert disp.targetoptions["fastmath"] == config.FASTMATH, name
        assert type(disp._cache).__name__ == "FunctionCache", f"{name} is not cache=True"
        # Explicit signature: compiled at import, no compilation on later calls.
        assert len(disp.signatures) == 1 and not disp._can_compile, name
