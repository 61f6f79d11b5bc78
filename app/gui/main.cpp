// jointsmith: author spline joints by posing bone meshes and capturing samples.
//   jointsmith [project.jsproj | scene.json | model.osim] [--demo] [--list-demos]
#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>

#include "ui/app/demos.hpp"
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
  const QCommandLineOption list_demos(QStringLiteral("list-demos"),
                                      QStringLiteral("Print the demos folder the app uses and its demo scenes, then exit."));
  parser.addOption(list_demos);
  parser.addPositionalArgument(QStringLiteral("file"),
                               QStringLiteral("A .jsproj project, a scene file (.json, docs/scene-file.md) or an OpenSim model (.osim) to open."));
  parser.process(app);
  if (parser.isSet(list_demos)) {
    // where the Demos menu looks ($JS_DEMOS_DIR, <prefix>/share/jointsmith/demos, the source tree)
    const QString dir = js::ui::demos_dir();
    if (dir.isEmpty()) {
      std::fprintf(stderr, "no demos folder found (set JS_DEMOS_DIR)\n");
      return 1;
    }
    std::printf("%s\n", qPrintable(dir));
    for (const QString& f : js::ui::demo_files()) std::printf("%s\n", qPrintable(f));
    return 0;
  }

  js::ui::MainWindow window;
  window.show();
  window.start(parser.positionalArguments(), parser.isSet(demo));
  return QApplication::exec();
}
