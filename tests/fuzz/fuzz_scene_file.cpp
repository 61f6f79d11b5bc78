// fuzz target: a scene file (core/scene/scene_file): bodies, inline joints, forces, loops, motions. paths it
// names resolve against resources/scenes, so the shipped joint and mesh files are reachable.
#include "core/scene/scene_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  js::fuzz::refusing_cleanly([&] {
    (void)js::scene::read_scene_text(js::fuzz::text_of(data, size), "fuzz.json", JS_SOURCE_DIR "/resources/scenes");
  });
  return 0;
}
