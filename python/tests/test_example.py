# the worked example of docs/python.md runs as written there, headless: on the shipped knee samples, and on
# a real knee (the knee_r CustomJoint of OpenSim's leg6dof9musc, sampled by jointsmith.osim) when the shared
# data is there. it writes the figure and says what it fitted.
import os
import subprocess
import sys

import pytest

import jointsmith as js

pytest.importorskip("matplotlib")
# the package under test, as PYTHONPATH=build/<preset>/python in the doc
PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(js.__file__)))


def run_example(source, tmp_path, *args):
    script = source / "python" / "scripts" / "example_knee.py"
    png = tmp_path / "knee.png"
    r = subprocess.run([sys.executable, str(script), *map(str, args), "-o", str(png)], capture_output=True, text=True,
                       env={**os.environ, "MPLBACKEND": "Agg", "PYTHONPATH": PACKAGE_PARENT}, cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "fitted " in r.stdout and f"wrote {png}" in r.stdout, r.stdout
    from matplotlib.image import imread
    image = imread(str(png))
    assert image.shape[0] > 400 and image.shape[1] > 800, image.shape
    assert image[..., :3].std() > 0.05  # not a blank canvas
    return r.stdout


def test_example_on_the_shipped_samples(source, tmp_path):
    out = run_example(source, tmp_path)
    frames = int(out.split("fitted ")[1].split(" frames")[0])
    assert frames >= 4


def test_example_on_a_real_opensim_knee(source, tmp_path):
    model = source.parent / "shared" / "data" / "opensim" / "leg6dof9musc.osim"
    if not model.exists():
        pytest.skip(f"no shared OpenSim data at {model}")
    samples = tmp_path / "knee_r.csv"
    js.osim.import_joint(str(model), joint="knee_r", output=str(samples))
    out = run_example(source, tmp_path, samples)
    # noiseless samples of the model's own spline knee: the fit follows them to well under a millimetre
    rms_mm = float(out.split("rms ")[1].split(" mm")[0])
    assert rms_mm < 0.05, out
