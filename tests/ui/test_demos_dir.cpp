// where the app finds its demos (ui/app/demos.hpp): an installed app's <prefix>/share/jointsmith/demos
// without any source tree, JS_DEMOS_DIR over it, the source tree for the build-tree app, nothing when none
// exists. the installed binary itself is checked by tests/install (cmake --install into a temporary prefix).
#include <gtest/gtest.h>

#include <QDir>
#include <QTemporaryDir>

#include "ui/app/demos.hpp"

using js::ui::find_demos_dir;

TEST(DemosDir, InstalledAppFindsShareNextToItsBinWithoutTheSourceTree) {
  QTemporaryDir tmp;
  ASSERT_TRUE(tmp.isValid());
  const QString prefix = tmp.path();
  ASSERT_TRUE(QDir().mkpath(prefix + QStringLiteral("/bin")));
  ASSERT_TRUE(QDir().mkpath(prefix + QStringLiteral("/share/jointsmith/demos")));
  const QString installed = QDir::cleanPath(prefix + QStringLiteral("/share/jointsmith/demos"));
  const QString no_source = prefix + QStringLiteral("/no/source/tree");
  EXPECT_EQ(find_demos_dir({}, prefix + QStringLiteral("/bin"), no_source), installed);
  // the installed folder wins over a source tree that happens to exist
  ASSERT_TRUE(QDir().mkpath(prefix + QStringLiteral("/src/resources/demos")));
  EXPECT_EQ(find_demos_dir({}, prefix + QStringLiteral("/bin"), prefix + QStringLiteral("/src/resources/demos")),
            installed);
  // JS_DEMOS_DIR wins over both; a JS_DEMOS_DIR that is not a folder is passed over
  ASSERT_TRUE(QDir().mkpath(prefix + QStringLiteral("/mine")));
  EXPECT_EQ(find_demos_dir(prefix + QStringLiteral("/mine"), prefix + QStringLiteral("/bin"), no_source),
            QDir::cleanPath(prefix + QStringLiteral("/mine")));
  EXPECT_EQ(find_demos_dir(prefix + QStringLiteral("/missing"), prefix + QStringLiteral("/bin"), no_source), installed);
}

TEST(DemosDir, BuildTreeAppFallsBackToTheSourceTreeAndElseFindsNothing) {
  QTemporaryDir tmp;
  ASSERT_TRUE(tmp.isValid());
  const QString build_app = tmp.path() + QStringLiteral("/build/app");  // no share/ next to it
  ASSERT_TRUE(QDir().mkpath(build_app));
  ASSERT_TRUE(QDir().mkpath(tmp.path() + QStringLiteral("/src/resources/demos")));
  EXPECT_EQ(find_demos_dir({}, build_app, tmp.path() + QStringLiteral("/src/resources/demos")),
            QDir::cleanPath(tmp.path() + QStringLiteral("/src/resources/demos")));
  EXPECT_EQ(find_demos_dir({}, build_app, tmp.path() + QStringLiteral("/gone")), QString());
  EXPECT_EQ(find_demos_dir({}, {}, {}), QString());
}
