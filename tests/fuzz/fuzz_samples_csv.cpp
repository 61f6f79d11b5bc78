// fuzz target: a sample csv (core/fit/sample_csv), pose rows with 1–3 coordinates.
#include <sstream>

#include "core/fit/sample_io.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  js::fuzz::refusing_cleanly([&] {
    std::istringstream in(js::fuzz::text_of(data, size));
    (void)js::fit::read_samples_csv(in, "fuzz.csv");
  });
  return 0;
}
