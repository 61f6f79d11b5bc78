// extruded letter meshes from a font outline (issue 6, demo 5; paper fig. 5c): QPainterPath::addText gives the
// glyph, its flattened contours become the letter's outline, the GLU tessellator triangulates the two caps and
// quads join them into side walls. metres, letter frame: x right, y up, depth along z centred on z = 0.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <QChar>
#include <QFont>

#include "core/lie/types.hpp"

namespace js::ui {

using Vec2 = Eigen::Vector2d;

struct LetterOutline {
  QChar letter;
  // closed polygons (first vertex not repeated): outer contours counter-clockwise, holes clockwise
  std::vector<std::vector<Vec2>> contours;
  int outer = 0;  // the largest outer contour: the surface a child letter slides on
  double height = 0.0;  // bounding-box height (m)
};

// the glyph of letter in font, scaled so its bounding box is height metres tall and centred on the origin.
// throws std::invalid_argument for a letter without outline (a space) and std::runtime_error when the
// glyph's contours self-intersect after simplification.
LetterOutline letter_outline(QChar letter, const QFont& font, double height);

// signed area of a closed polygon (m²): positive when counter-clockwise.
double signed_area(const std::vector<Vec2>& polygon);

struct LetterMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;  // counter-clockwise seen from outside
};

// the outline extruded over z ∈ [−depth/2, depth/2]: closed, outward oriented; every contour vertex appears
// once per cap, so caps and walls share vertices. throws std::runtime_error when the tessellator fails or
// has to add a vertex (intersecting contours).
LetterMesh extrude_letter(const LetterOutline& outline, double depth);

// wavefront obj text of mesh ("v x y z" with 17 significant digits, "f i j k"), after a comment line.
std::string letter_obj_text(const LetterMesh& mesh, const std::string& comment);

// the bold sans font the demo uses (DejaVu Sans Bold from fonts-dejavu-core when installed, else Qt's sans
// fallback); needs a QGuiApplication.
QFont letter_font();

}  // namespace js::ui
