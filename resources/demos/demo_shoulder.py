"""The scapulothoracic demo (paper fig. 4): a scapula gliding over an ellipsoid-like rib cage through a 2-dof
spline surface joint fitted from samples, its acromion held to the clavicle's tip by a damped point spring;
the clavicle turns about the sternoclavicular joint (universal joint). Gravity on.

Samples: the scapula's frame origin slides on an ellipsoid 15 mm outside the ribs; its normal axis stays
along the ellipsoid normal (then tilts a little with elevation and protraction), and its upward rotation
about the normal is solved at every sample so that the acromion stays one clavicle length from the
sternoclavicular joint (what the paper designs its surface to do, §7)."""
import math
import os
import random

import demo_frames as f
import demo_geometry as g

RIBS = (0.13, 0.10, 0.19)            # rib cage ellipsoid semi-axes: lateral x, anterior y, vertical z (m)
GAP = 0.015                          # scapula frame above the ribs (m)
SURF = tuple(a + GAP for a in RIBS)  # the ellipsoid the scapula frame slides on
THETA0, PHI0 = 0.30, 0.85            # rest: elevation angle, azimuth from the back (−y) toward lateral (+x)
U_RANGE, V_RANGE = (-0.12, 0.25), (-0.25, 0.30)  # elevation, protraction (rad of θ, φ)
ACROMION = [0.10, 0.06, 0.03]        # acromion in the scapula frame (x lateral-ish, y up-ish, z outward)
SC = [0.02, 0.05, 0.19]              # sternoclavicular joint in the thorax frame
GRID = 13
NOISE_M, NOISE_RAD = 0.0003, math.radians(0.3)
DENSITY_BONE = 1900.0


def surface_point(u, v):
    th, ph = THETA0 + u, PHI0 + v
    A, B, C = SURF
    p = [A * math.cos(th) * math.sin(ph), -B * math.cos(th) * math.cos(ph), C * math.sin(th)]
    up = g.unit([-A * math.sin(th) * math.sin(ph), B * math.sin(th) * math.cos(ph), C * math.cos(th)])
    n = g.unit([p[0] / A ** 2, p[1] / B ** 2, p[2] / C ** 2])
    return p, up, n


def frame(u, v, psi):
    """thorax_T_scapula at (u, v) with upward rotation psi about the normal."""
    p, up, n = surface_point(u, v)
    up = g.unit(g.sub(up, g.scale(n, g.dot(up, n))))
    R = f.from_columns(g.cross(up, n), up, n)
    R = f.mul(f.axis_angle(n, psi), R)
    # anterior tilt with elevation (about the scapula's x), internal rotation with protraction (about its y)
    R = f.mul(R, f.mul(f.rx(-0.15 * u), f.ry(0.10 * v)))
    return R, p


def acromion(u, v, psi):
    R, p = frame(u, v, psi)
    return g.add(p, f.apply(R, ACROMION))


CLAVICLE = g.norm(g.sub(acromion(0.0, 0.0, 0.0), SC))


def solve_psi(u, v):
    """the rotation about the normal that keeps |acromion − SC| at the clavicle length: minimizes
    (gap / 0.5 mm)² + ((ψ − ψ_nominal) / 0.25)² by golden section, so it is the exact solution where one
    exists near the nominal −0.4 u − 0.15 v and the nearest compromise elsewhere. returns (ψ, gap)."""
    nominal = -0.4 * u - 0.15 * v

    def gap(x):
        return g.norm(g.sub(acromion(u, v, x), SC)) - CLAVICLE

    def cost(x):
        return (gap(x) / 0.0005) ** 2 + ((x - nominal) / 0.25) ** 2
    a, b = nominal - 1.0, nominal + 1.0
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    for _ in range(80):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if cost(c) < cost(d):
            b = d
        else:
            a = c
    psi = 0.5 * (a + b)
    return psi, gap(psi)


def pose_grid():
    """[(u, v, psi, R, p)] on the sample grid, row-major in (u, v); also the largest |gap| (m)."""
    out, worst = [], 0.0
    for i in range(GRID):
        u = U_RANGE[0] + (U_RANGE[1] - U_RANGE[0]) * i / (GRID - 1)
        for j in range(GRID):
            v = V_RANGE[0] + (V_RANGE[1] - V_RANGE[0]) * j / (GRID - 1)
            psi, r = solve_psi(u, v)
            worst = max(worst, abs(r))
            R, p = frame(u, v, psi)
            out.append((u, v, psi, R, p))
    return out, worst


def clavicle_angles(u, v, psi):
    """universal-joint angles (about z, then about z × d0) that point the clavicle at the acromion."""
    d0 = g.unit(g.sub(acromion(0.0, 0.0, 0.0), SC))
    d = g.unit(g.sub(acromion(u, v, psi), SC))
    e0, e = math.asin(d0[2]), math.asin(d[2])
    return math.atan2(d[1], d[0]) - math.atan2(d0[1], d0[0]), e0 - e


