#include "ui/mesh/mesh_lod_cache.hpp"

namespace js::ui {

MeshLodCache::MeshLodCache(MeshLodOptions options, std::size_t min_triangles)
    : options_(options), min_triangles_(min_triangles) {}

MeshLodCache::~MeshLodCache() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void MeshLodCache::set_on_ready(std::function<void()> on_ready) {
  std::lock_guard lock(mutex_);
  on_ready_ = std::move(on_ready);
}

bool MeshLodCache::idle() const {
  std::lock_guard lock(mutex_);
  return queue_.empty() && building_ == 0;
}

std::shared_ptr<const MeshLod> MeshLodCache::find(const std::shared_ptr<const MeshData>& mesh) {
  if (!mesh || mesh->triangle_count() < min_triangles_) return nullptr;
  std::lock_guard lock(mutex_);
  auto it = entries_.find(mesh.get());
  if (it != entries_.end() && it->second.owner.lock() == mesh) return it->second.lod;
  // new, or a new mesh at a freed one's address; drop the chains of meshes gone since
  for (auto e = entries_.begin(); e != entries_.end();)
    e = e->second.owner.expired() ? entries_.erase(e) : std::next(e);
  entries_[mesh.get()] = Entry{mesh, nullptr};
  queue_.push_back(mesh);
  if (!worker_.joinable()) worker_ = std::thread([this] { run(); });
  wake_.notify_one();
  return nullptr;
}

void MeshLodCache::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stop_ || !queue_.empty(); });
    if (stop_) return;
    const std::shared_ptr<const MeshData> mesh = queue_.front().lock();
    queue_.pop_front();
    if (!mesh) continue;  // gone before its turn
    ++building_;
    lock.unlock();
    auto lod = std::make_shared<const MeshLod>(build_mesh_lod(mesh, options_, &stop_));
    lock.lock();
    --building_;
    if (stop_) return;
    auto it = entries_.find(mesh.get());
    if (it != entries_.end() && it->second.owner.lock() == mesh) it->second.lod = std::move(lod);
    if (on_ready_) {
      // outside the lock: the callback may call back in
      const auto on_ready = on_ready_;
      lock.unlock();
      on_ready();
      lock.lock();
    }
  }
}

}  // namespace js::ui
