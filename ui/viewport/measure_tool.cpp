#include "ui/viewport/measure_tool.hpp"

namespace js::ui {

void MeasureTool::set_active(bool on) {
  active_ = on;
  points_.clear();
}

void MeasureTool::add(const DocumentData& d, BodyId body, const Vec3& world_point) {
  if (!d.body(body)) return;
  if (points_.size() >= 2) points_.clear();
  points_.push_back({body, d.world_T_body(body).inverse().act(world_point)});
}

std::vector<Vec3> MeasureTool::world_points(const DocumentData& d) const {
  std::vector<Vec3> out;
  for (const Point& p : points_)
    if (d.body(p.body)) out.push_back(d.world_T_body(p.body).act(p.in_body));
  return out;
}

std::vector<BodyId> MeasureTool::bodies() const {
  std::vector<BodyId> out;
  for (const Point& p : points_) out.push_back(p.body);
  return out;
}

std::optional<double> MeasureTool::distance(const DocumentData& d) const {
  const std::vector<Vec3> w = world_points(d);
  if (w.size() != 2) return std::nullopt;
  return (w[1] - w[0]).norm();
}

}  // namespace js::ui
