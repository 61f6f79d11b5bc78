# shared fixtures: the source tree, the cli next to the module, sample files written on the fly.
import os
import pathlib
import subprocess

import numpy as np
import pytest

SOURCE = pathlib.Path(os.environ.get("JS_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CLI = os.environ.get("JS_CLI", str(SOURCE / "build" / "dev" / "app" / "jointsmith-cli"))


@pytest.fixture(scope="session")
def source():
    return SOURCE


@pytest.fixture(scope="session")
def cli():
    if not os.path.exists(CLI):
        pytest.skip(f"jointsmith-cli not built at {CLI}")

    def run(*args, check=True):
        r = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
        if check and r.returncode != 0:
            raise AssertionError(f"jointsmith-cli {' '.join(map(str, args))} failed: {r.stderr}")
        return r
    return run


def rot(axis, angle):
    axis = np.asarray(axis, float) / np.linalg.norm(axis)
    K = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    return np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K


def knee_like(n=24, noise=0.0, seed=0):
    """(q, R, p): a flexion about x with a rolling, sliding translation, optional noise (rad and m)."""
    rng = np.random.default_rng(seed)
    q = np.linspace(0.0, 2.0, n)
    R = np.array([rot([1, 0.05, 0.02], x) for x in q])
    p = np.stack([0.001 * np.sin(q), -0.02 + 0.004 * q, 0.003 * q * q], axis=1)
    if noise:
        R = np.array([r @ rot(rng.normal(size=3), noise * rng.normal()) for r in R])
        p = p + noise * 0.01 * rng.normal(size=p.shape)
    return q, R, p


def write_csv(path, q, R, p):
    with open(path, "w") as f:
        f.write("q,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n")
        for x, r, t in zip(q, R, p):
            f.write(",".join("%.17g" % v for v in [x, *r.ravel(), *t]) + "\n")
    return path
