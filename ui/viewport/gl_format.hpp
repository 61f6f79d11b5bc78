// the surface format every QOpenGLWidget of the app (and the gui tests) asks for, and the viewport's
// multisampling.
#pragma once

#include <QString>

namespace js::ui {

// GL 3.3 core with a 24-bit depth buffer, no multisampling (the viewport sets its own, below); also keeps
// freed heap memory for reuse (glibc), which spares a software rasterizer a page fault storm every frame,
// and lets window updates paint without Qt's 5 ms idle delay. call before constructing the QApplication.
void set_default_gl_format();

// the viewport's msaa sample count: JS_MSAA=<n> when set; else 4 on a hardware renderer and 0 under a
// software rasterizer (Mesa's llvmpipe, softpipe, swrast), where 4× msaa costs about 4× the fill: at
// 1280×800 with 500k triangles on the shared 2-core machine it measured several times the frame time
// (docs/app.md, "Frame time"). probes GL_RENDERER once with a throw-away context; needs a QGuiApplication.
int viewport_msaa_samples();

// the GL_RENDERER string of the probe ("llvmpipe (LLVM 15.0.6, 256 bits)"); empty when GL is unavailable
QString gl_renderer_name();

}  // namespace js::ui
