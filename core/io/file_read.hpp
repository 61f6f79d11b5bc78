// the one way core reads a file a user hands it: only regular files (a FIFO, a device such as /dev/zero or
// a directory would hang or never end), and never more than a cap, so a hostile path cannot stall a reader.
#pragma once

#include <cstdint>
#include <string>

namespace js::io {

// large enough for a million-sample csv (~300 MB), small enough to refuse a runaway file.
inline constexpr std::uint64_t kMaxInputBytes = std::uint64_t{1} << 30;

// the whole file's bytes. throws FileError(Io) naming path and the reason: cannot open, not a regular
// file (says which kind it is), larger than max_bytes, or a read error.
std::string read_file_bytes(const std::string& path, std::uint64_t max_bytes = kMaxInputBytes);

}  // namespace js::io
