#include "core/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <system_error>

#include "core/io/file_error.hpp"

namespace js::io {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, int err) {
  throw FileError(ErrorKind::Io, path, "", what + ": " + std::strerror(err));
}

// a name no other writer (thread or process) picks: pid and a counter
fs::path temporary_next_to(const fs::path& target) {
  static std::atomic<unsigned> counter{0};
  fs::path tmp = target;
  tmp += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1));
  return tmp;
}

void write_all(int fd, std::string_view bytes, const std::function<void(const std::string&, int)>& fail_with) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail_with("write failed", errno);
    done += static_cast<std::size_t>(n);
  }
}

void write_stream(const std::string& path, const fs::path& target, std::string_view bytes) {
  const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) fail(path, "cannot open for writing", errno);
  write_all(fd, bytes, [&](const std::string& what, int err) {
    ::close(fd);
    fail(path, what, err);
  });
  if (::close(fd) != 0) fail(path, "write failed (close)", errno);
}

}  // namespace

std::string resolve_output_path(const std::string& path) {
  fs::path p(path);
  // follow the chain by hand: canonical() fails on a dangling link, whose target is still where to write
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) return p.string();
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) return p.string();
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  throw FileError(ErrorKind::Io, path, "", "too many levels of symbolic links");
}

void refuse_overwriting_inputs(const std::string& path, const std::vector<std::string>& inputs) {
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (fs::equivalent(path, input, ec) && !ec) {
      throw FileError(ErrorKind::Io, path, "", "refusing to overwrite the input file " + input);
    }
  }
}

void write_file_atomic(const std::string& path, std::string_view bytes, const std::vector<std::string>& inputs) {
  refuse_overwriting_inputs(path, inputs);
  const fs::path target(resolve_output_path(path));
  struct stat old {};
  const bool exists = ::stat(target.c_str(), &old) == 0;
  if (exists && (S_ISCHR(old.st_mode) || S_ISFIFO(old.st_mode))) {
    // -o /dev/null, /dev/stdout or a pipe: a stream, nothing to replace, written as is
    write_stream(path, target, bytes);
    return;
  }
  if (exists && !S_ISREG(old.st_mode)) {
    throw FileError(ErrorKind::Io, path, "", "cannot replace: not a regular file");
  }
  const fs::path tmp = temporary_next_to(target);
  // 0666: the umask applies as for any new file
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail(path, "cannot write (no temporary file in " + target.parent_path().string() + ")", errno);
  auto abandon = [&](const std::string& what, int err) {
    ::close(fd);
    ::unlink(tmp.c_str());
    fail(path, what, err);
  };
  if (exists && ::fchmod(fd, old.st_mode & 07777) != 0) abandon("cannot set permissions", errno);
  write_all(fd, bytes, abandon);
  if (::fsync(fd) != 0) abandon("write failed (fsync)", errno);
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    fail(path, "write failed (close)", err);
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    fail(path, "cannot replace the file", err);
  }
  // the rename is durable once the folder is synced
  const fs::path dir = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace js::io
