// mesh import through assimp: formats, units, and files that fail with a message naming them.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include "ui/demo/demo_bones.hpp"
#include "ui/mesh/mesh_import.hpp"
#include "ui/mesh/mesh_library.hpp"

using namespace js::ui;

namespace {

void write_file(const QString& path, const QByteArray& text) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(text);
}

// a 100 mm tetrahedron
const char* kTetraStl = R"(solid tet
facet normal 0 0 -1
 outer loop
  vertex 0 0 0
  vertex 100 0 0
  vertex 0 100 0
 endloop
endfacet
facet normal 0 -1 0
 outer loop
  vertex 0 0 0
  vertex 0 0 100
  vertex 100 0 0
 endloop
endfacet
facet normal -1 0 0
 outer loop
  vertex 0 0 0
  vertex 0 100 0
  vertex 0 0 100
 endloop
endfacet
facet normal 1 1 1
 outer loop
  vertex 100 0 0
  vertex 0 0 100
  vertex 0 100 0
 endloop
endfacet
endsolid tet
)";

const char* kQuadObj = "v 0 0 0\nv 0.1 0 0\nv 0.1 0.2 0\nv 0 0.2 0\nf 1 2 3 4\n";

}  // namespace

TEST(MeshImport, AsciiStlInMillimetres) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("tet.stl"));
  write_file(path, kTetraStl);
  const MeshImport imp = import_mesh(path, js::ui::LengthUnit::millimetres);
  ASSERT_TRUE(imp.mesh) << imp.error.toStdString();
  EXPECT_EQ(imp.mesh->triangle_count(), 4u);
  EXPECT_NEAR(imp.mesh->bounds_max.x(), 0.1f, 1e-6);
  EXPECT_EQ(guess_units(*import_mesh(path, js::ui::LengthUnit::metres).mesh), js::ui::LengthUnit::millimetres);
}

TEST(MeshImport, ObjQuadIsTriangulated) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("quad.obj"));
  write_file(path, kQuadObj);
  const MeshImport imp = import_mesh(path, js::ui::LengthUnit::metres);
  ASSERT_TRUE(imp.mesh) << imp.error.toStdString();
  EXPECT_EQ(imp.mesh->triangle_count(), 2u);
  EXPECT_NEAR(imp.mesh->bounds_max.y(), 0.2f, 1e-6);
  EXPECT_EQ(guess_units(*imp.mesh), js::ui::LengthUnit::metres);
}

TEST(MeshImport, FailuresNameTheFileAndTheReason) {
  QTemporaryDir dir;
  const QString missing = dir.filePath(QStringLiteral("missing.stl"));
  MeshImport imp = import_mesh(missing, js::ui::LengthUnit::metres);
  EXPECT_FALSE(imp.mesh);
  EXPECT_TRUE(imp.error.contains(missing));
  EXPECT_TRUE(imp.error.contains(QStringLiteral("does not exist")));

  const QString empty = dir.filePath(QStringLiteral("empty.obj"));
  write_file(empty, "");
  imp = import_mesh(empty, js::ui::LengthUnit::metres);
  EXPECT_FALSE(imp.mesh);
  EXPECT_TRUE(imp.error.contains(QStringLiteral("empty")));

  // binary garbage with an stl name
  const QString corrupt = dir.filePath(QStringLiteral("corrupt.stl"));
  QByteArray junk(300, '\0');
  for (int i = 0; i < junk.size(); ++i) junk[i] = static_cast<char>((i * 7919) % 251);
  write_file(corrupt, junk);
  imp = import_mesh(corrupt, js::ui::LengthUnit::metres);
  EXPECT_FALSE(imp.mesh);
  EXPECT_TRUE(imp.error.contains(corrupt)) << imp.error.toStdString();

  // an obj with no faces
  const QString points = dir.filePath(QStringLiteral("points.obj"));
  write_file(points, "v 0 0 0\nv 1 0 0\n");
  imp = import_mesh(points, js::ui::LengthUnit::metres);
  EXPECT_FALSE(imp.mesh);
  EXPECT_TRUE(imp.error.contains(points)) << imp.error.toStdString();
}

TEST(MeshLibrary, CachesAndRemembersErrors) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("tet.stl"));
  write_file(path, kTetraStl);
  MeshLibrary lib;
  const auto a = lib.mesh(path, js::ui::LengthUnit::millimetres);
  const auto b = lib.mesh(path, js::ui::LengthUnit::millimetres);
  ASSERT_TRUE(a);
  EXPECT_EQ(a.get(), b.get());
  const auto m = lib.mesh(path, js::ui::LengthUnit::metres);
  EXPECT_NE(a.get(), m.get());
  EXPECT_NEAR(m->bounds_max.x(), 100.0f, 1e-4);
  EXPECT_FALSE(lib.mesh(QStringLiteral("builtin:skull"), js::ui::LengthUnit::metres));
  EXPECT_TRUE(lib.error(QStringLiteral("builtin:skull"), js::ui::LengthUnit::metres).contains(QStringLiteral("skull")));
  // a builtin mesh is drawn once the layer that makes it registered it (the app does at start-up)
  EXPECT_FALSE(lib.mesh(QStringLiteral("builtin:nobody_registered"), js::ui::LengthUnit::metres));
  js::ui::register_demo_meshes();
  EXPECT_TRUE(lib.mesh(QStringLiteral("builtin:femur"), js::ui::LengthUnit::metres));
}

