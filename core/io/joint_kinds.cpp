#include "core/io/joint_kinds.hpp"

#include "core/io/axis_function_json.hpp"

#include <stdexcept>
#include <string>

#include "core/joints/custom_axes_joint.hpp"
#include "core/joints/elliptic_joint.hpp"
#include "core/joints/ellipsoid_joint.hpp"
#include "core/joints/lower_pairs.hpp"
#include "core/joints/restricted_joint.hpp"
#include "core/joints/series_joint.hpp"
#include "core/joints/spline_curve_joint.hpp"
#include "core/joints/spline_surface_joint.hpp"
#include "core/spline/knots.hpp"

namespace js::io::detail {

namespace {

using nlohmann::ordered_json;

ordered_json vec_to_json(const Eigen::Ref<const Eigen::VectorXd>& v) {
  ordered_json a = ordered_json::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) a.push_back(v[i]);
  return a;
}

// a direction: any finite non-zero vector (the joint normalizes it).
Vec3 read_axis(const JsonCursor& c) {
  Vec3 a = c.vec3();
  if (!(a.norm() > 1e-12)) c.fail(ErrorKind::InvalidValue, "must be a non-zero vector");
  return a;
}

double read_positive(const JsonCursor& c) {
  const double v = c.number();
  if (!(v > 0.0)) c.fail(ErrorKind::InvalidValue, "must be > 0, got " + c.json().dump());
  return v;
}

int read_order(const JsonCursor& c) {
  const int k = c.integer();
  if (k < 2 || k > spline::kMaxOrder) {
    c.fail(ErrorKind::InvalidValue,
           "order " + std::to_string(k) + " out of range (2 to " + std::to_string(spline::kMaxOrder) + ")");
  }
  return k;
}

// knots as numbers, non-decreasing; the first decrease is reported at its index.
std::vector<double> read_knots(const JsonCursor& c) {
  std::vector<double> t = c.numbers();
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (t[i] < t[i - 1]) {
      c.element(i).fail(ErrorKind::BadKnots, "knots not non-decreasing (" + c.element(i).json().dump() + " after " +
                                            c.element(i - 1).json().dump() + ")");
    }
  }
  return t;
}

// the knot vector's own checks (empty end spans, full multiplicity, periodic extension) as BadKnots.
spline::KnotVector make_knots(const JsonCursor& at, int num_control, int order, std::vector<double> knots,
                              bool periodic) {
  try {
    return spline::KnotVector(num_control, order, std::move(knots), periodic);
  } catch (const std::invalid_argument& e) {
    at.fail(ErrorKind::BadKnots, e.what());
  }
}

// the number of knots a curve of n controls and order k needs.
std::size_t knots_needed(std::size_t n, int k, bool periodic) {
  const auto ku = static_cast<std::size_t>(k);
  return periodic ? n + 2 * ku - 1 : n + ku;
}

std::unique_ptr<JointModel> read_spline_curve(const JsonCursor& doc) {
  const int order = read_order(doc.at("order"));
  const bool closed = doc.has("closed") ? doc.at("closed").boolean() : false;
  const JsonCursor knots_c = doc.at("knots");
  std::vector<double> knots = read_knots(knots_c);
  const JsonCursor frames_c = doc.at("control_frames");
  std::vector<SE3> frames(frames_c.size());
  for (std::size_t i = 0; i < frames.size(); ++i) frames[i] = frames_c.element(i).transform();
  const std::size_t need = knots_needed(frames.size(), order, closed);
  if (knots.size() != need) {
    frames_c.fail(ErrorKind::CountMismatch,
                  std::to_string(frames.size()) + " control frames do not match " + std::to_string(knots.size()) +
                      " knots of order " + std::to_string(order) + " (" + (closed ? "a closed" : "an open") +
                      " curve with n frames has " + (closed ? "n + 2k - 1" : "n + k") + " knots: " +
                      std::to_string(frames.size()) + " frames need " + std::to_string(need) + ")");
  }
  if (frames.size() < (closed ? 2u : static_cast<std::size_t>(order))) {
    frames_c.fail(ErrorKind::CountMismatch, std::to_string(frames.size()) + " control frames are too few for order " +
                                                std::to_string(order));
  }
  spline::KnotVector kv = make_knots(knots_c, static_cast<int>(frames.size()), order, std::move(knots), closed);
  return std::make_unique<SplineCurveJoint>(std::move(frames), std::move(kv));
}

