// fuzz target: a joint file (core/io/joint_file), then the joint it describes evaluated across its range.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/io/joint_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  js::fuzz::refusing_cleanly([&] {
    const auto joint = js::io::read_joint_text(js::fuzz::text_of(data, size), "fuzz.json");
    // a joint the reader accepts must evaluate without crashing anywhere in its range
    std::vector<double> q(static_cast<std::size_t>(joint->dof()), 0.0);
    for (double s : {0.0, 0.5, 1.0}) {
      for (int i = 0; i < joint->dof(); ++i) {
        const auto& c = joint->coordinates()[static_cast<std::size_t>(i)];
        const double lo = std::max(c.min, -10.0), hi = std::min(c.max, 10.0);
        q[static_cast<std::size_t>(i)] = lo + s * (hi - lo);
      }
      js::JointData out(joint->dof());
      joint->evaluate(Eigen::Map<const Eigen::VectorXd>(q.data(), joint->dof()), out);
    }
    (void)js::io::joint_to_text(*joint);
  });
  return 0;
}
