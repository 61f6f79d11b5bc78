// csv reading and writing of sample sets (format in sample_io.hpp and docs/samples.md).
#include <array>
#include <charconv>
#include <cmath>
#include <iomanip>
#include <istream>
#include <map>
#include <ostream>
#include <string_view>

#include "core/fit/sample_io.hpp"
#include "core/fit/sample_check.hpp"

namespace js::fit {

namespace {

constexpr std::array<const char*, 9> kRotationColumns{"R00", "R01", "R02", "R10", "R11", "R12", "R20", "R21", "R22"};
constexpr std::array<const char*, 3> kTranslationColumns{"px", "py", "pz"};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    fields.push_back(trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return fields;
}

bool is_comment_or_blank(std::string_view line) {
  const std::string_view t = trim(line);
  return t.empty() || t.front() == '#';
}

// where each needed quantity lives in a row (0-based field index, −1: absent).
struct Layout {
  std::vector<int> q;  // one per coordinate; empty when q is absent
  std::array<int, 9> R{};
  std::array<int, 3> p{};
  int weight = -1;
  int max_index = 0;
};

Layout parse_header(const std::vector<std::string_view>& names, const std::string& source, int line) {
  std::map<std::string, int, std::less<>> column;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string name(names[i]);
    if (name.empty()) continue;
    if (column.count(name) != 0) {
      throw SampleError(SampleErrorKind::Syntax, source, line, static_cast<int>(i) + 1,
                        "column '" + name + "' appears twice in the header");
    }
    column[name] = static_cast<int>(i);
  }
  auto find = [&](const std::string& name) {
    const auto it = column.find(name);
    return it == column.end() ? -1 : it->second;
  };
  auto require = [&](const char* name) {
    const int c = find(name);
    if (c < 0) {
      throw SampleError(SampleErrorKind::MissingColumn, source, line, 0,
                        std::string("missing column '") + name + "' in the header");
    }
    return c;
  };

  Layout layout;
  for (std::size_t i = 0; i < 9; ++i) layout.R[i] = require(kRotationColumns[i]);
  for (std::size_t i = 0; i < 3; ++i) layout.p[i] = require(kTranslationColumns[i]);
  layout.weight = find("weight");

  const int q_single = find("q");
  const int q0 = find("q0");
  if (q_single >= 0 && q0 >= 0) {
    throw SampleError(SampleErrorKind::Syntax, source, line, q0 + 1, "both 'q' and 'q0' columns; use one naming");
  }
  if (q_single >= 0) {
    layout.q.push_back(q_single);
  } else {
    for (int d = 0;; ++d) {
      const int c = find("q" + std::to_string(d));
      if (c < 0) break;
      layout.q.push_back(c);
    }
    // a gap (q0, q2 without q1) is a missing column, not a smaller dof
    for (int d = static_cast<int>(layout.q.size()) + 1; d <= kMaxJointDof; ++d) {
      if (find("q" + std::to_string(d)) >= 0) {
        throw SampleError(SampleErrorKind::MissingColumn, source, line, 0,
                          "missing column 'q" + std::to_string(layout.q.size()) + "' (have 'q" + std::to_string(d) +
                              "')");
      }
    }
  }
  if (static_cast<int>(layout.q.size()) > kMaxJointDof) {
    throw SampleError(SampleErrorKind::Syntax, source, line, 0,
                      "more than " + std::to_string(kMaxJointDof) + " q columns");
  }
  for (int c : layout.R) layout.max_index = std::max(layout.max_index, c);
  for (int c : layout.p) layout.max_index = std::max(layout.max_index, c);
  for (int c : layout.q) layout.max_index = std::max(layout.max_index, c);
  layout.max_index = std::max(layout.max_index, layout.weight);
  return layout;
}

double parse_number(std::string_view field, const std::string& column_name, const std::string& source, int line,
                    int column) {
  double value = 0.0;
  const char* begin = field.data();
  const char* end = field.data() + field.size();
  if (!field.empty() && *begin == '+') ++begin;  // from_chars rejects a leading '+'
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (field.empty() || ec != std::errc() || ptr != end) {
    throw SampleError(SampleErrorKind::Syntax, source, line, column,
                      "column '" + column_name + "': '" + std::string(field) + "' is not a number");
  }
  return value;
}

}  // namespace

SampleSet read_samples_csv(std::istream& in, const std::string& source, const SampleReadOptions& options) {
  SampleSet set;
  set.source = source;
  Layout layout;
  std::vector<std::string> header_names;
  bool have_header = false;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (is_comment_or_blank(line)) continue;
    const std::vector<std::string_view> fields = split(line);
    if (!have_header) {
      layout = parse_header(fields, source, line_number);
      for (auto f : fields) header_names.emplace_back(f);
      set.dof = layout.q.empty() ? 1 : static_cast<int>(layout.q.size());
      set.has_q = !layout.q.empty();
      have_header = true;
      continue;
    }
    if (static_cast<int>(fields.size()) <= layout.max_index) {
      throw SampleError(SampleErrorKind::Syntax, source, line_number, static_cast<int>(fields.size()),
                        "row has " + std::to_string(fields.size()) + " fields, the header names " +
                            std::to_string(header_names.size()));
    }
    auto number = [&](int index) {
      const auto i = static_cast<std::size_t>(index);
      return parse_number(fields[i], header_names[i], source, line_number, index + 1);
    };
    RawSample raw;
    raw.line = line_number;
    for (std::size_t i = 0; i < 9; ++i) {
      raw.R[i] = number(layout.R[i]);
      raw.R_column[i] = layout.R[i] + 1;
    }
    for (std::size_t i = 0; i < 3; ++i) {
      raw.p[i] = number(layout.p[i]);
      raw.p_column[i] = layout.p[i] + 1;
    }
    for (int c : layout.q) {
      raw.q.push_back(number(c));
      raw.q_column.push_back(c + 1);
    }
    if (layout.weight >= 0) {
      raw.weight = number(layout.weight);
      raw.weight_column = layout.weight + 1;
    }
    set.samples.push_back(check_sample(raw, source, options));
  }
  if (!have_header) {
    throw SampleError(SampleErrorKind::MissingColumn, source, line_number, 0, "no header row (file is empty)");
  }
  return set;
}

void write_samples_csv(const SampleSet& set, std::ostream& out) {
  bool weights = false;
  for (const Sample& s : set.samples) weights = weights || s.weight != 1.0;
  out << std::setprecision(17);
  // header
  std::vector<std::string> names;
  if (set.has_q) {
    if (set.dof == 1) {
      names.emplace_back("q");
    } else {
      for (int d = 0; d < set.dof; ++d) names.push_back("q" + std::to_string(d));
    }
  }
  for (const char* n : kRotationColumns) names.emplace_back(n);
  for (const char* n : kTranslationColumns) names.emplace_back(n);
  if (weights) names.emplace_back("weight");
  for (std::size_t i = 0; i < names.size(); ++i) out << (i ? "," : "") << names[i];
  out << "\n";
  // rows
  for (const Sample& s : set.samples) {
    bool first = true;
    auto put = [&](double v) {
      out << (first ? "" : ",") << v;
      first = false;
    };
    if (set.has_q) {
      for (int d = 0; d < set.dof; ++d) put(s.q[d]);
    }
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) put(s.parent_T_child.R(r, c));
    }
    for (int i = 0; i < 3; ++i) put(s.parent_T_child.p[i]);
    if (weights) put(s.weight);
    out << "\n";
  }
}

}  // namespace js::fit
