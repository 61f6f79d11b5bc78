// hostile paths and files (issue 19): devices, FIFOs and directories are refused rather than read forever,
// nesting is capped before recursion can overflow the stack, numbers too large to compute with are refused,
// and every output goes through one atomic writer that leaves the old file intact when a write fails.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "core/io/atomic_file.hpp"
#include "core/io/file_error.hpp"
#include "core/io/file_read.hpp"
#include "core/io/joint_file.hpp"
#include "core/io/json_text.hpp"

namespace js::test {
namespace {

namespace fs = std::filesystem;

// a fresh folder per test, removed afterwards
class FileSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("js_file_safety_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static void put(const std::string& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }
  static std::string get(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  fs::path dir_;
};

std::string io_problem(const std::function<void()>& f) {
  try {
    f();
  } catch (const io::FileError& e) {
    EXPECT_EQ(e.kind(), io::ErrorKind::Io) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no FileError";
  return {};
}

TEST_F(FileSafety, DevicesFifosAndFoldersAreRefusedNotRead) {
  // /dev/zero never ends: reading it used to hang simulate forever
  EXPECT_NE(io_problem([] { io::read_file_bytes("/dev/zero"); }).find("character device"), std::string::npos);
  const std::string fifo = path("pipe.json");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // opening a FIFO without a writer would block; it must be refused at once
  const std::string msg = io_problem([&] { io::read_joint_file(fifo); });
  EXPECT_NE(msg.find("FIFO"), std::string::npos) << msg;
  EXPECT_NE(msg.find(fifo), std::string::npos) << msg;
  EXPECT_NE(io_problem([&] { io::read_text_file(dir_.string()); }).find("directory"), std::string::npos);
  EXPECT_NE(io_problem([&] { io::read_text_file(path("missing.json")); }).find("No such file"), std::string::npos);
}

TEST_F(FileSafety, ReadsAreCapped) {
  put(path("big.txt"), std::string(5000, 'x'));
  EXPECT_EQ(io::read_file_bytes(path("big.txt"), 5000).size(), 5000u);
  EXPECT_NE(io_problem([&] { io::read_file_bytes(path("big.txt"), 4999); }).find("too large"), std::string::npos);
}

TEST_F(FileSafety, DeepNestingIsRefusedWithItsPosition) {
  // 100k levels used to overflow the stack in the recursive json copy and the joint builder
  const std::string deep = "{\"a\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
  try {
    io::parse_json_text(deep, "deep.json");
    FAIL() << "accepted";
  } catch (const io::FileError& e) {
    EXPECT_EQ(e.kind(), io::ErrorKind::Syntax);
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.column(), 6 + io::kMaxJsonDepth - 1);  // the first bracket past the limit
    EXPECT_NE(std::string(e.what()).find("nested deeper than 256"), std::string::npos) << e.what();
  }
  // brackets inside strings do not count
  EXPECT_NO_THROW(io::parse_json_text("[\"" + std::string(1000, '[') + "\"]", "s.json"));
  EXPECT_NO_THROW(io::parse_json_text(std::string(256, '[') + std::string(256, ']'), "ok.json"));
}

// a series of series … of fixed joints, `depth` deep
std::string nested_series(int depth) {
  const std::string fixed = R"({"kind": "fixed", "dof": 0, "coordinates": []})";
  std::string node = fixed;
  for (int i = 0; i < depth; ++i) {
    node = R"({"kind": "series", "dof": 0, "coordinates": [], "joints": [)" + node + ", " + fixed + "]}";
  }
  // the document root carries format and version
  return R"({"format": "jointsmith.joint", "version": 1, )" + node.substr(1);
}

TEST_F(FileSafety, NestedSeriesAreCapped) {
  EXPECT_NO_THROW(io::read_joint_text(nested_series(8), "series.json"));
  try {
    io::read_joint_text(nested_series(60), "series.json");
    FAIL() << "accepted";
  } catch (const io::FileError& e) {
    EXPECT_NE(std::string(e.what()).find("series or restricted joints nested more than 32 deep"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("/joints/0/joints/0"), std::string::npos) << e.what();
  }
  // thousands of levels stop at the json depth check
  EXPECT_THROW(io::read_joint_text(nested_series(3000), "series.json"), io::FileError);
}

TEST_F(FileSafety, HugeNumbersAreRefusedWithTheirField) {
  // a revolute joint with an axis of 1e308: its products overflow to Inf
  const std::string revolute = R"({"format": "jointsmith.joint", "version": 1, "kind": "revolute", "dof": 1,
    "coordinates": [{"name": "q"}], "axis": [1e308, 0, 0]})";
  try {
    io::read_joint_text(revolute, "r.json");
    FAIL() << "accepted";
  } catch (const io::FileError& e) {
    EXPECT_EQ(e.kind(), io::ErrorKind::NonFinite) << e.what();
    EXPECT_EQ(e.path(), "/axis/0") << e.what();
  }
}

TEST_F(FileSafety, AtomicWriteReplacesAndKeepsPermissions) {
  const std::string p = path("out.txt");
  put(p, "old");
  ASSERT_EQ(::chmod(p.c_str(), 0640), 0);
  io::write_file_atomic(p, "new");
  EXPECT_EQ(get(p), "new");
  struct stat st {};
  ASSERT_EQ(::stat(p.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  // no temporary left behind
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir_)) files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1);
}

TEST_F(FileSafety, AtomicWriteGoesThroughSymlinks) {
  const std::string target = path("real.txt"), link = path("link.txt");
  put(target, "old");
  fs::create_symlink("real.txt", link);
  io::write_file_atomic(link, "new");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(get(target), "new");
  // a dangling link: the file is created where it points
  fs::create_symlink("later.txt", path("dangling.txt"));
  io::write_file_atomic(path("dangling.txt"), "made");
  EXPECT_TRUE(fs::is_symlink(path("dangling.txt")));
  EXPECT_EQ(get(path("later.txt")), "made");
}

TEST_F(FileSafety, AtomicWriteRefusesToOverwriteAnInput) {
  const std::string in = path("in.json");
  put(in, "input");
  fs::create_symlink("in.json", path("alias.json"));
  for (const std::string& out : {in, path("alias.json"), dir_.string() + "/./in.json"}) {
    const std::string msg = io_problem([&] { io::write_file_atomic(out, "x", {in}); });
    EXPECT_NE(msg.find("refusing to overwrite the input file"), std::string::npos) << msg;
  }
  EXPECT_EQ(get(in), "input");
}

TEST_F(FileSafety, FailedWriteLeavesTheOldFileIntact) {
  // a full disk, simulated by a file size limit: the write fails part way (EFBIG), as ENOSPC would
  const std::string p = path("traj.csv");
  const std::string old(4000, 'o');
  put(p, old);
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto previous = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 8192;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string msg;
  try {
    io::write_file_atomic(p, std::string(100000, 'n'));
  } catch (const io::FileError& e) {
    msg = e.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, previous);
  EXPECT_NE(msg.find(p), std::string::npos) << msg;
  EXPECT_NE(msg.find("write failed: File too large"), std::string::npos) << msg;
  EXPECT_EQ(get(p), old);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir_)) files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1);  // the temporary is gone
}

TEST_F(FileSafety, DevicesAreWrittenAsStreams) {
  EXPECT_NO_THROW(io::write_file_atomic("/dev/null", "discarded"));
  // /dev/full: every write fails with ENOSPC, a full disk
  const std::string msg = io_problem([] { io::write_file_atomic("/dev/full", std::string(10000, 'x')); });
  EXPECT_NE(msg.find("/dev/full: write failed: No space left on device"), std::string::npos) << msg;
}

TEST_F(FileSafety, WriteErrorsNameThePathAndReason) {
  const std::string msg = io_problem([&] { io::write_file_atomic(path("no/such/folder/x.json"), "x"); });
  EXPECT_NE(msg.find(path("no/such/folder/x.json")), std::string::npos) << msg;
  EXPECT_NE(msg.find("No such file or directory"), std::string::npos) << msg;
}

}  // namespace
}  // namespace js::test
