#include "core/interop/atomic_write.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace js::interop {

namespace {
[[noreturn]] void fail(const std::string& path, const std::string& step, int error) {
  throw std::runtime_error(path + ": cannot save (" + step + ": " + std::strerror(error) + "); the old file is unchanged");
}
}  // namespace

void write_file_atomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string pattern = (folder / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) fail(path, "creating a temporary file in " + folder.string(), errno);
  const std::string temp(name.data());
  const auto abandon = [&](const std::string& step) {
    const int error = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    fail(path, step, error);
  };
  // keep the old file's permissions (mkstemp makes 0600), or the usual 0644 for a new one
  struct stat old {};
  const mode_t mode = ::stat(path.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644;
  if (::fchmod(fd, mode) != 0) abandon("setting permissions");
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      abandon("writing");
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) abandon("flushing to disk");
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    fail(path, "closing", error);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    fail(path, "renaming the temporary file over it", error);
  }
  // the rename itself reaches the disk with the folder
  if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

}  // namespace js::interop
