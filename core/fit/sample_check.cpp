#include "core/fit/sample_check.hpp"

#include <cmath>
#include <sstream>

namespace js::fit {

namespace {
constexpr std::array<const char*, 9> kRotationNames{"R00", "R01", "R02", "R10", "R11", "R12", "R20", "R21", "R22"};
constexpr std::array<const char*, 3> kTranslationNames{"px", "py", "pz"};

std::string prefix(const RawSample& raw) { return raw.where.empty() ? std::string() : raw.where + ": "; }
}  // namespace

Sample check_sample(const RawSample& raw, const std::string& source, const SampleReadOptions& options) {
  // field: the json member the problem is in ("R", "weight"), for samples located by json pointer
  auto fail = [&](SampleErrorKind kind, const char* field, int column, const std::string& message) {
    if (!raw.pointer.empty()) throw SampleError(kind, io::Location{.source = source, .pointer = raw.pointer + "/" + field}, message);
    throw SampleError(kind, source, raw.line, column, prefix(raw) + message);
  };
  // non-finite values first: they would poison every later check
  for (std::size_t i = 0; i < raw.q.size(); ++i) {
    if (!std::isfinite(raw.q[i])) {
      const std::string name = raw.q.size() == 1 ? "q" : "q" + std::to_string(i);
      fail(SampleErrorKind::NonFiniteQ, "q", i < raw.q_column.size() ? raw.q_column[i] : 0, "non-finite " + name + " (" + std::to_string(raw.q[i]) + ")");
    }
  }
  for (std::size_t i = 0; i < 9; ++i) {
    if (!std::isfinite(raw.R[i])) {
      fail(SampleErrorKind::NonFinite, "R", raw.R_column[i], std::string("non-finite ") + kRotationNames[i]);
    }
  }
  for (std::size_t i = 0; i < 3; ++i) {
    if (!std::isfinite(raw.p[i])) {
      fail(SampleErrorKind::NonFinite, "p", raw.p_column[i], std::string("non-finite ") + kTranslationNames[i]);
    }
  }
  if (!std::isfinite(raw.weight)) fail(SampleErrorKind::NonFinite, "weight", raw.weight_column, "non-finite weight");
  if (!(raw.weight > 0.0)) {
    std::ostringstream s;
    s << "weight " << raw.weight << " must be positive";
    fail(SampleErrorKind::BadWeight, "weight", raw.weight_column, s.str());
  }

  Sample sample;
  sample.line = raw.line;
  sample.weight = raw.weight;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) sample.parent_T_child.R(r, c) = raw.R[static_cast<std::size_t>(3 * r + c)];
  }
  sample.parent_T_child.p = Vec3(raw.p[0], raw.p[1], raw.p[2]);
  sample.q.resize(static_cast<Eigen::Index>(raw.q.size()));
  for (std::size_t i = 0; i < raw.q.size(); ++i) sample.q[static_cast<Eigen::Index>(i)] = raw.q[i];

  const double error = so3_orthonormality_error(sample.parent_T_child.R);
  if (error > options.orthonormality_tolerance) {
    // a reflection is not a noisy rotation: never "repair" it
    const bool repairable = sample.parent_T_child.R.determinant() > 0.0;
    if (options.reorthonormalize && repairable) {
      sample.parent_T_child.R = so3_orthonormalize(sample.parent_T_child.R);
    } else {
      std::ostringstream s;
      s << "rotation R00..R22 is not orthonormal (error " << error << " > " << options.orthonormality_tolerance
        << (repairable ? "); pass the re-orthonormalize option to project it onto SO(3)"
                       : "; det R < 0, a reflection)");
      fail(SampleErrorKind::NotOrthonormal, "R", raw.R_column[0], s.str());
    }
  }
  return sample;
}

}  // namespace js::fit
