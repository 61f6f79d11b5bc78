#include "core/interop/gltf_export.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>

#include <Eigen/Geometry>
#include <nlohmann/json.hpp>

#include "core/io/atomic_file.hpp"

namespace js::interop {

namespace {

constexpr int kFloat = 5126;
constexpr int kUnsignedInt = 5125;

// the binary chunk and the json that describes its pieces
struct GlbBuilder {
  std::vector<std::uint8_t> bin;
  nlohmann::json views = nlohmann::json::array();
  nlohmann::json accessors = nlohmann::json::array();

  // appends floats (or uint32 indices) as a new buffer view + accessor; returns the accessor index
  template <typename T>
  int add(const std::vector<T>& values, int component, const char* type, int count, int target,
          const nlohmann::json& min = nullptr, const nlohmann::json& max = nullptr) {
    while (bin.size() % 4) bin.push_back(0);
    const std::size_t offset = bin.size();
    bin.resize(offset + values.size() * sizeof(T));
    std::memcpy(bin.data() + offset, values.data(), values.size() * sizeof(T));
    nlohmann::json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", values.size() * sizeof(T)}};
    if (target) view["target"] = target;
    views.push_back(view);
    nlohmann::json a = {{"bufferView", views.size() - 1}, {"componentType", component}, {"count", count}, {"type", type}};
    if (!min.is_null()) a["min"] = min;
    if (!max.is_null()) a["max"] = max;
    accessors.push_back(a);
    return static_cast<int>(accessors.size()) - 1;
  }
};

// flat-shaded triangles: three vertices of their own per triangle, with the face normal
nlohmann::json add_mesh(GlbBuilder& g, const scene::TriangleMesh& mesh, const std::string& name) {
  std::vector<float> pos, nrm;
  std::vector<std::uint32_t> idx;
  float lo[3] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), std::numeric_limits<float>::max()};
  float hi[3] = {-lo[0], -lo[1], -lo[2]};
  for (const auto& t : mesh.triangles) {
    const Vec3 a = mesh.vertices.at(static_cast<std::size_t>(t[0])), b = mesh.vertices.at(static_cast<std::size_t>(t[1])),
               c = mesh.vertices.at(static_cast<std::size_t>(t[2]));
    Vec3 n = (b - a).cross(c - a);
    n = n.norm() > 0.0 ? Vec3(n.normalized()) : Vec3::UnitZ();
    for (const Vec3* v : {&a, &b, &c}) {
      for (int k = 0; k < 3; ++k) {
        const float x = static_cast<float>((*v)[k]);
        pos.push_back(x);
        nrm.push_back(static_cast<float>(n[k]));
        lo[k] = std::min(lo[k], x);
        hi[k] = std::max(hi[k], x);
      }
      idx.push_back(static_cast<std::uint32_t>(idx.size()));
    }
  }
  const int count = static_cast<int>(idx.size());
  const int p = g.add(pos, kFloat, "VEC3", count, 34962, {lo[0], lo[1], lo[2]}, {hi[0], hi[1], hi[2]});
  const int n = g.add(nrm, kFloat, "VEC3", count, 34962);
  const int i = g.add(idx, kUnsignedInt, "SCALAR", count, 34963);
  return {{"name", name}, {"primitives", {{{"attributes", {{"POSITION", p}, {"NORMAL", n}}}, {"indices", i}, {"mode", 4}}}}};
}

// quaternion (x, y, z, w) of R on the hemisphere of the previous key, so LINEAR (slerp) takes the short way
Eigen::Quaterniond continuous(const Mat3& R, const Eigen::Quaterniond& previous) {
  Eigen::Quaterniond q(R);
  q.normalize();
  if (q.dot(previous) < 0.0) q.coeffs() *= -1.0;
  return q;
}

}  // namespace

