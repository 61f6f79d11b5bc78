// fuzz target: a .trc marker file (core/interop/trc_file), then every frame's markers read back as a user of
// TrcData would (present(), position()).
#include <cmath>
#include <stdexcept>

#include "core/interop/trc_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  js::fuzz::refusing_cleanly([&] {
    const auto trc = js::interop::read_trc_text(js::fuzz::text_of(data, size), "fuzz.trc");
    const auto markers = static_cast<int>(trc.markers.size());
    if (trc.positions.size() != static_cast<std::size_t>(trc.frames()) * trc.markers.size() ||
        trc.lines.size() != trc.times.size() || trc.frame_numbers.size() != trc.times.size())
      throw std::logic_error("trc reader returned arrays of disagreeing sizes");
    double sum = 0.0;
    for (int f = 0; f < trc.frames(); ++f)
      for (int m = 0; m < markers; ++m)
        if (trc.present(f, m)) sum += trc.position(f, m).norm();
    (void)sum;
    if (trc.find_marker(trc.markers.back()) != markers - 1) throw std::logic_error("trc reader lost its last marker");
  });
  return 0;
}
