#include "ui/viewport/gl_format.hpp"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QSurfaceFormat>
#include <QtGlobal>

namespace js::ui {

void set_default_gl_format() {
  QSurfaceFormat format;
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  format.setSamples(0);
  QSurfaceFormat::setDefaultFormat(format);
}

QString gl_renderer_name() {
  static const QString name = [] {
    QOpenGLContext context;
    QOffscreenSurface surface;
    surface.create();
    if (!context.create() || !context.makeCurrent(&surface)) return QString();
    const auto* text = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    QString out = text ? QString::fromLatin1(text) : QString();
    context.doneCurrent();
    return out;
  }();
  return name;
}

int viewport_msaa_samples() {
  if (qEnvironmentVariableIsSet("JS_MSAA")) return qEnvironmentVariableIntValue("JS_MSAA");
  const QString r = gl_renderer_name().toLower();
  const bool software = r.contains(QLatin1String("llvmpipe")) || r.contains(QLatin1String("softpipe")) ||
                        r.contains(QLatin1String("swrast")) || r.contains(QLatin1String("software"));
  return software || r.isEmpty() ? 0 : 4;
}

}  // namespace js::ui
