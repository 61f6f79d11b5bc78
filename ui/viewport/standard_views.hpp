// the anatomical views: the camera looking at its target from in front (anterior), behind (posterior), the side
// (lateral, medial) or above (superior), its distance kept. the directions come from the camera's up axis (superior)
// and CameraState::facing: with facing 0, OpenSim's convention for a y-up world (x anterior, y superior, z to the
// right) and the usual one for a z-up world (x anterior, z superior, y to the left); facing turns anterior about the
// up axis (the knee demo faces +z), and "Current View Is Anterior" sets it from the view. "lateral" looks from the
// side of the body the view is about: from the right for a body right of the midplane (or on it, or none), from
// the left for a left one.
#pragma once

#include <QString>

#include "ui/document/document_data.hpp"

namespace js::ui {

enum class StandardView { anterior, posterior, lateral, medial, superior };

// world directions: superior is the camera's up axis
Vec3 anterior_direction(const CameraState& c);
Vec3 right_direction(const CameraState& c);

// +1 when a world point is right of the midplane through the world's origin (or on it), −1 when left
int body_side(const CameraState& c, const Vec3& world_point);

// the camera seeing its target from that side: the eye moves to target + distance · direction, up stays up (for
// the superior view, anterior points up the screen and the body's right to the screen's right)
CameraState standard_view(const CameraState& c, StandardView view, int side = 1);

// "Anterior", …
QString standard_view_name(StandardView view);

// the camera with `facing` set so that its current view direction looks at the bodies' front (the eye on their
// anterior side); pitch does not count
CameraState facing_from_view(const CameraState& c);

}  // namespace js::ui
