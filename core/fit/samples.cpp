#include "core/fit/samples.hpp"

#include <utility>

namespace js::fit {

const char* sample_error_kind_name(SampleErrorKind kind) {
  switch (kind) {
    case SampleErrorKind::Io: return "io";
    case SampleErrorKind::Syntax: return "syntax";
    case SampleErrorKind::MissingColumn: return "missing column";
    case SampleErrorKind::NotOrthonormal: return "not orthonormal";
    case SampleErrorKind::NonFinite: return "non-finite value";
    case SampleErrorKind::NonFiniteQ: return "non-finite q";
    case SampleErrorKind::BadWeight: return "bad weight";
    case SampleErrorKind::TooFewSamples: return "too few samples";
    case SampleErrorKind::Degenerate: return "degenerate";
  }
  return "unknown";
}

io::ErrorKind io_error_kind(SampleErrorKind kind) {
  switch (kind) {
    case SampleErrorKind::Io: return io::ErrorKind::Io;
    case SampleErrorKind::Syntax: return io::ErrorKind::Syntax;
    case SampleErrorKind::MissingColumn: return io::ErrorKind::MissingField;
    case SampleErrorKind::NotOrthonormal: return io::ErrorKind::NotOrthonormal;
    case SampleErrorKind::NonFinite:
    case SampleErrorKind::NonFiniteQ: return io::ErrorKind::NonFinite;
    case SampleErrorKind::BadWeight: return io::ErrorKind::InvalidValue;
    case SampleErrorKind::TooFewSamples: return io::ErrorKind::CountMismatch;
    case SampleErrorKind::Degenerate: return io::ErrorKind::InvalidValue;
  }
  return io::ErrorKind::InvalidValue;
}

SampleError::SampleError(SampleErrorKind kind, std::string file, int line, int column, const std::string& message)
    : io::FileError(io_error_kind(kind), io::Location{.source = std::move(file), .line = line, .column = column}, message),
      kind_(kind) {}

SampleError::SampleError(SampleErrorKind kind, io::Location where, const std::string& message)
    : io::FileError(io_error_kind(kind), std::move(where), message), kind_(kind) {}

SampleError::SampleError(SampleErrorKind kind, const io::FileError& located)
    : io::FileError(io_error_kind(kind), located.location(), located.problem()), kind_(kind) {}

void require_samples(const SampleSet& set, int needed, const std::string& what) {
  if (set.size() >= needed) return;
  const int line = set.samples.empty() ? 0 : set.samples.back().line;
  throw SampleError(SampleErrorKind::TooFewSamples, set.source, line, 0,
                    std::to_string(set.size()) + " samples, but " + what + " needs at least " +
                        std::to_string(needed));
}

}  // namespace js::fit
