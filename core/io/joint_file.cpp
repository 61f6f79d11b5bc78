#include "core/io/joint_file.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/io/joint_kinds.hpp"
#include "core/io/json_cursor.hpp"
#include "core/io/json_text.hpp"

namespace js::io {

namespace {

using nlohmann::ordered_json;

// the unbounded range a coordinate has when the file gives none (Coordinate's defaults).

std::string known_kinds() {
  std::string list;
  for (JointKind k : {JointKind::Fixed, JointKind::Revolute, JointKind::Prismatic, JointKind::Helical,
                      JointKind::Cylindrical, JointKind::Universal, JointKind::Planar, JointKind::Spherical,
                      JointKind::Elliptic, JointKind::SplineCurve, JointKind::SplineSurface, JointKind::Series,
                      JointKind::CustomAxes, JointKind::Ellipsoid, JointKind::Restricted}) {
    list += std::string(list.empty() ? "" : ", ") + joint_kind_name(k);
  }
  return list;
}

void read_header(const JsonCursor& doc) {
  const JsonCursor format = doc.at("format");
  if (format.string() != kJointFileFormat) {
    format.fail(ErrorKind::UnsupportedVersion,
                "not a joint file (format " + format.json().dump() + ", expected \"" + kJointFileFormat + "\")");
  }
  const JsonCursor version = doc.at("version");
  const int v = version.integer();
  if (v != kJointFileVersion) {
    version.fail(ErrorKind::UnsupportedVersion, "unsupported version " + std::to_string(v) +
                                                    " (this build reads version " +
                                                    std::to_string(kJointFileVersion) + ")");
  }
}

// the common fields plus the kind's own; anything else is a typo or from a newer version.
void check_fields(const JsonCursor& doc, JointKind kind) {
  static const char* kCommon[] = {"format", "version", "kind", "description", "dof", "coordinates", "offsets",
                                   "out_of_range"};
  std::vector<const char*> allowed(std::begin(kCommon), std::end(kCommon));
  for (const char* f : detail::kind_fields(kind)) allowed.push_back(f);
  for (const auto& item : doc.json().items()) {
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return item.key() == a; })) {
      std::string list;
      for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
      throw FileError(ErrorKind::UnknownField, doc.source(), "/" + json_pointer_escape(item.key()),
                      std::string("unknown field for a ") + joint_kind_name(kind) + " joint (expected one of: " +
                          list + ")");
    }
  }
}

void read_coordinates(const JsonCursor& doc, JointModel& model) {
  const JsonCursor coords = doc.at("coordinates");
  coords.expect_array_size(static_cast<std::size_t>(model.dof()), "coordinates (one per dof)");
  for (std::size_t i = 0; i < coords.size(); ++i) {
    const JsonCursor c = coords.element(i);
    c.expect_only_keys({"name", "min", "max", "locked"});
    Coordinate& out = model.coordinates()[i];
    out.name = c.at("name").string();
    if (out.name.empty()) c.at("name").fail(ErrorKind::InvalidValue, "coordinate name is empty");
    // absent limits keep the kind's default: the knot domain for spline joints, unbounded otherwise
    if (c.has("min")) out.min = c.at("min").limit();
    if (c.has("max")) out.max = c.at("max").limit();
    if (out.min > out.max) {
      c.fail(ErrorKind::InvalidValue, "min " + c.at("min").json().dump() + " > max " + c.at("max").json().dump());
    }
    out.locked = c.has("locked") ? c.at("locked").boolean() : false;
  }
}

void read_offsets(const JsonCursor& doc, JointModel& model) {
  SE3 parent_T_joint, moving_T_child;
  if (doc.has("offsets")) {
    const JsonCursor offsets = doc.at("offsets");
    offsets.expect_only_keys({"parent_T_joint", "moving_T_child"});
    if (offsets.has("parent_T_joint")) parent_T_joint = offsets.at("parent_T_joint").transform();
    if (offsets.has("moving_T_child")) moving_T_child = offsets.at("moving_T_child").transform();
  }
  model.set_offsets(parent_T_joint, moving_T_child);
}

// after the coordinates: clamp and wrap read their ranges
void read_out_of_range(const JsonCursor& doc, JointModel& model) {
  if (!doc.has("out_of_range")) return;
  const JsonCursor c = doc.at("out_of_range");
  OutOfRange policy{};
  if (!out_of_range_from_name(c.string(), policy))
    c.fail(ErrorKind::InvalidValue, "unknown out_of_range \"" + c.string() + "\" (known: extrapolate, clamp, wrap)");
  try {
    model.set_out_of_range(policy);
  } catch (const std::invalid_argument& e) {
    c.fail(ErrorKind::InvalidValue, e.what());
  }
}