std::unique_ptr<JointModel> read_spline_surface(const JsonCursor& doc) {
  const SE3 H = doc.has("base") ? doc.at("base").transform() : SE3::identity();
  std::array<Twist, 6> basis = SplineSurfaceJoint::default_basis();
  if (doc.has("basis")) {
    const JsonCursor b = doc.at("basis");
    b.expect_array_size(6, "basis twists");
    for (std::size_t j = 0; j < 6; ++j) basis[j] = b.element(j).twist();
  }
  const JsonCursor axes = doc.at("knot_vectors");
  if (axes.size() < 1 || axes.size() > 3) {
    axes.fail(ErrorKind::CountMismatch, "expected 1, 2 or 3 knot vectors (one per coordinate), got " +
                                            std::to_string(axes.size()));
  }
  std::vector<spline::KnotVector> knots;
  std::size_t num_coefficients = 1;
  for (std::size_t d = 0; d < axes.size(); ++d) {
    const JsonCursor a = axes.element(d);
    a.expect_only_keys({"order", "periodic", "knots"});
    const int order = read_order(a.at("order"));
    const bool periodic = a.has("periodic") ? a.at("periodic").boolean() : false;
    const JsonCursor knots_c = a.at("knots");
    std::vector<double> t = read_knots(knots_c);
    // the control count follows from the knot count: open n + k, periodic n + 2k − 1
    const auto k = static_cast<long>(order);
    const long n = periodic ? static_cast<long>(t.size()) - 2 * k + 1 : static_cast<long>(t.size()) - k;
    if (n < (periodic ? 2 : k)) {
      knots_c.fail(ErrorKind::CountMismatch, std::to_string(t.size()) + " knots are too few for " +
                                                 (periodic ? "a periodic" : "an open") + " axis of order " +
                                                 std::to_string(order));
    }
    knots.push_back(make_knots(knots_c, static_cast<int>(n), order, std::move(t), periodic));
    num_coefficients *= static_cast<std::size_t>(n);
  }
  const JsonCursor coef_c = doc.at("coefficients");
  coef_c.expect_array_size(6, "coefficient arrays (one per basis twist)");
  std::array<std::vector<double>, 6> coefficients;
  for (std::size_t j = 0; j < 6; ++j) {
    const JsonCursor c = coef_c.element(j);
    if (c.size() != num_coefficients) {
      c.fail(ErrorKind::CountMismatch, "expected " + std::to_string(num_coefficients) +
                                           " coefficients (the product of the control counts of the knot vectors), got " +
                                           std::to_string(c.size()));
    }
    coefficients[j] = c.numbers();
  }
  return std::make_unique<SplineSurfaceJoint>(H, std::move(knots), std::move(coefficients), basis);
}

// "joints": [first, second], each a joint document without format and version.
// series and restricted joints nest by recursion (reading, and evaluating the joint later): cap the depth. the
// json pointer holds one "/joints/" per enclosing series and one "/joint/" per enclosing restricted joint.
void check_nesting(const JsonCursor& doc) {
  constexpr int kMaxNestingDepth = 32;
  int depth = 0;
  for (const char* step : {"/joints/", "/joint/"}) {
    for (auto at = doc.path().find(step); at != std::string::npos; at = doc.path().find(step, at + 1)) ++depth;
  }
  if (depth >= kMaxNestingDepth) {
    doc.fail(ErrorKind::InvalidValue, "series or restricted joints nested more than " + std::to_string(kMaxNestingDepth) + " deep");
  }
}

std::unique_ptr<JointModel> read_series(const JsonCursor& doc) {
  check_nesting(doc);
  const JsonCursor parts = doc.at("joints");
  parts.expect_array_size(2, "joints (the first and the second joint of the series)");
  std::unique_ptr<JointModel> first = read_joint_node(parts.element(0));
  std::unique_ptr<JointModel> second = read_joint_node(parts.element(1));
  if (first->dof() + second->dof() > kMaxJointDof) {
    parts.fail(ErrorKind::CountMismatch, std::to_string(first->dof()) + " + " + std::to_string(second->dof()) +
                                             " coordinates exceed the largest joint dof " +
                                             std::to_string(kMaxJointDof));
  }
  return std::make_unique<SeriesJoint>(std::move(first), std::move(second));
}

