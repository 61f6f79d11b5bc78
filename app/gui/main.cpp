// jointsmith: author spline joints by posing bone meshes and capturing samples.
//   jointsmith [project.jsproj] [--demo]
#include <QApplication>
#include <QCommandLineParser>
#include <QSurfaceFormat>

#include "ui/app/main_window.hpp"

int main(int argc, char** argv) {
  // GL 3.3 core with a depth buffer and 4× msaa for every QOpenGLWidget; must precede QApplication
  QSurfaceFormat format;
  format.setVersion(3, 3);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setDepthBufferSize(24);
  // JS_MSAA=0 turns multisampling off (much faster under software GL)
  format.setSamples(qEnvironmentVariableIsSet("JS_MSAA") ? qEnvironmentVariableIntValue("JS_MSAA") : 4);
  QSurfaceFormat::setDefaultFormat(format);
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
  parser.addPositionalArgument(QStringLiteral("project"), QStringLiteral("A .jsproj project to open."));
  parser.process(app);

  js::ui::MainWindow window;
  window.show();
  window.start(parser.positionalArguments(), parser.isSet(demo));
  return QApplication::exec();
}
