#include "ui/document/scene_names.hpp"

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

// the body part of "body.coordinate" (empty without a '.')
std::string coordinate_body(const std::string& name) {
  const std::size_t dot = name.find('.');
  return dot == std::string::npos ? std::string() : name.substr(0, dot);
}

std::string string_at(const json& object, const char* key) {
  return object.is_object() && object.contains(key) && object[key].is_string() ? object[key].get<std::string>()
                                                                                : std::string();
}

// erases the elements of array `key` of object for which drop(element, index) is true
template <class Drop>
void erase_where(json& object, const char* key, Drop drop) {
  json* items = array_at(object, key);
  if (!items) return;
  json kept = json::array();
  for (std::size_t i = 0; i < items->size(); ++i)
    if (!drop((*items)[i], i)) kept.push_back((*items)[i]);
  *items = std::move(kept);
}

}  // namespace

std::vector<std::string> remove_scene_references(json& scene, const std::set<std::string>& gone,
                                                 const std::set<std::string>& jointless) {
  std::vector<std::string> removed;
  if (!scene.is_object() || (gone.empty() && jointless.empty())) return removed;
  const auto is_gone = [&](const json& item, const char* key) { return gone.count(string_at(item, key)) > 0; };
  const auto no_coordinate = [&](const std::string& coordinate) {
    const std::string body = coordinate_body(coordinate);
    return gone.count(body) > 0 || jointless.count(body) > 0;
  };
  erase_where(scene, "loops", [&](const json& loop, std::size_t i) {
    // a rolling contact's frame rides a third body
    if (!is_gone(loop, "body_a") && !is_gone(loop, "body_b") && !is_gone(loop, "contact_body")) return false;
    const std::string name = string_at(loop, "name");
    removed.push_back("loop " + (name.empty() ? "loop" + std::to_string(i) : name));
    return true;
  });
  if (scene.contains("forces") && scene["forces"].is_object()) {
    json& forces = scene["forces"];
    erase_where(forces, "point_springs", [&](const json& s, std::size_t) {
      if (!is_gone(s, "body_a") && !is_gone(s, "body_b")) return false;
      const std::string a = string_at(s, "body_a"), b = string_at(s, "body_b");
      removed.push_back("point spring " + (a.empty() ? "world" : a) + "–" + (b.empty() ? "world" : b));
      return true;
    });
    erase_where(forces, "external", [&](const json& e, std::size_t) {
      if (!is_gone(e, "body")) return false;
      removed.push_back("external force on " + string_at(e, "body"));
      return true;
    });
    for (const char* list : {"springs", "motors"})
      erase_where(forces, list, [&](const json& item, std::size_t) {
        const std::string coordinate = string_at(item, "coordinate");
        if (!no_coordinate(coordinate)) return false;
        removed.push_back(std::string(list == std::string("springs") ? "spring" : "motor") + " on " + coordinate);
        return true;
      });
  }
  // a coupler goes with any of its coordinates
  erase_where(scene, "couplers", [&](const json& c, std::size_t i) {
    bool lost = no_coordinate(string_at(c, "coordinate"));
    if (c.is_object() && c.contains("independents") && c["independents"].is_array())
      for (const json& k : c["independents"]) lost = lost || (k.is_string() && no_coordinate(k.get<std::string>()));
    if (!lost) return false;
    const std::string name = string_at(c, "name");
    removed.push_back("coupler " + (name.empty() ? "coupler" + std::to_string(i) : name));
    return true;
  });
  if (scene.contains("initial_state") && scene["initial_state"].is_object()) {
    json& state = scene["initial_state"];
    if (state.contains("qd") && state["qd"].is_object()) {
      json kept = json::object();
      for (const auto& [name, value] : state["qd"].items()) {
        if (no_coordinate(name))
          removed.push_back("initial velocity of " + name);
        else
          kept[name] = value;
      }
      state["qd"] = std::move(kept);
    }
  }
  return removed;
}

namespace {

// applies f to every "body.coordinate" the scene document names (as a json string, changed in place): the
// coordinates of forces.springs[] and motors[], couplers[]' coordinate and independents, initial_state.q/qd's keys
template <class F>
void for_each_coordinate_reference(json& scene, F f) {
  const auto visit = [&](json& s) {
    if (s.is_string()) s = f(s.get<std::string>());
  };
  if (scene.contains("forces") && scene["forces"].is_object())
    for (const char* list : {"springs", "motors"})
      if (json* items = array_at(scene["forces"], list))
        for (json& item : *items)
          if (item.is_object() && item.contains("coordinate")) visit(item["coordinate"]);
  if (json* couplers = array_at(scene, "couplers"))
    for (json& c : *couplers) {
      if (!c.is_object()) continue;
      if (c.contains("coordinate")) visit(c["coordinate"]);
      if (c.contains("independents") && c["independents"].is_array())
        for (json& k : c["independents"]) visit(k);
    }
  if (scene.contains("initial_state") && scene["initial_state"].is_object())
    for (const char* part : {"q", "qd"}) {
      json& state = scene["initial_state"];
      if (!state.contains(part) || !state[part].is_object()) continue;
      json out = json::object();
      for (const auto& [name, value] : state[part].items()) out[f(name)] = value;
      state[part] = std::move(out);
    }
}

}  // namespace

void rename_scene_bodies(json& scene, const Names& renamed) {
  if (renamed.empty() || !scene.is_object()) return;
  if (json* loops = array_at(scene, "loops"))
    for (json& loop : *loops)
      for (const char* key : {"body_a", "body_b", "contact_body"}) rename_body(loop, key, renamed);
  if (scene.contains("forces") && scene["forces"].is_object()) {
    json& forces = scene["forces"];
    if (json* springs = array_at(forces, "point_springs"))
      for (json& s : *springs)
        for (const char* key : {"body_a", "body_b"}) rename_body(s, key, renamed);
    if (json* external = array_at(forces, "external"))
      for (json& e : *external) rename_body(e, "body", renamed);
  }
  for_each_coordinate_reference(scene, [&](const std::string& name) { return rename_coordinate(name, renamed); });
}

int rename_scene_coordinate(json& scene, const std::string& body, const std::string& from, const std::string& to) {
  if (!scene.is_object() || from == to) return 0;
  const std::string was = body + "." + from, now = body + "." + to;
  int count = 0;
  for_each_coordinate_reference(scene, [&](const std::string& name) {
    if (name != was) return name;
    ++count;
    return now;
  });
  return count;
}

int rename_drive_coordinate(json& body_keys, const std::string& from, const std::string& to) {
  int count = 0;
  if (json* drive = array_at(body_keys, "drive"))
    for (json& d : *drive)
      if (d.is_object() && d.contains("coordinate") && d["coordinate"] == from && from != to) {
        d["coordinate"] = to;
        ++count;
      }
  return count;
}

}  // namespace js::ui
