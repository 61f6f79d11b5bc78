#include "gui_fixture.hpp"

#include <QAbstractButton>
#include <QDebug>
#include <QDialog>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QImage>
#include <QLineEdit>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QWindow>

#include "gui_settle.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/settings.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "ui/viewport/gl_format.hpp"
#include "ui/viewport/viewport_widget.hpp"

namespace js::ui::test {

namespace {

// a modal dialog open this long with nobody answering it is a test that would otherwise hang until ctest kills it
constexpr int kUnansweredModalMs = 20000;

QString modal_text(QWidget* w) {
  if (auto* box = qobject_cast<QMessageBox*>(w)) return box->text();
  return w->windowTitle();
}

}  // namespace

detail::GlFormatFirst::GlFormatFirst() { set_default_gl_format(); }

GuiTestApp::GuiTestApp(int& argc, char** argv, const QString& name) : QApplication(argc, argv), guard_(new QTimer) {
  setOrganizationName(QStringLiteral("JointsmithTest"));
  setApplicationName(name);
  // the same modal widget for kUnansweredModalMs: fail the running test and close the dialog so the next can run
  auto open_since = std::make_shared<QElapsedTimer>();
  auto seen = std::make_shared<QPointer<QWidget>>();
  guard_->setInterval(500);
  QObject::connect(guard_, &QTimer::timeout, [open_since, seen] {
    QWidget* m = QApplication::activeModalWidget();
    if (m != seen->data()) {
      *seen = m;
      open_since->start();
      return;
    }
    if (!m || open_since->elapsed() < kUnansweredModalMs) return;
    const QByteArray what = QStringLiteral("a modal dialog nobody answered: %1 \"%2\"")
                                .arg(QString::fromLatin1(m->metaObject()->className()), modal_text(m))
                                .toUtf8();
    *seen = nullptr;
    m->close();
    QTest::qFail(what.constData(), __FILE__, __LINE__);
  });
  guard_->start();
}

GuiTestApp::~GuiTestApp() { delete guard_; }

void use_clean_settings(bool first_start_done) {
  QStandardPaths::setTestModeEnabled(true);
  QSettings().clear();
  settings::first_start_done.set(first_start_done);
}

bool wait_for_window(QWidget& w, Wait wait) {
  if (!QTest::qWaitForWindowExposed(&w)) {
    qWarning() << "window not exposed:" << w.windowTitle();
    return false;
  }
  if (wait == Wait::exposed) return true;
  w.activateWindow();
  if (!QTest::qWaitForWindowActive(&w)) {
    qWarning() << "window not active:" << w.windowTitle();
    return false;
  }
  return true;
}

QString Windows::fresh_dir() { return tmp_.filePath(QStringLiteral("dir%1").arg(++dirs_)); }

std::unique_ptr<MainWindow> Windows::make_hidden(const QString& recovery_dir) {
  const QString dir = recovery_dir.isEmpty() ? tmp_.filePath(QStringLiteral("recovery%1").arg(++windows_)) : recovery_dir;
  auto w = std::make_unique<MainWindow>(nullptr, dir);
  w->set_interactive(false);
  return w;
}

std::unique_ptr<MainWindow> Windows::make(Wait wait, QSize size) {
  auto w = make_hidden();
  w->resize(size.isEmpty() ? size_ : size);
  w->show();
  wait_for_window(*w, wait);
  return w;
}

bool settle_window(MainWindow& w, Wait wait) {
  if (!wait_for_window(w, wait)) return false;
  let_size_settle(*w.viewport(), 100);  // the docks lay out after the window shows
  return true;
}

QString screenshot_path(const QString& file) { return QStringLiteral(JS_BINARY_DIR "/tests/ui/") + file; }

bool save_screenshot(const QImage& image, const QString& file) {
  const QString path = screenshot_path(file);
  if (image.isNull() || !image.save(path)) {
    qWarning() << "screenshot not saved:" << path;
    return false;
  }
  qInfo() << "screenshot:" << path << image.size();
  return true;
}

struct ModalAnswer::State {
  std::function<bool(QWidget*)> answer;
  QElapsedTimer since;
  int timeout_ms = 0;
  bool answered = false;
  bool done = false;
  QString text;
};

ModalAnswer::ModalAnswer(std::function<bool(QWidget*)> answer, int timeout_ms)
    : state_(std::make_shared<State>()), timer_(std::make_unique<QTimer>()) {
  state_->answer = std::move(answer);
  state_->timeout_ms = timeout_ms;
  state_->since.start();
  timer_->setInterval(20);
  QTimer* timer = timer_.get();
  QObject::connect(timer, &QTimer::timeout, [s = state_, timer] {
    if (s->since.elapsed() > s->timeout_ms) {
      s->done = true;
      timer->stop();
      return;
    }
    // answered once it is on screen, as a user would: answering faster changes what has the focus afterwards
    QWidget* m = QApplication::activeModalWidget();
    if (!m || !m->isVisible() || !m->windowHandle() || !m->windowHandle()->isExposed()) return;
    s->done = true;
    timer->stop();
    s->text = modal_text(m);
    s->answered = s->answer(m);
    if (!s->answered) {
      qWarning() << "not the dialog the test expected:" << m->metaObject()->className() << s->text;
      if (auto* d = qobject_cast<QDialog*>(m)) d->reject();
      else m->close();
    }
  });
  timer_->start();
}

ModalAnswer::ModalAnswer(ModalAnswer&&) noexcept = default;
ModalAnswer& ModalAnswer::operator=(ModalAnswer&&) noexcept = default;
ModalAnswer::~ModalAnswer() = default;

bool ModalAnswer::answered() const { return state_ && state_->answered; }

QString ModalAnswer::text() const { return state_ ? state_->text : QString(); }

bool ModalAnswer::wait(int timeout_ms) const {
  return QTest::qWaitFor([this] { return !state_ || state_->done; }, timeout_ms) && answered();
}

ModalAnswer answer_file_dialog(const QString& path) {
  return ModalAnswer([path](QWidget* m) {
    auto* fd = qobject_cast<QFileDialog*>(m);
    auto* name = fd ? fd->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")) : nullptr;
    if (!name) return false;
    // the whole path pasted over the offered name: typed key by key, the name's completer can pop up (slowly
    // under the sanitizers) and take the Enter meant for the dialog
    name->setText(path);
    QTest::keyClick(name, Qt::Key_Return);
    return !fd->isVisible();
  });
}

ModalAnswer answer_box(QMessageBox::StandardButton button) {
  return ModalAnswer([button](QWidget* w) {
    auto* box = qobject_cast<QMessageBox*>(w);
    QAbstractButton* b = box ? box->button(button) : nullptr;
    if (!b) return false;
    b->click();
    return true;
  });
}

ModalAnswer answer_box(const QString& button_text) {
  return ModalAnswer([button_text](QWidget* w) {
    auto* box = qobject_cast<QMessageBox*>(w);
    if (!box) return false;
    for (QAbstractButton* b : box->buttons())
      if (b->text() == button_text) {
        b->click();
        return true;
      }
    return false;
  });
}

ModalAnswer close_next_modal() {
  return ModalAnswer([](QWidget* w) {
    if (auto* d = qobject_cast<QDialog*>(w)) d->reject();
    else w->close();
    return true;
  });
}

JointId osim_joint_id(const Document& doc, const QString& element) {
  for (const Joint& j : doc.data().joints)
    if (j.osim_joint == element) return j.id;
  return 0;
}

DynamicsPanel* dynamics_panel(MainWindow& w) {
  return qobject_cast<PlaybackPanel*>(w.panel(QStringLiteral("playback")))->dynamics();
}

}  // namespace js::ui::test
