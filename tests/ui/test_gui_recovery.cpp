// crash recovery with real crashes: each test starts this program again as a child (--child <mode> <dir>)
// that runs the real main window, makes changes and is then killed with SIGKILL (or destroys its window
// without a close event); the parent, a later start of the app, must find the work and offer it.
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>
#include <csignal>
#include <cstdio>
#include <memory>

#include "ui/app/autosave.hpp"
#include "ui/app/main_window.hpp"
#include "ui/app/settings.hpp"
#include "ui/demo/demo_project.hpp"
#include "ui/document/operations.hpp"
#include "ui/document/project_file.hpp"
#include "ui/joint/dynamics_player.hpp"
#include "ui/panels/dynamics_panel.hpp"
#include "ui/panels/playback_panel.hpp"
#include "gui_fixture.hpp"

using namespace js;
using namespace js::ui;
using namespace js::ui::test;

namespace {

// the knee demo has 12 samples; each child mode adds to it
constexpr std::size_t kDemoSamples = 12;

void capture(MainWindow& w) {
  const JointId knee = w.document().data().joints.front().id;
  const auto r = capture_sample(w.document(), knee);
  if (!r.ok()) std::fprintf(stderr, "capture failed: %s\n", qPrintable(r.error));
}

// waits for the autosave written within its delay after a change (no explicit write: the timer must do it)
bool wait_written(MainWindow& w) {
  QSignalSpy spy(w.autosave(), &Autosave::written);
  return spy.wait(15000);
}

void ready(MainWindow& w) {
  std::printf("READY %s\n", qPrintable(w.autosave()->path()));
  std::fflush(stdout);
}

// the child: a real window in the recovery folder dir
int child_main(const QString& mode, const QString& dir) {
  auto* w = new MainWindow(nullptr, dir);
  w->set_interactive(false);
  if (mode == QLatin1String("crash") || mode == QLatin1String("live")) {
    // demo + one capture, autosaved by the timer, then wait to be killed
    w->load_demo();
    capture(*w);
    if (!wait_written(*w)) return 3;
    ready(*w);
    return QApplication::exec();
  }
  if (mode == QLatin1String("recover")) {
    // a later start that recovers and is killed at once, before changing anything
    w->start({}, false);
    ready(*w);
    return QApplication::exec();
  }
  if (mode == QLatin1String("recover-capture")) {
    w->start({}, false);
    capture(*w);
    if (!wait_written(*w)) return 3;
    ready(*w);
    return QApplication::exec();
  }
  if (mode == QLatin1String("simulate")) {
    // demo + one capture autosaved, then the knee swings (frames shown, nothing recorded) and autosave
    // writes again during the run; killed while it runs
    w->load_demo();
    capture(*w);
    if (!wait_written(*w)) return 3;
    auto* playback = qobject_cast<PlaybackPanel*>(w->panel(QStringLiteral("playback")));
    DynamicsPlayer* player = playback->dynamics()->player();
    const JointId knee = w->document().data().joints.front().id;
    const double q0 = w->document().data().joint(knee)->q[0];
    if (!player->play()) return 4;
    if (!QTest::qWaitFor([&] { return std::abs(w->document().data().joint(knee)->q[0] - q0) > 0.05; }, 10000)) return 5;
    // frames alone are not written (they were, the whole project every 2 s); an edit that keeps the run (damping,
    // as a user tunes it while it plays) is
    {
      QSignalSpy frames_written(w->autosave(), &Autosave::written);
      QTest::qWait(settings::autosave_delay_ms.get() + 500);
      if (!frames_written.isEmpty()) return 8;
    }
    DynamicsSettings s = player->settings();
    s.damping = 0.01;
    if (!player->set_settings(s)) return 6;
    if (!wait_written(*w) || !player->playing()) return 7;
    ready(*w);
    return QApplication::exec();
  }
  if (mode == QLatin1String("destroy")) {
    // one capture autosaved, one more just before the window goes away without a close event
    w->load_demo();
    capture(*w);
    if (!wait_written(*w)) return 3;
    capture(*w);
    delete w;
    return 0;
  }
  return 2;
}

class Child {
 public:
  Child(const QString& mode, const QString& dir) {
    proc_.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    proc_.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child"), mode, dir});
  }
  ~Child() {
    if (proc_.state() != QProcess::NotRunning) kill();
  }
  // waits for READY; returns the child's recovery file
  QString wait_ready() {
    QByteArray out;
    for (int i = 0; i < 300 && !out.contains('\n'); ++i) {
      if (!proc_.waitForReadyRead(100) && proc_.state() == QProcess::NotRunning) break;
      out += proc_.readAllStandardOutput();
    }
    const QByteArray line = out.trimmed();
    return line.startsWith("READY ") ? QString::fromUtf8(line.mid(6)) : QString();
  }
  void kill() {
    ::kill(static_cast<pid_t>(proc_.processId()), SIGKILL);
    proc_.waitForFinished(10000);
  }
  bool finished_cleanly() { return proc_.waitForFinished(30000) && proc_.exitStatus() == QProcess::NormalExit && proc_.exitCode() == 0; }

