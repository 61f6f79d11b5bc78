// what every window test sets up (issue 13): the application as the app makes it, clean settings, main windows
// with a recovery folder of their own shown at a given size and waited for, screenshots in the build tree, and
// modal dialogs answered when they open. linked into every js_add_gui_test program (library js_gui_fixture).
#pragma once

#include <QApplication>
#include <QMessageBox>
#include <QSize>
#include <QString>
#include <QTemporaryDir>
#include <functional>
#include <memory>

#include "ui/document/document.hpp"

class QImage;
class QTimer;

namespace js::ui {
class MainWindow;
class DynamicsPanel;
}

namespace js::ui::test {

namespace detail {
// sets the app's OpenGL format: it must come before the QApplication
struct GlFormatFirst {
  GlFormatFirst();
};
}  // namespace detail

// the QApplication of a window test: the app's OpenGL format, organisation and application names that keep the
// test's settings apart from the user's, and a guard that fails the running test (instead of hanging it) when a
// modal dialog stays open with nothing to answer it
class GuiTestApp : private detail::GlFormatFirst, public QApplication {
 public:
  GuiTestApp(int& argc, char** argv, const QString& name);
  ~GuiTestApp() override;

 private:
  QTimer* guard_;
};

// for initTestCase: QStandardPaths in test mode and no settings left from an earlier run. first_start_done
// true: a window's start() opens no demo unless asked
void use_clean_settings(bool first_start_done = true);

enum class Wait { exposed, active };

// waits until the window is exposed, and for Wait::active also active (key shortcuts reach only the active
// window; without a window manager nothing activates a window after a dialog closes). false, with a warning
// saying which, when it is not
bool wait_for_window(QWidget& w, Wait wait = Wait::exposed);

// the main windows of one test program, each with its own recovery folder in one temporary directory
class Windows {
 public:
  explicit Windows(QSize size = {1280, 860}) : size_(size) {}
  bool valid() const { return tmp_.isValid(); }
  // the temporary directory, and a file in it
  QString dir() const { return tmp_.path(); }
  QString path(const QString& name) const { return tmp_.filePath(name); }
  // a fresh folder name in the temporary directory (not created)
  QString fresh_dir();
  // a window that asks nothing (set_interactive(false)) with a recovery folder of its own, so one test's unsaved
  // work is not offered to the next (or recovery_dir, for tests of recovery); not shown
  std::unique_ptr<MainWindow> make_hidden(const QString& recovery_dir = {});
  // the same, resized to size (the program's default when empty), shown and waited for (a warning, not a
  // failure, when the wait fails: the test's own checks say what matters)
  std::unique_ptr<MainWindow> make(Wait wait = Wait::exposed, QSize size = {});

 private:
  QTemporaryDir tmp_;
  QSize size_;
  int windows_ = 0;
  int dirs_ = 0;
};

// exposed, active (or only exposed), and the docks laid out after the first show (nothing signals that)
bool settle_window(MainWindow& w, Wait wait = Wait::active);

// build/<preset>/tests/ui/<file>: where the window tests leave their screenshots for people to look at
QString screenshot_path(const QString& file);
// saves the image there and says where; false when the image is empty or cannot be written
bool save_screenshot(const QImage& image, const QString& file);

// answers the next modal dialog when it opens: a timer polls QApplication::activeModalWidget() (a dialog opens
// inside exec(), at no fixed time) and hands the dialog to `answer` once, which closes it (clicks a button,
// accepts). a dialog `answer` does not recognise (returns false) is rejected so nothing hangs, and counts as
// not answered. polling stops at timeout_ms or when this object goes (it is declared after the locals its
// answer uses, so it goes first)
class ModalAnswer {
 public:
  explicit ModalAnswer(std::function<bool(QWidget*)> answer, int timeout_ms = 30000);
  ModalAnswer(ModalAnswer&&) noexcept;
  ModalAnswer& operator=(ModalAnswer&&) noexcept;
  ~ModalAnswer();
  // true once a dialog was answered
  bool answered() const;
  // the answered message box's text, or the dialog's title; for a dialog that was not recognised its title
  QString text() const;
  // waits (running the event loop) until a dialog was answered or the timeout passed
  bool wait(int timeout_ms = 30000) const;

 private:
  struct State;
  std::shared_ptr<State> state_;
  std::unique_ptr<QTimer> timer_;
};

// clicks the button of this standard kind on the next message box
ModalAnswer answer_box(QMessageBox::StandardButton button);
// clicks the button with this text on the next message box
ModalAnswer answer_box(const QString& button_text);
// closes the next modal dialog, whatever it is (Cancel, Esc or the title bar's close)
ModalAnswer close_next_modal();
// answers the next file dialog as a user does: the path pasted over its name field, then Enter
ModalAnswer answer_file_dialog(const QString& path);

// the document joint made from the OpenSim joint element `element` (Joint::osim_joint), 0 when there is none
JointId osim_joint_id(const Document& doc, const QString& element);

// the playback dock's dynamics panel (raised with its dock's tab, as a user finds it)
DynamicsPanel* dynamics_panel(MainWindow& w);

}  // namespace js::ui::test

// main() of a window test program with one test class, as QTEST_MAIN with the app's setup (GuiTestApp)
#define JS_GUI_TEST_MAIN(TestClass, app_name)                           \
  int main(int argc, char** argv) {                                     \
    js::ui::test::GuiTestApp app(argc, argv, QStringLiteral(app_name)); \
    TestClass test;                                                     \
    return QTest::qExec(&test, argc, argv);                             \
  }
