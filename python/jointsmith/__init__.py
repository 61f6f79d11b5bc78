"""Jointsmith from Python: spline joints for multibody dynamics (Lee & Terzopoulos 2008).

    import jointsmith as js
    joint, report = js.fit_file("resources/samples/knee.csv")
    G, S, dS = joint.eval(0.5)                 # one q
    G, S, dS = joint.eval(np.linspace(0, 2, 100))   # many: a leading axis
    traj = js.Scene.load("resources/scenes/leg.json").simulate(2.0)

Joint, fit/fit_file, Scene and jointsmith.osim are compiled (pybind11); jointsmith.cohort runs a manifest
of fits on a Dask cluster. See docs/python.md.
"""
from ._core import (  # noqa: F401
    Coordinate,
    Error,
    FileError,
    Joint,
    OsimError,
    SampleError,
    Scene,
    fit,
    fit_file,
    read_samples,
)
import sys as _sys

from ._core import osim  # noqa: F401

# `import jointsmith.osim` finds the compiled submodule
_sys.modules[__name__ + ".osim"] = osim

__all__ = [
    "Coordinate", "Error", "FileError", "Joint", "OsimError", "SampleError", "Scene",
    "fit", "fit_file", "read_samples", "osim",
]
