#include "core/io/file_read.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/io/file_error.hpp"

namespace js::io {

namespace {

const char* file_type_name(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

[[noreturn]] void fail(const std::string& path, const std::string& problem) {
  throw FileError(ErrorKind::Io, path, "", problem);
}

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string read_file_bytes(const std::string& path, std::uint64_t max_bytes) {
  // O_NONBLOCK: opening a FIFO with no writer would otherwise block forever; fstat then refuses it
  Fd f;
  f.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (f.fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) fail(path, std::string("cannot stat: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) fail(path, std::string("cannot read ") + file_type_name(st.st_mode) + ", only regular files");
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > max_bytes) {
    fail(path, "file too large (" + std::to_string(size) + " bytes, the limit is " + std::to_string(max_bytes) + ")");
  }
  // back to blocking reads for a regular file
  const int flags = ::fcntl(f.fd, F_GETFL);
  if (flags >= 0) ::fcntl(f.fd, F_SETFL, flags & ~O_NONBLOCK);
  std::string bytes;
  bytes.resize(static_cast<std::size_t>(size));
  std::size_t got = 0;
  // read to the end even if the file grew since fstat, but never past the cap
  for (;;) {
    if (got == bytes.size()) {
      if (bytes.size() >= max_bytes) {
        char probe = 0;
        const ssize_t n = ::read(f.fd, &probe, 1);
        if (n > 0) fail(path, "file too large (more than " + std::to_string(max_bytes) + " bytes)");
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail(path, std::string("read failed: ") + std::strerror(errno));
        break;
      }
      const std::size_t grow = std::max<std::size_t>(4096, bytes.size() / 2);
      bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(max_bytes, bytes.size() + grow)));
    }
    const ssize_t n = ::read(f.fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, std::string("read failed: ") + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  bytes.resize(got);
  return bytes;
}

}  // namespace js::io