// "joint": the inner joint; "map": one entry per inner coordinate in evaluation order, {"coordinate": k} and one
// of "free": i, "value": v, or "function": f with "of": [inner coordinates] and "scale" (default 1).
std::unique_ptr<JointModel> read_restricted(const JsonCursor& doc) {
  check_nesting(doc);
  std::unique_ptr<JointModel> inner = read_joint_node(doc.at("joint"));
  const JsonCursor map_c = doc.at("map");
  map_c.expect_array_size(static_cast<std::size_t>(inner->dof()), "map (one entry per coordinate of the inner joint)");
  std::vector<RestrictedCoordinate> map;
  for (std::size_t e = 0; e < map_c.size(); ++e) {
    const JsonCursor m = map_c.element(e);
    m.expect_only_keys({"coordinate", "free", "value", "function", "of", "scale"});
    RestrictedCoordinate r;
    r.target = m.at("coordinate").integer();
    if (m.has("free")) {
      r.kind = RestrictedCoordinate::Kind::Free;
      r.free_index = m.at("free").integer();
    } else if (m.has("function")) {
      r.kind = RestrictedCoordinate::Kind::Coupled;
      r.function = read_axis_function(m.at("function"));
      const JsonCursor of = m.at("of");
      for (std::size_t k = 0; k < of.size(); ++k) r.inputs.push_back(of.element(k).integer());
      if (m.has("scale")) r.scale = m.at("scale").number();
    } else {
      r.value = m.at("value").number();
    }
    map.push_back(std::move(r));
  }
  try {
    return std::make_unique<RestrictedJoint>(std::move(inner), std::move(map));
  } catch (const std::invalid_argument& e) {
    map_c.fail(ErrorKind::InvalidValue, e.what());
  }
}

// "axes": six {"axis": [x,y,z], "coordinates": [indices], "function": {…}}: rotation1..3, translation1..3.
std::unique_ptr<JointModel> read_custom_axes(const JsonCursor& doc, int dof) {
  const JsonCursor axes_c = doc.at("axes");
  axes_c.expect_array_size(6, "axes (rotation1..3, translation1..3)");
  std::array<CustomAxis, 6> axes;
  for (std::size_t i = 0; i < 6; ++i) {
    const JsonCursor a = axes_c.element(i);
    a.expect_only_keys({"axis", "coordinates", "function"});
    axes[i].axis = read_axis(a.at("axis"));
    if (a.has("coordinates")) {
      const JsonCursor cs = a.at("coordinates");
      for (std::size_t k = 0; k < cs.size(); ++k) {
        const int index = cs.element(k).integer();
        if (index < 0 || index >= dof) cs.element(k).fail(ErrorKind::InvalidValue, "no coordinate " + std::to_string(index));
        axes[i].coordinates.push_back(index);
      }
    }
    if (a.has("function")) axes[i].function = read_axis_function(a.at("function"));
  }
  std::vector<Coordinate> coords(static_cast<std::size_t>(dof));
  try {
    return std::make_unique<CustomAxesJoint>(std::move(coords), std::move(axes));
  } catch (const std::invalid_argument& e) {
    axes_c.fail(ErrorKind::InvalidValue, e.what());
  }
}

template <typename T>
const T& as(const JointModel& model) {
  const auto* p = dynamic_cast<const T*>(&model);
  if (p == nullptr) {
    throw std::invalid_argument(std::string("joint file: a ") + joint_kind_name(model.kind()) +
                                " joint of a class the file format does not describe");
  }
  return *p;
}

ordered_json knots_to_json(const spline::KnotVector& kv) {
  ordered_json a = ordered_json::array();
  for (double t : kv.knots()) a.push_back(t);
  return a;
}

}  // namespace