 private:
  QProcess proc_;
};

std::size_t samples_of(MainWindow& w) {
  const auto& joints = w.document().data().joints;
  return joints.empty() ? 0 : joints.front().samples.size();
}

}  // namespace

class RecoveryTest : public QObject {
  Q_OBJECT
 private:
  Windows windows_;
  QString fresh_dir() { return windows_.fresh_dir(); }
  std::unique_ptr<MainWindow> window(const QString& dir) { return windows_.make_hidden(dir); }
  // closes a window the way the user does, leaving no unsaved work behind
  static void close_clean(MainWindow& w) {
    w.set_interactive(false);
    w.autosave()->discard();
    w.document().mark_saved(w.document().file_path());
    w.close();
  }

 private slots:
  void initTestCase() {
    use_clean_settings();  // no demo unless asked
    QVERIFY(windows_.valid());
  }

  // (a) a file on the command line: recovery is offered first; Later opens the file and keeps the work
  void a_file_argument_is_offered_the_recovery_first() {
    const QString dir = fresh_dir();
    const QString other = windows_.path(QStringLiteral("other.jsproj"));
    DocumentData two = make_demo_project();
    two.joints.front().samples.resize(2);
    QCOMPARE(save_project(two, other), QString());
    QString orphan;
    {
      Child c(QStringLiteral("crash"), dir);
      orphan = c.wait_ready();
      QVERIFY(!orphan.isEmpty());
      c.kill();
    }
    QVERIFY(QFile::exists(orphan));
    {
      auto w = window(dir);
      w->set_interactive(true);
      const ModalAnswer later = answer_box(QStringLiteral("Later"));
      w->start({other}, false);
      QVERIFY(later.answered());
      QCOMPARE(samples_of(*w), std::size_t(2));  // the file opened
      QCOMPARE(w->document().file_path(), QFileInfo(other).absoluteFilePath());
      w->set_interactive(false);
      w->close();
    }
    QVERIFY(QFile::exists(orphan));  // opening the file deleted nothing
    auto w = window(dir);
    w->set_interactive(true);
    const ModalAnswer recover = answer_box(QStringLiteral("Recover"));
    w->start({other}, false);
    QVERIFY(recover.answered());
    QCOMPARE(samples_of(*w), kDemoSamples + 1);
    QVERIFY(w->document().is_modified());
    QVERIFY2(w->last_message().contains(QStringLiteral("other.jsproj")), qPrintable(w->last_message()));
    QVERIFY(QFile::exists(orphan));  // kept until saved
    close_clean(*w);
  }

  // (b) a second crash right after recovering, and one after more work: nothing is lost either time
  void recovered_work_survives_a_second_crash() {
    const QString dir = fresh_dir();
    {
      Child c(QStringLiteral("crash"), dir);
      QVERIFY(!c.wait_ready().isEmpty());
      c.kill();
    }
    {
      Child c(QStringLiteral("recover"), dir);
      QVERIFY(!c.wait_ready().isEmpty());
      c.kill();
    }
    {
      Child c(QStringLiteral("recover-capture"), dir);
      QVERIFY(!c.wait_ready().isEmpty());
      c.kill();
    }
    auto w = window(dir);
    w->start({}, false);
    QCOMPARE(samples_of(*w), kDemoSamples + 2);
    QVERIFY(w->document().is_modified());
    // saved: now the recovery file goes
    const QString saved = windows_.path(QStringLiteral("b.jsproj"));
    const QString rec = w->autosave()->path();
    QVERIFY(QFile::exists(rec));
    QCOMPARE(w->save_project_as(saved), QString());
    QVERIFY(!QFile::exists(rec));
    w->close();
    QVERIFY(window(dir)->autosave()->orphans().isEmpty());
  }

