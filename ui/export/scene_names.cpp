#include "ui/export/scene_names.hpp"

namespace js::ui {
namespace {

using json = nlohmann::json;
using Names = std::map<std::string, std::string>;

void rename_body(json& object, const char* key, const Names& renamed) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return;
  if (const auto r = renamed.find(object[key].get<std::string>()); r != renamed.end()) object[key] = r->second;
}

// "body.coordinate" with the body renamed
std::string rename_coordinate(const std::string& name, const Names& renamed) {
  const std::size_t dot = name.find('.');
  if (dot == std::string::npos) return name;
  const auto r = renamed.find(name.substr(0, dot));
  return r == renamed.end() ? name : r->second + name.substr(dot);
}

json* array_at(json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_array()) return nullptr;
  return &object[key];
}

}  // namespace

void rename_scene_bodies(json& scene, const Names& renamed) {
  if (renamed.empty() || !scene.is_object()) return;
  if (json* loops = array_at(scene, "loops"))
    for (json& loop : *loops)
      for (const char* key : {"body_a", "body_b"}) rename_body(loop, key, renamed);
  if (scene.contains("forces") && scene["forces"].is_object()) {
    json& forces = scene["forces"];
    if (json* springs = array_at(forces, "point_springs"))
      for (json& s : *springs)
        for (const char* key : {"body_a", "body_b"}) rename_body(s, key, renamed);
    if (json* external = array_at(forces, "external"))
      for (json& e : *external) rename_body(e, "body", renamed);
    for (const char* list : {"springs", "motors"})
      if (json* items = array_at(forces, list))
        for (json& item : *items)
          if (item.is_object() && item.contains("coordinate") && item["coordinate"].is_string())
            item["coordinate"] = rename_coordinate(item["coordinate"].get<std::string>(), renamed);
  }
  if (scene.contains("initial_state") && scene["initial_state"].is_object())
    for (const char* part : {"q", "qd"}) {
      json& state = scene["initial_state"];
      if (!state.contains(part) || !state[part].is_object()) continue;
      json out = json::object();
      for (const auto& [name, value] : state[part].items()) out[rename_coordinate(name, renamed)] = value;
      state[part] = std::move(out);
    }
}

}  // namespace js::ui