std::vector<const char*> kind_fields(JointKind kind) {
  switch (kind) {
    case JointKind::Fixed: return {};
    case JointKind::Revolute:
    case JointKind::Prismatic:
    case JointKind::Cylindrical: return {"axis"};
    case JointKind::Helical: return {"axis", "pitch"};
    case JointKind::Universal: return {"axis0", "axis1"};
    case JointKind::Planar: return {"normal"};
    case JointKind::Spherical: return {"order"};
    case JointKind::Elliptic: return {"a", "b", "k"};
    case JointKind::SplineCurve: return {"order", "closed", "knots", "control_frames"};
    case JointKind::SplineSurface: return {"base", "basis", "knot_vectors", "coefficients"};
    case JointKind::Series: return {"joints"};
    case JointKind::CustomAxes: return {"axes"};
    case JointKind::Ellipsoid: return {"radii"};
    case JointKind::Restricted: return {"joint", "map"};
  }
  return {};
}

bool kind_has_default_ranges(JointKind kind) {
  // a series takes its parts' ranges (knot domains, or unbounded for a wrapping part)
  // as does a restricted joint (its inner joint's)
  return kind == JointKind::SplineCurve || kind == JointKind::SplineSurface || kind == JointKind::Series ||
         kind == JointKind::Restricted;
}

std::unique_ptr<JointModel> read_kind(JointKind kind, const JsonCursor& doc) {
  switch (kind) {
    case JointKind::Fixed: return std::make_unique<FixedJoint>();
    case JointKind::Revolute: return std::make_unique<RevoluteJoint>(read_axis(doc.at("axis")));
    case JointKind::Prismatic: return std::make_unique<PrismaticJoint>(read_axis(doc.at("axis")));
    case JointKind::Cylindrical: return std::make_unique<CylindricalJoint>(read_axis(doc.at("axis")));
    case JointKind::Helical:
      return std::make_unique<HelicalJoint>(read_axis(doc.at("axis")), doc.at("pitch").number());
    case JointKind::Universal: {
      const Vec3 a0 = read_axis(doc.at("axis0"));
      const JsonCursor c1 = doc.at("axis1");
      const Vec3 a1 = read_axis(c1);
      if (a0.normalized().cross(a1.normalized()).norm() < 1e-9) c1.fail(ErrorKind::InvalidValue, "parallel to axis0");
      return std::make_unique<UniversalJoint>(a0, a1);
    }
    case JointKind::Planar: return std::make_unique<PlanarJoint>(read_axis(doc.at("normal")));
    case JointKind::Spherical: {
      const JsonCursor c = doc.at("order");
      const std::string order = c.string();
      try {
        return std::make_unique<SphericalJoint>(order);
      } catch (const std::invalid_argument& e) {
        c.fail(ErrorKind::InvalidValue, e.what());
      }
    }
    case JointKind::Elliptic:
      return std::make_unique<EllipticJoint>(read_positive(doc.at("a")), read_positive(doc.at("b")),
                                             read_axis(doc.at("k")));
    case JointKind::SplineCurve: return read_spline_curve(doc);
    case JointKind::SplineSurface: return read_spline_surface(doc);
    case JointKind::Series: return read_series(doc);
    case JointKind::CustomAxes: {
      const JsonCursor dof_c = doc.at("dof");
      const int dof = dof_c.integer();
      if (dof < 0 || dof > kMaxJointDof) dof_c.fail(ErrorKind::InvalidValue, "dof " + std::to_string(dof) + " out of range");
      return read_custom_axes(doc, dof);
    }
    case JointKind::Ellipsoid: {
      const JsonCursor r = doc.at("radii");
      const Vec3 radii = r.vec3();
      if (!(radii.minCoeff() > 0.0)) r.fail(ErrorKind::InvalidValue, "radii must be > 0");
      return std::make_unique<EllipsoidJoint>(radii);
    }
    case JointKind::Restricted: return read_restricted(doc);
  }
  doc.fail(ErrorKind::UnknownKind, "unknown joint kind");
}

