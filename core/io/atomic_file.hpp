// the one writer of every output file, for the cli and the app: the bytes go to a temporary file in the
// target's folder, are flushed and fsynced, then renamed over the target and the folder fsynced, so a
// reader (or a crash, or a full disk) sees the old file or the new one, never part of one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace js::io {

// writes bytes to path atomically.
// - an existing character device or FIFO (/dev/null, /dev/stdout, a pipe) is written directly: a stream
//   has nothing to replace;
// - a symlink is written through: its target is replaced and the link stays a link;
// - an existing file keeps its permission bits (a new one gets 0666 less the umask, like any new file);
// - inputs: files this command read; writing over one of them (the same file by any name) is refused
//   before anything is touched;
// - throws FileError(Io) naming path and the reason (strerror); the old file is then left intact and the
//   temporary removed.
void write_file_atomic(const std::string& path, std::string_view bytes, const std::vector<std::string>& inputs = {});

// throws FileError(Io) when path names the same file as one of inputs (checked before any output is
// opened, so a command can refuse before doing work).
void refuse_overwriting_inputs(const std::string& path, const std::vector<std::string>& inputs);

// the file a write to path lands in: path with its symlinks (of the last component) followed.
std::string resolve_output_path(const std::string& path);

}  // namespace js::io
