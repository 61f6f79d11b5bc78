// reading and writing sample sets (docs/samples.md).
//
// csv: a header row naming the columns, then one sample per row. columns, in any order:
//   q            (1-dof) or q0, q1, … (n-dof)   optional: absent → natural parameterization (§6.1)
//   R00 … R22    rotation of parent_T_child, row-major                 required
//   px, py, pz   translation of parent_T_child in metres               required
//   weight       relative sample weight > 0                             optional (default 1)
// extra columns are ignored; blank lines and lines whose first non-blank character is '#' are comments.
//
// json: {"format": "jointsmith-samples", "version": 1, "dof": n,
//        "samples": [{"q": [..n..], "R": [9 row-major or 3×3 nested], "p": [3], "weight": w}, …]}
// with "q" present in every sample or in none, read through io::JsonCursor: json errors name the json pointer
// of the offending value ("samples.json: /samples/3/R/1: expected a number, got string"); syntax errors the
// line and column.
//
// every reader throws SampleError (an io::FileError) naming the file and line and column or json pointer
// (see samples.hpp).
#pragma once

#include <iosfwd>
#include <string>

#include "core/fit/samples.hpp"

namespace js::fit {

// reads a csv stream; `source` names it in messages and is stored in SampleSet::source.
SampleSet read_samples_csv(std::istream& in, const std::string& source, const SampleReadOptions& options = {});
// reads a json stream.
SampleSet read_samples_json(std::istream& in, const std::string& source, const SampleReadOptions& options = {});
// reads a file: json when the name ends in ".json", csv otherwise. throws SampleError(Io) when it cannot open it.
SampleSet read_samples(const std::string& path, const SampleReadOptions& options = {});

// writes all samples with 17 significant digits (lossless round trip). q columns only when set.has_q;
// a weight column only when some weight differs from 1.
void write_samples_csv(const SampleSet& set, std::ostream& out);
void write_samples_json(const SampleSet& set, std::ostream& out);
// writes json for ".json" names, csv otherwise; throws SampleError(Io) on failure.
void write_samples(const SampleSet& set, const std::string& path);

}  // namespace js::fit
