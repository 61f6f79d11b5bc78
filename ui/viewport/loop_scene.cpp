#include "ui/viewport/loop_scene.hpp"

#include <algorithm>
#include <cstdio>

#include "core/dynamics/algorithms.hpp"
#include "core/dynamics/loop_solver.hpp"
#include "ui/joint/document_multibody.hpp"
#include "ui/viewport/line_builder.hpp"

namespace js::ui {

// heap-held and never moved: the solver references the loops inside mb.scene
struct DocumentLoops {
  DocumentMultibody mb;
  std::unique_ptr<MultibodyData> data;
  std::unique_ptr<LoopSolver> solver;
  std::vector<int> offsets;  // first row of each loop in the solver's δ
  // the document's models the key names by address, held so no new model can reuse one
  std::vector<std::shared_ptr<const JointModel>> held;
};

namespace {

bool keeps_loops(const DocumentData& d) {
  return d.scene_keys.is_object() && d.scene_keys.contains("loops") && d.scene_keys["loops"].is_array() &&
         !d.scene_keys["loops"].empty();
}

// everything the multibody's kinematics and loops are built from, q and masses aside: the kept loops, each
// body's names and place in the tree (its joint's model by address, a root's pose)
std::string structure_key(const DocumentData& d) {
  std::string key = d.scene_dir.toStdString() + '\n' + d.scene_keys["loops"].dump() + '\n';
  char number[32];
  for (const Body& b : d.bodies) {
    key += std::to_string(b.id) + (b.frame_only ? " f " : " b ") + b.name.toStdString() + '\n';
    if (b.scene_keys.is_object() && b.scene_keys.contains("name")) key += b.scene_keys["name"].dump() + '\n';
    if (const Joint* j = d.joint_of_child(b.id)) {
      std::snprintf(number, sizeof number, "%p", static_cast<const void*>(j->model.get()));
      key += "j " + std::to_string(j->parent) + ' ' + number + '\n';
      continue;
    }
    for (int k = 0; k < 12; ++k) {
      std::snprintf(number, sizeof number, "%a ", k < 9 ? b.pose.R(k / 3, k % 3) : b.pose.p[k - 9]);
      key += number;
    }
    key += '\n';
  }
  return key;
}

std::unique_ptr<DocumentLoops> build_loops(const DocumentData& d) {
  auto out = std::make_unique<DocumentLoops>();
  // a joint without a model yet (a spline before its fit) has no place in a scene: its child is taken as
  // fixed where it stands, so the loops stay drawn while the user builds it
  DocumentData fixed;
  const DocumentData* source = &d;
  if (std::any_of(d.joints.begin(), d.joints.end(), [](const Joint& j) { return !j.model; })) {
    fixed = d;
    for (const Joint& j : d.joints)
      if (!j.model)
        if (Body* child = fixed.body(j.child)) child->pose = d.world_T_body(j.child);
    std::erase_if(fixed.joints, [](const Joint& j) { return !j.model; });
    source = &fixed;
  }
  if (!build_document_multibody(*source, out->mb).isEmpty() || out->mb.scene.loops.empty()) return nullptr;
  out->data = std::make_unique<MultibodyData>(out->mb.scene.model);
  out->solver = std::make_unique<LoopSolver>(out->mb.scene.model, out->mb.scene.loops);
  for (int i = 0, r = 0; i < out->mb.scene.loops.num_loops(); r += out->mb.scene.loops.rows(i++)) out->offsets.push_back(r);
  for (const Joint& j : d.joints) out->held.push_back(j.model);
  return out;
}

// the loop's frames from the document's own body poses, and its error from the core at the document's q
void append_loops(const DocumentData& d, const CameraState& cam, DocumentLoops& L, Scene& scene) {
  const MultibodyModel& model = L.mb.scene.model;
  const Eigen::VectorXd q = L.mb.q_of(d);
  forward_kinematics(model, *L.data, 0.0, q, Eigen::VectorXd::Zero(model.nq()), Eigen::VectorXd(),
                     KinematicsLevel::Velocity);
  L.solver->measure(model, *L.data, q, Eigen::VectorXd::Zero(model.nq()));
  const auto body_id = [&](int scene_body) {
    return scene_body >= 0 ? L.mb.bodies[static_cast<std::size_t>(scene_body)] : L.mb.root_frame;
  };
  const auto world_T = [&](BodyId id) { return id ? d.world_T_body(id) : SE3::identity(); };

  const double size = 0.04 * cam.distance;  // triad length, m
  const Eigen::Vector4f closed(0.25f, 0.9f, 1.0f, 1.0f), open(1.0f, 0.2f, 0.2f, 1.0f);
  const LoopSet& loops = L.mb.scene.loops;
  for (int i = 0; i < loops.num_loops(); ++i) {
    const LoopConstraint& loop = loops.loop(i);
    const LoopData& ld = L.solver->loop_data()[static_cast<std::size_t>(i)];
    LoopOverlay o;
    o.name = loop.name;
    o.body_a = body_id(loop.body_a);
    o.body_b = body_id(loop.body_b);
    const SE3 world_T_a = world_T(o.body_a), world_T_b = world_T(o.body_b);
    const SE3 child_T_moving = loop.joint->moving_T_child().inverse();
    o.world_T_frame_a = world_T_a * loop.joint->parent_T_joint();
    o.world_T_frame_b = world_T_b * child_T_moving;
    // ld.joint.G = parent_T_child(s*), offsets included: where b would be on the loop joint's motion
    o.world_T_target = world_T_a * ld.joint.G * child_T_moving;
    o.error = L.solver->delta().segment(L.offsets[static_cast<std::size_t>(i)], ld.rows).norm();
    o.open = o.error > kLoopGapTolerance;

    const Eigen::Vector4f& c = o.open ? open : closed;
    append_triad(scene.overlay, o.world_T_frame_a, size, 1.0f);
    append_triad(scene.overlay, o.world_T_frame_b, size, 1.0f);
    // the star: an octahedron's edges round the point the loop holds b's frame to
    const Vec3& t = o.world_T_target.p;
    const double r = 0.3 * size;
    for (int a = 0; a < 3; ++a)
      for (int b = a + 1; b < 3; ++b)
        for (double sa : {-r, r})
          for (double sb : {-r, r}) push_line(scene.overlay, t + sa * Vec3::Unit(a), t + sb * Vec3::Unit(b), c);
    // the gap (zero while closed), and for a loop joint with a motion of its own the arm from a's frame
    push_line(scene.overlay, t, o.world_T_frame_b.p, c);
    if ((t - o.world_T_frame_a.p).norm() > kLoopGapTolerance)
      push_line(scene.overlay, o.world_T_frame_a.p, t, Eigen::Vector4f(c.x(), c.y(), c.z(), 0.5f));
    scene.loops.push_back(std::move(o));
  }
}

}  // namespace

LoopSceneCache::LoopSceneCache() = default;
LoopSceneCache::~LoopSceneCache() = default;

DocumentLoops* LoopSceneCache::loops(const DocumentData& d) {
  if (!keeps_loops(d)) {
    key_.clear();
    loops_.reset();
    return nullptr;
  }
  std::string key = structure_key(d);
  if (key != key_) {
    key_ = std::move(key);
    loops_ = build_loops(d);
    ++rebuilds_;
  }
  return loops_.get();
}

void append_loop_closures(const DocumentData& d, const CameraState& cam, LoopSceneCache* cache, Scene& scene) {
  if (!keeps_loops(d)) return;
  if (cache) {
    if (DocumentLoops* L = cache->loops(d)) append_loops(d, cam, *L, scene);
    return;
  }
  if (const auto L = build_loops(d)) append_loops(d, cam, *L, scene);
}

}  // namespace js::ui
