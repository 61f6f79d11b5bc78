// jointsmith: author spline joints by posing bone meshes and capturing samples.
//   jointsmith [project.jsproj | scene.json | model.osim] [--demo] [--list-demos] [--help] [--version]
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

#include "ui/app/demos.hpp"
#include "ui/app/main_window.hpp"
#include "ui/viewport/gl_format.hpp"

namespace {

void set_names() {
  QCoreApplication::setOrganizationName(QStringLiteral("Jointsmith"));
  QCoreApplication::setApplicationName(QStringLiteral("Jointsmith"));
  QCoreApplication::setApplicationVersion(QStringLiteral(JS_VERSION));
}

struct Options {
  QCommandLineOption demo{QStringLiteral("demo"), QStringLiteral("Open the built-in knee demo.")};
  QCommandLineOption list_demos{QStringLiteral("list-demos"),
                                QStringLiteral("Print the demos folder the app uses and its demo scenes, then exit.")};
};

void configure(QCommandLineParser& parser, const Options& o) {
  parser.setApplicationDescription(QStringLiteral("Author spline joints from posed bone meshes."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addOption(o.demo);
  parser.addOption(o.list_demos);
  parser.addPositionalArgument(QStringLiteral("file"),
                               QStringLiteral("A .jsproj project, a scene file (.json, docs/scene-file.md) or an OpenSim model (.osim) to open."));
}

// options that only print (and a command line that is wrong) need no display: they are handled before any gui
// object exists, since a QApplication aborts on a machine without one
bool prints_only(const Options& o, int argc, char** argv) {
  QStringList args;
  for (int i = 0; i < argc; ++i) args << QString::fromLocal8Bit(argv[i]);
  QCommandLineParser parser;
  configure(parser, o);
  if (!parser.parse(args)) return true;
  return parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("version")) ||
         parser.isSet(o.list_demos) || args.contains(QStringLiteral("--help-all"));
}

int print_demos() {
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

}  // namespace

int main(int argc, char** argv) {
  const Options options;
  if (prints_only(options, argc, argv)) {
    QCoreApplication app(argc, argv);
    set_names();
    QCommandLineParser parser;
    configure(parser, options);
    parser.process(app);  // --help, --version and a wrong command line print and exit here
    return print_demos();
  }

  // must precede QApplication
  js::ui::set_default_gl_format();
  QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);

  QApplication app(argc, argv);
  set_names();
  QCommandLineParser parser;
  configure(parser, options);
  parser.process(app);
  if (parser.isSet(options.list_demos)) return print_demos();

  js::ui::MainWindow window;
  window.show();
  window.start(parser.positionalArguments(), parser.isSet(options.demo));
  return QApplication::exec();
}
