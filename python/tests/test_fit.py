# fit / fit_file: the joint and the report dict equal the cli's on the same samples, the 2-dof surface fit,
# progress and cancelling, the GIL released while fitting, errors naming the sample.
import json
import threading
import time

import numpy as np
import pytest

import jointsmith as js
from conftest import knee_like, write_csv


def test_fit_file_equals_cli(source, cli, tmp_path):
    samples = source / "resources/samples/knee.csv"
    cli("fit", samples, "-o", tmp_path / "knee.json", "--report", tmp_path / "report.json")
    expected = json.loads((tmp_path / "report.json").read_text())
    joint, report = js.fit_file(str(samples))
    assert set(report) == set(expected)
    for key in expected:
        if key != "seconds":
            assert report[key] == expected[key], key
    qs = np.linspace(0, 2, 25)
    np.testing.assert_array_equal(joint.eval(qs)[0], js.Joint.load(str(tmp_path / "knee.json")).eval(qs)[0])
    # saving writes the cli's file, byte for byte
    joint.save(str(tmp_path / "mine.json"))
    assert (tmp_path / "mine.json").read_text() == (tmp_path / "knee.json").read_text()


def test_fit_arrays_equals_fit_file_with_options(tmp_path, cli):
    q, R, p = knee_like(30, noise=0.004, seed=3)
    path = write_csv(tmp_path / "s.csv", q, R, p)
    opts = dict(frames=7, smooth=0.001, method="paper", length_scale=0.04)
    j1, r1 = js.fit(q, R, p, **opts)
    j2, r2 = js.fit_file(str(path), **opts)
    cli("fit", path, "-o", tmp_path / "c.json", "--report", tmp_path / "r.json", "--frames", 7, "--smooth", 0.001,
        "--method", "paper", "--length-scale", 0.04)
    r3 = json.loads((tmp_path / "r.json").read_text())
    assert r1["frames"] == r2["frames"] == r3["frames"] == 7
    assert r1["method"] == "paper"
    assert r2["rms_translation_m"] == r3["rms_translation_m"]
    np.testing.assert_allclose(r1["rms_translation_m"], r2["rms_translation_m"], rtol=1e-12)
    np.testing.assert_array_equal(j2.eval(q)[0], js.Joint.load(str(tmp_path / "c.json")).eval(q)[0])


def test_natural_parameterization_and_weights():
    q, R, p = knee_like(20)
    joint, report = js.fit(None, R, p, weights=np.ones(20), frames=6, smooth=0)
    assert joint.dof == 1 and report["frames"] == 6 and report["rms_translation_m"] < 1e-3


def test_surface_fit_equals_cli(tmp_path, cli):
    from conftest import rot
    a, b = np.meshgrid(np.linspace(0, 1, 8), np.linspace(-0.4, 0.4, 6))
    q = np.stack([a.ravel(), b.ravel()], axis=1)
    R = np.array([rot([1, 0, 0], x) @ rot([0, 0, 1], y) for x, y in q])
    p = np.stack([0.01 * q[:, 0], 0.02 * np.sin(q[:, 1]), 0.0 * q[:, 0]], axis=1)
    with open(tmp_path / "s2.csv", "w") as f:
        f.write("q0,q1,R00,R01,R02,R10,R11,R12,R20,R21,R22,px,py,pz\n")
        for x, r, t in zip(q, R, p):
            f.write(",".join("%.17g" % v for v in [*x, *r.ravel(), *t]) + "\n")
    cli("fit", tmp_path / "s2.csv", "-o", tmp_path / "s2.json", "--report", tmp_path / "r2.json", "--frames", "5x4")
    expected = json.loads((tmp_path / "r2.json").read_text())
    joint, report = js.fit(q, R, p, frames=(5, 4))
    assert report["net"] == expected["net"] == [5, 4]
    assert report["rms_rotation_rad"] == pytest.approx(expected["rms_rotation_rad"], rel=1e-12, abs=1e-15)
    np.testing.assert_allclose(joint.eval(q)[0], js.Joint.load(str(tmp_path / "s2.json")).eval(q)[0], atol=1e-14)
    with pytest.raises(js.Error, match="--closed is for 1-dof"):
        js.fit(q, R, p, closed=True)


