"""The knee demo (paper fig. 1 and 3): hip and ankle revolute, the femur-tibia joint a spline curve joint
fitted from noisy samples of a rolling-and-sliding knee; bone-like lathe meshes; an IK foot target."""
import math
import os
import random

import demo_frames as f
import demo_geometry as g

# frames: x lateral, y anterior... the leg of resources/scenes/leg.json: forward is −y, z up
HIP_HEIGHT = 0.95          # hip joint above the floor (m)
FEMUR_LENGTH = 0.42        # hip to the knee joint centre (m)
TIBIA_LENGTH = 0.40        # tibial plateau to the ankle (m)
TOE = [0.0, -0.15, -0.07]  # the ik point on the foot (foot frame, m)
# segment masses of a 75 kg person (winter's anthropometric fractions: thigh 0.100, shank 0.0465, foot 0.0145)
MASSES = {"femur": 7.5, "tibia": 3.49, "foot": 1.09}
SAMPLES = 41
NOISE_M, NOISE_RAD = 0.0005, math.radians(0.5)


def smooth_profile(points):
    """a radius profile through (s, r) points, eased with a cosine between them."""
    def r(s):
        for (s0, r0), (s1, r1) in zip(points, points[1:]):
            if s <= s1:
                t = (s - s0) / (s1 - s0)
                return r0 + (r1 - r0) * 0.5 * (1.0 - math.cos(math.pi * t))
        return points[-1][1]
    return r


def meshes():
    # condyles centred on the knee joint centre (z = −0.42), so the tibial plateau 20 mm below it touches them
    femur = g.lathe([0.0, 0.0, 0.02], [0.0, 0.0, -FEMUR_LENGTH - 0.024], smooth_profile(
        [(0.0, 0.0), (0.04, 0.022), (0.09, 0.024), (0.16, 0.015), (0.3, 0.013), (0.75, 0.014), (0.9, 0.028),
         (0.945, 0.03), (0.98, 0.022), (1.0, 0.0)]), rings=44, segments=20)
    tibia = g.lathe([0.0, 0.0, 0.004], [0.0, 0.0, -TIBIA_LENGTH - 0.012], smooth_profile(
        [(0.0, 0.0), (0.03, 0.032), (0.1, 0.03), (0.25, 0.014), (0.8, 0.012), (0.95, 0.02), (1.0, 0.0)]),
        rings=36, segments=20)
    foot = g.lathe([0.0, 0.05, -0.055], [0.0, TOE[1] - 0.02, TOE[2]], smooth_profile(
        [(0.0, 0.0), (0.1, 0.028), (0.3, 0.032), (0.7, 0.025), (0.9, 0.018), (1.0, 0.0)]), rings=24, segments=16)
    foot.union(g.sphere([0.0, 0.0, -0.012], 0.018, 10, 14))  # talus under the ankle axis
    return {"femur": femur, "tibia": tibia, "foot": foot}


def write_samples(path):
    rng = random.Random(20081)
    rows = []
    for i in range(SAMPLES):
        q = 2.1 * i / (SAMPLES - 1)
        pose = f.mx.knee_pose(q)  # flexion with 15 mm posterior roll-back and 0.2 rad internal rotation
        R, p = f.noisy_pose(rng, pose["rotation"], pose["translation"], NOISE_M, NOISE_RAD)
        rows.append(([q], R, p))
    f.write_samples_csv(path, """
knee demo samples: femur_T_tibia (knee joint frame to tibia) at flexion q (rad), 0..2.1 rad, from the
rolling-and-sliding knee of resources/joints/make_examples.py (knee_pose: flexion about x, 15 mm posterior
tibial roll-back, up to 0.2 rad internal rotation) with gaussian noise 0.5 mm and 0.5 degree per axis
(seed 20081), as if posed by eye. made by resources/demos/make_demos.py; columns: docs/samples.md
""", rows, 1)


