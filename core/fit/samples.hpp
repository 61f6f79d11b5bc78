// sample sets for joint fitting: pairs (q_k, G_d^k = parent_T_child) with optional weights (paper §6.2),
// and the typed error every reader and fitter throws when samples are unusable.
#pragma once

#include <string>
#include <vector>

#include "core/io/file_error.hpp"
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

// what went wrong with a sample file or a sample set: the fitting vocabulary python shows as `kind`
// (sample_error_kind_name). each maps onto one io::ErrorKind (io_error_kind) for callers that catch io::FileError.
enum class SampleErrorKind {
  Io,              // file cannot be opened or read
  Syntax,          // malformed csv field or json document, unparsable number, a json value of the wrong type
  MissingColumn,   // a required column (or json field) is absent, or q given in some samples only
  NotOrthonormal,  // rotation further than 1e-6 from SO(3) (and re-orthonormalization not requested)
  NonFinite,       // NaN or Inf in R, p or the weight
  NonFiniteQ,      // NaN or Inf in a q column
  BadWeight,       // weight ≤ 0
  TooFewSamples,   // fewer samples than the requested fit can determine
  Degenerate,      // the fit ran but its joint fails `check`: the samples do not determine a usable joint
};

const char* sample_error_kind_name(SampleErrorKind kind);
io::ErrorKind io_error_kind(SampleErrorKind kind);

// a sample problem: an io::FileError (file, line:column or json pointer, problem; its kind() the coarse
// io::ErrorKind) that also carries the sample kind. what() reads "file:line:column: message" (csv, text
// positions) or "file: /samples/3/R/1: message" (json), so an editor can jump to it.
class SampleError : public io::FileError {
 public:
  // line and column 1-based, 0 when not applicable.
  SampleError(SampleErrorKind kind, std::string file, int line, int column, const std::string& message);
  SampleError(SampleErrorKind kind, io::Location where, const std::string& message);
  // the location and problem of a core/io error (a json value of the wrong type …) as a sample error.
  SampleError(SampleErrorKind kind, const io::FileError& located);

  // hides io::FileError::kind(): the sample kind (io::FileError::kind() still gives the io kind).
  SampleErrorKind kind() const { return kind_; }

 private:
  SampleErrorKind kind_;
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
