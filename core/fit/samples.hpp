// sample sets for joint fitting: pairs (q_k, G_d^k = parent_T_child) with optional weights (paper §6.2),
// and the typed error every reader and fitter throws when samples are unusable.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/joints/joint.hpp"
#include "core/lie/se3.hpp"

namespace js::fit {

// one captured pose of the child bone against its parent.
struct Sample {
  JointVector q;        // joint coordinates, size SampleSet::dof (empty until assigned when has_q is false)
  SE3 parent_T_child;   // the desired joint transformation G_d^k
  double weight = 1.0;  // relative weight (> 0) in the data term
  int line = 0;         // 1-based line in the source file (0: not from a file), for messages
};

struct SampleSet {
  int dof = 1;                  // n: number of joint coordinates
  bool has_q = true;            // false: q comes from natural parameterization along the row order (§6.1)
  std::vector<Sample> samples;  // in file order
  std::string source;           // file name used in messages ("<memory>" when built in code)

  int size() const { return static_cast<int>(samples.size()); }
};

// what went wrong with a sample file or a sample set.
enum class SampleErrorKind {
  Io,              // file cannot be opened or read
  Syntax,          // malformed csv field or json document, unparsable number
  MissingColumn,   // a required column (or json field) is absent
  NotOrthonormal,  // rotation further than 1e-6 from SO(3) (and re-orthonormalization not requested)
  NonFinite,       // NaN or Inf in R, p or the weight
  NonFiniteQ,      // NaN or Inf in a q column
  BadWeight,       // weight ≤ 0
  TooFewSamples,   // fewer samples than the requested fit can determine
  Degenerate,      // the fit ran but its joint fails `check`: the samples do not determine a usable joint
};

const char* sample_error_kind_name(SampleErrorKind kind);

// a sample problem, located by file, line and column (1-based; 0 when not applicable). what() reads
// "file:line:column: message" so an editor can jump to it.
class SampleError : public std::runtime_error {
 public:
  SampleError(SampleErrorKind kind, std::string file, int line, int column, const std::string& message);

  SampleErrorKind kind() const { return kind_; }
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  SampleErrorKind kind_;
  std::string file_;
  int line_;
  int column_;
};

// how strictly rotations are checked on reading.
struct SampleReadOptions {
  double orthonormality_tolerance = 1e-6;  // largest |RᵀR − I| entry or |det R − 1| accepted as is
  bool reorthonormalize = false;           // project rotations beyond the tolerance onto SO(3) instead of failing
};

// throws SampleError(TooFewSamples) naming the set's file and its last sample's line when the set has
// fewer than `needed` samples; `what` says which fit needed them.
void require_samples(const SampleSet& set, int needed, const std::string& what);

}  // namespace js::fit
