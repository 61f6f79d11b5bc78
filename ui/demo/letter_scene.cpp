#include "ui/demo/letter_scene.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/io/joint_file.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/natural_parameterization.hpp"
#include "core/joints/series_joint.hpp"

namespace js::ui {

namespace {

using nlohmann::ordered_json;

// the contour's point at arc length s (wrapping), with cumulative edge lengths len (len[0] = 0, size m + 1).
Vec2 point_at(const std::vector<Vec2>& c, const std::vector<double>& len, double s) {
  const double total = len.back();
  s = std::fmod(s, total);
  if (s < 0.0) s += total;
  std::size_t i = 0;
  while (i + 1 < len.size() - 1 && len[i + 1] <= s) ++i;
  const double t = (s - len[i]) / (len[i + 1] - len[i]);
  return (1.0 - t) * c[i] + t * c[(i + 1) % c.size()];
}

SE3 frame_at(const Vec2& p, const Vec2& tangent) {
  const Vec2 t = tangent.normalized();
  SE3 F;
  F.R.col(0) = Vec3(t.y(), -t.x(), 0.0);  // outward normal: right of a counter-clockwise tangent
  F.R.col(1) = Vec3(t.x(), t.y(), 0.0);
  F.R.col(2) = Vec3::UnitZ();
  F.p = Vec3(p.x(), p.y(), 0.0);
  return F;
}

// F: the child faces the parent (normals and tangents opposite, depth axes shared).
SE3 facing() { return SE3::rotation(Vec3(-1.0, -1.0, 1.0).asDiagonal()); }

// the frame whose outward normal is nearest side (±1 along x) near the letter's mid height.
const SE3& side_frame(const std::vector<SE3>& frames, double side, double height) {
  const SE3* best = &frames.front();
  double best_score = -std::numeric_limits<double>::infinity();
  for (const SE3& F : frames) {
    const double score = side * F.R(0, 0) - 2.0 * std::abs(F.p.y()) / height;
    if (score > best_score) best_score = score, best = &F;
  }
  return *best;
}

Vec3 origin(const SE3& G, bool inverse) { return inverse ? G.inverse().p : G.p; }

std::unique_ptr<JointModel> slide(const Vec3& axis, const std::string& name, double limit) {
  auto p = std::make_unique<PrismaticJoint>(axis);
  p->coordinates()[0] = Coordinate{name, -limit, limit, false};
  return p;
}

ordered_json inline_joint(const JointModel& joint) {
  ordered_json doc = io::joint_to_json(joint);
  doc.erase("format");  // inline joints may leave out the header (docs/scene-file.md)
  doc.erase("version");
  return doc;
}

}  // namespace

std::vector<SE3> outline_frames(const std::vector<Vec2>& contour, int count, double window) {
  std::vector<double> len{0.0};
  for (std::size_t i = 0; i < contour.size(); ++i) {
    len.push_back(len.back() + (contour[(i + 1) % contour.size()] - contour[i]).norm());
  }
  const double h = len.back() / count;
  const double w = std::max(h, window);
  std::vector<SE3> frames;
  for (int k = 0; k < count; ++k) {
    const double s = h * k;
    frames.push_back(frame_at(point_at(contour, len, s), point_at(contour, len, s + 0.5 * w) -
                                                             point_at(contour, len, s - 0.5 * w)));
  }
  return frames;
}

SplineCurveJoint outline_curve(const std::vector<SE3>& frames, const std::string& coordinate) {
  return make_natural_spline_curve(frames, 4, true, 1.0, coordinate);
}

double nearest_parameter(const SplineCurveJoint& curve, const Vec3& point, bool inverse) {
  JointData d(1);
  double best = curve.q_min(), best_distance = std::numeric_limits<double>::infinity();
  const int n = 4000;
  for (int i = 0; i < n; ++i) {
    const double q = curve.q_min() + (curve.q_max() - curve.q_min()) * i / n;
    curve.evaluate(JointVector::Constant(1, q), d, EvalLevel::Transform);
    const double distance = (origin(d.G, inverse) - point).norm();
    if (distance < best_distance) best_distance = distance, best = q;
  }
  return best;
}

double polygon_distance(const Vec2& x, const std::vector<Vec2>& contour) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < contour.size(); ++i) {
    const Vec2& a = contour[i];
    const Vec2 ab = contour[(i + 1) % contour.size()] - a;
    const double t = std::clamp((x - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
    best = std::min(best, (a + t * ab - x).norm());
  }
  return best;
}

double curve_outline_error(const SplineCurveJoint& curve, const std::vector<Vec2>& contour, bool inverse) {
  JointData d(1);
  double worst = 0.0;
  const int n = 2000;
  for (int i = 0; i < n; ++i) {
    const double q = curve.q_min() + (curve.q_max() - curve.q_min()) * i / n;
    curve.evaluate(JointVector::Constant(1, q), d, EvalLevel::Transform);
    const Vec3 p = origin(d.G, inverse);
    worst = std::max(worst, std::max(std::abs(p.z()), polygon_distance(p.head<2>(), contour)));
  }
  return worst;
}

ordered_json letters_scene(const std::vector<LetterOutline>& letters, const std::vector<std::string>& names,
                           const std::vector<std::string>& mesh_files, const LetterChainOptions& options,
                           std::vector<double>* fit_errors) {
  if (letters.size() < 2 || names.size() != letters.size() || mesh_files.size() != letters.size()) {
    throw std::invalid_argument("letters scene: need two or more letters, each with a name and a mesh file");
  }
  const double limit = 0.45 * options.depth;  // the contact stays on the side wall, off its edges
  ordered_json bodies = ordered_json::array();
  ordered_json q0 = ordered_json::object();
  for (std::size_t i = 0; i < letters.size(); ++i) {
    ordered_json body;
    body["name"] = names[i];
    if (i == 0) {
      // the first letter hangs fixed from the root
      body["joint"] = inline_joint(FixedJoint());
    } else {
      const LetterOutline& parent = letters[i - 1];
      const LetterOutline& child = letters[i];
      const auto& parent_contour = parent.contours[static_cast<std::size_t>(parent.outer)];
      const auto& child_contour = child.contours[static_cast<std::size_t>(child.outer)];
      const std::vector<SE3> parent_frames = outline_frames(parent_contour, options.frames, options.corner);
      const std::vector<SE3> child_frames = outline_frames(child_contour, options.frames, options.corner);
      // at rest the child's left side touches the parent's right side, both near mid height
      const SE3& P = side_frame(parent_frames, 1.0, parent.height);
      const SE3& K = side_frame(child_frames, -1.0, child.height);

      SplineCurveJoint around = outline_curve(parent_frames, "around");
      const double u0 = nearest_parameter(around, P.p, false);
      double error = curve_outline_error(around, parent_contour, false);
      auto on_parent = std::make_unique<SeriesJoint>(slide(Vec3::UnitZ(), "depth", limit),
                                                     std::make_unique<SplineCurveJoint>(std::move(around)));
      q0[names[i] + ".depth"] = 0.0;
      q0[names[i] + ".around"] = u0;
      std::unique_ptr<JointModel> joint;
      if (!options.both_surfaces) {
        on_parent->set_offsets(SE3::identity(), facing() * K.inverse());
        joint = std::move(on_parent);
      } else {
        // paper §7: the second curve through the inverse control frames of the child's own outline
        std::vector<SE3> inverse_frames;
        inverse_frames.reserve(child_frames.size());
        for (const SE3& F : child_frames) inverse_frames.push_back(F.inverse());
        SplineCurveJoint own = outline_curve(inverse_frames, "around_own");
        const double w0 = nearest_parameter(own, K.p, true);
        error = std::max(error, curve_outline_error(own, child_contour, true));
        on_parent->set_offsets(SE3::identity(), facing());
        // one depth slide only: a second one across the child's depth would move it the same way (S singular)
        joint = std::make_unique<SeriesJoint>(std::move(on_parent), std::make_unique<SplineCurveJoint>(std::move(own)));
        q0[names[i] + ".around_own"] = w0;
      }
      if (fit_errors != nullptr) fit_errors->push_back(error);
      body["parent"] = names[i - 1];
      body["joint"] = inline_joint(*joint);
    }
    body["mesh"] = ordered_json{{"file", mesh_files[i]}, {"density", options.density}};
    bodies.push_back(std::move(body));
  }

  ordered_json scene;
  scene["format"] = "jointsmith.scene";
  scene["version"] = 1;
  scene["description"] = std::string("letters chain (paper fig. 5c): each letter slides on ") +
                         (options.both_surfaces ? "its parent's surface and on its own (two spline curves in series)"
                                                : "its parent's surface") +
                         "; generated by jointsmith-make-letters";
  scene["settings"] = ordered_json{{"gravity", {0.0, 0.0, -9.81}},
                                   {"dt", options.dt},
                                   {"duration", options.duration},
                                   {"integrator", options.integrator}};
  // letters stand in the world x–z plane: letter y is world z, letter depth is world −y
  scene["root"] = ordered_json{{"pose", {{"rotation", {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}}, {"translation", {0, 0, 1}}}}};
  scene["bodies"] = std::move(bodies);
  scene["initial_state"] = ordered_json{{"q", std::move(q0)}};
  return scene;
}

}  // namespace js::ui
