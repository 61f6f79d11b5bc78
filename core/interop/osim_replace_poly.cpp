// replacing a joint by a 2- or 3-dof fitted joint: a CustomJoint whose six TransformAxis functions are
// MultivariatePolynomialFunctions of the coordinates it keeps (osim_polynomial.hpp), spliced into the text as the
// 1-dof replacement is (osim_splice.hpp). the joint is found with the whole-model reader, which maps every joint
// type (a ScapulothoracicJoint, an EllipsoidJoint …), and the result is proved by reading the new text with it.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <stdexcept>

#include "core/interop/osim_model.hpp"
#include "core/interop/osim_splice.hpp"

namespace js::interop::detail {

namespace {


// the polynomial with its variables reordered: variable d of the result is variable from[d] of p
AxisFunction permute_polynomial(const AxisFunction& p, const std::vector<int>& from) {
  const int n = p.dimension(), order = p.order();
  const std::vector<int> exps = polynomial_exponents(n, order);
  const std::size_t terms = exps.size() / static_cast<std::size_t>(n);
  std::vector<double> out(terms, 0.0);
  for (std::size_t t = 0; t < terms; ++t) {
    std::vector<int> e(static_cast<std::size_t>(n));
    for (int d = 0; d < n; ++d) e[static_cast<std::size_t>(d)] = exps[t * static_cast<std::size_t>(n) + static_cast<std::size_t>(from[static_cast<std::size_t>(d)])];
    for (std::size_t u = 0; u < terms; ++u) {
      if (std::equal(e.begin(), e.end(), exps.begin() + static_cast<std::ptrdiff_t>(u * static_cast<std::size_t>(n)))) out[u] = p.coefficients()[t];
    }
  }
  return AxisFunction::multivariate_polynomial(n, order, out);
}

std::string spatial_transform_text(const OsimPolynomialJoint& pj, const std::vector<std::string>& names, const std::string& comment,
                                   const std::string& ind, const std::string& unit, const std::string& nl) {
  static const char* kAxes[6] = {"rotation1", "rotation2", "rotation3", "translation1", "translation2", "translation3"};
  std::string s = "<SpatialTransform>" + nl;
  if (!comment.empty()) s += ind + unit + "<!-- " + comment + " -->" + nl;
  const std::string a = ind + unit, b = a + unit, c = b + unit;
  std::string coords;
  for (const std::string& n : names) coords += (coords.empty() ? "" : " ") + n;
  for (int i = 0; i < 6; ++i) {
    const AxisFunction& f = pj.functions[static_cast<std::size_t>(i)];
    const Vec3 axis = pj.axis(i);
    s += a + "<TransformAxis name=\"" + kAxes[i] + "\">" + nl;
    if (f.kind() == AxisFunctionKind::Constant) {
      s += b + "<coordinates></coordinates>" + nl;
      s += b + "<axis>" + osim_numbers(axis.data(), 3) + "</axis>" + nl;
      s += b + "<Constant name=\"function\">" + nl + c + "<value>" + osim_number(f.value()) + "</value>" + nl + b + "</Constant>" + nl;
      s += a + "</TransformAxis>" + nl;
      continue;
    }
    s += b + "<coordinates>" + coords + "</coordinates>" + nl;
    s += b + "<axis>" + osim_numbers(axis.data(), 3) + "</axis>" + nl;
    s += b + "<MultivariatePolynomialFunction name=\"function\">" + nl;
    s += c + "<coefficients>" + osim_numbers(f.coefficients().data(), f.coefficients().size()) + "</coefficients>" + nl;
    s += c + "<dimension>" + std::to_string(f.dimension()) + "</dimension>" + nl;
    s += c + "<order>" + std::to_string(f.order()) + "</order>" + nl;
    s += b + "</MultivariatePolynomialFunction>" + nl;
    s += a + "</TransformAxis>" + nl;
  }
  return s + ind + "</SpatialTransform>";
}

const OsimModelJoint& find_model_joint(const OsimModel& model, const std::string& name, const std::string& source) {
  for (const OsimModelJoint& j : model.joints) {
    if (j.name == name) return j;
  }
  std::vector<std::string> names;
  for (const OsimModelJoint& j : model.joints) names.push_back(j.name);
  throw OsimError(OsimErrorKind::MissingJoint, source, 0, "", "no joint '" + name + "' (the model has " + joined(names) + ")");
}

}  // namespace

OsimReplaceResult replace_osim_joint_polynomial(const std::string& text, const std::string& model_path, const std::string& joint_name,
                                                const JointModel& joint, const OsimReplaceOptions& options) {
  const int n = joint.dof();
  const OsimModel model = read_osim_model_text(text, model_path);
  const OsimModelJoint& mj = find_model_joint(model, joint_name, model_path);
  Splicer s(text, model_path);
  const int j = locate_joint(s, mj.type, mj.name, mj.line);
  if (n != 2 && n != 3) s.fail(OsimErrorKind::InvalidValue, j, "cannot be replaced by a " + std::to_string(n) + "-dof joint (1, 2 or 3 dof)");
  if (options.range) s.fail(OsimErrorKind::InvalidValue, j, "a new range is for 1-dof joints; a 2- or 3-dof joint holds over the model coordinates' ranges");

  // the joint's coordinates in file order, and the ones the fitted joint drives
  std::vector<const OsimModelCoordinate*> own;
  for (const OsimModelCoordinate& c : model.coordinates) {
    if (c.joint == mj.name) own.push_back(&c);
  }
  auto find_own = [&](const std::string& name) -> const OsimModelCoordinate* {
    for (const OsimModelCoordinate* c : own) {
      if (c->name == name) return c;
    }
    return nullptr;
  };
  std::vector<std::string> own_names, fitted_names;
  for (const OsimModelCoordinate* c : own) own_names.push_back(c->name);
  for (const Coordinate& c : joint.coordinates()) fitted_names.push_back(c.name);
  std::vector<std::string> names = options.coordinates;
  if (names.empty()) {
    if (std::all_of(fitted_names.begin(), fitted_names.end(), [&](const std::string& f) { return find_own(f) != nullptr; })) {
      names = fitted_names;
    } else if (own.size() == static_cast<std::size_t>(n)) {
      names = own_names;
    } else {
      s.fail(OsimErrorKind::InvalidValue, j,
             "has " + std::to_string(own.size()) + " coordinates (" + joined(own_names) + ") and the fitted joint " + std::to_string(n) +
                 " (" + joined(fitted_names) + "); name the " + std::to_string(n) + " model coordinates it drives, in its order (--coordinates A,B)");
    }
  }
  if (names.size() != static_cast<std::size_t>(n)) {
    s.fail(OsimErrorKind::InvalidValue, j, "the fitted joint has " + std::to_string(n) + " coordinates; " + std::to_string(names.size()) + " named (" + joined(names) + ")");
  }
  std::vector<const OsimModelCoordinate*> used;
  for (const std::string& name : names) {
    const OsimModelCoordinate* c = find_own(name);
    if (!c) s.fail(OsimErrorKind::InvalidValue, j, "has no coordinate '" + name + "' (it has " + joined(own_names) + ")");
    if (std::find(used.begin(), used.end(), c) != used.end()) s.fail(OsimErrorKind::InvalidValue, j, "coordinate '" + name + "' named twice");
    used.push_back(c);
  }

  // the box: each coordinate's range in the model, which the fitted joint's domain must cover
  OsimReplaceResult r;
  r.old_begin = s.at(j).begin;
  r.old_end = s.at(j).end;
  OsimPolynomialOptions po = options.polynomial;
  po.ranges.clear();
  for (int d = 0; d < n; ++d) {
    const OsimModelCoordinate& c = *used[static_cast<std::size_t>(d)];
    const int ce = coordinate_element(s, j, c.name);
    if (ce < 0) s.fail(OsimErrorKind::MissingElement, j, "cannot locate <Coordinate name='" + c.name + "'>");
    if (!c.has_range || osim_range_is_unbounded(c.min, c.max) || !(c.max > c.min)) {
      s.fail(OsimErrorKind::InvalidValue, ce, "has no bounded range for the polynomials to hold over; give it one in the model");
    }
    const Coordinate& f = joint.coordinates()[static_cast<std::size_t>(d)];
    const double slack = 1e-9 * std::max(1.0, c.max - c.min);
    if (f.min > c.min + slack || f.max < c.max - slack) {
      char buf[512];
      std::snprintf(buf, sizeof buf,
                    "range [%.6g, %.6g] is not covered by the fitted joint, whose coordinate %d ('%s') spans [%.6g, %.6g] (its "
                    "samples); sample and fit over the model's whole range",
                    c.min, c.max, d, f.name.c_str(), f.min, f.max);
      s.fail(OsimErrorKind::InvalidValue, ce, buf);
    }
    po.ranges.emplace_back(c.min, c.max);
    r.coordinates.push_back(c.name);
    r.ranges.emplace_back(c.min, c.max);
  }
  r.coordinate = r.coordinates[0];
  r.q_min = r.ranges[0].first;
  r.q_max = r.ranges[0].second;

  const OsimPolynomialExport ex = export_osim_polynomial(joint, po);
  r.degrees_tried = ex.tried;
  r.chart = ex.chart;
  if (!ex.within_tolerance) {
    s.fail(OsimErrorKind::InvalidValue, j,
           "the MultivariatePolynomialFunctions do not reach the tolerance: " +
               polynomial_fidelity_sentence(ex.fidelity, ex.joint.degree, r.coordinates, po.position_tolerance, po.angle_tolerance) +
               " (highest degree tried " + std::to_string(po.max_degree) + "); loosen the tolerance, allow a higher degree, or fit a smoother joint");
  }

  // coordinates the fit does not drive leave the joint (OpenSim needs every coordinate of a CustomJoint in its
  // SpatialTransform), with the couplers that set them
  std::vector<std::string> undriven;
  for (const OsimModelCoordinate* c : own)
    if (std::find(used.begin(), used.end(), c) == used.end()) undriven.push_back(c->name);
  remove_coordinates(s, j, undriven, r);

  // the functions' variables in file order (OpenSim wants the SpatialTransform's coordinates in the order of
  // <coordinates>)
  std::vector<int> from;  // variable d (file order) is fitted coordinate from[d]
  for (const OsimModelCoordinate* c : own) {
    const auto it = std::find(used.begin(), used.end(), c);
    if (it != used.end()) from.push_back(static_cast<int>(it - used.begin()));
  }
  OsimPolynomialJoint written = ex.joint;
  std::vector<std::string> file_names;
  file_names.reserve(from.size());
  for (int d : from) file_names.push_back(r.coordinates[static_cast<std::size_t>(d)]);
  for (AxisFunction& f : written.functions) {
    if (f.kind() == AxisFunctionKind::MultivariatePolynomial) f = permute_polynomial(f, from);
  }

  set_offset_frames(s, j, written.parent_T_pframe, written.child_T_cframe);
  make_custom_joint(s, j, mj.type, mj.name, r.notes);
  char comment[256];
  std::snprintf(comment, sizeof comment, "re-authored by jointsmith: MultivariatePolynomialFunctions of degree %d, max error %.3g mm, %.3g deg over the coordinates' ranges",
                written.degree, ex.fidelity.max_position_error_m * 1e3, ex.fidelity.max_angle_error_rad * 180.0 / kPi);
  set_spatial_transform(s, j, [&](const std::string& ind) { return spatial_transform_text(written, file_names, comment, ind, s.unit, s.nl); });
  fix_meshes(s, model_path, options.output_path, options.meshes, r);
  apply_edits(s, r);

  // the proof: the new text read by the whole-model reader, the joint evaluated as OpenSim does
  const std::string out_path = options.output_path.empty() ? model_path : options.output_path;
  const OsimModel reread = read_osim_model_text(r.text, out_path);
  const OsimModelJoint& rj = find_model_joint(reread, joint_name, out_path);
  if (!rj.joint) {
    std::string why;
    for (const OsimIssue& i : reread.issues) {
      if (i.element.find("'" + joint_name + "'") != std::string::npos || (i.line >= s.at(j).line && i.line <= s.at(j).line + 200)) why = i.message();
    }
    throw std::logic_error("the replaced joint does not read back: " + why);
  }
  // a coordinate whose motion type changes (a scapula that now slides as it turns) is worth a sentence
  for (const std::string& name : r.coordinates) {
    const int before = model.find_coordinate(name), after = reread.find_coordinate(name);
    if (before < 0 || after < 0) continue;
    const OsimMotion was = model.coordinates[static_cast<std::size_t>(before)].motion, now = reread.coordinates[static_cast<std::size_t>(after)].motion;
    if (was != now) {
      r.notes.push_back("coordinate '" + name + "' was " + osim_motion_name(was) + " and is now " + osim_motion_name(now) +
                        " (its functions move both rotation and translation axes); OpenSim converts motion-file degrees only for Rotational coordinates");
    }
  }
  std::vector<int> slot;  // the reread joint's coordinate k is fitted coordinate slot[k]
  for (const std::string& name : rj.coordinates) {
    const auto it = std::find(r.coordinates.begin(), r.coordinates.end(), name);
    if (it == r.coordinates.end()) throw std::logic_error("the replaced joint reads back with coordinate '" + name + "'");
    slot.push_back(static_cast<int>(it - r.coordinates.begin()));
  }
  JointData data(rj.joint->dof());
  JointVector q(rj.joint->dof());
  const OsimGridFidelity f = measure_grid_fidelity(
      joint,
      [&](const double* x) {
        for (std::size_t k = 0; k < slot.size(); ++k) q[static_cast<Eigen::Index>(k)] = x[slot[k]];
        rj.joint->evaluate(q, data, EvalLevel::Transform);
        return data.G;
      },
      r.ranges, po.check_points > 0 ? po.check_points : (n == 2 ? 101 : 31));
  r.fidelity.max_position_error_m = f.max_position_error_m;
  r.fidelity.max_angle_error_rad = f.max_angle_error_rad;
  r.fidelity.worst_position_at = f.worst_position_q;
  r.fidelity.worst_angle_at = f.worst_angle_q;
  r.fidelity.worst_position_q = f.worst_position_q[0];
  r.fidelity.worst_angle_q = f.worst_angle_q[0];
  r.fidelity.points = f.points;
  r.fidelity.knots = 0;
  r.fidelity.degree = written.degree;
  r.fidelity.rotation_order = written.rotation_order;
  r.fidelity.min_gimbal_margin = ex.min_gimbal_margin;
  r.fidelity.within_tolerance = f.within(po.position_tolerance, po.angle_tolerance);
  return r;
}

}  // namespace js::interop::detail
