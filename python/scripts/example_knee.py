"""The worked example of docs/python.md: fit a knee's samples, plot the fitted translations against q with
the samples, simulate the leg scene and plot its joint angles and energy.

    PYTHONPATH=build/dev/python /usr/bin/python3 python/scripts/example_knee.py [SAMPLES.csv] [-o knee.png]

SAMPLES defaults to resources/samples/knee.csv; a real knee's samples come from an OpenSim model, e.g.
jointsmith.osim.import_joint("leg6dof9musc.osim", joint="knee_r", output="knee_r.csv").
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt
import numpy as np

import jointsmith as js

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def main(samples, png):
    joint, report = js.fit_file(samples)  # frames and smoothing by cross-validation, as the cli
    print(f"fitted {report['frames']} frames, smoothing {report['smoothing_weight']:.3g}: rms "
          f"{report['rms_translation_m'] * 1e3:.3g} mm, {np.degrees(report['rms_rotation_rad']):.3g} deg")

    q_s, R_s, p_s, _ = js.read_samples(samples)
    c = joint.coordinates[0]
    q = np.linspace(c.min, c.max, 400)
    G, S, dS = joint.eval(q)  # G: (400, 4, 4)
    p = G[:, :3, 3]  # the child origin in the parent frame
    if q_s is None:  # samples without q: the fit's own parameters (natural parameterization)
        q_s = np.array([s["q"][0] for s in report["per_sample"]])

    leg = js.Scene.load(os.path.join(ROOT, "resources", "scenes", "leg.json"))
    traj = leg.simulate(2.0, every=10)
    angles = [n for n in traj.dtype.names if n.startswith("q:")]  # q:thigh.hip, q:shank.flexion (the knee), q:foot.ankle

    # one panel per axis: a knee's translations differ by a bone length, its motions are millimetres
    fig = plt.figure(figsize=(11, 5.6))
    grid = fig.add_gridspec(3, 2)
    for k, (axis, colour) in enumerate(zip("xyz", ("tab:red", "tab:green", "tab:blue"))):
        a = fig.add_subplot(grid[k, 0])
        a.plot(np.degrees(q), p[:, k] * 1e3, color=colour, label="fitted")
        a.plot(np.degrees(q_s), p_s[:, k] * 1e3, ".", color="black", ms=3, label="samples")
        a.set_ylabel(f"p{axis} (mm)")
        a.legend(fontsize=7, loc="best")
        if k == 0:
            a.set_title(f"{os.path.basename(samples)}: tibia origin in the femur frame; {report['frames']} frames, "
                        f"rms {report['rms_translation_m'] * 1e3:.3g} mm", fontsize=9)
    a.set_xlabel(f"knee flexion {c.name} (deg)")
    b = fig.add_subplot(grid[:, 1])
    for name in angles:
        b.plot(traj["t"], np.degrees(traj[name]), label=name)
    b.set_xlabel("t (s)")
    b.set_ylabel("joint angle (deg)")
    b2 = b.twinx()
    b2.plot(traj["t"], traj["energy"], color="tab:gray", ls="--", label="energy (J)")
    b2.set_ylabel("kinetic + potential energy (J)")
    b.set_title("leg.json simulated for 2 s (joint damping: the energy falls)", fontsize=10)
    b.legend(loc="upper left", fontsize=8)
    b2.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    print(f"wrote {png}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", nargs="?", default=os.path.join(ROOT, "resources", "samples", "knee.csv"),
                        help="sample file (.csv or .json) of a 1-dof knee")
    parser.add_argument("-o", "--output", default="knee.png", help="figure to write (png)")
    args = parser.parse_args()
    sys.exit(main(args.samples, args.output))