  // (c) a running instance's file is never offered, also when its lock is old; closing or discarding in the
  // second instance leaves it alone
  void a_running_instance_is_not_a_crash() {
    const QString dir = fresh_dir();
    Child live(QStringLiteral("live"), dir);
    const QString file = live.wait_ready();
    QVERIFY(!file.isEmpty());
    // QLockFile calls a lock older than 30 s stale by default: age it
    QFile lock(file + QStringLiteral(".lock"));
    QVERIFY(lock.open(QIODevice::ReadWrite));
    QVERIFY(lock.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
    lock.close();
    {
      auto w = window(dir);
      w->set_interactive(true);
      const ModalAnswer discard = answer_box(QStringLiteral("Discard"));  // would discard if asked
      w->start({}, false);
      QVERIFY2(!discard.answered(), qPrintable(discard.text()));  // not asked
      QCOMPARE(w->document().data().joints.size(), std::size_t(0));
      QVERIFY(w->autosave()->orphans().isEmpty());
      w->set_interactive(false);
      w->close();
    }
    QVERIFY(QFile::exists(file));
    live.kill();
    auto w = window(dir);
    w->start({}, false);
    QCOMPARE(samples_of(*w), kDemoSamples + 1);
    close_clean(*w);
  }

  // (d) a window destroyed without a close event keeps its file, with the changes made just before
  void a_window_destroyed_without_close_keeps_its_work() {
    const QString dir = fresh_dir();
    {
      Child c(QStringLiteral("destroy"), dir);
      QVERIFY(c.finished_cleanly());
    }
    auto w = window(dir);
    QCOMPARE(w->autosave()->orphans().size(), qsizetype(1));
    w->start({}, false);
    QCOMPARE(samples_of(*w), kDemoSamples + 2);
    close_clean(*w);
  }

  // (e) a cut-short recovery file: one plain message, the file moved aside and kept after a clean exit
  void an_unreadable_recovery_file_is_kept_aside() {
    const QString dir = fresh_dir();
    QString orphan;
    {
      Child c(QStringLiteral("crash"), dir);
      orphan = c.wait_ready();
      QVERIFY(!orphan.isEmpty());
      c.kill();
    }
    QFile f(orphan);
    QVERIFY(f.open(QIODevice::ReadWrite));
    const qint64 size = f.size();
    QVERIFY(f.resize(size / 2));
    f.close();
    {
      auto w = window(dir);
      w->start({}, false);
      const QString msg = w->last_message();
      qInfo() << msg;
      QVERIFY2(!msg.contains(QStringLiteral("json.exception")), qPrintable(msg));
      QVERIFY2(msg.contains(QStringLiteral("incomplete")), qPrintable(msg));
      QVERIFY2(msg.contains(orphan + QStringLiteral(".unreadable")), qPrintable(msg));
      QCOMPARE(w->document().data().joints.size(), std::size_t(0));
      w->close();
    }
    QVERIFY(!QFile::exists(orphan));
    QFile kept(orphan + QStringLiteral(".unreadable"));
    QVERIFY(kept.exists());
    QCOMPARE(kept.size(), size / 2);
    // not offered again
    QVERIFY(window(dir)->autosave()->orphans().isEmpty());
  }

  // regression: autosave during a simulation wrote the swinging frame, a pose the undo stack never held; the
  // recovered document is the work as recorded, the knee where the run started
  void a_crash_during_a_simulation_recovers_the_recorded_pose() {
    const QString dir = fresh_dir();
    {
      Child c(QStringLiteral("simulate"), dir);
      QVERIFY(!c.wait_ready().isEmpty());
      c.kill();
    }
    auto demo = window(fresh_dir());
    demo->load_demo();
    const Joint start = demo->document().data().joints.front();
    auto w = window(dir);
    w->start({}, false);
    QCOMPARE(samples_of(*w), kDemoSamples + 1);
    const Joint& knee = w->document().data().joints.front();
    QCOMPARE(knee.q.size(), start.q.size());
    QVERIFY2(std::abs(knee.q[0] - start.q[0]) < 1e-12, qPrintable(QString::number(knee.q[0] - start.q[0])));
    close_clean(*w);
    close_clean(*demo);
  }

  // the user's Discard in the offer deletes the file; nothing else does
  void discard_in_the_offer_deletes_the_file() {
    const QString dir = fresh_dir();
    QString orphan;
    {
      Child c(QStringLiteral("crash"), dir);
      orphan = c.wait_ready();
      c.kill();
    }
    auto w = window(dir);
    w->set_interactive(true);
    const ModalAnswer discard = answer_box(QStringLiteral("Discard"));
    w->start({}, false);
    QVERIFY(discard.answered());
    QCOMPARE(w->document().data().joints.size(), std::size_t(0));
    QVERIFY(!QFile::exists(orphan));
    w->set_interactive(false);
    w->close();
  }
};

int main(int argc, char** argv) {
  js::ui::test::GuiTestApp app(argc, argv, QStringLiteral("jointsmith_recovery_test"));
  if (argc == 4 && QByteArray(argv[1]) == "--child") {
    QStandardPaths::setTestModeEnabled(true);
    return child_main(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
  }
  RecoveryTest t;
  return QTest::qExec(&t, argc, argv);
}

#include "test_gui_recovery.moc"
