# jointsmith.osim: export_joint and import_joint as `jointsmith-cli export --format osim` and `import-osim`,
# on our knee and on a real OpenSim model (../shared/data; skipped when absent).
import numpy as np
import pytest

import jointsmith as js
import jointsmith.osim


def test_export_equals_cli(source, cli, tmp_path):
    knee = source / "resources/joints/knee.json"
    cli("export", knee, "--format", "osim", "-o", tmp_path / "cli.osim")
    report = js.osim.export_joint(str(knee), str(tmp_path / "py.osim"))
    assert report["within_tolerance"] and report["max_position_error_m"] <= 1e-5
    # the same model (the comment line names the exporter)
    strip = lambda t: [l for l in t.splitlines() if "exported by" not in l]
    assert strip((tmp_path / "py.osim").read_text()) == strip((tmp_path / "cli.osim").read_text())
    # a Joint object works too, with a name and bodies
    r2 = js.osim.export_joint(js.Joint.load(str(knee)), str(tmp_path / "b.osim"), name="knee_r", parent="femur_r", child="tibia_r")
    assert r2["knots"] == report["knots"]
    assert "femur_r" in (tmp_path / "b.osim").read_text()


def test_import_round_trip_equals_cli(source, cli, tmp_path):
    knee = source / "resources/joints/knee.json"
    cli("export", knee, "--format", "osim", "-o", tmp_path / "k.osim")
    cli("import-osim", tmp_path / "k.osim", "-o", tmp_path / "cli.csv", "--fit", tmp_path / "cli.json")
    r = js.osim.import_joint(str(tmp_path / "k.osim"), output=str(tmp_path / "py.csv"), fit=str(tmp_path / "py.json"))
    assert r["q"].shape == (101,) and r["R"].shape == (101, 3, 3) and r["p"].shape == (101, 3)
    assert (tmp_path / "py.csv").read_text() == (tmp_path / "cli.csv").read_text()
    assert (tmp_path / "py.json").read_text() == (tmp_path / "cli.json").read_text()
    assert r["fidelity"]["max_position_error_m"] < 1e-4
    assert isinstance(r["joint"], js.Joint)


def test_import_errors(tmp_path):
    with pytest.raises(js.OsimError) as e:
        js.osim.import_joint(str(tmp_path / "none.osim"))
    assert "none.osim" in str(e.value)
    bad = tmp_path / "bad.osim"
    bad.write_text("<OpenSimDocument>\n<Model>\n<oops>\n</Model>")
    with pytest.raises(js.OsimError) as e:
        js.osim.import_joint(str(bad))
    assert e.value.line > 0
    # one located error: an OsimError is a FileError naming the file and the line
    assert isinstance(e.value, js.FileError) and e.value.source == str(bad) and e.value.kind == "syntax"
    assert str(e.value).startswith(f"{bad}:{e.value.line}: ")


def test_real_model(source, cli, tmp_path):
    model = source.parent / "shared/data/opensim/leg6dof9musc.osim"
    if not model.exists():
        pytest.skip(f"{model} absent (shared OpenSim data)")
    cli("import-osim", model, "--joint", "knee_r", "-o", tmp_path / "cli.csv")
    r = js.osim.import_joint(str(model), joint="knee_r", output=str(tmp_path / "py.csv"), frames=8)
    assert (tmp_path / "py.csv").read_text() == (tmp_path / "cli.csv").read_text()
    assert r["joint"].dof == 1 and r["fidelity"]["max_position_error_m"] < 5e-3
    with pytest.raises(ValueError, match="range"):
        js.osim.import_joint(str(model), joint="knee_r", range=(1.0, 0.0))
