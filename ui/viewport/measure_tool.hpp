// the distance tool: two points picked on the bodies' meshes and the distance between them. the points are kept
// in their bodies' frames, so the line follows the bones when a joint moves. a third pick starts a new measurement.
#pragma once

#include <optional>
#include <vector>

#include "ui/document/document_data.hpp"

namespace js::ui {

class MeasureTool {
 public:
  bool active() const { return active_; }
  // on: picks measure; off: forgets the points
  void set_active(bool on);
  // a point on body `body` at world_point (a pick's hit): the first, then the second, then the first of a new pair
  void add(const DocumentData& d, BodyId body, const Vec3& world_point);
  int count() const { return static_cast<int>(points_.size()); }
  // the points in the world now (a deleted body's point is gone)
  std::vector<Vec3> world_points(const DocumentData& d) const;
  // the bodies the points are on
  std::vector<BodyId> bodies() const;
  // between the two points (m), once both are picked
  std::optional<double> distance(const DocumentData& d) const;

 private:
  struct Point {
    BodyId body = 0;
    Vec3 in_body = Vec3::Zero();
  };
  bool active_ = false;
  std::vector<Point> points_;
};

}  // namespace js::ui
