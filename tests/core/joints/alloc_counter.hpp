// counts heap allocations made by the calling thread. link alloc_counter.cpp into a test executable of its
// own: it replaces the global operator new/delete for the whole program.
//
//   AllocationScope scope;
//   joint.evaluate(q, data);
//   EXPECT_EQ(scope.allocations(), 0u);
#pragma once

#include <cstddef>

namespace js::test {

// totals since thread start (every operator new / new[] variant, nothrow and aligned included).
std::size_t allocation_count();
std::size_t allocated_bytes();

// allocations and bytes since construction.
class AllocationScope {
 public:
  AllocationScope() : count0_(allocation_count()), bytes0_(allocated_bytes()) {}
  std::size_t allocations() const { return allocation_count() - count0_; }
  std::size_t bytes() const { return allocated_bytes() - bytes0_; }

 private:
  std::size_t count0_;
  std::size_t bytes0_;
};

}  // namespace js::test