def meshes():
    A, B, C = RIBS
    ribs = g.Mesh()
    for k in range(10):
        th = -0.95 + 1.75 * k / 9
        z = C * math.sin(th)
        pts = [[A * math.cos(th) * math.cos(a), B * math.cos(th) * math.sin(a), z]
               for a in [2 * math.pi * i / 48 for i in range(48)]]
        ribs.union(g.tube(pts, 0.006, lambda i: [0.0, 0.0, 1.0], 8))
    ribs.union(g.capsule([0.0, -B + 0.004, -C - 0.02], [0.0, -B + 0.004, C + 0.04], 0.012, 24, 12))  # spine
    ribs.union(g.box([0.0, B - 0.002, 0.04], [0.012, 0.006, 0.12]))  # sternum
    d0 = g.unit(g.sub(acromion(0.0, 0.0, 0.0), SC))
    clavicle = g.capsule([0.0, 0.0, 0.0], g.scale(d0, CLAVICLE * 0.96), 0.009, 16, 12)
    blade = [[-0.03, -0.09], [0.065, 0.04], [0.05, 0.105], [-0.05, 0.065]]
    scapula = g.extrude(blade, -0.004, 0.004)
    scapula.union(g.capsule([-0.035, 0.07, 0.004], ACROMION, 0.008, 16, 10))  # spine and acromion
    return {"ribcage": ribs, "clavicle": clavicle, "scapula": scapula}


def generate(here, cli):
    grid, worst = pose_grid()
    rng = random.Random(20084)
    rows = []
    for u, v, psi, R, p in grid:
        Rn, pn = f.noisy_pose(rng, R, p, NOISE_M, NOISE_RAD)
        rows.append(([u, v], Rn, pn))
    samples = os.path.join(here, "samples", "scapula_samples.csv")
    f.write_samples_csv(samples, """
scapulothoracic demo samples: thorax_T_scapula at (elevation q0, protraction q1), a %dx%d grid.
the scapula frame slides on the ellipsoid of semi-axes %.3f, %.3f, %.3f m (15 mm outside the ribs); z along
the ellipsoid normal, then tilted -0.15 q0 about x and 0.10 q1 about y; the upward rotation about the normal
solved so the acromion stays %.4f m (the clavicle) from the sternoclavicular joint. gaussian noise 0.3 mm,
0.3 degree per axis (seed 20084). made by resources/demos/make_demos.py; columns: docs/samples.md
""" % (GRID, GRID, SURF[0], SURF[1], SURF[2], CLAVICLE), rows, 2)
    joint = os.path.join(here, "joints", "scapulothoracic_fitted.json")
    summary = f.run_cli(cli, ["fit", samples, "-o", joint, "--frames", "6x6"])
    f.rename_coordinates(joint, ["elevation", "protraction"], "scapulothoracic demo: 2-dof spline surface joint "
                         "fitted by `jointsmith-cli fit samples/scapula_samples.csv --frames 6x6` (made by "
                         "resources/demos/make_demos.py)")
    ms = meshes()
    for name, m in ms.items():
        m.write_obj(os.path.join(here, "meshes", name + ".obj"), "scapulothoracic demo: " + name)
    d0 = g.unit(g.sub(acromion(0.0, 0.0, 0.0), SC))
    axis1 = g.unit(g.cross([0.0, 0.0, 1.0], d0))
    u0, v0 = 0.2, 0.22  # shrugged and protracted, then released
    psi0, _ = solve_psi(u0, v0)
    c0, c1 = clavicle_angles(u0, v0, psi0)
    fixed = {"kind": "fixed", "dof": 0, "coordinates": []}
    bodies = [
        {"name": "thorax", "joint": fixed, "mesh": {"file": "meshes/ribcage.obj", "density": 1000.0}},
        {"name": "clavicle", "parent": "thorax",
         "joint": {"kind": "universal", "dof": 2,
                   "coordinates": [{"name": "protraction", "min": -0.6, "max": 0.6},
                                   {"name": "elevation", "min": -0.6, "max": 0.6}],
                   "axis0": [0.0, 0.0, 1.0], "axis1": axis1,
                   "offsets": {"parent_T_joint": f.transform(f.IDENTITY_R, SC)}},
         "mesh": {"file": "meshes/clavicle.obj", "density": DENSITY_BONE}},
        {"name": "scapula", "parent": "thorax", "joint": "joints/scapulothoracic_fitted.json",
         "mesh": {"file": "meshes/scapula.obj", "density": DENSITY_BONE}},
    ]
    doc = f.scene(
        "paper fig. 4: the scapula glides over the rib cage on a 2-dof spline surface joint fitted from samples "
        "(joints/scapulothoracic_fitted.json from samples/scapula_samples.csv); a damped spring holds its "
        "acromion to the tip of the clavicle, which turns about the sternoclavicular joint. released shrugged "
        "and protracted, it settles under gravity, muscle-like springs on the scapula and ligament-like springs at the clavicle",
        {"gravity": [0.0, 0.0, -9.81], "dt": 0.002, "duration": 3.0, "integrator": "symplectic"},
        bodies,
        forces={"joint_damping": 0.001,
                # muscle tone on the scapula, ligaments at the sternoclavicular joint
                "springs": [{"coordinate": "scapula.elevation", "stiffness": 6.0, "rest": 0.0, "damping": 0.01},
                            {"coordinate": "scapula.protraction", "stiffness": 6.0, "rest": 0.0, "damping": 0.01},
                            {"coordinate": "clavicle.protraction", "stiffness": 2.0, "rest": 0.0, "damping": 0.002},
                            {"coordinate": "clavicle.elevation", "stiffness": 2.0, "rest": 0.0, "damping": 0.002}],
                "point_springs": [{"body_a": "clavicle", "point_a": g.scale(d0, CLAVICLE), "body_b": "scapula",
                                   "point_b": ACROMION, "stiffness": 1000.0, "rest_length": 0.0,
                                   "damping": 5.0}]},
        initial={"q": {"scapula.elevation": u0, "scapula.protraction": v0, "clavicle.protraction": c0,
                       "clavicle.elevation": c1}})
    f.write_json(os.path.join(here, "scapulothoracic.json"), doc)
    return ("scapulothoracic fit:\n" + summary + "clavicle %.4f m; acromion distance solved to %.1e m\n" %
            (CLAVICLE, worst))
