#include "core/scene/scene_couplers.hpp"

#include <stdexcept>
#include <string>

#include "core/io/axis_function_json.hpp"

namespace js::scene {

namespace {

using io::ErrorKind;
using io::JsonCursor;

// "body.coordinate" → index into q
int coordinate_of(const MultibodyModel& model, const JsonCursor& c) {
  const std::string name = c.string();
  const std::vector<std::string> names = model.coordinate_names();
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == name) return static_cast<int>(k);
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  c.fail(ErrorKind::InvalidValue, "no coordinate \"" + name + "\" (known: " + list + ")");
}

}  // namespace

void read_couplers(const JsonCursor& a, Scene& scene) {
  const MultibodyModel& model = scene.model;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const JsonCursor e = a.element(i);
    e.expect_only_keys({"name", "coordinate", "independents", "function", "scale", "stabilization"});
    CoordinateCoupler c;
    c.name = e.has("name") ? e.at("name").string() : "coupler" + std::to_string(i);
    c.dependent = coordinate_of(model, e.at("coordinate"));
    // a driven coordinate follows its trajectory, not a coupler
    if (model.is_prescribed(c.dependent)) e.at("coordinate").fail(ErrorKind::InvalidValue, "this coordinate is driven");
    const JsonCursor ind = e.at("independents");
    if (ind.size() == 0) ind.fail(ErrorKind::CountMismatch, "a coupler needs at least one independent coordinate");
    for (std::size_t k = 0; k < ind.size(); ++k) c.independents.push_back(coordinate_of(model, ind.element(k)));
    c.function = io::read_axis_function(e.at("function"));
    if (e.has("scale")) c.scale = e.at("scale").number();
    if (e.has("stabilization")) {
      c.stabilization = e.at("stabilization").number();
      if (c.stabilization < 0.0) e.at("stabilization").fail(ErrorKind::InvalidValue, "stabilization must be ≥ 0");
    }
    try {
      scene.loops.add_coupler(model, std::move(c));
    } catch (const std::invalid_argument& err) {
      e.fail(ErrorKind::InvalidValue, err.what());
    }
  }
  apply_couplers(scene.loops.couplers(), scene.initial.q, scene.initial.qd);
}

}  // namespace js::scene
