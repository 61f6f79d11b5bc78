// the kind-specific part of a joint file (axis, pitch, a/b/k, euler order, spline data): which fields each
// kind has, how to build the model from them and how to write them back. used only by joint_file.cpp.
#pragma once

#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/json_cursor.hpp"
#include "core/joints/joint.hpp"

namespace js::io::detail {

// the top-level fields a kind adds to the common ones (format, version, kind, dof, coordinates, offsets).
std::vector<const char*> kind_fields(JointKind kind);

// whether a kind's constructor sets coordinate ranges (the spline kinds use their knot domains); such files
// always store min and max so that a round trip is exact.
bool kind_has_default_ranges(JointKind kind);

// builds a model of kind from the fields of doc (the document root). coordinates and offsets are set by
// the caller. throws FileError located at the offending field.
std::unique_ptr<JointModel> read_kind(JointKind kind, const JsonCursor& doc);

// appends the kind's fields to doc. throws std::invalid_argument for a model class the file format does not
// describe (a JointModel subclass outside core/joints).
void write_kind(const JointModel& model, nlohmann::ordered_json& doc);

// one joint document without the file header (kind, dof, coordinates, offsets and the kind's fields): the
// parts of a series joint. defined in joint_file.cpp; throws FileError located inside doc.
std::unique_ptr<JointModel> read_joint_node(const JsonCursor& doc);
nlohmann::ordered_json joint_node_to_json(const JointModel& model);

// {"rotation": 3×3 nested rows, "translation": [x, y, z]}
nlohmann::ordered_json transform_to_json(const SE3& T);

}  // namespace js::io::detail
