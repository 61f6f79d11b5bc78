# Joint: load, save, eval (one q and a leading axis), dof, coordinates, check; shapes and errors; equal to
# `jointsmith-cli eval` and `check` on the same files.
import json
import math

import numpy as np
import pytest

import jointsmith as js


@pytest.fixture
def knee(source):
    return js.Joint.load(str(source / "resources/joints/knee.json"))


def test_load_properties(knee, source):
    assert knee.dof == 1
    assert knee.kind == "spline_curve"
    assert knee.source.endswith("knee.json")
    (c,) = knee.coordinates
    assert isinstance(c.name, str) and c.unit == "rad"
    assert c.range == (c.min, c.max) and c.min < c.max
    assert "spline_curve" in repr(knee)


def test_eval_one_q_shapes(knee):
    G, S, dS = knee.eval(0.5)
    assert G.shape == (4, 4) and S.shape == (6, 1) and dS.shape == (1, 1, 6)
    assert G.dtype == np.float64
    np.testing.assert_allclose(G[3], [0, 0, 0, 1])
    np.testing.assert_allclose(G[:3, :3].T @ G[:3, :3], np.eye(3), atol=1e-12)
    # an int q, a 0-d array and a float32 give the same
    for q in (np.float64(0.5), np.array(0.5), np.float32(0.5)):
        np.testing.assert_allclose(knee.eval(q)[0], knee.eval(float(np.float32(q)))[0], atol=1e-7)
    np.testing.assert_array_equal(knee.eval(1)[0], knee.eval(1.0)[0])


def test_eval_vectorised_matches_single(knee):
    qs = np.linspace(0.0, 1.5, 37)
    G, S, dS = knee.eval(qs)
    assert G.shape == (37, 4, 4) and S.shape == (37, 6, 1) and dS.shape == (37, 1, 1, 6)
    for k in (0, 10, 36):
        g, s, h = knee.eval(float(qs[k]))
        np.testing.assert_array_equal(G[k], g)
        np.testing.assert_array_equal(S[k], s)
        np.testing.assert_array_equal(dS[k], h)
    # (m, 1) is the same as (m,); a list works too
    np.testing.assert_array_equal(knee.eval(qs[:, None])[0], G)
    np.testing.assert_array_equal(knee.eval(list(qs))[1], S)
    assert knee.eval(np.zeros(0))[0].shape == (0, 4, 4)


def test_jacobian_is_the_derivative(knee):
    # s = (G^-1 dG/dq)^v, [w; v]; checked against a central difference
    q, h = 0.7, 1e-6
    G, S, dS = knee.eval(q)
    Gp, Sp, _ = knee.eval(q + h)
    Gm, Sm, _ = knee.eval(q - h)
    X = np.linalg.inv(G) @ (Gp - Gm) / (2 * h)
    twist = np.array([X[2, 1], X[0, 2], X[1, 0], X[0, 3], X[1, 3], X[2, 3]])
    np.testing.assert_allclose(S[:, 0], twist, atol=1e-6)
    np.testing.assert_allclose(dS[0, 0], (Sp - Sm)[:, 0] / (2 * h), atol=1e-5)


def test_eval_equals_cli(knee, source, cli):
    path = source / "resources/joints/knee.json"
    qs = [0.0, 0.37, 1.2]
    out = json.loads(cli("eval", path, *sum((["--q", repr(q)] for q in qs), [])).stdout)
    G, S, dS = knee.eval(np.array(qs))
    for k, e in enumerate(out["evaluations"]):
        np.testing.assert_array_equal(G[k].ravel(), e["transform"])
        np.testing.assert_array_equal(S[k], e["jacobian"])
        np.testing.assert_array_equal(dS[k], e["hessian"])


