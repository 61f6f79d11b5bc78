// counts heap allocations made by the calling thread, to show hot paths allocate nothing. the one shared
// counter of the test programs: link tests/support/alloc_counter.cpp into a test executable and it
// replaces the global operator new/delete for that whole program.
//
//   AllocationScope scope;
//   joint.evaluate(q, data);
//   EXPECT_EQ(scope.allocations(), 0u);
#pragma once

#include <cstddef>

namespace js::test {

// totals since thread start (every operator new / new[] variant, nothrow and aligned included).
long allocation_count();
long allocated_bytes();

// allocations and bytes since construction.
class AllocationScope {
 public:
  AllocationScope() : count0_(allocation_count()), bytes0_(allocated_bytes()) {}
  std::size_t allocations() const { return static_cast<std::size_t>(allocation_count() - count0_); }
  std::size_t bytes() const { return static_cast<std::size_t>(allocated_bytes() - bytes0_); }

 private:
  long count0_;
  long bytes0_;
};

}  // namespace js::test
