// fuzz target: a project file (.jsproj, ui/document/project_file) read the way load_project reads it — the
// nesting depth checked, the json parsed (a parse error is the "not valid JSON" message), then every field
// through project_from_json, which may refuse only with a located io::FileError. mesh and scene paths resolve
// against the corpus folder; nothing is loaded from them.
#include <nlohmann/json.hpp>

#include "core/io/json_text.hpp"
#include "tests/fuzz/fuzz_support.hpp"
#include "ui/document/project_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes = js::fuzz::text_of(data, size);
  js::fuzz::refusing_cleanly([&] {
    js::io::check_json_depth(bytes, "fuzz.jsproj");
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(bytes);
    } catch (const nlohmann::json::parse_error&) {
      return;  // load_project: "is not valid JSON" or "ends early"
    } catch (const nlohmann::json::out_of_range&) {
      return;  // a number too large for a double: load_project names its line and column
    }
    (void)js::ui::project_from_json(doc, QStringLiteral(JS_SOURCE_DIR "/tests/fuzz/corpus/project"), "fuzz.jsproj");
  });
  return 0;
}
