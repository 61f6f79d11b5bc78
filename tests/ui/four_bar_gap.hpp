// the four-bar's loop measured on a document's own body poses (shared by the dynamics-loop and ik-drag
// tests): the rocker's frame_b origin against frame_a's in the world (body_a is the root frame), in the
// plane the loop constrains (x, y).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "ui/document/document.hpp"

namespace js::test {

inline const js::ui::Joint& joint_of(const js::ui::Document& doc, const std::string& body) {
  for (const js::ui::Joint& j : doc.data().joints)
    if (doc.data().body(j.child)->name == QString::fromStdString(body)) return j;
  ADD_FAILURE() << "no joint moves " << body;
  return doc.data().joints.front();
}

inline double four_bar_gap(const js::ui::Document& doc) {
  const nlohmann::json& loop = doc.data().scene_keys["loops"][0];
  const auto point = [](const nlohmann::json& frame) {
    const nlohmann::json& t = frame["translation"];
    return js::Vec3(t[0].get<double>(), t[1].get<double>(), t[2].get<double>());
  };
  const js::ui::Body* world = nullptr;
  for (const js::ui::Body& b : doc.data().bodies)
    if (b.frame_only) world = &b;
  const js::ui::Joint& rocker = joint_of(doc, loop["body_b"].get<std::string>());
  const js::Vec3 pin_b = doc.data().world_T_body(rocker.child).act(point(loop["frame_b"]));
  const js::Vec3 pin_a = world->pose.act(point(loop["frame_a"]));
  return (pin_b - pin_a).head<2>().norm();
}

}  // namespace js::test
