// fuzz target: a whole OpenSim model as the app and `jointsmith-cli info` open it (core/interop/osim_model: bodies,
// every joint type, couplers, meshes looked up but not read) and its MarkerSet (core/interop/osim_markers), the
// clusters `import-trc --model` and the app's Import Samples take from it.
#include "core/interop/osim_markers.hpp"
#include "core/interop/osim_model.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = js::fuzz::text_of(data, size);
  js::fuzz::refusing_cleanly([&] { (void)js::interop::read_osim_model_text(text, "fuzz.osim"); });
  js::fuzz::refusing_cleanly([&] { (void)js::interop::read_osim_markers_text(text, "fuzz.osim"); });
  return 0;
}
