// the default surface format every QOpenGLWidget of the app (and the gui tests) asks for.
#pragma once

#include <QSurfaceFormat>
#include <QtGlobal>

namespace js::ui {

// GL 3.3 core with a 24-bit depth buffer and 4× msaa; JS_MSAA=<n> overrides the sample count (0 turns
// multisampling off, much faster under software GL). call before constructing the QApplication.
inline void set_default_gl_format() {
  QSurfaceFormat format;
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setSamples(qEnvironmentVariableIsSet("JS_MSAA") ? qEnvironmentVariableIntValue("JS_MSAA") : 4);
  QSurfaceFormat::setDefaultFormat(format);
}

}  // namespace js::ui
