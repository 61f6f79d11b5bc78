// the elements every core/lie property test runs over: identity, tiny angles (1e-12 … 1e-4), near π
// (π − 1e-6, π − 1e-9), exactly π, and seeded random twists. one list, shared by all lie suites.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "core/lie/se3.hpp"

namespace js::test {

enum class SampleClass { Identity, Tiny, NearPi, Pi, Random };

// one test element: a twist g = [ω; v] with |ω| = angle. so3 tests use ω only.
struct LieSample {
  std::string name;  // gtest-safe name, e.g. "tiny_1e_08"
  SampleClass cls;
  Twist g;

  Vec3 w() const { return g.head<3>(); }
  double angle() const { return g.head<3>().norm(); }
};

inline void PrintTo(const LieSample& s, std::ostream* os) { *os << s.name; }

// a generator for one test on one sample, seeded by the sample's name and the test's own salt: its draws
// do not depend on which tests ran before (a shared stream made them), and failures reproduce alone.
inline std::mt19937_64 sample_rng(const LieSample& s, std::uint64_t salt) {
  std::uint64_t seed = 1469598103934665603ull ^ salt;  // fnv-1a over the name
  for (const char c : s.name) seed = (seed ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return std::mt19937_64(seed);
}

inline Vec3 random_unit(std::mt19937_64& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  Vec3 a(n(rng), n(rng), n(rng));
  return a.normalized();
}

inline Vec3 random_vec(std::mt19937_64& rng, double scale) {
  std::uniform_real_distribution<double> u(-scale, scale);
  return Vec3(u(rng), u(rng), u(rng));
}

inline Twist random_twist(std::mt19937_64& rng, double max_angle = 3.0, double scale = 1.0) {
  std::uniform_real_distribution<double> u(0.0, max_angle);
  return make_twist(u(rng) * random_unit(rng), random_vec(rng, scale));
}

inline SE3 random_se3(std::mt19937_64& rng) { return se3_exp(random_twist(rng)); }

inline std::vector<LieSample> lie_samples() {
  std::mt19937_64 rng(1360612);  // its own seed: the list never changes
  std::vector<LieSample> out;
  out.push_back({"identity", SampleClass::Identity, Twist::Zero()});
  const char* tiny_names[] = {"tiny_1e_12", "tiny_1e_10", "tiny_1e_08", "tiny_1e_06", "tiny_1e_04"};
  const double tiny[] = {1e-12, 1e-10, 1e-8, 1e-6, 1e-4};
  for (int i = 0; i < 5; ++i) {
    out.push_back({tiny_names[i], SampleClass::Tiny, make_twist(tiny[i] * random_unit(rng), random_vec(rng, 1.0))});
  }
  // a tiny rotation with tiny translation too (the pure-small regime of the se3 series)
  out.push_back({"tiny_both_1e_08", SampleClass::Tiny, make_twist(1e-8 * random_unit(rng), random_vec(rng, 1e-8))});
  // a pure translation and a pure rotation
  out.push_back({"pure_translation", SampleClass::Identity, make_twist(Vec3::Zero(), random_vec(rng, 1.0))});
  out.push_back({"pure_rotation", SampleClass::Random, make_twist(1.3 * random_unit(rng), Vec3::Zero())});
  const double pi = kPi;
  out.push_back({"near_pi_1e_06", SampleClass::NearPi, make_twist((pi - 1e-6) * random_unit(rng), random_vec(rng, 1.0))});
  out.push_back({"near_pi_1e_09", SampleClass::NearPi, make_twist((pi - 1e-9) * random_unit(rng), random_vec(rng, 1.0))});
  // near π about a coordinate axis: the symmetric-part axis extraction has zeros to cope with
  out.push_back({"near_pi_x_axis", SampleClass::NearPi, make_twist(Vec3(pi - 1e-9, 0, 0), random_vec(rng, 1.0))});
  out.push_back({"pi", SampleClass::Pi, make_twist(pi * random_unit(rng), random_vec(rng, 1.0))});
  for (int i = 0; i < 16; ++i) {
    out.push_back({"random_" + std::to_string(i), SampleClass::Random, random_twist(rng, 3.1, 2.0)});
  }
  return out;
}

// gtest name generator (a functor: a lambda's parameter would shadow the macro's own `info`).
struct SampleName {
  template <typename Info>
  std::string operator()(const Info& param_info) const {
    return param_info.param.name;
  }
};

// largest absolute entry of a difference, for readable EXPECT_LE messages.
template <typename A, typename B>
double max_abs_diff(const A& a, const B& b) {
  return (a - b).cwiseAbs().maxCoeff();
}

}  // namespace js::test
