#include "ui/viewport/surface_scene.hpp"

#include <Eigen/Geometry>
#include <algorithm>

#include "core/joints/spline_surface_joint.hpp"
#include "core/spline/basis.hpp"
#include "ui/document/joint_model.hpp"
#include "ui/viewport/line_builder.hpp"

namespace js::ui {

std::vector<int> driven_coordinates(const DocumentData& d, const Joint& j) {
  std::vector<int> out;
  const Body* child = d.body(j.child);
  if (!child || !j.model || !child->scene_keys.is_object() || !child->scene_keys.contains("drive")) return out;
  const nlohmann::json& drive = child->scene_keys["drive"];
  if (!drive.is_array()) return out;
  const auto& coords = j.model->coordinates();
  for (const nlohmann::json& entry : drive) {
    if (!entry.is_object() || !entry.contains("coordinate") || !entry["coordinate"].is_string()) continue;
    const std::string name = entry["coordinate"].get<std::string>();
    for (std::size_t i = 0; i < coords.size(); ++i)
      if (coords[i].name == name) out.push_back(static_cast<int>(i));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::shared_ptr<const JointModel> slice_spline_surface(const JointModel& model, int fixed, double value) {
  const auto* s = dynamic_cast<const SplineSurfaceJoint*>(&model);
  if (!s || s->knots().size() != 3 || fixed < 0 || fixed > 2) return nullptr;
  const auto& knots = s->knots();
  const spline::KnotVector& kf = knots[static_cast<std::size_t>(fixed)];
  // the fixed axis' basis at value as the joint evaluates it: open axes continue their end pieces
  spline::BasisValues bv;
  if (!kf.periodic() && value < kf.q_min())
    spline::evaluate_basis_in_span(kf, kf.find_span(kf.q_min()), value, bv);
  else if (!kf.periodic() && value > kf.q_max())
    spline::evaluate_basis_in_span(kf, kf.find_span(kf.q_max()), value, bv);
  else
    spline::evaluate_basis(kf, value, bv);
  std::vector<double> weight(static_cast<std::size_t>(kf.num_control()), 0.0);
  for (int r = 0; r < bv.order; ++r)
    weight[static_cast<std::size_t>(kf.control_index(bv.first_index() + r))] += bv.value[static_cast<std::size_t>(r)];

  // φ_j(q) = Σ B_a B_b B_c P_abc = Σ B_a B_b (Σ_c B_c(value) P_abc) with the fixed axis contracted (row-major,
  // the last axis fastest, before and after)
  const int n[3] = {knots[0].num_control(), knots[1].num_control(), knots[2].num_control()};
  std::vector<spline::KnotVector> kept;
  std::vector<std::string> names;
  for (int d = 0; d < 3; ++d)
    if (d != fixed) {
      kept.push_back(knots[static_cast<std::size_t>(d)]);
      names.push_back(model.coordinates()[static_cast<std::size_t>(d)].name);
    }
  const int kept_inner = kept[1].num_control();
  std::array<std::vector<double>, 6> coefficients;
  for (std::size_t j = 0; j < 6; ++j) {
    const std::vector<double>& p = s->coefficients()[j];
    coefficients[j].assign(static_cast<std::size_t>(kept[0].num_control() * kept_inner), 0.0);
    for (int a = 0; a < n[0]; ++a)
      for (int b = 0; b < n[1]; ++b)
        for (int c = 0; c < n[2]; ++c) {
          const int idx[3] = {a, b, c};
          const double w = weight[static_cast<std::size_t>(idx[fixed])];
          if (w == 0.0) continue;
          const int k0 = idx[fixed == 0 ? 1 : 0], k1 = idx[fixed == 2 ? 1 : 2];
          const auto from = static_cast<std::size_t>((a * n[1] + b) * n[2] + c);
          coefficients[j][static_cast<std::size_t>(k0 * kept_inner + k1)] += w * p[from];
        }
  }
  auto out =
      std::make_shared<SplineSurfaceJoint>(s->base(), std::move(kept), std::move(coefficients), s->basis(), names);
  out->set_offsets(s->parent_T_joint(), s->moving_T_child());
  for (int d = 0, k = 0; d < 3; ++d)
    if (d != fixed) {
      out->coordinates()[static_cast<std::size_t>(k)].min = model.coordinates()[static_cast<std::size_t>(d)].min;
      out->coordinates()[static_cast<std::size_t>(k++)].max = model.coordinates()[static_cast<std::size_t>(d)].max;
    }
  return out;
}

std::shared_ptr<const MeshData> build_driven_surface(const DocumentData& d, const Joint& j, const MeshData* child_mesh,
                                                     const Vec3& up_in_parent, int segments) {
  if (!j.model || segments < 1 || j.q.size() != j.model->dof()) return nullptr;
  const JointModel& model = *j.model;
  const std::vector<int> driven = driven_coordinates(d, j);
  std::vector<int> free;
  for (int i = 0; i < model.dof(); ++i)
    if (!std::binary_search(driven.begin(), driven.end(), i)) free.push_back(i);
  if (driven.empty() || free.size() != 2) return nullptr;
  double lo[2], hi[2];
  for (int k = 0; k < 2; ++k) coordinate_range(j, free[static_cast<std::size_t>(k)], lo[k], hi[k]);

  // a spline surface with one coordinate driven evaluates as the 2-dof slice at its value: the same G and S
  // columns at a quarter of the cost (64 → 16 control values per point)
  const std::shared_ptr<const JointModel> slice =
      driven.size() == 1 ? slice_spline_surface(model, driven[0], j.q[driven[0]]) : nullptr;
  const JointModel& eval = slice ? *slice : model;
  Eigen::VectorXd q = slice ? Eigen::VectorXd(Eigen::Vector2d::Zero()) : Eigen::VectorXd(j.q);
  const int fa = slice ? 0 : free[0], fb = slice ? 1 : free[1];
  JointData data(eval.dof());

  // the traced point, and how far the child reaches below it posed at the middle of the free ranges (so the
  // surface depends on nothing but the driven q)
  const Vec3 c = child_mesh ? Vec3(child_mesh->centre().cast<double>()) : Vec3::Zero();
  double h = 0.0;
  if (child_mesh) {
    q[fa] = 0.5 * (lo[0] + hi[0]);
    q[fb] = 0.5 * (lo[1] + hi[1]);
    eval.evaluate(q, data, EvalLevel::Transform);
    const Eigen::Vector3f down = (data.G.R.transpose() * -up_in_parent).cast<float>();
    const Eigen::Vector3f cf = c.cast<float>();
    for (const Eigen::Vector3f& v : child_mesh->positions) h = std::max(h, static_cast<double>((v - cf).dot(down)));
  }

  auto mesh = std::make_shared<MeshData>();
  const int n = segments + 1;
  mesh->positions.resize(static_cast<std::size_t>(n * n));
  mesh->normals.resize(mesh->positions.size());
  for (int a = 0; a < n; ++a) {
    q[fa] = lo[0] + (hi[0] - lo[0]) * a / segments;
    for (int b = 0; b < n; ++b) {
      q[fb] = lo[1] + (hi[1] - lo[1]) * b / segments;
      eval.evaluate(q, data, EvalLevel::Jacobian);
      // ∂(G c)/∂q_i = R (ω_i × c + v_i) for the body-frame column s_i = [ω_i; v_i] (eq. 13)
      const Vec3 du = data.G.R * (data.S.col(fa).head<3>().cross(c) + data.S.col(fa).tail<3>());
      const Vec3 dv = data.G.R * (data.S.col(fb).head<3>().cross(c) + data.S.col(fb).tail<3>());
      Vec3 normal = du.cross(dv);
      const double len = normal.norm();
      normal = len > 1e-12 ? Vec3(normal / len) : up_in_parent;
      if (normal.dot(up_in_parent) < 0.0) normal = -normal;
      const auto i = static_cast<std::size_t>(a * n + b);
      mesh->positions[i] = (data.G.act(c) - h * normal).cast<float>();
      mesh->normals[i] = normal.cast<float>();
    }
  }
  mesh->indices.reserve(static_cast<std::size_t>(6 * segments * segments));
  for (int a = 0; a < segments; ++a)
    for (int b = 0; b < segments; ++b) {
      const auto i = static_cast<std::uint32_t>(a * n + b), right = i + static_cast<std::uint32_t>(n);
      mesh->indices.insert(mesh->indices.end(), {i, right, i + 1, i + 1, right, right + 1});
    }
  mesh->update_bounds();
  return mesh;
}

std::shared_ptr<const MeshData> DrivenSurfaceCache::surface(const DocumentData& d, const Joint& j,
                                                            const std::shared_ptr<const MeshData>& child_mesh,
                                                            const Vec3& up_in_parent) {
  const std::vector<int> driven = driven_coordinates(d, j);
  Eigen::VectorXd driven_q(static_cast<Eigen::Index>(driven.size()));
  for (std::size_t k = 0; k < driven.size(); ++k)
    driven_q[static_cast<Eigen::Index>(k)] = driven[k] < j.q.size() ? j.q[driven[k]] : 0.0;
  // the drawn ranges too: a coordinate without finite bounds takes its range from the samples, which change
  const int dof = j.model ? j.model->dof() : 0;
  Eigen::VectorXd ranges(2 * dof);
  for (int i = 0; i < dof; ++i) coordinate_range(j, i, ranges[2 * i], ranges[2 * i + 1]);
  Entry& e = entries_[j.id];
  e.used = true;
  if (e.mesh && e.model == j.model && e.child_mesh == child_mesh && e.driven_q.size() == driven_q.size() &&
      e.driven_q == driven_q && e.up == up_in_parent && e.ranges.size() == ranges.size() && e.ranges == ranges)
    return e.mesh;
  e.model = j.model;
  e.child_mesh = child_mesh;
  e.driven_q = driven_q;
  e.ranges = ranges;
  e.up = up_in_parent;
  e.mesh = build_driven_surface(d, j, child_mesh.get(), up_in_parent);
  ++rebuilds_;
  return e.mesh;
}

void DrivenSurfaceCache::prune() {
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (!it->second.used) {
      it = entries_.erase(it);
    } else {
      it->second.used = false;
      ++it;
    }
  }
}

namespace {

// every kWireStep-th grid line of a surface built with kSurfaceSegments, lifted off it along the normal so
// the depth test does not hide it: the lines read the wave where the shading alone is dark
constexpr int kWireStep = 4;
constexpr float kWireLift = 0.0015f;  // m

void append_surface_wires(const MeshData& m, const SE3& world_T_parent, std::vector<LineVertex>& lines) {
  constexpr int n = kSurfaceSegments + 1;
  if (m.positions.size() != static_cast<std::size_t>(n * n)) return;
  const Eigen::Vector4f colour(0.82f, 0.9f, 1.0f, 1.0f);
  auto at = [&](int a, int b) {
    const auto i = static_cast<std::size_t>(a * n + b);
    return world_T_parent.act((m.positions[i] + kWireLift * m.normals[i]).cast<double>());
  };
  for (int line = 0; line < n; line += kWireStep)
    for (int k = 1; k < n; ++k) {
      push_line(lines, at(line, k - 1), at(line, k), colour);
      push_line(lines, at(k - 1, line), at(k, line), colour);
    }
}

}  // namespace

void append_driven_surfaces(const DocumentData& d, MeshLibrary& meshes, const CameraState& cam,
                            DrivenSurfaceCache* cache, Scene& scene) {
  for (const Joint& j : d.joints) {
    if (!j.model || driven_coordinates(d, j).empty()) continue;
    const Body* child = d.body(j.child);
    const auto child_mesh = child ? meshes.mesh(*child) : nullptr;
    const SE3 world_T_parent = d.world_T_body(j.parent);
    const Vec3 up_in_parent = world_T_parent.R.transpose() * world_up(cam);
    auto mesh = cache ? cache->surface(d, j, child_mesh, up_in_parent)
                      : build_driven_surface(d, j, child_mesh.get(), up_in_parent);
    if (!mesh) continue;
    append_surface_wires(*mesh, world_T_parent, scene.lines);
    MeshItem item;
    item.mesh = std::move(mesh);
    item.world_T_mesh = world_T_parent.matrix().cast<float>();
    item.colour = Eigen::Vector4f(0.66f, 0.78f, 0.88f, 1.0f);
    item.role = MeshItem::Role::surface;
    item.body = j.child;
    scene.opaque.push_back(std::move(item));
  }
  if (cache) cache->prune();
}

}  // namespace js::ui