void write_kind(const JointModel& model, ordered_json& doc) {
  switch (model.kind()) {
    case JointKind::Fixed: break;
    case JointKind::Revolute: doc["axis"] = vec_to_json(as<RevoluteJoint>(model).axis()); break;
    case JointKind::Prismatic: doc["axis"] = vec_to_json(as<PrismaticJoint>(model).axis()); break;
    case JointKind::Cylindrical: doc["axis"] = vec_to_json(as<CylindricalJoint>(model).axis()); break;
    case JointKind::Helical: {
      const auto& j = as<HelicalJoint>(model);
      doc["axis"] = vec_to_json(j.axis());
      doc["pitch"] = j.pitch();
      break;
    }
    case JointKind::Universal: {
      const auto& j = as<UniversalJoint>(model);
      doc["axis0"] = vec_to_json(j.axis0());
      doc["axis1"] = vec_to_json(j.axis1());
      break;
    }
    case JointKind::Planar: doc["normal"] = vec_to_json(as<PlanarJoint>(model).normal()); break;
    case JointKind::Spherical: doc["order"] = as<SphericalJoint>(model).order(); break;
    case JointKind::Elliptic: {
      const auto& j = as<EllipticJoint>(model);
      doc["a"] = j.a();
      doc["b"] = j.b();
      doc["k"] = vec_to_json(j.k());
      break;
    }
    case JointKind::SplineCurve: {
      const auto& j = as<SplineCurveJoint>(model);
      doc["order"] = j.order();
      doc["closed"] = j.closed();
      doc["knots"] = knots_to_json(j.knots());
      ordered_json frames = ordered_json::array();
      for (const SE3& F : j.control_frames()) frames.push_back(transform_to_json(F));
      doc["control_frames"] = std::move(frames);
      break;
    }
    case JointKind::SplineSurface: {
      const auto& j = as<SplineSurfaceJoint>(model);
      doc["base"] = transform_to_json(j.base());
      ordered_json basis = ordered_json::array();
      for (const Twist& e : j.basis()) basis.push_back(vec_to_json(e));
      doc["basis"] = std::move(basis);
      ordered_json axes = ordered_json::array();
      for (const auto& kv : j.knots()) {
        ordered_json a;
        a["order"] = kv.order();
        a["periodic"] = kv.periodic();
        a["knots"] = knots_to_json(kv);
        axes.push_back(std::move(a));
      }
      doc["knot_vectors"] = std::move(axes);
      ordered_json coefficients = ordered_json::array();
      for (const auto& c : j.coefficients()) coefficients.push_back(c);
      doc["coefficients"] = std::move(coefficients);
      break;
    }
    case JointKind::Series: {
      const auto& j = as<SeriesJoint>(model);
      doc["joints"] = ordered_json::array({joint_node_to_json(j.first()), joint_node_to_json(j.second())});
      break;
    }
    case JointKind::CustomAxes: {
      ordered_json axes = ordered_json::array();
      for (const CustomAxis& a : as<CustomAxesJoint>(model).axes()) {
        ordered_json j;
        j["axis"] = vec_to_json(a.axis);
        j["coordinates"] = a.coordinates;
        j["function"] = axis_function_to_json(a.function);
        axes.push_back(std::move(j));
      }
      doc["axes"] = std::move(axes);
      break;
    }
    case JointKind::Ellipsoid: doc["radii"] = vec_to_json(as<EllipsoidJoint>(model).radii()); break;
    case JointKind::Restricted: {
      const auto& j = as<RestrictedJoint>(model);
      doc["joint"] = joint_node_to_json(j.inner());
      ordered_json map = ordered_json::array();
      for (const RestrictedCoordinate& r : j.map()) {
        ordered_json m;
        m["coordinate"] = r.target;
        if (r.kind == RestrictedCoordinate::Kind::Free) {
          m["free"] = r.free_index;
        } else if (r.kind == RestrictedCoordinate::Kind::Fixed) {
          m["value"] = r.value;
        } else {
          m["function"] = axis_function_to_json(r.function);
          m["of"] = r.inputs;
          m["scale"] = r.scale;
        }
        map.push_back(std::move(m));
      }
      doc["map"] = std::move(map);
      break;
    }
  }
}

ordered_json transform_to_json(const SE3& T) {
  ordered_json rows = ordered_json::array();
  for (int r = 0; r < 3; ++r) rows.push_back(vec_to_json(T.R.row(r).transpose()));
  ordered_json t;
  t["rotation"] = std::move(rows);
  t["translation"] = vec_to_json(T.p);
  return t;
}

}  // namespace js::io::detail
