// a coordinate's bounds are asked, not compared against ±1e300 (core/joints/joint.hpp)
#include <gtest/gtest.h>

#include "core/joints/joint.hpp"

namespace {

using js::Coordinate;

TEST(Coordinate, DefaultIsOpenOnBothSides) {
  const Coordinate c;
  EXPECT_FALSE(c.has_lower_limit());
  EXPECT_FALSE(c.has_upper_limit());
  EXPECT_FALSE(c.is_bounded());
  EXPECT_FALSE(c.has_range());
}

TEST(Coordinate, OneBoundIsNotARange) {
  Coordinate c;
  c.min = 0.0;
  EXPECT_TRUE(c.has_lower_limit());
  EXPECT_FALSE(c.is_bounded());
  EXPECT_FALSE(c.has_range());
  c.open_limits();
  c.max = 2.0;
  EXPECT_TRUE(c.has_upper_limit());
  EXPECT_FALSE(c.has_lower_limit());
  EXPECT_FALSE(c.has_range());
}

TEST(Coordinate, ARangeNeedsRoomBetweenItsBounds) {
  Coordinate c;
  c.min = 0.0;
  c.max = 2.09;
  EXPECT_TRUE(c.is_bounded());
  EXPECT_TRUE(c.has_range());
  c.max = c.min;  // a pinned coordinate: bounded, but nothing to sweep or take the middle of
  EXPECT_TRUE(c.is_bounded());
  EXPECT_FALSE(c.has_range());
  c.max = -1.0;  // inverted
  EXPECT_FALSE(c.has_range());
}

TEST(Coordinate, TheFilesUnboundedValuesLimitNothing) {
  Coordinate c;
  c.min = -1e300;
  c.max = 1e300;
  EXPECT_FALSE(c.is_bounded());
  c.min = -1e301;  // past the sentinel still limits nothing
  EXPECT_FALSE(c.has_lower_limit());
  EXPECT_TRUE(js::is_limit(1e299));
  EXPECT_FALSE(js::is_limit(Coordinate::kNoUpperLimit));
  EXPECT_FALSE(js::is_limit(Coordinate::kNoLowerLimit));
}

}  // namespace
