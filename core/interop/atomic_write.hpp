// writing a file so that a failed save leaves the old one intact: the text goes to a temporary file in the same
// folder, is flushed to disk (fsync), and only then renamed over the target (rename is atomic on one file system).
#pragma once

#include <string>

namespace js::interop {

// throws std::runtime_error naming the path and the reason (errno) when any step fails; the temporary file is
// removed and the old file, if any, is untouched.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace js::interop
