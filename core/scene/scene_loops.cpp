#include "core/scene/scene_loops.hpp"

#include <string>

#include "core/joints/lower_pairs.hpp"

namespace js::scene {

namespace {

using io::ErrorKind;
using io::JsonCursor;

int loop_body(const MultibodyModel& model, const JsonCursor& l, const char* key, bool allow_world) {
  if (!l.has(key) || l.at(key).json().is_null()) {
    if (!allow_world) l.fail(ErrorKind::MissingField, std::string("a loop needs \"") + key + "\"");
    return -1;
  }
  const JsonCursor c = l.at(key);
  const int i = model.find_body(c.string());
  if (i < 0) c.fail(ErrorKind::InvalidValue, "no body \"" + c.string() + "\"");
  return i;
}

unsigned read_axes(const JsonCursor& a) {
  static const char* const names[6] = {"rx", "ry", "rz", "x", "y", "z"};
  unsigned mask = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const JsonCursor e = a.element(i);
    const std::string name = e.string();
    int k = 0;
    while (k < 6 && name != names[k]) ++k;
    if (k == 6) e.fail(ErrorKind::InvalidValue, "unknown axis \"" + name + "\" (known: rx, ry, rz, x, y, z)");
    mask |= 1u << k;
  }
  if (mask == 0) a.fail(ErrorKind::InvalidValue, "axes is empty");
  return mask;
}

double non_negative(const JsonCursor& c, const char* what) {
  const double x = c.number();
  if (x < 0.0) c.fail(ErrorKind::InvalidValue, std::string(what) + " must be ≥ 0");
  return x;
}

// a loop of kind "rolling": a no-slip contact (core/dynamics/rolling_contact.hpp), not a loop joint.
void read_rolling(const JsonCursor& l, std::size_t i, const MultibodyModel& model, LoopSet& loops) {
  l.expect_only_keys({"name", "kind", "body_a", "body_b", "contact_body", "contact_frame", "axes", "stabilization"});
  RollingContact c;
  c.name = l.has("name") ? l.at("name").string() : "loop" + std::to_string(i);
  c.body_a = loop_body(model, l, "body_a", true);
  c.body_b = loop_body(model, l, "body_b", false);
  c.frame_body = loop_body(model, l, "contact_body", true);
  if (l.has("contact_frame")) c.frame_T_contact = l.at("contact_frame").transform();
  if (l.has("axes")) c.axes = read_axes(l.at("axes"));
  if (l.has("stabilization")) c.stabilization = non_negative(l.at("stabilization"), "stabilization");
  try {
    loops.add_rolling(model, std::move(c));
  } catch (const std::invalid_argument& e) {
    l.fail(ErrorKind::InvalidValue, e.what());
  }
}

}  // namespace

void read_loops(const JsonCursor& a, const MultibodyModel& model, const JointReader& read_joint, LoopSet& loops) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    const JsonCursor l = a.element(i);
    if (l.has("kind") && l.at("kind").json().is_string() && l.at("kind").string() == "rolling") {
      read_rolling(l, i, model, loops);
      continue;
    }
    l.expect_only_keys({"name", "kind", "body_a", "body_b", "frame_a", "frame_b", "joint", "joint_offsets", "axes",
                        "compliance", "damping", "stabilization"});
    LoopConstraint loop;
    loop.name = l.has("name") ? l.at("name").string() : "loop" + std::to_string(i);
    loop.body_a = loop_body(model, l, "body_a", true);
    loop.body_b = loop_body(model, l, "body_b", false);
    const JsonCursor kind = l.at("kind");
    std::unique_ptr<JointModel> joint;
    if (kind.string() == "joint") {
      if (l.has("frame_a") || l.has("frame_b")) {
        l.fail(ErrorKind::InvalidValue, "a \"joint\" loop places its joint with \"joint_offsets\", not frame_a/frame_b");
      }
      joint = read_joint(l.at("joint"));
      if (l.has("joint_offsets")) {
        const JsonCursor o = l.at("joint_offsets");
        o.expect_only_keys({"parent_T_joint", "moving_T_child"});
        joint->set_offsets(o.has("parent_T_joint") ? o.at("parent_T_joint").transform() : joint->parent_T_joint(),
                           o.has("moving_T_child") ? o.at("moving_T_child").transform() : joint->moving_T_child());
      }
    } else {
      if (l.has("joint") || l.has("joint_offsets")) {
        l.fail(ErrorKind::InvalidValue, "only a loop of kind \"joint\" takes \"joint\"/\"joint_offsets\"");
      }
      // point: the frames' origins coincide; weld: the frames coincide; revolute: they share the z axis
      if (kind.string() == "point") {
        joint = std::make_unique<SphericalJoint>();
      } else if (kind.string() == "weld") {
        joint = std::make_unique<FixedJoint>();
      } else if (kind.string() == "revolute") {
        joint = std::make_unique<RevoluteJoint>(Vec3::UnitZ());
      } else {
        kind.fail(ErrorKind::InvalidValue, "unknown loop kind \"" + kind.string() + "\" (known: point, weld, revolute, joint, rolling)");
      }
      const SE3 a_T_frame = l.has("frame_a") ? l.at("frame_a").transform() : SE3();
      const SE3 b_T_frame = l.has("frame_b") ? l.at("frame_b").transform() : SE3();
      joint->set_offsets(a_T_frame, b_T_frame.inverse());
    }
    loop.joint = std::move(joint);
    if (l.has("axes")) loop.axes = read_axes(l.at("axes"));
    if (l.has("compliance")) loop.compliance = non_negative(l.at("compliance"), "compliance");
    if (l.has("stabilization")) loop.stabilization = non_negative(l.at("stabilization"), "stabilization");
    if (l.has("damping")) {
      const JsonCursor d = l.at("damping");
      if (d.json().is_string()) {
        if (d.string() != "critical") d.fail(ErrorKind::InvalidValue, "damping is a number or \"critical\"");
        if (!(loop.compliance > 0.0)) d.fail(ErrorKind::InvalidValue, "critical damping needs a compliance > 0");
        // eq. 3.24 with ζ = 1 and the total mass of the bodies the loop joins
        double mass = model.body(loop.body_b).inertia.mass;
        if (loop.body_a >= 0) mass += model.body(loop.body_a).inertia.mass;
        loop.damping = critical_damping(loop.compliance, mass);
      } else {
        loop.damping = non_negative(d, "damping");
      }
    }
    try {
      loops.add(model, std::move(loop));
    } catch (const std::invalid_argument& e) {
      l.fail(ErrorKind::InvalidValue, e.what());
    }
  }
}

}  // namespace js::scene
