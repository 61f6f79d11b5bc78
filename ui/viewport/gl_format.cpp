#include "ui/viewport/gl_format.hpp"

#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QSurfaceFormat>
#include <QtGlobal>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace js::ui {

void set_default_gl_format() {
#if defined(__GLIBC__)
  // Mesa's software rasterizer allocates and frees several MB every frame; with glibc's defaults those
  // blocks go back to the kernel and come back as fresh zeroed pages, which cost up to a quarter of a
  // 500k-triangle frame's CPU time. keep freed memory for reuse instead (up to 256 MB spare).
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
  // the viewport is a native GL window; Qt delays a window's update() by an idle timer (5 ms by default),
  // which would add 5 ms to every frame while dragging: paint as soon as the event loop is free
  if (!qEnvironmentVariableIsSet("QT_QPA_UPDATE_IDLE_TIME")) qputenv("QT_QPA_UPDATE_IDLE_TIME", "0");
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
