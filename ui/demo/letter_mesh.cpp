#include "ui/demo/letter_mesh.hpp"

#include <GL/glu.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <stdexcept>

#include <QFontDatabase>
#include <QPainterPath>
#include <QTransform>

namespace js::ui {

namespace {

bool inside(const Vec2& x, const std::vector<Vec2>& poly) {
  bool in = false;
  for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2& a = poly[i];
    const Vec2& b = poly[j];
    if ((a.y() > x.y()) != (b.y() > x.y()) && x.x() < (b.x() - a.x()) * (x.y() - a.y()) / (b.y() - a.y()) + a.x()) {
      in = !in;
    }
  }
  return in;
}

// drops the repeated closing vertex, coincident neighbours and collinear points (flattening leaves many).
std::vector<Vec2> clean(std::vector<Vec2> poly, double tolerance) {
  if (poly.size() > 1 && (poly.front() - poly.back()).norm() < tolerance) poly.pop_back();
  bool changed = true;
  while (changed && poly.size() > 3) {
    changed = false;
    for (std::size_t i = 0; i < poly.size() && poly.size() > 3; ++i) {
      const Vec2& a = poly[(i + poly.size() - 1) % poly.size()];
      const Vec2& b = poly[i];
      const Vec2& c = poly[(i + 1) % poly.size()];
      const Vec2 ab = b - a, ac = c - a;
      const double cross = ab.x() * ac.y() - ab.y() * ac.x();
      if (ab.norm() < tolerance || std::abs(cross) < tolerance * tolerance * 1e-3) {
        poly.erase(poly.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
      }
    }
  }
  return poly;
}

// glu tessellator state: triangles of contour-vertex indices, and whether it had to invent a vertex.
struct Tessellation {
  std::vector<int> indices;
  bool combined = false;
  GLenum error = 0;
};

void GLAPIENTRY on_vertex(void* vertex, void* data) {
  static_cast<Tessellation*>(data)->indices.push_back(static_cast<int>(reinterpret_cast<std::intptr_t>(vertex)));
}
void GLAPIENTRY on_edge_flag(GLboolean, void*) {}  // its presence makes glu emit plain triangles
void GLAPIENTRY on_combine(GLdouble[3], void*[4], GLfloat[4], void** out, void* data) {
  static_cast<Tessellation*>(data)->combined = true;
  *out = nullptr;
}
void GLAPIENTRY on_error(GLenum error, void* data) { static_cast<Tessellation*>(data)->error = error; }

template <typename F>
_GLUfuncptr glu_callback(F f) {
  return reinterpret_cast<_GLUfuncptr>(reinterpret_cast<void (*)()>(f));
}

// triangles of the region inside an odd number of contours, indices into the contours' concatenation.
std::vector<int> tessellate(const std::vector<std::vector<Vec2>>& contours) {
  Tessellation result;
  GLUtesselator* tess = gluNewTess();
  gluTessCallback(tess, GLU_TESS_VERTEX_DATA, glu_callback(&on_vertex));
  gluTessCallback(tess, GLU_TESS_EDGE_FLAG_DATA, glu_callback(&on_edge_flag));
  gluTessCallback(tess, GLU_TESS_COMBINE_DATA, glu_callback(&on_combine));
  gluTessCallback(tess, GLU_TESS_ERROR_DATA, glu_callback(&on_error));
  gluTessProperty(tess, GLU_TESS_WINDING_RULE, GLU_TESS_WINDING_ODD);
  gluTessNormal(tess, 0.0, 0.0, 1.0);
  std::vector<std::array<GLdouble, 3>> coords;
  for (const auto& c : contours) {
    for (const Vec2& p : c) coords.push_back({p.x(), p.y(), 0.0});
  }
  gluTessBeginPolygon(tess, &result);
  std::intptr_t index = 0;
  for (const auto& c : contours) {
    gluTessBeginContour(tess);
    for (std::size_t i = 0; i < c.size(); ++i, ++index) {
      gluTessVertex(tess, coords[static_cast<std::size_t>(index)].data(), reinterpret_cast<void*>(index));
    }
    gluTessEndContour(tess);
  }
  gluTessEndPolygon(tess);
  gluDeleteTess(tess);
  if (result.error != 0) {
    throw std::runtime_error(std::string("letter mesh: the tessellator failed: ") +
                             reinterpret_cast<const char*>(gluErrorString(result.error)));
  }
  if (result.combined) throw std::runtime_error("letter mesh: the glyph's contours intersect");
  return result.indices;
}

}  // namespace

double signed_area(const std::vector<Vec2>& polygon) {
  double a = 0.0;  // the shoelace formula
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2& p = polygon[i];
    const Vec2& q = polygon[(i + 1) % polygon.size()];
    a += p.x() * q.y() - q.x() * p.y();
  }
  return 0.5 * a;
}