def test_two_dof_joint_shapes(source, cli, tmp_path):
    # a spline surface joint: fit one (the 2-dof path), then eval
    q0, q1 = np.meshgrid(np.linspace(0, 1, 7), np.linspace(-0.5, 0.5, 6))
    q = np.stack([q0.ravel(), q1.ravel()], axis=1)
    from conftest import rot
    R = np.array([rot([1, 0, 0], a) @ rot([0, 1, 0], b) for a, b in q])
    p = np.stack([0.01 * q[:, 0], 0.02 * q[:, 1], 0.001 * q[:, 0] * q[:, 1]], axis=1)
    joint, report = js.fit(q, R, p)
    assert joint.dof == 2 and joint.kind == "spline_surface" and report["dof"] == 2
    G, S, dS = joint.eval([0.5, 0.1])
    assert G.shape == (4, 4) and S.shape == (6, 2) and dS.shape == (2, 2, 6)
    G, S, dS = joint.eval(q)
    assert G.shape == (42, 4, 4) and S.shape == (42, 6, 2) and dS.shape == (42, 2, 2, 6)
    assert [c.name for c in joint.coordinates] == ["q0", "q1"] or len(joint.coordinates) == 2
    with pytest.raises(ValueError, match=r"shape \(3,\) for a 2-dof joint"):
        joint.eval([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="one number for a 2-dof joint"):
        joint.eval(0.5)
    # the joint round-trips through its file and the cli evaluates it the same
    path = tmp_path / "surface.json"
    joint.save(str(path))
    out = json.loads(cli("eval", path, "--q", "0.5,0.1").stdout)
    np.testing.assert_array_equal(js.Joint.load(str(path)).eval([0.5, 0.1])[0].ravel(), out["evaluations"][0]["transform"])


def test_eval_errors(knee):
    with pytest.raises(ValueError, match="dtype"):
        knee.eval(np.array([1 + 2j]))
    with pytest.raises(ValueError, match="dtype"):
        knee.eval(np.array(["a"]))
    with pytest.raises(ValueError, match="NaN"):
        knee.eval(math.nan)
    with pytest.raises(ValueError, match="element 2 .* infinite"):
        knee.eval([0.0, 0.1, math.inf])
    with pytest.raises(ValueError, match=r"shape \(2, 3\)"):
        knee.eval(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="expected real numbers"):
        knee.eval("0.5")


def test_save_round_trip(knee, tmp_path):
    path = tmp_path / "copy.json"
    knee.save(str(path))
    again = js.Joint.load(str(path))
    qs = np.linspace(0, 1, 11)
    np.testing.assert_array_equal(again.eval(qs)[0], knee.eval(qs)[0])
    assert js.Joint.from_json(knee.to_json()).dof == 1


def test_load_errors_name_the_file(tmp_path):
    with pytest.raises(js.FileError) as e:
        js.Joint.load(str(tmp_path / "missing.json"))
    assert "missing.json" in str(e.value)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "jointsmith.joint",\n "version": 1,\n "kind": }')
    with pytest.raises(js.FileError) as e:
        js.Joint.load(str(bad))
    assert "bad.json:3:" in str(e.value) and e.value.line == 3 and e.value.kind == "syntax"
    assert isinstance(e.value, js.Error) and isinstance(e.value, RuntimeError)


def test_check_equals_cli(knee, source, cli):
    path = source / "resources/joints/knee.json"
    out = json.loads(cli("check", path).stdout)
    mine = knee.check()
    assert mine["c2"] == out["c2"] and mine["ok"]
    assert mine["min_jacobian_norm"] == out["min_jacobian_norm"]
    assert mine["continuity"][0]["max_jump_hessian"] == out["continuity"][0]["max_jump_hessian"]
    with pytest.raises(ValueError):
        knee.check(length_scale=0)


def test_lower_pair_units(source):
    j = js.Joint.load(str(source / "resources/joints/revolute.json"))
    assert [c.unit for c in j.coordinates] == ["rad"]
    G, S, dS = j.eval(np.array([0.0, 1.0]))
    assert G.shape == (2, 4, 4)


def test_out_of_range_policy(knee, tmp_path):
    assert knee.out_of_range == "extrapolate"
    (c,) = knee.coordinates
    # past max, the knee's own policy continues with the end's twist; clamped, it stays at the end
    assert not np.allclose(knee.eval(c.max + 0.3)[0], knee.eval(c.max)[0], atol=1e-6)
    clamped = knee.with_out_of_range("clamp")
    assert clamped.out_of_range == "clamp" and knee.out_of_range == "extrapolate"
    np.testing.assert_array_equal(clamped.eval(c.max + 0.3)[0], clamped.eval(c.max)[0])
    np.testing.assert_array_equal(clamped.eval(c.min - 1.0)[1], clamped.eval(c.min)[1])
    # it is written to the file and read back
    path = tmp_path / "knee_clamped.json"
    clamped.save(str(path))
    assert json.loads(path.read_text())["out_of_range"] == "clamp"
    assert js.Joint.load(str(path)).out_of_range == "clamp"
    # an open knee does not come back to where it started: no wrap, and the reason says so
    with pytest.raises(ValueError, match="ends do not meet"):
        knee.with_out_of_range("wrap")
    with pytest.raises(ValueError, match="unknown out_of_range"):
        knee.with_out_of_range("mirror")
