// the closed-mesh check that lets the renderer cull back faces: closed and consistently wound meshes (split
// vertices welded), and every way a mesh can fail it.
#include <gtest/gtest.h>

#include "ui/mesh/shapes.hpp"
#include "ui/mesh/mesh_winding.hpp"

using namespace js::ui;

namespace {

// a unit cube with 8 shared corners, counter-clockwise seen from outside
MeshData winding_cube(const Eigen::Vector3f& origin = Eigen::Vector3f::Zero()) {
  MeshData m;
  for (int i = 0; i < 8; ++i)
    m.positions.push_back(origin + Eigen::Vector3f(static_cast<float>(i & 1), static_cast<float>((i >> 1) & 1),
                                                   static_cast<float>((i >> 2) & 1)));
  // corner i = x + 2y + 4z; two triangles per face
  m.indices = {0, 2, 3, 0, 3, 1,   // z = 0, facing −z
               4, 5, 7, 4, 7, 6,   // z = 1, facing +z
               0, 1, 5, 0, 5, 4,   // y = 0, facing −y
               2, 6, 7, 2, 7, 3,   // y = 1, facing +y
               0, 4, 6, 0, 6, 2,   // x = 0, facing −x
               1, 3, 7, 1, 7, 5};  // x = 1, facing +x
  m.compute_normals();
  m.update_bounds();
  return m;
}

void winding_flip(MeshData& m, std::size_t triangle) {
  std::swap(m.indices[3 * triangle + 1], m.indices[3 * triangle + 2]);
}

// every triangle with its own three vertices, as an STL file gives them
MeshData winding_unshared(const MeshData& m) {
  MeshData out;
  for (std::uint32_t i : m.indices) {
    out.indices.push_back(static_cast<std::uint32_t>(out.positions.size()));
    out.positions.push_back(m.positions[i]);
  }
  out.compute_normals();
  return out;
}

}  // namespace

TEST(MeshWinding, CubeWoundOutwardIsClosedOutward) {
  const MeshData cube = winding_cube();
  // the test's own winding: the +x face's normal points along +x
  EXPECT_GT(cube.normals[7].x(), 0.0f);
  EXPECT_EQ(closed_mesh_winding(cube), MeshWinding::outward);
}

TEST(MeshWinding, CubeWoundInwardIsClosedInward) {
  MeshData cube = winding_cube();
  for (std::size_t t = 0; t < 12; ++t) winding_flip(cube, t);
  EXPECT_EQ(closed_mesh_winding(cube), MeshWinding::inward);
}

TEST(MeshWinding, OneFlippedTriangleMakesItTwoSided) {
  for (std::size_t t : {0u, 5u, 11u}) {
    MeshData cube = winding_cube();
    winding_flip(cube, t);
    EXPECT_EQ(closed_mesh_winding(cube), MeshWinding::two_sided) << "flipped triangle " << t;
  }
}

TEST(MeshWinding, OpenMeshIsTwoSided) {
  MeshData cube = winding_cube();
  cube.indices.resize(cube.indices.size() - 6);  // no +x face
  EXPECT_EQ(closed_mesh_winding(cube), MeshWinding::two_sided);
  cube = winding_cube();
  cube.indices.resize(cube.indices.size() - 3);  // one triangle missing
  EXPECT_EQ(closed_mesh_winding(cube), MeshWinding::two_sided);
}

TEST(MeshWinding, SplitVerticesAreWelded) {
  // 36 vertices, none shared by index: closed once equal positions are one vertex
  const MeshData split = winding_unshared(winding_cube());
  ASSERT_EQ(split.positions.size(), 36u);
  EXPECT_EQ(closed_mesh_winding(split), MeshWinding::outward);
  // positions off by far less than the weld tolerance (1e-6 of the diagonal) still weld
  MeshData nudged = split;
  for (std::size_t i = 0; i < nudged.positions.size(); i += 2) nudged.positions[i].x() += 2e-7f;
  EXPECT_EQ(closed_mesh_winding(nudged), MeshWinding::outward);
  // a gap far over it opens the mesh
  MeshData gap = split;
  gap.positions[0].x() += 1e-3f;
  EXPECT_EQ(closed_mesh_winding(gap), MeshWinding::two_sided);
}

