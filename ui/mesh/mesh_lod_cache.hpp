// levels of detail of the meshes being drawn, built on a worker thread so the first frame of a big mesh
// is not held up (it draws in full detail until its chain is ready). no GL, no Qt.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "ui/mesh/mesh_lod.hpp"

namespace js::ui {

class MeshLodCache {
 public:
  // min_triangles: smaller meshes get no levels (they cost little to draw). 4000: the knee demo's 9k-triangle
  // tibia drawn as 12 ghosts was 111k triangles a frame (docs/app.md, "The knee demo with its ghosts"); the viewport
  // keeps the driven surfaces (rebuilt every frame) out and draws small opaque bodies in full (lod_select.hpp)
  explicit MeshLodCache(MeshLodOptions options = {}, std::size_t min_triangles = 4000);
  // stops the worker after the level it is building
  ~MeshLodCache();
  MeshLodCache(const MeshLodCache&) = delete;
  MeshLodCache& operator=(const MeshLodCache&) = delete;

  // mesh's finished chain, or null: too small, or queued / being built (then on_ready follows)
  std::shared_ptr<const MeshLod> find(const std::shared_ptr<const MeshData>& mesh);
  // called on the worker thread each time a chain is done
  void set_on_ready(std::function<void()> on_ready);
  // no chain queued or being built
  bool idle() const;

 private:
  struct Entry {
    std::weak_ptr<const MeshData> owner;
    std::shared_ptr<const MeshLod> lod;  // null while queued or building
  };
  void run();

  const MeshLodOptions options_;
  const std::size_t min_triangles_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::unordered_map<const MeshData*, Entry> entries_;
  std::deque<std::weak_ptr<const MeshData>> queue_;
  int building_ = 0;
  std::function<void()> on_ready_;
  std::atomic<bool> stop_{false};
  std::thread worker_;  // started with the first job
};

}  // namespace js::ui
