"""Closed spline curve demos (paper fig. 5a, 5b): beads on flower-shaped wires of a spinning frame, and toy
planes flying along coastline-like closed curves over a spinning globe. The control frames are computed
directly (paper §7): for the flowers x tangent to the curve and z normal to the wire's plane; for the globe
z along the sphere's normal and x tangent to the coastline, so x, y lie in the tangent plane."""
import math
import os
import random

import demo_frames as f
import demo_geometry as g

# beads (fig. 5a)
FLOWER_R, FLOWER_A, PETALS = 0.2, 0.12, 5  # r(θ) = R (1 + A cos 5θ) in the wire's plane (m)
FLOWER_CENTRE = (0.32, 0.45)               # centre: distance from the spin axis, height (m)
FLOWER_FRAMES = 72
BEAD_RADIUS = 0.022
SPIN = 1.2                                 # rad/s about the vertical axis

# globe (fig. 5b)
GLOBE_R, ALTITUDE = 0.5, 0.04              # sphere radius, planes above it (m)
COAST_FRAMES = 64
TILT = math.radians(23.44)                 # globe axis tilt about world x
GLOBE_SPIN = 0.4                           # rad/s about the globe's axis
GLOBE_CENTRE = [0.0, 0.0, 0.6]             # above the floor grid (m)
# the app's default view direction (ui/viewport/camera: yaw 0.6, pitch 0.35, z up): each plane starts on the
# part of its coast that faces it, so every plane is in sight when the demo opens
EYE = [math.cos(0.35) * math.sin(0.6), -math.cos(0.35) * math.cos(0.6), math.sin(0.35)]


def flower_point(t):
    r = FLOWER_R * (1.0 + FLOWER_A * math.cos(PETALS * t))
    return [r * math.cos(t), r * math.sin(t), 0.0]


def flower_frames():
    frames = []
    for i in range(FLOWER_FRAMES):
        t = 2.0 * math.pi * i / FLOWER_FRAMES
        p = flower_point(t)
        tangent = g.unit(g.sub(flower_point(t + 1e-6), flower_point(t - 1e-6)))
        z = [0.0, 0.0, 1.0]
        frames.append((f.from_columns(tangent, g.cross(z, tangent), z), p))
    return frames


def wire_base(k):
    """frame_T_wire of wire k: the flower's plane is vertical, through the spin axis, turned 120° per wire."""
    R = f.mul(f.rz(2.0 * math.pi * k / 3.0), [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]])
    return R, f.apply(f.rz(2.0 * math.pi * k / 3.0), [FLOWER_CENTRE[0], 0.0, FLOWER_CENTRE[1]])


def beads(here):
    joint = f.closed_curve_joint(flower_frames(), "s", "beads demo: a five-petal flower wire, r = 0.2 (1 + 0.12 "
                                 "cos 5t) m, 72 control frames (x tangent, z normal to the wire's plane).")
    f.write_json(os.path.join(here, "joints", "flower_wire.json"), joint)
    frame = g.Mesh()
    pts = [flower_point(2.0 * math.pi * i / 180) for i in range(180)]
    for k in range(3):
        R, p = wire_base(k)
        frame.union(g.tube(pts, 0.004, lambda i: [0.0, 0.0, 1.0], 8).transformed(R, p))
        hub = f.apply(f.rz(2.0 * math.pi * k / 3.0), [FLOWER_CENTRE[0] - FLOWER_R * 0.85, 0.0, FLOWER_CENTRE[1]])
        frame.union(g.capsule([0.0, 0.0, FLOWER_CENTRE[1]], hub, 0.006, 8, 8))  # spoke to the axle
    frame.union(g.capsule([0.0, 0.0, 0.0], [0.0, 0.0, FLOWER_CENTRE[1] + 0.3], 0.012, 16, 12))  # axle
    frame.write_obj(os.path.join(here, "meshes", "wire_frame.obj"), "beads demo: three flower wires on an axle")
    g.sphere([0.0, 0.0, 0.0], BEAD_RADIUS, 10, 16).write_obj(os.path.join(here, "meshes", "bead.obj"),
                                                             "beads demo: a bead")
    period = joint["coordinates"][0]["max"]
    bodies = [{"name": "frame", "joint": {"kind": "fixed", "dof": 0, "coordinates": []},
               "mesh": {"file": "meshes/wire_frame.obj", "density": 7800.0}}]
    for k in range(3):
        R, p = wire_base(k)
        bodies.append({"name": "bead%d" % k, "parent": "frame", "joint": "joints/flower_wire.json",
                       "joint_offsets": {"parent_T_joint": f.transform(R, p)},
                       "mesh": {"file": "meshes/bead.obj", "density": 7800.0}})
    doc = f.scene(
        "paper fig. 5a: three beads slide on flower-shaped closed spline curve joints (joints/flower_wire.json) "
        "of a frame spinning at 1.2 rad/s about the vertical (a kinematically driven root), under gravity",
        {"gravity": [0.0, 0.0, -9.81], "dt": 0.005, "duration": 10.0, "integrator": "rk4"},
        bodies, forces={"joint_damping": 0.0005},
        initial={"q": {"bead0.s": 0.0, "bead1.s": period / 3.0, "bead2.s": 0.62 * period},
                 "qd": {"bead0.s": 2.5, "bead1.s": -1.5, "bead2.s": 0.5}},
        root={"spin": {"axis": [0.0, 0.0, 1.0], "rate": SPIN}})
    f.write_json(os.path.join(here, "beads.json"), doc)
    return period


