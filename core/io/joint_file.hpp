// joint files: one joint of any kind as versioned json ("format": "jointsmith.joint", "version": 1).
// the schema, a complete example and the error classes are in docs/joint-file.md.
//
// round trips are exact: write then read gives a model whose every double is bit-identical, and read then
// write of a file this code wrote gives the same text. every malformed input throws FileError naming the
// file, the json pointer of the offending value and the problem.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "core/io/file_error.hpp"
#include "core/joints/joint.hpp"

namespace js::io {

inline constexpr const char* kJointFileFormat = "jointsmith.joint";
inline constexpr int kJointFileVersion = 1;

// reads the joint file at path (the path names the file in error messages).
// throws FileError (ErrorKind::Io when it cannot be read).
std::unique_ptr<JointModel> read_joint_file(const std::string& path);

// reads a joint from json text; source_name names it in error messages (e.g. "knee.json").
std::unique_ptr<JointModel> read_joint_text(const std::string& text, const std::string& source_name);

// reads a joint from a parsed document; source_name names it in error messages.
std::unique_ptr<JointModel> read_joint_json(const nlohmann::json& doc, const std::string& source_name);
// the same for a document in insertion order (as joint_to_json makes).
std::unique_ptr<JointModel> read_joint_json(const nlohmann::ordered_json& doc, const std::string& source_name);

// the file document of a model, keys in schema order. throws FileError(NonFinite) if a parameter is NaN/Inf
// and std::invalid_argument for a joint class this version cannot describe.
nlohmann::ordered_json joint_to_json(const JointModel& model);

// joint_to_json as the text written to files (compact arrays, exact doubles, trailing newline).
std::string joint_to_text(const JointModel& model);

// writes joint_to_text(model) to path atomically (temporary file, then rename). throws FileError(Io).
void write_joint_file(const JointModel& model, const std::string& path);

}  // namespace js::io
