// shared by the fuzz targets: which exceptions count as a clean refusal. a parser may refuse any input with
// its documented error (FileError, SampleError, OsimError) or std::runtime_error / std::invalid_argument;
// anything else escaping (std::out_of_range, nlohmann's type_error, bad_alloc …) is a bug the fuzzer reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace js::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

template <class F>
void refusing_cleanly(F&& f) {
  try {
    f();
  } catch (const std::runtime_error&) {
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace js::fuzz