def test_shape_and_dtype_errors():
    q, R, p = knee_like(12)
    with pytest.raises(ValueError, match=r"R: shape \(12, 9\); expected \(N, 3, 3\)"):
        js.fit(q, R.reshape(12, 9), p)
    with pytest.raises(ValueError, match=r"p: shape \(11, 3\); expected \(12, 3\)"):
        js.fit(q, R, p[:11])
    with pytest.raises(ValueError, match=r"q: shape \(11,\)"):
        js.fit(q[:11], R, p)
    with pytest.raises(ValueError, match="dtype"):
        js.fit(q.astype(complex), R, p)
    with pytest.raises(ValueError, match="weights"):
        js.fit(q, R, p, weights=np.ones(3))
    with pytest.raises(ValueError, match="frames"):
        js.fit(q, R, p, frames=True)
    with pytest.raises(ValueError, match="length_scale"):
        js.fit(q, R, p, length_scale=-1)
    with pytest.raises(js.Error, match="--method 'nope'"):
        js.fit(q, R, p, method="nope")


def test_sample_errors_name_the_sample(tmp_path):
    q, R, p = knee_like(12)
    R[4] = R[4] * 1.1
    with pytest.raises(js.SampleError) as e:
        js.fit(q, R, p)
    assert "sample 4" in str(e.value) and e.value.kind == "not orthonormal"
    js.fit(q, R, p, reorthonormalize=True, frames=5)  # projected instead
    path = write_csv(tmp_path / "bad.csv", q, R, p)
    with pytest.raises(js.SampleError) as e:
        js.fit_file(str(path))
    assert e.value.line == 6 and "bad.csv:6:" in str(e.value)
    # one located error: a SampleError is a FileError; json samples name the json pointer
    assert isinstance(e.value, js.FileError) and e.value.source == str(path) and e.value.column > 0
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"samples": [{"q": 0, "R": [1, 0, 0, 0, "one", 0, 0, 0, 1], "p": [0, 0, 0]}]}')
    with pytest.raises(js.FileError) as e:
        js.fit_file(str(bad_json))
    assert isinstance(e.value, js.SampleError) and e.value.kind == "syntax"
    assert e.value.path == "/samples/0/R/4" and str(e.value) == f"{bad_json}: /samples/0/R/4: expected a number, got string"
    with pytest.raises(js.SampleError, match="fewer|samples"):
        js.fit(q[:3], knee_like(3)[1], knee_like(3)[2], frames=8, smooth=0)


def test_progress_callback_and_stop():
    q, R, p = knee_like(40, noise=0.003)
    seen = []
    js.fit(q, R, p, frames=8, smooth=0.01, progress=seen.append)
    assert seen and seen[0]["iteration"] == 1 and {"objective", "step"} <= set(seen[0])
    # returning False stops: the report says cancelled
    _, report = js.fit(q, R, p, frames=8, smooth=0.01, method="paper", progress=lambda s: False)
    assert report["cancelled"] and report["iterations"] <= 1

    def boom(_):
        raise RuntimeError("from the callback")
    with pytest.raises(RuntimeError, match="from the callback"):
        js.fit(q, R, p, progress=boom)


def test_fit_releases_the_gil():
    # a fit on a thread while this thread counts: the count goes on during the fit
    q, R, p = knee_like(400, noise=0.003)
    done = threading.Event()
    result = {}

    def work():
        result["fit"] = js.fit(q, R, p)  # frames and smoothing by cross-validation: many fits
        done.set()
    t = threading.Thread(target=work)
    ticks = 0
    t.start()
    start = time.perf_counter()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    elapsed = time.perf_counter() - start
    t.join()
    assert elapsed > 0.05, "the fit was too quick to tell"
    # with the GIL held by the fit the loop would get a tick at most per switch interval (5 ms) at best
    assert ticks > 0.3 * elapsed / 0.001, (ticks, elapsed)
    assert result["fit"][0].dof == 1


def test_ctrl_c_cancels_a_fit():
    import _thread
    q, R, p = knee_like(400, noise=0.003)
    timer = threading.Timer(0.05, _thread.interrupt_main)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        for _ in range(100):  # long enough to be interrupted inside a fit
            js.fit(q, R, p)
    assert time.perf_counter() - start < 30
