// fuzz target: an OpenSim model's CustomJoint (core/interop/osim_read), the import-osim entry point.
#include "core/interop/osim_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  js::fuzz::refusing_cleanly([&] { (void)js::interop::read_osim_joint_text(js::fuzz::text_of(data, size), "fuzz.osim", ""); });
  return 0;
}
