#include "core/joints/series_joint.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace js {

namespace {

const JointModel& checked(const std::unique_ptr<JointModel>& part, const char* which) {
  if (!part) throw std::invalid_argument(std::string("series joint: the ") + which + " joint is missing");
  return *part;
}

RangePolicy series_policy(const JointModel& a, const JointModel& b) {
  const RangePolicy pa = a.range_policy(), pb = b.range_policy();
  if (pa == RangePolicy::Wrap && pb == RangePolicy::Wrap) return RangePolicy::Wrap;
  // a part's clamp is the part's own (its evaluate applies it); the series continues past its ends
  const auto continues = [](RangePolicy p) { return p == RangePolicy::Extrapolate || p == RangePolicy::Clamp; };
  if (continues(pa) || continues(pb)) return RangePolicy::Extrapolate;
  return RangePolicy::Natural;
}

std::vector<Coordinate> series_coordinates(const JointModel& a, const JointModel& b) {
  const int n = a.dof() + b.dof();
  if (n > kMaxJointDof) {
    throw std::invalid_argument("series joint: " + std::to_string(a.dof()) + " + " + std::to_string(b.dof()) +
                                " coordinates exceed the largest joint dof " + std::to_string(kMaxJointDof));
  }
  const bool wraps = series_policy(a, b) == RangePolicy::Wrap;
  std::vector<Coordinate> coords;
  for (const JointModel* part : {&a, &b}) {
    for (Coordinate c : part->coordinates()) {
      // the part wraps q itself; a limit here would make the simulator clamp a periodic coordinate
      if (part->range_policy() == RangePolicy::Wrap && !wraps) c.open_limits();
      coords.push_back(c);
    }
  }
  return coords;
}

}  // namespace

SeriesJoint::SeriesJoint(std::unique_ptr<JointModel> first, std::unique_ptr<JointModel> second)
    : JointModel(series_coordinates(checked(first, "first"), checked(second, "second")),
                 series_policy(checked(first, "first"), checked(second, "second"))),
      first_(std::move(first)),
      second_(std::move(second)) {}

SeriesJoint::SeriesJoint(const SeriesJoint& other)
    : JointModel(other), first_(other.first_->clone()), second_(other.second_->clone()) {}

void SeriesJoint::evaluate_local(const ConstJointRef& q, JointData& data, EvalLevel level) const {
  const int na = first_->dof(), nb = second_->dof(), n = na + nb;
  JointData a(na), b(nb);
  first_->evaluate(q.head(na), a, level);
  second_->evaluate(q.tail(nb), b, level);
  data.G = a.G * b.G;
  if (level == EvalLevel::Transform) return;
  // eq. (13)/(29) with B as one factor: A's twists move into the child frame by Ad_{B⁻¹}
  for (int i = 0; i < na; ++i) data.S.col(i) = Ad_inv_apply(b.G, a.S.col(i));
  for (int i = 0; i < nb; ++i) data.S.col(na + i) = b.S.col(i);
  if (level != EvalLevel::Hessian) return;
  // eq. (31) with B as one factor: ∂(Ad_{B⁻¹} a_i)/∂q_b,j = ad_{s_i} b_j
  for (int i = 0; i < na; ++i) {
    const Twist si = data.S.col(i);
    for (int j = 0; j < na; ++j) data.dS.col(i * n + j) = Ad_inv_apply(b.G, a.dS.col(i * na + j));
    for (int j = 0; j < nb; ++j) data.dS.col(i * n + na + j) = ad_apply(si, b.S.col(j));
  }
  for (int i = 0; i < nb; ++i) {
    for (int j = 0; j < na; ++j) data.dS.col((na + i) * n + j).setZero();
    for (int j = 0; j < nb; ++j) data.dS.col((na + i) * n + na + j) = b.dS.col(i * nb + j);
  }
}

}  // namespace js
