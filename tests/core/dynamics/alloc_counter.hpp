// counts global operator new calls in a test program (link alloc_counter.cpp into it).
#pragma once

namespace js::test {
long allocation_count();
}  // namespace js::test
