// an OpenSim function (core/joints/axis_function.hpp) in json: {"type": its xml element name, …its parameters as
// the xml has them} — a custom_axes joint's axis functions and a scene's coordinate couplers.
#pragma once

#include <nlohmann/json.hpp>

#include "core/io/json_cursor.hpp"
#include "core/joints/axis_function.hpp"

namespace js::io {

// throws FileError (invalid_value, naming the member) for an unknown type or parameters the function refuses.
AxisFunction read_axis_function(const JsonCursor& c);
nlohmann::ordered_json axis_function_to_json(const AxisFunction& f);

}  // namespace js::io
