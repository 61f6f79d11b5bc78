// fuzz target: a vtk polygon mesh (core/mesh/vtk_mesh: .vtp xml in every encoding, legacy .vtk), the reader
// behind every bone mesh a scene or an osim model names.
#include <stdexcept>

#include "core/mesh/vtk_mesh.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  js::fuzz::refusing_cleanly([&] {
    const auto mesh = js::mesh::read_vtk_mesh_bytes(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.vtp");
    // a mesh the reader accepts must index only its own vertices (the viewport trusts them)
    const auto n = static_cast<long long>(mesh.vertices.size());
    for (const auto& t : mesh.triangles)
      for (int i : t)
        if (i < 0 || i >= n) throw std::logic_error("vtk reader returned a triangle index out of range");
  });
  return 0;
}
