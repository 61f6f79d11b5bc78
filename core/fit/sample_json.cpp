// json reading and writing of sample sets, and the file-level dispatch by extension.
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/fit/json_locations.hpp"
#include "core/fit/sample_check.hpp"
#include "core/fit/sample_io.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"
#include "core/io/json_text.hpp"

namespace js::fit {

namespace {

using nlohmann::json;

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// json numbers only; nlohmann stores NaN/Inf nowhere, so a null in a number slot is how other tools
// write them: report it as non-finite.
double number_at(const json& v, SampleErrorKind null_kind, const std::string& source, const std::string& where,
                 TextPosition at) {
  if (v.is_number()) return v.get<double>();
  if (v.is_null()) throw SampleError(null_kind, source, at.line, at.column, where + " is null (NaN or Inf)");
  throw SampleError(SampleErrorKind::Syntax, source, at.line, at.column, where + " is not a number");
}

// positions inside one sample (its start when the scan has none)
struct Located {
  const JsonSampleLocation* sample = nullptr;

  TextPosition start() const { return sample != nullptr ? sample->start : TextPosition{}; }
  TextPosition field(const char* name) const {
    if (sample == nullptr) return {};
    const auto it = sample->fields.find(name);
    return it == sample->fields.end() ? sample->start : it->second.value;
  }
  TextPosition number(const char* name, std::size_t i) const {
    if (sample == nullptr) return {};
    const auto it = sample->fields.find(name);
    if (it == sample->fields.end()) return sample->start;
    return i < it->second.numbers.size() ? it->second.numbers[i] : it->second.value;
  }
};

const json& field(const json& sample, const char* name, const std::string& source, const std::string& where,
                  TextPosition at) {
  const auto it = sample.find(name);
  if (it == sample.end()) {
    throw SampleError(SampleErrorKind::MissingColumn, source, at.line, at.column, where + ": missing field '" + name + "'");
  }
  return *it;
}

}  // namespace

SampleSet read_samples_json(std::istream& in, const std::string& source, const SampleReadOptions& options) {
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  json doc;
  try {
    // core's json reader: the depth cap, and a number overflowing a double (1e999) refused at its line and
    // column (json::parse threw nlohmann's out_of_range for it, past this reader's documented error)
    doc = io::parse_json_text(text, source);
  } catch (const io::FileError& e) {
    const auto kind = e.kind() == io::ErrorKind::NonFinite ? SampleErrorKind::NonFinite : SampleErrorKind::Syntax;
    throw SampleError(kind, source, e.line(), e.column(), e.problem());
  }
  if (!doc.is_object() || !doc.contains("samples") || !doc["samples"].is_array()) {
    throw SampleError(SampleErrorKind::MissingColumn, source, 0, 0, "missing array 'samples'");
  }
  const std::vector<JsonSampleLocation> locations = locate_json_samples(text);
  SampleSet set;
  set.source = source;
  const json& samples = doc["samples"];
  bool first = true;
  for (std::size_t k = 0; k < samples.size(); ++k) {
    const json& s = samples[k];
    const Located loc{k < locations.size() ? &locations[k] : nullptr};
    const std::string where = "samples[" + std::to_string(k) + "]";
    auto syntax = [&](TextPosition at, const std::string& message) {
      return SampleError(SampleErrorKind::Syntax, source, at.line, at.column, message);
    };
    if (!s.is_object()) throw syntax(loc.start(), where + " is not an object");
    RawSample raw;
    raw.where = where;
    raw.line = loc.start().line;
    // rotation: 9 row-major numbers or 3 rows of 3
    const json& R = field(s, "R", source, where, loc.start());
    std::vector<const json*> entries;
    if (R.is_array() && R.size() == 3 && R[0].is_array()) {
      for (const json& row : R) {
        if (!row.is_array() || row.size() != 3) throw syntax(loc.field("R"), where + ".R must be 3×3 or 9 numbers");
        for (const json& e : row) entries.push_back(&e);
      }
    } else if (R.is_array() && R.size() == 9) {
      for (const json& e : R) entries.push_back(&e);
    } else {
      throw syntax(loc.field("R"), where + ".R must be 3×3 or 9 numbers");
    }
    for (std::size_t i = 0; i < 9; ++i) {
      const TextPosition at = loc.number("R", i);
      raw.R[i] = number_at(*entries[i], SampleErrorKind::NonFinite, source, where + ".R[" + std::to_string(i) + "]", at);
      raw.R_line[i] = at.line;
      raw.R_column[i] = at.column;
    }
    const json& p = field(s, "p", source, where, loc.start());
    if (!p.is_array() || p.size() != 3) throw syntax(loc.field("p"), where + ".p must be 3 numbers");
    for (std::size_t i = 0; i < 3; ++i) {
      const TextPosition at = loc.number("p", i);
      raw.p[i] = number_at(p[i], SampleErrorKind::NonFinite, source, where + ".p[" + std::to_string(i) + "]", at);
      raw.p_line[i] = at.line;
      raw.p_column[i] = at.column;
    }
    if (s.contains("weight")) {
      const TextPosition at = loc.field("weight");
      raw.weight = number_at(s["weight"], SampleErrorKind::NonFinite, source, where + ".weight", at);
      raw.weight_line = at.line;
      raw.weight_column = at.column;
    }
    const bool has_q = s.contains("q");
    if (first) {
      set.has_q = has_q;
      first = false;
    } else if (has_q != set.has_q) {
      const TextPosition at = has_q ? loc.field("q") : loc.start();
      throw SampleError(SampleErrorKind::MissingColumn, source, at.line, at.column,
                        where + ": 'q' must be given in every sample or in none");
    }
    if (has_q) {
      const json& q = s["q"];
      if (q.is_number() || q.is_null()) {
        raw.q.push_back(number_at(q, SampleErrorKind::NonFiniteQ, source, where + ".q", loc.field("q")));
        raw.q_line.push_back(loc.field("q").line);
        raw.q_column.push_back(loc.field("q").column);
      } else if (q.is_array() && !q.empty() && q.size() <= static_cast<std::size_t>(kMaxJointDof)) {
        for (std::size_t i = 0; i < q.size(); ++i) {
          const TextPosition at = loc.number("q", i);
          raw.q.push_back(number_at(q[i], SampleErrorKind::NonFiniteQ, source, where + ".q[" + std::to_string(i) + "]", at));
          raw.q_line.push_back(at.line);
          raw.q_column.push_back(at.column);
        }
      } else {
        throw syntax(loc.field("q"), where + ".q must be a number or 1..6 numbers");
      }
      if (k == 0) {
        set.dof = static_cast<int>(raw.q.size());
      } else if (static_cast<int>(raw.q.size()) != set.dof) {
        const TextPosition at = loc.field("q");
        throw SampleError(SampleErrorKind::MissingColumn, source, at.line, at.column,
                          where + ".q has " + std::to_string(raw.q.size()) + " values, samples[0] has " +
                              std::to_string(set.dof));
      }
    }
    set.samples.push_back(check_sample(raw, source, options));
  }
  if (doc.contains("dof")) {
    // a declared dof is checked, never trusted: n-dof fits index q by it
    const json& dof = doc["dof"];
    const std::size_t key = text.find("\"dof\"");
    const TextPosition at = key == std::string::npos ? TextPosition{} : text_position(text, key);
    if (!dof.is_number_integer() || dof.get<long long>() < 1 || dof.get<long long>() > kMaxJointDof) {
      throw SampleError(SampleErrorKind::Syntax, source, at.line, at.column,
                        "'dof' is " + dof.dump() + ": expected 1 to " + std::to_string(kMaxJointDof) +
                            " (n-dof fitting supports 1 to 3 coordinates)");
    }
    const int declared = dof.get<int>();
    if (set.has_q && !set.samples.empty() && declared != set.dof) {
      throw SampleError(SampleErrorKind::MissingColumn, source, at.line, at.column,
                        "'dof' is " + std::to_string(declared) + " but the samples' q have " + std::to_string(set.dof) +
                            " values");
    }
    if (!set.has_q && declared != 1) {
      throw SampleError(SampleErrorKind::MissingColumn, source, at.line, at.column,
                        "'dof' is " + std::to_string(declared) +
                            " but the samples have no q: only a 1-dof fit can find q (natural parameterization)");
    }
    set.dof = declared;
  }
  return set;
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
    throw SampleError(SampleErrorKind::Io, path, 0, 0, e.problem());
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
    throw SampleError(SampleErrorKind::Io, path, 0, 0, e.problem());
  }
}

}  // namespace js::fit
