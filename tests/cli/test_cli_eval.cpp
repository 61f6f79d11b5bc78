// runs the built jointsmith-cli on the shipped example joints: `eval` prints json whose numbers equal the
// library's own evaluation bit for bit, and bad input exits non-zero with one line on stderr.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/joint_file.hpp"
#include "tests/cli/cli_runner.hpp"

namespace js::test {
namespace {

using nlohmann::json;

std::string source_path(const std::string& relative) { return std::string(JS_SOURCE_DIR) + "/" + relative; }

// the cli output for each q must equal evaluate() on the same file exactly (doubles print losslessly).
void expect_matches_library(const std::string& file, const json& out, const std::vector<std::vector<double>>& qs) {
  const auto model = io::read_joint_file(source_path(file));
  const int n = model->dof();
  EXPECT_EQ(out.at("kind").get<std::string>(), joint_kind_name(model->kind()));
  EXPECT_EQ(out.at("dof").get<int>(), n);
  ASSERT_EQ(out.at("evaluations").size(), qs.size());
  JointData data(n);
  for (std::size_t k = 0; k < qs.size(); ++k) {
    SCOPED_TRACE(file + " evaluation " + std::to_string(k));
    const json& e = out["evaluations"][k];
    EXPECT_EQ(e.at("q").get<std::vector<double>>(), qs[k]);
    model->evaluate(Eigen::Map<const Eigen::VectorXd>(qs[k].data(), n), data, EvalLevel::Hessian);
    const Mat4 T = data.G.matrix();
    ASSERT_EQ(e.at("transform").size(), 16u);
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) EXPECT_EQ(e["transform"][static_cast<std::size_t>(4 * r + c)].get<double>(), T(r, c));
    }
    ASSERT_EQ(e.at("jacobian").size(), 6u);
    for (int r = 0; r < 6; ++r) {
      ASSERT_EQ(e["jacobian"][static_cast<std::size_t>(r)].size(), static_cast<std::size_t>(n));
      for (int c = 0; c < n; ++c) {
        EXPECT_EQ(e["jacobian"][static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].get<double>(), data.S(r, c));
      }
    }
    ASSERT_EQ(e.at("hessian").size(), static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const json& twist = e["hessian"][static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
        ASSERT_EQ(twist.size(), 6u);
        for (int r = 0; r < 6; ++r) EXPECT_EQ(twist[static_cast<std::size_t>(r)].get<double>(), data.dS(r, i * n + j));
      }
    }
  }
}

TEST(CliEval, ReadmeCommandOnKnee) {
  const CliRun r = cli("eval resources/joints/knee.json --q 0 --q 0.5 --q 1.0");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const json out = json::parse(r.out);
  EXPECT_EQ(out.at("joint").get<std::string>(), "resources/joints/knee.json");
  EXPECT_EQ(out.at("coordinates"), json::array({"flexion"}));
  expect_matches_library("resources/joints/knee.json", out, {{0.0}, {0.5}, {1.0}});
  // the knee flexes: at q = 1 the tibia has turned by about a radian about the lateral axis
  const json& t = out["evaluations"][2]["transform"];
  EXPECT_NEAR(std::acos(t[5].get<double>()), 1.0, 0.05);
}

TEST(CliEval, EveryShippedExample) {
  const std::vector<std::pair<std::string, std::vector<std::vector<double>>>> cases = {
      {"resources/joints/revolute.json", {{0.0}, {1.25}, {-0.5}}},
      {"resources/joints/elliptic.json", {{0.0}, {0.7}, {3.0}}},
      {"resources/joints/knee.json", {{0.0}, {2.1}, {2.5}, {-0.2}}},
      {"resources/joints/scapulothoracic.json", {{0.0, 0.0}, {0.1, -0.2}, {-0.55, 0.45}}},
  };
  for (const auto& [file, qs] : cases) {
    std::string args = "eval " + file;
    for (const auto& q : qs) {
      args += " --q ";
      for (std::size_t i = 0; i < q.size(); ++i) args += (i ? "," : "") + json(q[i]).dump();
    }
    const CliRun r = cli(args);
    ASSERT_EQ(r.exit_code, 0) << file << ": " << r.err;
    expect_matches_library(file, json::parse(r.out), qs);
  }
}

TEST(CliEval, HelpDocumentsTheLayout) {
  const CliRun r = cli("eval --help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("row-major"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hessian[i][j] = d s_i / d q_j"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[w; v]"), std::string::npos) << r.out;
}

// bad input: non-zero exit, nothing on stdout, exactly one line on stderr naming the problem.
void expect_one_line_error(const CliRun& r, const std::string& fragment) {
  EXPECT_NE(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
}

TEST(CliEval, WrongNumberOfCoordinates) {
  expect_one_line_error(cli("eval resources/joints/scapulothoracic.json --q 0.1"),
                        "jointsmith-cli: error: eval: --q '0.1': 1 value for the 2-dof joint "
                        "resources/joints/scapulothoracic.json (write n-dof coordinates as --q q0,q1)");
  expect_one_line_error(cli("eval resources/joints/knee.json --q 0.1,0.2"),
                        "eval: --q '0.1,0.2': 2 values for the 1-dof joint resources/joints/knee.json");
}

TEST(CliEval, NonNumericCoordinate) {
  expect_one_line_error(cli("eval resources/joints/knee.json --q 0.5 --q abc"),
                        "jointsmith-cli: error: eval: --q 'abc': 'abc' is not a number");
  expect_one_line_error(cli("eval resources/joints/knee.json --q 0.5x"), "'0.5x' is not a number");
  expect_one_line_error(cli("eval resources/joints/knee.json --q nan"), "'nan' is not finite");
  expect_one_line_error(cli("eval resources/joints/scapulothoracic.json --q 0.1,"), "'' is not a number");
}

TEST(CliEval, MissingFile) {
  expect_one_line_error(cli("eval resources/joints/no-such-joint.json --q 0"),
                        "jointsmith-cli: error: resources/joints/no-such-joint.json: cannot open: No such file or "
                        "directory");
}

TEST(CliEval, MalformedFileNamesPathAndProblem) {
  const auto path = std::filesystem::temp_directory_path() / ("js_cli_bad_" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream f(path);
    f << R"({"format": "jointsmith.joint", "version": 1, "kind": "revolute", "dof": 1,
 "coordinates": [{"name": "a"}], "axis": [0, 0, "one"]})";
  }
  expect_one_line_error(cli("eval '" + path.string() + "' --q 0"),
                        path.string() + ": /axis/2: expected a number, got string");
  std::filesystem::remove(path);
}

TEST(CliEval, NoCoordinates) {
  expect_one_line_error(cli("eval resources/joints/knee.json"), "eval: give at least one --q");
}

TEST(CliEval, NegativeCoordinates) {
  const CliRun r = cli("eval resources/joints/scapulothoracic.json --q -0.25,-0.125");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_matches_library("resources/joints/scapulothoracic.json", json::parse(r.out), {{-0.25, -0.125}});
}

}  // namespace
}  // namespace js::test
