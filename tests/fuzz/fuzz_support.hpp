// shared by the fuzz targets: which exceptions count as a clean refusal. a reader may refuse any input only
// with core's one located error, io::FileError (SampleError and OsimError are FileErrors); anything else
// escaping (a bare std::runtime_error or std::invalid_argument without the file's location, std::out_of_range,
// nlohmann's type_error, bad_alloc …) is a bug the fuzzer reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/io/file_error.hpp"

namespace js::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

template <class F>
void refusing_cleanly(F&& f) {
  try {
    f();
  } catch (const io::FileError&) {
  }
}

}  // namespace js::fuzz