TEST(MeshImport, RealBonesFromSharedData) {
  const QString stl = QStringLiteral(JS_SOURCE_DIR "/../shared/data/meshes/myo_sim_stl/r_femur.stl");
  const QString obj = QStringLiteral(JS_SOURCE_DIR "/../shared/data/meshes/opensim_models/r_tibia.obj");
  if (!QFile::exists(stl) || !QFile::exists(obj)) GTEST_SKIP() << "shared meshes not present";
  for (const QString& path : {stl, obj}) {
    const MeshImport imp = import_mesh(path, js::ui::LengthUnit::metres);
    ASSERT_TRUE(imp.mesh) << imp.error.toStdString();
    const Eigen::Vector3f size = imp.mesh->bounds_max - imp.mesh->bounds_min;
    // adult long bones in metres
    EXPECT_GT(size.maxCoeff(), 0.3f) << path.toStdString();
    EXPECT_LT(size.maxCoeff(), 0.6f) << path.toStdString();
    EXPECT_EQ(guess_units(*imp.mesh), js::ui::LengthUnit::metres);
  }
}

TEST(MeshImport, VtkMeshesThroughTheCoreReader) {
  EXPECT_TRUE(is_mesh_file(QStringLiteral("/a/femur_r.vtp")));
  EXPECT_TRUE(is_mesh_file(QStringLiteral("/a/FEMUR.VTK")));
  EXPECT_TRUE(mesh_file_filter().contains(QStringLiteral("*.vtp")));
  EXPECT_TRUE(mesh_file_filter().contains(QStringLiteral("*.vtk")));

  QTemporaryDir dir;
  // a 100 mm tetrahedron as legacy ascii vtk, one face a triangle strip
  const QString tet = dir.filePath(QStringLiteral("tet.vtk"));
  write_file(tet,
             "# vtk DataFile Version 3.0\ntet\nASCII\nDATASET POLYDATA\nPOINTS 4 float\n"
             "0 0 0 100 0 0 0 100 0 0 0 100\nPOLYGONS 3 12\n3 0 2 1\n3 0 1 3\n3 0 3 2\nTRIANGLE_STRIPS 1 4\n3 1 2 3\n");
  MeshImport imp = import_mesh(tet, js::ui::LengthUnit::millimetres);
  ASSERT_TRUE(imp.mesh) << imp.error.toStdString();
  EXPECT_EQ(imp.mesh->positions.size(), 4u);
  EXPECT_EQ(imp.mesh->triangle_count(), 4u);
  EXPECT_NEAR(imp.mesh->bounds_max.x(), 0.1f, 1e-6);
  ASSERT_EQ(imp.mesh->normals.size(), 4u);
  // the corner at the origin points away from the solid
  EXPECT_LT(imp.mesh->normals[0].sum(), 0.0f);

  // a broken one: the message names the file and the element
  const QString bad = dir.filePath(QStringLiteral("bad.vtp"));
  write_file(bad,
             "<VTKFile type=\"PolyData\"><PolyData><Piece NumberOfPoints=\"2\" NumberOfPolys=\"0\"><Points>"
             "<DataArray type=\"Float32\" NumberOfComponents=\"3\" format=\"ascii\">0 0 0</DataArray>"
             "</Points></Piece></PolyData></VTKFile>");
  imp = import_mesh(bad, js::ui::LengthUnit::metres);
  EXPECT_FALSE(imp.mesh);
  EXPECT_TRUE(imp.error.contains(QStringLiteral("bad.vtp"))) << imp.error.toStdString();
  EXPECT_TRUE(imp.error.contains(QStringLiteral("<Piece 0>/<Points>/<DataArray>"))) << imp.error.toStdString();
}

TEST(MeshImport, OpenSimVtpBonesFromSharedData) {
  const QString dir = QStringLiteral(JS_SOURCE_DIR "/../shared/data/opensim");
  if (!QFile::exists(dir + "/Geometry/femur_r.vtp")) GTEST_SKIP() << "shared OpenSim data not present at " << dir.toStdString();
  for (const QString& name : {QStringLiteral("/Geometry/femur_r.vtp"), QStringLiteral("/vtp-encodings/femur_r.binary-lz4.vtp"),
                              QStringLiteral("/vtp-encodings/femur_r.legacy-binary.vtk")}) {
    const MeshImport imp = import_mesh(dir + name, js::ui::LengthUnit::metres);
    ASSERT_TRUE(imp.mesh) << imp.error.toStdString();
    EXPECT_EQ(imp.mesh->positions.size(), 456u) << name.toStdString();
    EXPECT_EQ(imp.mesh->triangle_count(), 908u) << name.toStdString();
    // an adult femur, in metres as OpenSim writes it
    const Eigen::Vector3f size = imp.mesh->bounds_max - imp.mesh->bounds_min;
    EXPECT_GT(size.maxCoeff(), 0.35f);
    EXPECT_LT(size.maxCoeff(), 0.5f);
    EXPECT_EQ(guess_units(*imp.mesh), js::ui::LengthUnit::metres);
  }
}
