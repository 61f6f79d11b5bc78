// the python Joint: a shared, immutable joint model (fit results and loaded files alike).
#pragma once

#include <memory>
#include <string>

#include "core/joints/joint.hpp"

namespace js::py {

struct Joint {
  std::shared_ptr<const JointModel> model;
  std::string source;  // the file it came from ("" when fitted in memory)
};

}  // namespace js::py
