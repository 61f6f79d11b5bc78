# Scene: load, simulate into a structured array (columns of the cli's csv plus energy, equal values), ik as
# the cli, errors, and Ctrl-C during a simulation.
import csv
import threading

import numpy as np
import pytest

import jointsmith as js


@pytest.fixture
def leg(source):
    return js.Scene.load(str(source / "resources/scenes/leg.json"))


def test_load(leg):
    assert len(leg.coordinates) == len(leg.initial_q) >= 3
    assert "foot" in leg.bodies and leg.dt > 0
    assert "leg.json" in repr(leg)


def test_simulate_equals_cli(leg, source, cli, tmp_path):
    cli("simulate", source / "resources/scenes/leg.json", "--duration", "0.2", "--every", "10", "-o", tmp_path / "t.csv")
    with open(tmp_path / "t.csv") as f:
        rows = list(csv.reader(f))
    traj = leg.simulate(0.2, every=10)
    names = list(traj.dtype.names)
    assert names[0] == "t" and "energy" in names and "kinetic" in names
    assert [n for n in names if n != "energy"] == rows[0]
    assert len(traj) == len(rows) - 1
    for name in rows[0]:
        column = np.array([float(r[rows[0].index(name)]) for r in rows[1:]])
        np.testing.assert_array_equal(traj[name], column, err_msg=name)
    np.testing.assert_allclose(traj["energy"], traj["kinetic"] + traj["potential"])
    q_names = [n for n in names if n.startswith("q:")]
    assert len(q_names) == len(leg.coordinates)


def test_simulate_options(leg):
    t = leg.simulate(0.01, dt=1e-3, integrator="euler")
    assert len(t) == 11 and t["t"][-1] == pytest.approx(0.01)
    with pytest.raises(ValueError, match="integrator"):
        leg.simulate(0.1, integrator="verlet")
    with pytest.raises(ValueError, match="dt"):
        leg.simulate(0.1, dt=-1)
    with pytest.raises(ValueError, match="duration"):
        leg.simulate(-1)


def test_scripted_scene_has_drive_columns(source):
    sc = js.Scene.load(str(source / "resources/scenes/scripted_knee.json"))
    t = sc.simulate(0.05)
    assert any(n.startswith("drive:") for n in t.dtype.names)


def test_rolling_demo_keeps_its_contact(source):
    # issue 17: a ball rolling without slipping in a bowl (a no-slip contact held by lagrange multipliers)
    sc = js.Scene.load(str(source / "resources/demos/rolling.json"))
    t = sc.simulate(1.0, every=10)
    assert t["loop_velocity_error"].max() < 1e-9
    assert np.ptp(t["energy"]) < 1e-6 * np.ptp(t["kinetic"])
    assert np.ptp(t["q:carriage.u"]) > 0.1
    # the implicit integrators hold the contact inside their step (refused before session 18)
    m = sc.simulate(0.5, integrator="implicit_midpoint", dt=0.005)
    assert m["loop_velocity_error"].max() < 1e-9


def test_maximal_solver_equals_cli(source, cli, tmp_path):
    path = source / "resources/scenes/ball_skeleton.json"
    cli("simulate", path, "--solver", "maximal", "--duration", "0.05", "-o", tmp_path / "m.csv")
    with open(tmp_path / "m.csv") as f:
        rows = list(csv.reader(f))
    t = js.Scene.load(str(path)).simulate(0.05, solver="maximal")
    np.testing.assert_array_equal(t[rows[0][1]], [float(r[1]) for r in rows[1:]])


def test_ik_equals_cli(leg, source, cli):
    out = cli("ik", source / "resources/scenes/leg.json", "--body", "foot", "--point", "0,-0.12,-0.08",
              "--target", "0.0015,-0.35,-0.75").stdout
    values = dict(l.split(" = ", 1) for l in out.splitlines() if " = " in l)
    r = leg.ik("foot", [0, -0.12, -0.08], [0.0015, -0.35, -0.75])
    assert r["converged"] and r["residual"] < 1e-9
    for name, q in zip(r["coordinates"], r["q"]):
        assert q == pytest.approx(float(values[name]), abs=1e-11)
    with pytest.raises(ValueError, match="no body"):
        leg.ik("hand", [0, 0, 0], [0, 0, 0])
    with pytest.raises(ValueError, match="target"):
        leg.ik("foot", [0, 0, 0], [0, 0])
    far = leg.ik("foot", [0, 0, 0], [5, 5, 5], restarts=0)
    assert not far["converged"]


def test_scene_errors(tmp_path):
    with pytest.raises(js.Error) as e:
        js.Scene.load(str(tmp_path / "missing.json"))
    assert "missing.json" in str(e.value)


def test_ctrl_c_stops_a_simulation(leg):
    import _thread
    threading.Timer(0.1, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        leg.simulate(10000.0, dt=1e-4)


def test_energy_projection_holds_a_large_step(source, cli, tmp_path):
    # session 19: the JOINTS letters at 5 ms with symplectic euler gain energy; projected they do not, and
    # the array equals the cli's csv
    path = source / "resources/demos/letters.json"
    sc = js.Scene.load(str(path))
    plain = sc.simulate(1.0, dt=0.005, integrator="symplectic")
    held = sc.simulate(1.0, dt=0.005, integrator="symplectic", energy_projection=True)
    e0 = held["energy"][0]
    assert plain["energy"].max() > e0 + 1.0
    assert held["energy"].max() <= e0 + 1e-9 * abs(e0)
    cli("simulate", path, "--duration", "1", "--dt", "0.005", "--integrator", "symplectic", "--energy-projection",
        "-o", tmp_path / "held.csv")
    with open(tmp_path / "held.csv") as f:
        rows = list(csv.reader(f))
    for name in ("t", "kinetic", "potential", "q:S.around"):
        column = np.array([float(r[rows[0].index(name)]) for r in rows[1:]])
        np.testing.assert_array_equal(held[name], column, err_msg=name)
    with pytest.raises(ValueError, match="compliant loops"):
        js.Scene.load(str(source / "resources/scenes/double_spline.json")).simulate(0.01, energy_projection=True)
    with pytest.raises(ValueError, match="reduced solver"):
        sc.simulate(0.01, solver="maximal", energy_projection=True)