QFont letter_font() {
  // a fixed font file makes the generated meshes reproducible across machines
  const int id = QFontDatabase::addApplicationFont("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf");
  QFont font(id >= 0 ? QFontDatabase::applicationFontFamilies(id).value(0) : QString("Sans"));
  font.setBold(true);
  font.setPixelSize(120);  // qt flattens curves to a tolerance in font units: at this size a 0.3 m letter gets 2–3 mm segments
  return font;
}

LetterOutline letter_outline(QChar letter, const QFont& font, double height) {
  QPainterPath path;
  path.addText(0.0, 0.0, font, QString(letter));
  path = path.simplified();
  const QRectF box = path.boundingRect();
  if (path.isEmpty() || box.height() <= 0.0) {
    throw std::invalid_argument(std::string("letter mesh: '") + QString(letter).toStdString() + "' has no outline");
  }
  // font units → metres; y flips (fonts grow downwards), the box centre goes to the origin
  const double s = height / box.height();
  const QPointF centre = box.center();
  LetterOutline out;
  out.letter = letter;
  out.height = height;
  for (const QPolygonF& poly : path.toSubpathPolygons()) {
    std::vector<Vec2> c;
    for (const QPointF& p : poly) c.emplace_back((p.x() - centre.x()) * s, -(p.y() - centre.y()) * s);
    c = clean(std::move(c), 1e-6 * height);
    if (c.size() >= 3) out.contours.push_back(std::move(c));
  }
  // a contour inside an odd number of others is a hole: clockwise; the rest counter-clockwise
  double largest = 0.0;
  for (std::size_t i = 0; i < out.contours.size(); ++i) {
    int depth = 0;
    for (std::size_t j = 0; j < out.contours.size(); ++j) {
      if (j != i && inside(out.contours[i][0], out.contours[j])) ++depth;
    }
    const bool hole = depth % 2 == 1;
    const double a = signed_area(out.contours[i]);
    if ((a > 0.0) == hole) std::reverse(out.contours[i].begin(), out.contours[i].end());
    if (!hole && std::abs(a) > largest) {
      largest = std::abs(a);
      out.outer = static_cast<int>(i);
    }
  }
  return out;
}

LetterMesh extrude_letter(const LetterOutline& outline, double depth) {
  LetterMesh mesh;
  int count = 0;
  for (const auto& c : outline.contours) count += static_cast<int>(c.size());
  // front cap (z = +depth/2) vertices 0..count−1, back cap count..2·count−1, in the same order
  for (const double z : {0.5 * depth, -0.5 * depth}) {
    for (const auto& c : outline.contours) {
      for (const Vec2& p : c) mesh.vertices.emplace_back(p.x(), p.y(), z);
    }
  }
  const std::vector<int> caps = tessellate(outline.contours);
  for (std::size_t t = 0; t + 2 < caps.size(); t += 3) {
    std::array<int, 3> tri{caps[t], caps[t + 1], caps[t + 2]};
    const Vec3 n = (mesh.vertices[static_cast<std::size_t>(tri[1])] - mesh.vertices[static_cast<std::size_t>(tri[0])])
                       .cross(mesh.vertices[static_cast<std::size_t>(tri[2])] -
                              mesh.vertices[static_cast<std::size_t>(tri[0])]);
    if (n.z() < 0.0) std::swap(tri[1], tri[2]);  // front faces +z
    mesh.triangles.push_back(tri);
    mesh.triangles.push_back({tri[0] + count, tri[2] + count, tri[1] + count});  // back faces −z
  }
  // walls: for a counter-clockwise outer contour (clockwise hole) t × z points out of the solid
  int base = 0;
  for (const auto& c : outline.contours) {
    const int m = static_cast<int>(c.size());
    for (int i = 0; i < m; ++i) {
      const int f0 = base + i, f1 = base + (i + 1) % m;
      const int b0 = f0 + count, b1 = f1 + count;
      mesh.triangles.push_back({b0, b1, f1});
      mesh.triangles.push_back({b0, f1, f0});
    }
    base += m;
  }
  return mesh;
}

std::string letter_obj_text(const LetterMesh& mesh, const std::string& comment) {
  std::string out = "# " + comment + "\n";
  char line[160];
  for (const Vec3& v : mesh.vertices) {
    std::snprintf(line, sizeof(line), "v %.17g %.17g %.17g\n", v.x(), v.y(), v.z());
    out += line;
  }
  for (const auto& t : mesh.triangles) {
    std::snprintf(line, sizeof(line), "f %d %d %d\n", t[0] + 1, t[1] + 1, t[2] + 1);
    out += line;
  }
  return out;
}

}  // namespace js::ui
