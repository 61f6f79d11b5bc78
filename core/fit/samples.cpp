#include "core/fit/samples.hpp"

#include <sstream>

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

namespace {
// "file:line:column: message" (gcc 12 -O3 warns falsely on chained string +=, so a stream builds it)
std::string located(const std::string& file, int line, int column, const std::string& message) {
  std::ostringstream s;
  s << (file.empty() ? std::string("<memory>") : file);
  if (line > 0) {
    s << ':' << line;
    if (column > 0) s << ':' << column;
  }
  s << ": " << message;
  return s.str();
}
}  // namespace

SampleError::SampleError(SampleErrorKind kind, std::string file, int line, int column, const std::string& message)
    : std::runtime_error(located(file, line, column, message)),
      kind_(kind),
      file_(std::move(file)),
      line_(line),
      column_(column) {}

void require_samples(const SampleSet& set, int needed, const std::string& what) {
  if (set.size() >= needed) return;
  const int line = set.samples.empty() ? 0 : set.samples.back().line;
  throw SampleError(SampleErrorKind::TooFewSamples, set.source, line, 0,
                    std::to_string(set.size()) + " samples, but " + what + " needs at least " +
                        std::to_string(needed));
}

}  // namespace js::fit
