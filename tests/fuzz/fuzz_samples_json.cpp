// fuzz target: a sample json file (core/fit/sample_json).
#include <sstream>

#include "core/fit/sample_io.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  js::fuzz::refusing_cleanly([&] {
    std::istringstream in(js::fuzz::text_of(data, size));
    (void)js::fit::read_samples_json(in, "fuzz.json");
  });
  return 0;
}