def revolute(name, lo, hi, offset):
    j = {"kind": "revolute", "dof": 1, "coordinates": [{"name": name, "min": lo, "max": hi}], "axis": [1.0, 0.0, 0.0]}
    if offset is not None:
        j["offsets"] = {"parent_T_joint": f.transform(f.IDENTITY_R, offset)}
    return j


def scene(mesh_volumes):
    def body(name, parent, joint, mesh, extra=None):
        b = {"name": name}
        if parent:
            b["parent"] = parent
        b["joint"] = joint
        if extra:
            b.update(extra)
        # density that gives the mesh the segment's mass (bone shape, limb mass)
        b["mesh"] = {"file": "meshes/%s.obj" % mesh, "density": MASSES[mesh] / mesh_volumes[mesh]}
        return b
    bodies = [
        body("femur", None, revolute("hip", -1.5, 2.0, None), "femur"),
        body("tibia", "femur", "joints/knee_fitted.json", "tibia",
             {"joint_offsets": {"parent_T_joint": f.transform(f.IDENTITY_R, [0.0, 0.0, -FEMUR_LENGTH])}}),
        body("foot", "tibia", revolute("ankle", -0.8, 0.6, [0.0, 0.0, -TIBIA_LENGTH]), "foot"),
    ]
    return f.scene(
        "paper fig. 1 and 3: a leg hanging from the hip; hip and ankle revolute, the knee a spline curve joint "
        "fitted from noisy samples (joints/knee_fitted.json from samples/knee_samples.csv). released with the "
        "hip flexed and the knee bent, it swings under gravity with damping; ik: docs/demos.md",
        {"gravity": [0.0, 0.0, -9.81], "dt": 0.005, "duration": 3.0, "integrator": "rk4"},
        bodies,
        forces={"joint_damping": 0.8,
                "springs": [{"coordinate": "foot.ankle", "stiffness": 15.0, "rest": 0.0, "damping": 0.2}]},
        initial={"q": {"femur.hip": 0.9, "tibia.flexion": 1.2, "foot.ankle": 0.3}},
        root={"pose": f.transform(f.IDENTITY_R, [0.0, 0.0, HIP_HEIGHT])})


def ik_target(cli, joint_path, hip, knee, ankle):
    """the world position of the toe at (hip, knee, ankle): a reachable ik target."""
    Rk, pk = f.eval_transform(cli, joint_path, [knee])
    # world_T_foot = root · Rx(hip) · T(0,0,−L_f) · G_knee · T(0,0,−L_t) · Rx(ankle)
    toe = f.apply(f.rx(ankle), TOE)
    toe = [toe[0], toe[1], toe[2] - TIBIA_LENGTH]
    toe = [a + b for a, b in zip(f.apply(Rk, toe), pk)]
    toe = [toe[0], toe[1], toe[2] - FEMUR_LENGTH]
    toe = f.apply(f.rx(hip), toe)
    return [toe[0], toe[1], toe[2] + HIP_HEIGHT]


def generate(here, cli):
    ms = meshes()
    for name, m in ms.items():
        m.write_obj(os.path.join(here, "meshes", name + ".obj"), "knee demo: " + name + " (bone-like lathe)")
    samples = os.path.join(here, "samples", "knee_samples.csv")
    joint = os.path.join(here, "joints", "knee_fitted.json")
    write_samples(samples)
    summary = f.run_cli(cli, ["fit", samples, "-o", joint, "--frames", "auto", "--smooth", "auto"])
    f.rename_coordinates(joint, ["flexion"], "knee demo: femur-tibia spline curve joint fitted by `jointsmith-cli "
                         "fit samples/knee_samples.csv --frames auto --smooth auto` (made by "
                         "resources/demos/make_demos.py)")
    f.write_json(os.path.join(here, "knee.json"), scene({k: m.volume() for k, m in ms.items()}))
    target = ik_target(cli, joint, 0.6, 1.0, 0.2)
    return "knee fit:\n" + summary + "ik target (toe at hip 0.6, knee 1.0, ankle 0.2): %.6f,%.6f,%.6f\n" % tuple(target)
