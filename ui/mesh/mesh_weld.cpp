#include "ui/mesh/mesh_weld.hpp"

#include <cmath>
#include <limits>

namespace js::ui {

std::vector<std::uint32_t> weld_positions(const std::vector<Eigen::Vector3f>& p, const Eigen::Vector3f& lo, float tol) {
  const auto n = static_cast<std::uint32_t>(p.size());
  const float h = 2.0f * tol;
  constexpr std::uint64_t kEmpty = std::numeric_limits<std::uint64_t>::max();
  std::size_t size = 16;
  while (size < 2 * static_cast<std::size_t>(n)) size *= 2;
  std::vector<std::uint64_t> keys(size, kEmpty);
  std::vector<std::uint32_t> head(size);
  std::vector<std::uint32_t> next(n, n);  // the next weld representative in the same cell; n ends the chain
  std::vector<std::uint32_t> id(n);
  auto slot = [&](std::uint64_t key) {
    std::size_t s = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & (size - 1);
    while (keys[s] != kEmpty && keys[s] != key) s = (s + 1) & (size - 1);
    return s;
  };
  // 21 bits per axis; +1 keeps the neighbour below cell 0 representable
  auto cell_key = [](std::int64_t x, std::int64_t y, std::int64_t z) {
    return static_cast<std::uint64_t>(x + 1) | static_cast<std::uint64_t>(y + 1) << 21 |
           static_cast<std::uint64_t>(z + 1) << 42;
  };
  for (std::uint32_t v = 0; v < n; ++v) {
    const Eigen::Vector3f f = (p[v] - lo) / h;
    std::int64_t c[3], side[3];
    for (int a = 0; a < 3; ++a) {
      c[a] = static_cast<std::int64_t>(std::floor(f[a]));
      side[a] = f[a] - static_cast<float>(c[a]) < 0.5f ? -1 : 1;
    }
    id[v] = v;
    for (int k = 0; k < 8 && id[v] == v; ++k) {
      const std::uint64_t key = cell_key(c[0] + ((k & 1) ? side[0] : 0), c[1] + ((k & 2) ? side[1] : 0),
                                         c[2] + ((k & 4) ? side[2] : 0));
      const std::size_t s = slot(key);
      if (keys[s] == kEmpty) continue;
      for (std::uint32_t r = head[s]; r != n; r = next[r])
        if ((p[r] - p[v]).cwiseAbs().maxCoeff() <= tol) {
          id[v] = r;
          break;
        }
    }
    if (id[v] != v) continue;
    const std::size_t s = slot(cell_key(c[0], c[1], c[2]));
    if (keys[s] == kEmpty) {
      keys[s] = cell_key(c[0], c[1], c[2]);
      head[s] = n;
    }
    next[v] = head[s];
    head[s] = v;
  }
  return id;
}

}  // namespace js::ui