ordered_json coordinates_to_json(const JointModel& model) {
  ordered_json out = ordered_json::array();
  const bool always_ranges = detail::kind_has_default_ranges(model.kind());
  for (const Coordinate& c : model.coordinates()) {
    ordered_json j;
    j["name"] = c.name;
    // unbounded limits are the reader's default for non-spline kinds; spline kinds always store theirs
    if (always_ranges || c.has_lower_limit()) j["min"] = c.min;
    if (always_ranges || c.has_upper_limit()) j["max"] = c.max;
    if (c.locked) j["locked"] = true;
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

namespace detail {

std::unique_ptr<JointModel> read_joint_node(const JsonCursor& doc) {
  if (!doc.json().is_object()) {
    doc.fail(ErrorKind::WrongType, std::string("expected a joint object, got ") + doc.json().type_name());
  }
  const JsonCursor kind_c = doc.at("kind");
  const std::string kind_name = kind_c.string();
  JointKind kind{};
  if (!joint_kind_from_name(kind_name, kind)) {
    kind_c.fail(ErrorKind::UnknownKind, "unknown joint kind \"" + kind_name + "\" (known: " + known_kinds() + ")");
  }
  check_fields(doc, kind);
  if (doc.has("description")) doc.at("description").string();

  std::unique_ptr<JointModel> model;
  try {
    model = detail::read_kind(kind, doc);
  } catch (const std::invalid_argument& e) {
    // a constructor's own check that the reader did not anticipate: report it at the document root
    doc.fail(ErrorKind::InvalidValue, e.what());
  }

  const JsonCursor dof_c = doc.at("dof");
  const int dof = dof_c.integer();
  if (dof != model->dof()) {
    dof_c.fail(ErrorKind::CountMismatch, "dof " + std::to_string(dof) + " does not match the " + kind_name +
                                             " joint, which has " + std::to_string(model->dof()));
  }
  read_coordinates(doc, *model);
  read_offsets(doc, *model);
  read_out_of_range(doc, *model);
  return model;
}

ordered_json joint_node_to_json(const JointModel& model) {
  ordered_json doc;
  doc["kind"] = joint_kind_name(model.kind());
  doc["dof"] = model.dof();
  doc["coordinates"] = coordinates_to_json(model);
  ordered_json offsets;
  offsets["parent_T_joint"] = detail::transform_to_json(model.parent_T_joint());
  offsets["moving_T_child"] = detail::transform_to_json(model.moving_T_child());
  doc["offsets"] = std::move(offsets);
  if (!model.out_of_range_is_own()) doc["out_of_range"] = out_of_range_name(model.out_of_range());
  detail::write_kind(model, doc);
  return doc;
}

}  // namespace detail

std::unique_ptr<JointModel> read_joint_json(const nlohmann::json& doc_json, const std::string& source_name) {
  const JsonCursor doc(doc_json, source_name);
  if (!doc_json.is_object()) doc.fail(ErrorKind::WrongType, std::string("expected an object, got ") + doc_json.type_name());
  read_header(doc);
  return detail::read_joint_node(doc);
}

std::unique_ptr<JointModel> read_joint_json(const nlohmann::ordered_json& doc, const std::string& source_name) {
  // doubles print in round-trip form, so this conversion is lossless
  return read_joint_json(nlohmann::json::parse(doc.dump()), source_name);
}

std::unique_ptr<JointModel> read_joint_text(const std::string& text, const std::string& source_name) {
  return read_joint_json(parse_json_text(text, source_name), source_name);
}

std::unique_ptr<JointModel> read_joint_file(const std::string& path) {
  return read_joint_text(read_text_file(path), path);
}

ordered_json joint_to_json(const JointModel& model) {
  ordered_json doc;
  doc["format"] = kJointFileFormat;
  doc["version"] = kJointFileVersion;
  doc.update(detail::joint_node_to_json(model));
  return doc;
}

std::string joint_to_text(const JointModel& model) {
  return dump_json_text(joint_to_json(model), std::string(joint_kind_name(model.kind())) + " joint");
}

void write_joint_file(const JointModel& model, const std::string& path) {
  std::string text;
  try {
    text = joint_to_text(model);
  } catch (const FileError& e) {
    // name the file being written rather than the in-memory document
    throw FileError(e.kind(), path, e.path(), e.problem());
  }
  write_text_file_atomic(path, text);
}

}  // namespace js::io
