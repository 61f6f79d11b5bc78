#include "core/dynamics/skeleton.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include <Eigen/Cholesky>

namespace js {

namespace {

void check_body(const SkeletonModel& model, int i, const char* which) {
  if (i < 0 || i >= model.num_bodies()) {
    throw std::invalid_argument(std::string("skeleton joint: ") + which + " index " + std::to_string(i) +
                                " is not a body (have " + std::to_string(model.num_bodies()) + ")");
  }
}

// side 0 or 1 of joint j: its body, sign s_{j,i} (+1, −1), anchor l and axis z in that body's frame.
struct Side {
  int body;
  double sign;
  const Vec3& l;
  const Vec3& z;
};
Side side(const SkeletonJoint& joint, int s) {
  return s == 0 ? Side{joint.body1, 1.0, joint.anchor1, joint.axis1}
                : Side{joint.body2, -1.0, joint.anchor2, joint.axis2};
}

// G = [1  −R L; 0  −R Z] = [1  −[r] R; 0  −[u] R] with r = R l and u = R z in world axes: maps
// [a (world); ω̇ (body)] of one body to its part of the constraint accelerations (3). its transpose maps
// [c; d] to that body's world force c and body torque L Rᵀ c + Z Rᵀ d (eq. 4), so A in (6) is symmetric.
Mat6 constraint_map(const Mat3& R, const Vec3& r, const Vec3& u) {
  Mat6 G = Mat6::Zero();
  G.topLeftCorner<3, 3>().setIdentity();
  G.topRightCorner<3, 3>() = -hat3(r) * R;
  G.bottomRightCorner<3, 3>() = -hat3(u) * R;
  return G;
}

// the world point and world axis where joint j acts on both its bodies: the midpoint of the two anchors
// and body1's axis. they coincide with each body's own anchor and axis while (1) holds; sharing them keeps
// the solve, the applied wrenches and their equal-and-opposite balance consistent when (1) has drifted.
void joint_frame(const SkeletonJoint& joint, const std::vector<SkeletonBodyState>& state, Vec3& x, Vec3& u) {
  const SkeletonBodyState& s1 = state[static_cast<std::size_t>(joint.body1)];
  const SkeletonBodyState& s2 = state[static_cast<std::size_t>(joint.body2)];
  x = 0.5 * (s1.p + s1.R * joint.anchor1 + s2.p + s2.R * joint.anchor2);
  u = s1.R * joint.axis1;
}

}  // namespace

int SkeletonModel::add_body(const SkeletonBody& body) {
  const int index = num_bodies();
  if (!(body.mass > 0.0)) {
    throw std::invalid_argument("skeleton body " + std::to_string(index) + ": mass must be > 0");
  }
  const Eigen::LLT<Mat3> llt(body.inertia);
  if ((body.inertia - body.inertia.transpose()).cwiseAbs().maxCoeff() > 1e-12 * body.inertia.norm() ||
      llt.info() != Eigen::Success) {
    throw std::invalid_argument("skeleton body " + std::to_string(index) +
                                ": inertia must be symmetric positive definite");
  }
  bodies_.push_back(body);
  return index;
}

int SkeletonModel::add_joint(SkeletonJoint joint) {
  const int index = num_joints();
  check_body(*this, joint.body1, "body1");
  check_body(*this, joint.body2, "body2");
  if (joint.body1 == joint.body2) {
    throw std::invalid_argument("skeleton joint " + std::to_string(index) + ": joins body " +
                                std::to_string(joint.body1) + " with itself");
  }
  if (joint.friction < 0.0) {
    throw std::invalid_argument("skeleton joint " + std::to_string(index) + ": friction must be >= 0");
  }
  joints_.push_back(std::move(joint));
  return index;
}

int SkeletonModel::add_hinge(int body1, int body2, const Vec3& anchor1, const Vec3& anchor2, const Vec3& axis1,
                             const Vec3& axis2, double friction, double motor) {
  if (axis1.norm() < 1e-12 || axis2.norm() < 1e-12) {
    throw std::invalid_argument("skeleton hinge " + std::to_string(num_joints()) + ": axis must be non-zero");
  }
  return add_joint(SkeletonJoint{body1, body2, anchor1, anchor2, axis1.normalized(), axis2.normalized(), friction,
                                 motor});
}

int SkeletonModel::add_spherical(int body1, int body2, const Vec3& anchor1, const Vec3& anchor2,
                                 double friction) {
  return add_joint(SkeletonJoint{body1, body2, anchor1, anchor2, Vec3::Zero(), Vec3::Zero(), friction, 0.0});
}

SkeletonMeasure measure_skeleton(const SkeletonModel& model, const std::vector<SkeletonBodyState>& state) {
  SkeletonMeasure m;
  for (int i = 0; i < model.num_bodies(); ++i) {
    const SkeletonBody& b = model.body(i);
    const SkeletonBodyState& s = state[static_cast<std::size_t>(i)];
    m.kinetic += 0.5 * b.mass * s.v.squaredNorm() + 0.5 * s.w.dot(b.inertia * s.w);
    m.potential -= b.mass * model.gravity.dot(s.p);
    m.linear += b.mass * s.v;
    m.angular += s.p.cross(b.mass * s.v) + s.R * (b.inertia * s.w);
  }
  for (int j = 0; j < model.num_joints(); ++j) {
    const SkeletonJoint& joint = model.joint(j);
    const SkeletonBodyState& s1 = state[static_cast<std::size_t>(joint.body1)];
    const SkeletonBodyState& s2 = state[static_cast<std::size_t>(joint.body2)];
    m.position_error =
        std::max(m.position_error, (s1.p + s1.R * joint.anchor1 - s2.p - s2.R * joint.anchor2).norm());
    m.axis_error = std::max(m.axis_error, (s1.R * joint.axis1 - s2.R * joint.axis2).norm());
  }
  return m;
}

SkeletonSolver::SkeletonSolver(const SkeletonModel& model)
    : model_(model),
      A_(6 * model.num_joints(), 6 * model.num_joints()),
      b_(6 * model.num_joints()),
      x_(6 * model.num_joints()),
      cod_(6 * model.num_joints(), 6 * model.num_joints()),
      c_(6 * model.num_joints()),
      y_(6 * model.num_joints()),
      work_(6 * model.num_joints() + 1),
      e_(static_cast<std::size_t>(model.num_joints())),
      x_joint_(static_cast<std::size_t>(model.num_joints())),
      u_joint_(static_cast<std::size_t>(model.num_joints())),
      force_(static_cast<std::size_t>(model.num_bodies())),
      torque_(static_cast<std::size_t>(model.num_bodies())) {}

const Eigen::VectorXd& SkeletonSolver::constraint_forces(const std::vector<SkeletonBodyState>& state) {
  const int n = model_.num_joints();
  if (static_cast<int>(state.size()) != model_.num_bodies()) {
    throw std::invalid_argument("skeleton state has " + std::to_string(state.size()) + " bodies, model has " +
                                std::to_string(model_.num_bodies()));
  }
  // joint torques e_j = −μ_j (R1 ω1 − R2 ω2) + β_j R1 z1 (world)
  for (int j = 0; j < n; ++j) {
    const SkeletonJoint& joint = model_.joint(j);
    const SkeletonBodyState& s1 = state[static_cast<std::size_t>(joint.body1)];
    const SkeletonBodyState& s2 = state[static_cast<std::size_t>(joint.body2)];
    joint_frame(joint, state, x_joint_[static_cast<std::size_t>(j)], u_joint_[static_cast<std::size_t>(j)]);
    e_[static_cast<std::size_t>(j)] = -joint.friction * (s1.R * s1.w - s2.R * s2.w) + joint.motor * (s1.R * joint.axis1);
  }
  A_.setZero();
  b_.setZero();
  const double alpha = stabilization;
  for (int j = 0; j < n; ++j) {
    const SkeletonJoint& joint = model_.joint(j);
    for (int sj = 0; sj < 2; ++sj) {
      const Side a = side(joint, sj);
      const SkeletonBody& body = model_.body(a.body);
      const SkeletonBodyState& s = state[static_cast<std::size_t>(a.body)];
      const Vec3 Rl = s.R * a.l, Rz = s.R * a.z, w_world = s.R * s.w;
      // velocity-product part of (3): R W W l and R W W z, plus the stabilization of (1) and (2)
      Twist beta;
      beta.head<3>() = w_world.cross(w_world.cross(Rl));
      beta.tail<3>() = w_world.cross(w_world.cross(Rz));
      if (alpha != 0.0) {
        beta.head<3>() += 2.0 * alpha * (s.v + w_world.cross(Rl)) + alpha * alpha * (s.p + Rl);
        beta.tail<3>() += 2.0 * alpha * w_world.cross(Rz) + alpha * alpha * Rz;
      }
      b_.segment<6>(6 * j) -= a.sign * beta;
      if (body.fixed) continue;
      // H = G M⁻¹ with M⁻¹ = diag(1/m, I⁻¹)
      const Mat3 I_inv = body.inertia.inverse();
      Mat6 H = constraint_map(s.R, x_joint_[static_cast<std::size_t>(j)] - s.p, u_joint_[static_cast<std::size_t>(j)]);
      H.leftCols<3>() /= body.mass;
      H.rightCols<3>() = (H.rightCols<3>() * I_inv).eval();
      // free generalized force: weight, gyroscopic torque and the joint torques e_k (eq. 4)
      Twist f;
      f.head<3>() = body.mass * model_.gravity;
      Vec3 e_world = Vec3::Zero();
      for (int k = 0; k < n; ++k) {
        const SkeletonJoint& other = model_.joint(k);
        for (int sk = 0; sk < 2; ++sk) {
          const Side o = side(other, sk);
          if (o.body != a.body) continue;
          e_world += o.sign * e_[static_cast<std::size_t>(k)];
          // A_{jk} += s_{j,i} s_{k,i} G_{j,i} M_i⁻¹ G_{k,i}ᵀ (eq. 5–6)
          const Mat6 G_k = constraint_map(s.R, x_joint_[static_cast<std::size_t>(k)] - s.p, u_joint_[static_cast<std::size_t>(k)]);
          A_.block<6, 6>(6 * j, 6 * k) += (a.sign * o.sign) * H * G_k.transpose();
        }
      }
      f.tail<3>() = -s.w.cross(body.inertia * s.w) + s.R.transpose() * e_world;
      b_.segment<6>(6 * j) -= a.sign * (H * f);
    }
  }
  // rank 5 n_h + 3 n_s: the minimum-norm least-squares solution is the pseudoinverse's (§ algorithm).
  // with the common axis u_j, d_j ∥ u_j is an exactly null direction; the threshold (relative to the
  // largest pivot) only keeps roundoff from being counted as rank. (with each body's own drifted axis
  // instead, that direction had a tiny pivot, and the chain blew up within 0.3 s.)
  cod_.setThreshold(1e-10);
  cod_.compute(A_);
  minimum_norm_solve();
  return x_;
}

// x = P Zᵀ [T₁₁⁻¹ (Qᵀ b)₁..r; 0]: eigen's CompleteOrthogonalDecomposition::solve, in the preallocated buffers
// (eigen's own solve allocates its copy of b and a householder workspace on every call).
void SkeletonSolver::minimum_norm_solve() {
  const Eigen::Index rank = cod_.rank();
  const Eigen::Index cols = A_.cols();
  if (rank == 0) {
    x_.setZero();
    return;
  }
  c_ = b_;
  cod_.householderQ().setLength(rank).adjoint().applyThisOnTheLeft(c_, work_);
  y_.head(rank) = c_.head(rank);
  cod_.matrixT().topLeftCorner(rank, rank).triangularView<Eigen::Upper>().solveInPlace(y_.head(rank));
  y_.tail(cols - rank).setZero();
  // y := Z* y (eigen's applyZAdjointOnTheLeftInPlace)
  for (Eigen::Index k = 0; k < rank && rank < cols; ++k) {
    if (k != rank - 1) std::swap(y_[k], y_[rank - 1]);
    y_.segment(rank - 1, cols - rank + 1)
        .applyHouseholderOnTheLeft(cod_.matrixQTZ().row(k).tail(cols - rank).adjoint(), cod_.zCoeffs()(k), work_.data());
    if (k != rank - 1) std::swap(y_[k], y_[rank - 1]);
  }
  x_.noalias() = cod_.colsPermutation() * y_;
}

void SkeletonSolver::step(std::vector<SkeletonBodyState>& state, double h) {
  const Eigen::VectorXd& y = constraint_forces(state);
  // world force and world torque about each centre of mass, all from the state at the step start. both
  // bodies of a joint take c_j at one common point and d_j about one common axis, so the pair has zero
  // net force and moment even when (1) has drifted: momentum is then exact in discrete time.
  for (int i = 0; i < model_.num_bodies(); ++i) {
    force_[static_cast<std::size_t>(i)] = model_.body(i).mass * model_.gravity;
    torque_[static_cast<std::size_t>(i)].setZero();
  }
  for (int j = 0; j < model_.num_joints(); ++j) {
    const SkeletonJoint& joint = model_.joint(j);
    const SkeletonBodyState& s1 = state[static_cast<std::size_t>(joint.body1)];
    const SkeletonBodyState& s2 = state[static_cast<std::size_t>(joint.body2)];
    const Vec3& x = x_joint_[static_cast<std::size_t>(j)];
    const Vec3& u = u_joint_[static_cast<std::size_t>(j)];
    const Vec3 c = y.segment<3>(6 * j), d = y.segment<3>(6 * j + 3);
    const Vec3 moment = u.cross(d) + e_[static_cast<std::size_t>(j)];
    const auto b1 = static_cast<std::size_t>(joint.body1), b2 = static_cast<std::size_t>(joint.body2);
    force_[b1] += c;
    force_[b2] -= c;
    torque_[b1] += (x - s1.p).cross(c) + moment;
    torque_[b2] -= (x - s2.p).cross(c) + moment;
  }
  for (int i = 0; i < model_.num_bodies(); ++i) {
    const SkeletonBody& body = model_.body(i);
    if (body.fixed) continue;
    SkeletonBodyState& s = state[static_cast<std::size_t>(i)];
    // world angular momentum π = R I ω advances by the world torque; ω follows from π in the new frame.
    const Vec3 pi = s.R * (body.inertia * s.w) + h * torque_[static_cast<std::size_t>(i)];
    s.v += h / body.mass * force_[static_cast<std::size_t>(i)];
    s.p += h * s.v;
    const Eigen::LLT<Mat3> I_llt(body.inertia);
    const Vec3 w_rotate = I_llt.solve(s.R.transpose() * pi);
    s.R = s.R * so3_exp(h * w_rotate);
    s.w = I_llt.solve(s.R.transpose() * pi);
  }
}

}  // namespace js
