#include "core/dynamics/multibody.hpp"

#include <stdexcept>

namespace js {

int MultibodyModel::add_body(std::string name, int parent, std::shared_ptr<const JointModel> joint,
                             const BodyInertia& inertia) {
  if (parent < -1 || parent >= num_bodies()) {
    throw std::invalid_argument("add_body '" + name + "': parent index " + std::to_string(parent) +
                                " is not −1 or an existing body");
  }
  if (!joint) throw std::invalid_argument("add_body '" + name + "': joint is null");
  if (find_body(name) >= 0) throw std::invalid_argument("add_body: duplicate body name '" + name + "'");
  if (!(inertia.mass > 0.0)) throw std::invalid_argument("add_body '" + name + "': mass must be > 0");
  if (joint->dof() > kMaxJointDof) throw std::invalid_argument("add_body '" + name + "': joint has too many dof");
  Body b;
  b.name = std::move(name);
  b.parent = parent;
  b.joint = std::move(joint);
  b.inertia = inertia;
  b.J = inertia.generalized();
  b.q_index = nq_;
  b.dof = b.joint->dof();
  for (int k = 0; k < b.dof; ++k) coordinates_.push_back(CoordinateRef{num_bodies(), k});
  nq_ += b.dof;
  bodies_.push_back(std::move(b));
  return num_bodies() - 1;
}

int MultibodyModel::find_body(const std::string& name) const {
  for (int i = 0; i < num_bodies(); ++i) {
    if (bodies_[static_cast<std::size_t>(i)].name == name) return i;
  }
  return -1;
}

const Coordinate& MultibodyModel::coordinate_info(int k) const {
  const CoordinateRef& c = coordinate(k);
  return body(c.body).joint->coordinates()[static_cast<std::size_t>(c.local)];
}

std::vector<std::string> MultibodyModel::coordinate_names() const {
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(nq_));
  for (int k = 0; k < nq_; ++k) {
    names.push_back(body(coordinate(k).body).name + "." + coordinate_info(k).name);
  }
  return names;
}

std::vector<int> MultibodyModel::children(int i) const {
  std::vector<int> out;
  for (int j = 0; j < num_bodies(); ++j) {
    if (body(j).parent == i) out.push_back(j);
  }
  return out;
}

void MultibodyModel::prescribe(int coordinate, CoordinateTrajectory trajectory) {
  if (coordinate < 0 || coordinate >= nq_) {
    throw std::invalid_argument("prescribe: coordinate index " + std::to_string(coordinate) + " out of range");
  }
  const CoordinateRef& ref = coordinates_[static_cast<std::size_t>(coordinate)];
  Body& body = bodies_[static_cast<std::size_t>(ref.body)];
  const auto local = static_cast<std::size_t>(ref.local);
  if (body.prescribed_of[local] >= 0) {
    throw std::invalid_argument("prescribe: coordinate '" + body.name + "." + coordinate_info(coordinate).name +
                                "' is already prescribed");
  }
  if (!trajectory) throw std::invalid_argument("prescribe: empty trajectory for body '" + body.name + "'");
  body.prescribed_of[local] = static_cast<int>(prescribed_.size());
  ++body.num_prescribed;
  prescribed_.push_back(PrescribedCoordinate{coordinate, ref.body, std::move(trajectory)});
}

bool MultibodyModel::is_prescribed(int k) const {
  const CoordinateRef& ref = coordinate(k);
  return body(ref.body).prescribed_of[static_cast<std::size_t>(ref.local)] >= 0;
}

RootState MultibodyModel::root_state(double t) const {
  if (root_trajectory) return root_trajectory(t);
  RootState s;
  s.world_T_root = world_T_root;
  return s;
}

BodyData::BodyData(int dof, int free_dof) : joint(dof), U(6, free_dof), Omega_inv(free_dof, free_dof), u(free_dof) {
  U.setZero();
  Omega_inv.setZero();
  u.setZero();
}

MultibodyData::MultibodyData(const MultibodyModel& model) {
  bodies.reserve(static_cast<std::size_t>(model.num_bodies()));
  for (const Body& b : model.bodies()) bodies.emplace_back(b.dof, b.free_dof());
  tau = Eigen::VectorXd::Zero(model.nq());
  qdd = Eigen::VectorXd::Zero(model.nq());
  M = Eigen::MatrixXd::Zero(model.nq(), model.nq());
  prescribed.resize(model.prescribed().size());
  drive_tau = Eigen::VectorXd::Zero(model.nq());
}

}  // namespace js
