// json reading (on core/io's json cursor) and writing of sample sets, and the file-level dispatch by extension.
#include <array>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/fit/sample_check.hpp"
#include "core/fit/sample_io.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"
#include "core/io/json_cursor.hpp"
#include "core/io/json_text.hpp"

namespace js::fit {

namespace {

using nlohmann::json;

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// the sample kind of a problem core/io's cursor found (a wrong json type is the format's syntax)
SampleErrorKind sample_kind(io::ErrorKind kind) {
  switch (kind) {
    case io::ErrorKind::Io: return SampleErrorKind::Io;
    case io::ErrorKind::NonFinite: return SampleErrorKind::NonFinite;
    case io::ErrorKind::MissingField: return SampleErrorKind::MissingColumn;
    case io::ErrorKind::NotOrthonormal: return SampleErrorKind::NotOrthonormal;
    default: return SampleErrorKind::Syntax;
  }
}

// a sample problem at the cursor's json pointer
[[noreturn]] void fail_at(const io::JsonCursor& c, SampleErrorKind kind, const std::string& problem) {
  throw SampleError(kind, io::Location{.source = c.source(), .pointer = c.path()}, problem);
}

// 9 row-major numbers or 3 rows of 3
void read_rotation(const io::JsonCursor& R, std::array<double, 9>& out) {
  const std::size_t n = R.size();
  if (n == 3 && R.element(0).json().is_array()) {
    for (std::size_t r = 0; r < 3; ++r) {
      const io::JsonCursor row = R.element(r);
      row.expect_array_size(3, "numbers in a rotation row");
      for (std::size_t c = 0; c < 3; ++c) out[3 * r + c] = row.element(c).number();
    }
  } else if (n == 9) {
    for (std::size_t i = 0; i < 9; ++i) out[i] = R.element(i).number();
  } else {
    R.fail(io::ErrorKind::CountMismatch,
           "expected 9 numbers (row-major) or 3 rows of 3, got " + std::to_string(n) + " elements");
  }
}

// q: one number or 1..kMaxJointDof numbers; a NaN/Inf stand-in (null, "nan") is NonFiniteQ
std::vector<double> read_q(const io::JsonCursor& q) {
  try {
    if (!q.json().is_array()) return {q.number()};
    const std::size_t n = q.size();
    if (n == 0 || n > static_cast<std::size_t>(kMaxJointDof)) {
      q.fail(io::ErrorKind::CountMismatch, "expected a number or 1 to " + std::to_string(kMaxJointDof) + " numbers, got " +
                                               std::to_string(n));
    }
    return q.numbers();
  } catch (const io::FileError& e) {
    if (e.kind() == io::ErrorKind::NonFinite) throw SampleError(SampleErrorKind::NonFiniteQ, e);
    throw;
  }
}

SampleSet read_document(const io::JsonCursor& doc, const SampleReadOptions& options) {
  const io::JsonCursor samples = doc.at("samples");
  const std::size_t n = samples.size();
  SampleSet set;
  set.source = doc.source();
  for (std::size_t k = 0; k < n; ++k) {
    const io::JsonCursor s = samples.element(k);
    RawSample raw;
    raw.pointer = s.path();
    read_rotation(s.at("R"), raw.R);
    const Vec3 p = s.at("p").vec3();
    raw.p = {p.x(), p.y(), p.z()};
    if (s.has("weight")) raw.weight = s.at("weight").number();
    const bool has_q = s.has("q");
    if (k == 0) {
      set.has_q = has_q;
    } else if (has_q != set.has_q) {
      const std::string first = samples.element(0).path();
      if (has_q) fail_at(s.at("q"), SampleErrorKind::MissingColumn, "'q' here but not in " + first + ": give q in every sample or in none");
      fail_at(s, SampleErrorKind::MissingColumn, "no 'q' here but " + first + " has one: give q in every sample or in none");
    }
    if (has_q) {
      raw.q = read_q(s.at("q"));
      if (k == 0) {
        set.dof = static_cast<int>(raw.q.size());
      } else if (static_cast<int>(raw.q.size()) != set.dof) {
        fail_at(s.at("q"), SampleErrorKind::MissingColumn,
                std::to_string(raw.q.size()) + " values, but " + samples.element(0).path() + "/q has " + std::to_string(set.dof));
      }
    }
    set.samples.push_back(check_sample(raw, set.source, options));
  }
  if (doc.has("dof")) {
    // a declared dof is checked, never trusted: n-dof fits index q by it
    const io::JsonCursor dof = doc.at("dof");
    const int declared = dof.integer();
    if (declared < 1 || declared > kMaxJointDof) {
      dof.fail(io::ErrorKind::InvalidValue, "dof " + std::to_string(declared) + ": expected 1 to " + std::to_string(kMaxJointDof) +
                                                " (n-dof fitting supports 1 to 3 coordinates)");
    }
    if (set.has_q && !set.samples.empty() && declared != set.dof) {
      fail_at(dof, SampleErrorKind::MissingColumn,
              "dof " + std::to_string(declared) + " but the samples' q have " + std::to_string(set.dof) + " values");
    }
    if (!set.has_q && declared != 1) {
      fail_at(dof, SampleErrorKind::MissingColumn,
              "dof " + std::to_string(declared) + " but the samples have no q: only a 1-dof fit can find q (natural parameterization)");
    }
    set.dof = declared;
  }
  return set;
}

}  // namespace

SampleSet read_samples_json(std::istream& in, const std::string& source, const SampleReadOptions& options) {
  std::stringstream buffer;
  buffer << in.rdbuf();
  try {
    // core's json reader: the depth cap, and a number overflowing a double (1e999) refused at its line and
    // column; then every value read through the cursor, so errors name its json pointer
    const json doc = io::parse_json_text(buffer.str(), source);
    return read_document(io::JsonCursor(doc, source), options);
  } catch (const SampleError&) {
    throw;
  } catch (const io::FileError& e) {
    throw SampleError(sample_kind(e.kind()), e);
  }
}

void write_samples_json(const SampleSet& set, std::ostream& out) {
  json doc;
  doc["format"] = "jointsmith-samples";
  doc["version"] = 1;
  doc["dof"] = set.dof;
  json samples = json::array();
  for (const Sample& s : set.samples) {
    json j;
    if (set.has_q) {
      json q = json::array();
      for (int d = 0; d < s.q.size(); ++d) q.push_back(s.q[d]);
      j["q"] = q;
    }
    json R = json::array();
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) R.push_back(s.parent_T_child.R(r, c));
    }
    j["R"] = R;
    j["p"] = {s.parent_T_child.p.x(), s.parent_T_child.p.y(), s.parent_T_child.p.z()};
    if (s.weight != 1.0) j["weight"] = s.weight;
    samples.push_back(j);
  }
  doc["samples"] = samples;
  out << doc.dump(1) << "\n";
}

SampleSet read_samples(const std::string& path, const SampleReadOptions& options) {
  std::string bytes;
  try {
    bytes = io::read_file_bytes(path);
  } catch (const io::FileError& e) {
    throw SampleError(SampleErrorKind::Io, e);
  }
  std::istringstream in(std::move(bytes));
  return ends_with(path, ".json") ? read_samples_json(in, path, options) : read_samples_csv(in, path, options);
}

void write_samples(const SampleSet& set, const std::string& path) {
  std::ostringstream out;
  if (ends_with(path, ".json")) {
    write_samples_json(set, out);
  } else {
    write_samples_csv(set, out);
  }
  try {
    io::write_file_atomic(path, out.str());
  } catch (const io::FileError& e) {
    throw SampleError(SampleErrorKind::Io, e);
  }
}

}  // namespace js::fit
