#include "core/interop/gltf_keys.hpp"

#include <algorithm>
#include <stdexcept>

#include <Eigen/Geometry>

#include "core/lie/so3.hpp"

namespace js::interop {

namespace {

const SE3& node_pose(const SceneMotion& m, std::size_t frame, int node) {
  return node == 0 ? m.world_T_root[frame] : m.parent_T_body[frame][static_cast<std::size_t>(node - 1)];
}

// the largest error of interpolating node poses linearly between frames a and b at the frames between
KeyError span_error(const SceneMotion& m, std::size_t a, std::size_t b) {
  KeyError e;
  const int nodes = static_cast<int>(m.parent_T_body.front().size()) + 1;
  const double ta = m.times[a], tb = m.times[b];
  for (int node = 0; node < nodes; ++node) {
    const SE3& A = node_pose(m, a, node);
    const SE3& B = node_pose(m, b, node);
    Eigen::Quaterniond qa(A.R), qb(B.R);
    if (qa.dot(qb) < 0.0) qb.coeffs() *= -1.0;  // the exporter keeps keys on one hemisphere (short way)
    for (std::size_t f = a + 1; f < b; ++f) {
      const double s = (m.times[f] - ta) / (tb - ta);
      const SE3& T = node_pose(m, f, node);
      e.position = std::max(e.position, ((1.0 - s) * A.p + s * B.p - T.p).norm());
      const Mat3 R = qa.slerp(s, qb).toRotationMatrix();
      e.angle = std::max(e.angle, so3_log(R.transpose() * T.R).norm());
    }
  }
  return e;
}

}  // namespace

std::vector<std::size_t> linear_keys(const SceneMotion& motion, const KeyTolerance& tolerance) {
  const std::size_t n = motion.times.size();
  if (n == 0) throw std::invalid_argument("linear_keys: the motion has no frames");
  if (!(tolerance.position >= 0.0 && tolerance.angle >= 0.0)) {
    throw std::invalid_argument("linear_keys: tolerances must be ≥ 0");
  }
  std::vector<std::size_t> keep{0};
  std::size_t a = 0;
  // greedy: extend the span from the last kept key while every frame inside stays within tolerance
  for (std::size_t b = 2; b < n; ++b) {
    const KeyError e = span_error(motion, a, b);
    if (e.position > tolerance.position || e.angle > tolerance.angle) {
      a = b - 1;
      keep.push_back(a);
    }
  }
  if (n > 1) keep.push_back(n - 1);
  return keep;
}

SceneMotion select_frames(const SceneMotion& motion, const std::vector<std::size_t>& keep) {
  SceneMotion out;
  for (std::size_t f : keep) {
    out.times.push_back(motion.times.at(f));
    out.world_T_root.push_back(motion.world_T_root.at(f));
    out.parent_T_body.push_back(motion.parent_T_body.at(f));
    out.world_T_body.push_back(motion.world_T_body.at(f));
  }
  return out;
}

KeyError linear_key_error(const SceneMotion& motion, const std::vector<std::size_t>& keep) {
  KeyError worst;
  for (std::size_t i = 1; i < keep.size(); ++i) {
    const KeyError e = span_error(motion, keep[i - 1], keep[i]);
    worst.position = std::max(worst.position, e.position);
    worst.angle = std::max(worst.angle, e.angle);
  }
  return worst;
}

}  // namespace js::interop