std::vector<std::uint8_t> motion_to_glb(const MultibodyModel& model, const std::vector<scene::TriangleMesh>& meshes,
                                        const SceneMotion& motion, const std::string& animation_name,
                                        const GltfOptions& options) {
  const int nb = model.num_bodies();
  const std::size_t nf = motion.times.size();
  if (static_cast<int>(meshes.size()) != nb) throw std::invalid_argument("glTF export: one mesh per body needed");
  if (nf == 0 || motion.world_T_root.size() != nf || motion.parent_T_body.size() != nf) {
    throw std::invalid_argument("glTF export: the motion has no frames or inconsistent sizes");
  }
  GlbBuilder g;
  nlohmann::json nodes = nlohmann::json::array(), gl_meshes = nlohmann::json::array();
  // node 0 is the root frame, node i + 1 body i
  nodes.push_back({{"name", "root"}, {"children", nlohmann::json::array()}});
  for (int i = 0; i < nb; ++i) {
    const Body& b = model.body(i);
    gl_meshes.push_back(add_mesh(g, meshes[static_cast<std::size_t>(i)], b.name));
    nodes.push_back({{"name", b.name}, {"mesh", i}});
    nodes[static_cast<std::size_t>(b.parent + 1)]["children"].push_back(i + 1);
  }
  std::vector<float> times;
  for (double t : motion.times) times.push_back(static_cast<float>(t));
  const int input = g.add(times, kFloat, "SCALAR", static_cast<int>(nf), 0, {times.front()}, {times.back()});
  nlohmann::json samplers = nlohmann::json::array(), channels = nlohmann::json::array();
  for (int node = 0; node <= nb; ++node) {
    std::vector<float> tr, rot;
    Eigen::Quaterniond previous = Eigen::Quaterniond::Identity();
    for (std::size_t f = 0; f < nf; ++f) {
      const SE3& T = node == 0 ? motion.world_T_root[f] : motion.parent_T_body[f].at(static_cast<std::size_t>(node - 1));
      previous = continuous(T.R, previous);
      for (int k = 0; k < 3; ++k) tr.push_back(static_cast<float>(T.p[k]));
      for (int k = 0; k < 4; ++k) rot.push_back(static_cast<float>(previous.coeffs()[k]));  // x, y, z, w
      if (f == 0) {
        auto& n = nodes[static_cast<std::size_t>(node)];
        n["translation"] = {tr[0], tr[1], tr[2]};
        n["rotation"] = {rot[0], rot[1], rot[2], rot[3]};
      }
    }
    const int t_out = g.add(tr, kFloat, "VEC3", static_cast<int>(nf), 0);
    const int r_out = g.add(rot, kFloat, "VEC4", static_cast<int>(nf), 0);
    samplers.push_back({{"input", input}, {"output", t_out}, {"interpolation", "LINEAR"}});
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", "translation"}}}});
    samplers.push_back({{"input", input}, {"output", r_out}, {"interpolation", "LINEAR"}});
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", "rotation"}}}});
  }
  int top = 0;
  if (options.y_up) {
    // a constant rotation of −90° about x above the root: z-up (ours) to y-up (glTF §3.4)
    const double h = std::sqrt(0.5);
    nodes.push_back({{"name", "y_up"}, {"rotation", {-h, 0.0, 0.0, h}}, {"children", {0}}});
    top = nb + 1;
  }
  while (g.bin.size() % 4) g.bin.push_back(0);
  nlohmann::json doc = {
      {"asset", {{"version", "2.0"}, {"generator", "jointsmith"}}},
      {"scene", 0},
      {"scenes", {{{"nodes", {top}}}}},
      {"nodes", nodes},
      {"meshes", gl_meshes},
      {"animations", {{{"name", animation_name}, {"samplers", samplers}, {"channels", channels}}}},
      {"buffers", {{{"byteLength", g.bin.size()}}}},
      {"bufferViews", g.views},
      {"accessors", g.accessors},
  };
  std::string json = doc.dump();
  while (json.size() % 4) json.push_back(' ');
  std::vector<std::uint8_t> out;
  auto u32 = [&out](std::uint32_t v) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>(v >> (8 * k)));  // little endian
  };
  u32(0x46546C67u);  // "glTF"
  u32(2);
  u32(static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + g.bin.size()));
  u32(static_cast<std::uint32_t>(json.size()));
  u32(0x4E4F534Au);  // "JSON"
  out.insert(out.end(), json.begin(), json.end());
  u32(static_cast<std::uint32_t>(g.bin.size()));
  u32(0x004E4942u);  // "BIN"
  out.insert(out.end(), g.bin.begin(), g.bin.end());
  return out;
}

void write_glb(const std::string& path, const MultibodyModel& model, const std::vector<scene::TriangleMesh>& meshes,
               const SceneMotion& motion, const std::string& animation_name, const GltfOptions& options) {
  const std::vector<std::uint8_t> bytes = motion_to_glb(model, meshes, motion, animation_name, options);
  io::write_file_atomic(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace js::interop
