// procedurally generated bone-like meshes for the embedded knee demo (no third-party geometry).
// frames: y up, x lateral (right leg), z anterior; metres.
//   femur: origin at the centre of the condyles' posterior circle (the knee's flexion centre)
//   tibia: origin at the centre of the tibial plateau
#pragma once

#include <QString>
#include <memory>

#include "ui/mesh/mesh_data.hpp"

namespace js::ui {

std::shared_ptr<const MeshData> demo_femur();
std::shared_ptr<const MeshData> demo_tibia();

// registers the bones as "builtin:femur" and "builtin:tibia" (ui/mesh/builtin_meshes.hpp); the app's window calls
// it at start-up, make_demo_project too, so a project naming them draws them. repeated calls change nothing.
void register_demo_meshes();

// radius of the femoral condyles' circle: the tibial plateau sits this far below the femur origin at full extension
inline constexpr double kDemoCondyleRadius = 0.022;

}  // namespace js::ui