TEST(MeshWinding, LatheEllipsoidWithSeamAndPolesIsClosed) {
  // duplicated seam vertices (cos 2π ≠ 1 in float) and triangles collapsed at the poles
  const MeshData e = shapes::ellipsoid(Eigen::Vector3f(0, 0.3f, 0), Eigen::Vector3f(0.1f, 0.25f, 0.08f),
                                       Eigen::Matrix3f::Identity(), 40, 20);
  EXPECT_EQ(closed_mesh_winding(e), MeshWinding::outward);
}

TEST(MeshWinding, PinchedEdgesPassOnlyWhenAllowed) {
  // two cubes touching along one edge (x = y = 1): four triangles meet there, two running each way, as
  // simplified levels of detail can leave them
  MeshData two = winding_cube();
  two.append(winding_cube(Eigen::Vector3f(1, 1, 0)));
  two.update_bounds();
  EXPECT_EQ(closed_mesh_winding(two), MeshWinding::two_sided);
  EXPECT_EQ(closed_mesh_winding(two, true), MeshWinding::outward);
  // one triangle flipped: its edges run the same way twice, still two-sided
  MeshData three = two;
  winding_flip(three, 0);
  EXPECT_EQ(closed_mesh_winding(three, true), MeshWinding::two_sided);
  // wound inward all over: inward
  MeshData inward = two;
  for (std::size_t t = 0; t < inward.triangle_count(); ++t) winding_flip(inward, t);
  EXPECT_EQ(closed_mesh_winding(inward, true), MeshWinding::inward);
}

TEST(MeshWinding, PiecesMustAllFaceTheSameWay) {
  MeshData two = winding_cube();
  two.append(winding_cube(Eigen::Vector3f(3, 0, 0)));
  EXPECT_EQ(closed_mesh_winding(two), MeshWinding::outward);
  // the second cube turned inside out: its faces would vanish if back faces were culled
  for (std::size_t t = 12; t < 24; ++t) winding_flip(two, t);
  EXPECT_EQ(closed_mesh_winding(two), MeshWinding::two_sided);
  // a closed cube beside an open one
  MeshData open = winding_cube();
  MeshData lid = winding_cube(Eigen::Vector3f(3, 0, 0));
  lid.indices.resize(30);
  open.append(lid);
  EXPECT_EQ(closed_mesh_winding(open), MeshWinding::two_sided);
}

TEST(MeshWinding, DoubleSidedSheetAndNonManifoldEdgesAreTwoSided) {
  // a quad with a back copy: every edge twice, once each way, but it encloses nothing
  MeshData sheet;
  sheet.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  sheet.indices = {0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2};
  EXPECT_EQ(closed_mesh_winding(sheet), MeshWinding::two_sided);
  // three cube faces meeting at one edge: a third triangle on the cube's edge 0–1
  MeshData fin = winding_cube();
  fin.positions.push_back(Eigen::Vector3f(0.5f, -1.0f, -1.0f));
  fin.indices.insert(fin.indices.end(), {0, 1, 8, 1, 0, 8});
  EXPECT_EQ(closed_mesh_winding(fin), MeshWinding::two_sided);
}

TEST(MeshWinding, BadIndicesAndEmptyMeshesAreTwoSided) {
  EXPECT_EQ(closed_mesh_winding(MeshData{}), MeshWinding::two_sided);
  MeshData cube = winding_cube();
  cube.indices[4] = 99;
  EXPECT_EQ(closed_mesh_winding(cube), MeshWinding::two_sided);
}
