"""The worked example of docs/python.md: fit the knee samples, plot the fitted translations against q with
the samples, simulate the leg scene and plot its knee angle and energy.

    PYTHONPATH=build/dev/python /usr/bin/python3 python/example_knee.py docs/python-knee.png
"""
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt
import numpy as np

import jointsmith as js

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def main(png):
    samples = os.path.join(ROOT, "resources", "samples", "knee.csv")
    joint, report = js.fit_file(samples)  # frames and smoothing by cross-validation, as the cli
    print(f"fitted {report['frames']} frames, smoothing {report['smoothing_weight']:.3g}: rms "
          f"{report['rms_translation_m'] * 1e3:.2f} mm, {np.degrees(report['rms_rotation_rad']):.2f} deg")

    q_s, R_s, p_s, _ = js.read_samples(samples)
    c = joint.coordinates[0]
    q = np.linspace(c.min, c.max, 400)
    G, S, dS = joint.eval(q)  # G: (400, 4, 4)
    p = G[:, :3, 3]

    leg = js.Scene.load(os.path.join(ROOT, "resources", "scenes", "leg.json"))
    traj = leg.simulate(2.0, every=10)
    knee = [n for n in traj.dtype.names if n.startswith("q:") and "knee" in n][0]

    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    for k, (axis, colour) in enumerate(zip("xyz", ("tab:red", "tab:green", "tab:blue"))):
        a.plot(np.degrees(q), p[:, k] * 1e3, color=colour, label=f"p{axis} fitted")
        a.plot(np.degrees(q_s), p_s[:, k] * 1e3, ".", color=colour, ms=4, label=f"p{axis} samples")
    a.set_xlabel("knee flexion q (deg)")
    a.set_ylabel("tibia origin in the femur frame (mm)")
    a.set_title(f"knee.csv: {report['frames']} frames, rms {report['rms_translation_m'] * 1e3:.2f} mm")
    a.legend(fontsize=7, ncol=3)
    b.plot(traj["t"], np.degrees(traj[knee]), label=knee)
    b.set_xlabel("t (s)")
    b.set_ylabel("angle (deg)")
    b2 = b.twinx()
    b2.plot(traj["t"], traj["energy"], color="tab:gray", ls="--", label="energy (J)")
    b2.set_ylabel("kinetic + potential energy (J)")
    b.set_title("leg.json simulated for 2 s")
    b.legend(loc="upper left", fontsize=8)
    b2.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    print(f"wrote {png}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "knee.png")
