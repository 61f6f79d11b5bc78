// jointsmith: author spline joints by posing bone meshes and capturing samples.
//   jointsmith [project.jsproj | scene.json] [--demo]
#include <QApplication>
#include <QCommandLineParser>

#include "ui/app/main_window.hpp"
#include "ui/viewport/gl_format.hpp"

int main(int argc, char** argv) {
  // must precede QApplication
  js::ui::set_default_gl_format();
  QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);

  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Jointsmith"));
  QApplication::setApplicationName(QStringLiteral("Jointsmith"));
  QApplication::setApplicationVersion(QStringLiteral(JS_VERSION));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Author spline joints from posed bone meshes."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Open the built-in knee demo."));
  parser.addOption(demo);
  parser.addPositionalArgument(QStringLiteral("file"),
                               QStringLiteral("A .jsproj project or a scene file (.json, docs/scene-file.md) to open."));
  parser.process(app);

  js::ui::MainWindow window;
  window.show();
  window.start(parser.positionalArguments(), parser.isSet(demo));
  return QApplication::exec();
}
