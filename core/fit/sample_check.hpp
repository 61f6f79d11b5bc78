// internal to the sample readers: one parsed row with the source column of each value, and the checks
// every format shares (finite values, orthonormal rotation, positive weight).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/fit/samples.hpp"

namespace js::fit {

struct RawSample {
  int line = 0;                    // 1-based source line (0: not a text row)
  std::string where;               // extra location text for samples without a file ("sample 3")
  std::string pointer;             // json: the sample's json pointer ("/samples/3"); errors then name its fields
  std::array<double, 9> R{};       // row-major rotation
  std::array<int, 9> R_column{};   // 1-based source column of each entry (0: unknown)
  std::array<double, 3> p{};       // translation
  std::array<int, 3> p_column{};
  std::vector<double> q;           // empty when the format has no q
  std::vector<int> q_column;
  double weight = 1.0;
  int weight_column = 0;
};

// validates a raw row and turns it into a Sample; throws SampleError naming source and line and column, or
// the json pointer of the field.
Sample check_sample(const RawSample& raw, const std::string& source, const SampleReadOptions& options);

}  // namespace js::fit
