#include "ui/demo/demo_bones.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "ui/mesh/builtin_meshes.hpp"
#include "ui/mesh/shapes.hpp"

namespace js::ui {
namespace {

using Eigen::Vector3f;
using shapes::Ring;

// a horizontal ring at height y (rings of a vertical loft go top to bottom: u × w = x × z = −y)
Ring hring(float y, float cx, float cz, float rx, float rz, float tri = 0.0f, float tri_phase = 0.0f) {
  return Ring{Vector3f(cx, y, cz), rx, rz, Vector3f::UnitX(), Vector3f::UnitZ(), tri, tri_phase};
}

// gentle anterior bow of the femoral shaft
float femur_bow(float y) { return 0.007f * std::sin(std::numbers::pi_v<float> * std::clamp((y - 0.05f) / 0.34f, 0.0f, 1.0f)); }

std::shared_ptr<const MeshData> make_femur() {
  MeshData m;
  // shaft, proximal to distal, flaring into the metaphysis above the condyles
  std::vector<Ring> shaft;
  const float ys[] = {0.405f, 0.39f, 0.37f, 0.34f, 0.30f, 0.25f, 0.20f, 0.15f, 0.11f, 0.08f, 0.06f, 0.045f, 0.03f};
  for (float y : ys) {
    const float distal = std::clamp((0.13f - y) / 0.10f, 0.0f, 1.0f);    // 0 above, 1 at the metaphysis
    const float proximal = std::clamp((y - 0.35f) / 0.055f, 0.0f, 1.0f);  // widening under the trochanters
    const float rx = 0.0135f + 0.024f * distal * distal + 0.009f * proximal;
    const float rz = 0.0140f + 0.010f * distal * distal + 0.004f * proximal;
    shaft.push_back(hring(y, 0.003f * proximal, femur_bow(y) - 0.004f * distal, rx, rz, 0.04f, 1.6f));
  }
  m.append(shapes::loft(shaft));
  // condyles: medial (−x) slightly larger, bulging posteriorly; their lowest point is 22 mm below the origin
  m.append(shapes::ellipsoid(Vector3f(-0.021f, 0.005f, -0.005f), Vector3f(0.0165f, 0.027f, 0.031f)));
  m.append(shapes::ellipsoid(Vector3f(0.021f, 0.006f, -0.006f), Vector3f(0.0155f, 0.026f, 0.029f)));
  // intercondylar bridge and the trochlea (patellar groove) in front
  m.append(shapes::ellipsoid(Vector3f(0.0f, 0.018f, 0.002f), Vector3f(0.030f, 0.018f, 0.022f)));
  m.append(shapes::ellipsoid(Vector3f(0.0f, 0.030f, 0.016f), Vector3f(0.026f, 0.020f, 0.012f)));
  // neck and head, medial and slightly anterior (anteversion)
  m.append(shapes::tube(Vector3f(-0.002f, 0.385f, 0.0f), Vector3f(-0.047f, 0.428f, 0.011f), 0.0175f, 0.0145f));
  m.append(shapes::ellipsoid(Vector3f(-0.052f, 0.432f, 0.012f), Vector3f(0.0225f, 0.0225f, 0.0225f)));
  // greater trochanter (lateral, posterior) and lesser trochanter (medial, posterior)
  m.append(shapes::ellipsoid(Vector3f(0.016f, 0.392f, -0.006f), Vector3f(0.014f, 0.034f, 0.017f)));
  m.append(shapes::ellipsoid(Vector3f(-0.011f, 0.362f, -0.012f), Vector3f(0.008f, 0.013f, 0.008f)));
  // linea aspera: a ridge down the back of the shaft
  m.append(shapes::tube(Vector3f(0.0f, 0.33f, femur_bow(0.33f) - 0.012f), Vector3f(0.0f, 0.12f, femur_bow(0.12f) - 0.012f),
                        0.004f, 0.004f, 12));
  m.update_bounds();
  return std::make_shared<const MeshData>(std::move(m));
}

std::shared_ptr<const MeshData> make_tibia() {
  MeshData m;
  // plateau and shaft, top to bottom; triangular shaft section with its crest in front
  std::vector<Ring> shaft;
  struct R { float y, cz, rx, rz, tri; };
  const R rs[] = {{0.0f, -0.004f, 0.037f, 0.024f, 0.0f},    {-0.008f, -0.004f, 0.039f, 0.026f, 0.0f},
                  {-0.022f, -0.003f, 0.035f, 0.025f, 0.01f}, {-0.040f, -0.002f, 0.026f, 0.022f, 0.03f},
                  {-0.070f, 0.000f, 0.018f, 0.018f, 0.06f},  {-0.110f, 0.001f, 0.0145f, 0.0155f, 0.09f},
                  {-0.180f, 0.001f, 0.012f, 0.013f, 0.10f},  {-0.250f, 0.000f, 0.0110f, 0.0115f, 0.08f},
                  {-0.310f, 0.000f, 0.0125f, 0.0125f, 0.04f}, {-0.340f, 0.000f, 0.0165f, 0.0150f, 0.01f},
                  {-0.358f, 0.000f, 0.0205f, 0.0175f, 0.0f},  {-0.370f, 0.000f, 0.0195f, 0.0170f, 0.0f}};
  for (const R& r : rs) shaft.push_back(hring(r.y, 0.0f, r.cz, r.rx, r.rz, r.tri, 0.5f * std::numbers::pi_v<float>));
  m.append(shapes::loft(shaft));
  // intercondylar eminence between the two plateaus
  m.append(shapes::ellipsoid(Vector3f(-0.005f, 0.001f, -0.002f), Vector3f(0.005f, 0.008f, 0.008f)));
  m.append(shapes::ellipsoid(Vector3f(0.005f, 0.0f, -0.003f), Vector3f(0.005f, 0.007f, 0.008f)));
  // tibial tuberosity in front, medial malleolus at the ankle
  m.append(shapes::ellipsoid(Vector3f(0.003f, -0.048f, 0.017f), Vector3f(0.011f, 0.020f, 0.008f)));
  m.append(shapes::ellipsoid(Vector3f(-0.016f, -0.378f, 0.002f), Vector3f(0.009f, 0.020f, 0.011f)));
  // fibula: head below the lateral plateau, thin shaft, lateral malleolus
  m.append(shapes::ellipsoid(Vector3f(0.034f, -0.030f, -0.016f), Vector3f(0.010f, 0.012f, 0.010f)));
  m.append(shapes::tube(Vector3f(0.035f, -0.035f, -0.015f), Vector3f(0.030f, -0.370f, -0.010f), 0.0075f, 0.0065f));
  m.append(shapes::ellipsoid(Vector3f(0.030f, -0.385f, -0.009f), Vector3f(0.0085f, 0.021f, 0.010f)));
  m.update_bounds();
  return std::make_shared<const MeshData>(std::move(m));
}

}  // namespace

std::shared_ptr<const MeshData> demo_femur() {
  static const std::shared_ptr<const MeshData> mesh = make_femur();
  return mesh;
}

std::shared_ptr<const MeshData> demo_tibia() {
  static const std::shared_ptr<const MeshData> mesh = make_tibia();
  return mesh;
}

void register_demo_meshes() {
  register_builtin_mesh(QStringLiteral("femur"), demo_femur);
  register_builtin_mesh(QStringLiteral("tibia"), demo_tibia);
}

}  // namespace js::ui