def coast(rng):
    """a smooth random closed curve on the unit sphere: a wobbly circle of angular radius ρ(φ) about a random
    centre, ρ = ρ0 (1 + Σ_k a_k cos(kφ + b_k)) with a_k falling off like coastline harmonics."""
    lat, lon = rng.uniform(-0.9, 0.9), rng.uniform(-math.pi, math.pi)
    c = [math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat)]
    e1 = g.perpendicular(c)
    e2 = g.cross(c, e1)
    rho0 = rng.uniform(0.3, 0.5)
    harmonics = [(k, rng.uniform(0.08, 0.22) / k ** 0.8, rng.uniform(0.0, 2.0 * math.pi)) for k in range(2, 8)]

    def point(phi):
        rho = rho0 * (1.0 + sum(a * math.cos(k * phi + b) for k, a, b in harmonics))
        d = g.add(g.scale(e1, math.cos(phi)), g.scale(e2, math.sin(phi)))
        return g.add(g.scale(c, math.cos(rho)), g.scale(d, math.sin(rho)))
    return point


def coast_frames(point, radius):
    frames = []
    for i in range(COAST_FRAMES):
        phi = 2.0 * math.pi * i / COAST_FRAMES
        n = g.unit(point(phi))
        t = g.sub(point(phi + 1e-6), point(phi - 1e-6))
        x = g.unit(g.sub(t, g.scale(n, g.dot(t, n))))  # tangent to the coast, in the tangent plane
        frames.append((f.from_columns(x, g.cross(n, x), n), g.scale(n, radius)))
    return frames


def toy_plane():
    # a blunt fuselage along x, nose at +x
    m = g.lathe([-0.05, 0.0, 0.0], [0.06, 0.0, 0.0], lambda s: 0.011 * math.sqrt(1.0 - (2.0 * s - 1.0) ** 4),
                rings=16, segments=12)
    m.union(g.box([0.008, 0.0, 0.0], [0.012, 0.065, 0.002]))     # wings
    m.union(g.box([-0.042, 0.0, 0.0], [0.007, 0.025, 0.0015]))   # tailplane
    m.union(g.box([-0.042, 0.0, 0.012], [0.007, 0.0015, 0.012]))  # fin
    return m


def globe(here):
    rng = random.Random(20085)
    colours = ["amber", "blue", "green", "red"]
    coast_mesh = g.sphere([0.0, 0.0, 0.0], GLOBE_R, 32, 48)
    bodies = [{"name": "globe", "joint": {"kind": "fixed", "dof": 0, "coordinates": []},
               "mesh": {"file": "meshes/globe.obj", "density": 300.0}}]
    initial = {}
    for k, name in enumerate(colours):
        point = coast(rng)
        frames = coast_frames(point, GLOBE_R + ALTITUDE)
        joint = f.closed_curve_joint(frames, "s", "globe demo: coastline %d, a smooth random closed curve %.2f m "
                                     "above a %.2f m globe, %d control frames (z along the sphere normal, x tangent "
                                     "to the coast)." % (k, ALTITUDE, GLOBE_R, COAST_FRAMES))
        f.write_json(os.path.join(here, "joints", "coast%d.json" % k), joint)
        pts = [g.scale(g.unit(point(2.0 * math.pi * i / 160)), GLOBE_R) for i in range(160)]
        coast_mesh.union(g.tube(pts, 0.005, lambda i, pts=pts: pts[i], 6))
        bodies.append({"name": "plane_" + name, "parent": "globe", "joint": "joints/coast%d.json" % k,
                       "mesh": {"file": "meshes/toy_plane.obj", "density": 150.0}})
        # a cubic b-spline passes nearest control frame i at its greville abscissa, (i − 1) h here
        facing = max(range(COAST_FRAMES), key=lambda i: g.dot(f.apply(f.rx(TILT), frames[i][1]), EYE))
        period = joint["coordinates"][0]["max"]
        initial["plane_%s.s" % name] = (facing - 1) % COAST_FRAMES * period / COAST_FRAMES
    coast_mesh.write_obj(os.path.join(here, "meshes", "globe.obj"), "globe demo: a sphere with coastline ridges")
    toy_plane().write_obj(os.path.join(here, "meshes", "toy_plane.obj"), "globe demo: a toy plane, nose +x")
    doc = f.scene(
        "paper fig. 5b: toy planes fly along coastline-like closed spline curve joints (joints/coast*.json) over "
        "a globe tilted 23.44 degrees and spinning at 0.4 rad/s (a kinematically driven root), under gravity",
        {"gravity": [0.0, 0.0, -9.81], "dt": 0.02, "duration": 10.0, "integrator": "rk4"},
        bodies, forces={"joint_damping": 0.0002}, initial={"q": initial},
        root={"pose": f.transform(f.rx(TILT), GLOBE_CENTRE),
              "spin": {"axis": [0.0, 0.0, 1.0], "rate": GLOBE_SPIN}})
    f.write_json(os.path.join(here, "globe.json"), doc)


def generate(here):
    period = beads(here)
    globe(here)
    return "flower wire period %.6f m\n" % period
