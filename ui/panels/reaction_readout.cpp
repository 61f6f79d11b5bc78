#include "ui/panels/reaction_readout.hpp"

#include "ui/joint/dynamics_player.hpp"

namespace js::ui {
namespace {

constexpr int kDigits = 4;  // significant digits shown: a readout, the csv has them all

QString number(double x) { return QString::number(x, 'g', kDigits); }

// "(x, y, z)"
QString triple(const Eigen::Ref<const Vec3>& v) {
  return QStringLiteral("(%1, %2, %3)").arg(number(v[0]), number(v[1]), number(v[2]));
}

}  // namespace

ReactionReadout::ReactionReadout(Document& doc, DynamicsPlayer& player, QWidget* parent)
    : QLabel(parent), doc_(doc), player_(player) {
  setObjectName(QStringLiteral("reaction_readout"));
  setWordWrap(true);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setToolTip(tr("The reaction (constraint) wrench the selected body's joint transmits from its parent at the frame "
                "shown, in the joint's C frame (fixed to the body): what holds the body on the joint, without the "
                "part the joint's own coordinates carry (springs, motors, drives). Force in N, moment about the C "
                "frame's origin in N·m; jointsmith-cli simulate --reactions writes it for every joint"));
  hide();
  // every shown frame emits energy; a new or dropped run clears the plot
  connect(&player_, &DynamicsPlayer::energy, this, &ReactionReadout::refresh);
  connect(&player_, &DynamicsPlayer::run_cleared, this, &ReactionReadout::refresh);
  connect(&doc_, &Document::selection_changed, this, &ReactionReadout::refresh);
}

void ReactionReadout::refresh() {
  JointReaction r;
  const BodyId id = doc_.selection().body;
  const bool shown = player_.reaction(id, r);
  if (!shown) {
    // a run without a simulated body selected: say how to get a readout
    if (player_.has_run()) {
      setText(player_.settings().maximal_solver ? tr("Joint reaction: with the reduced solver only")
                                                : tr("Joint reaction: select a simulated body"));
      show();
    } else {
      hide();
    }
    return;
  }
  const Body* body = doc_.data().body(id);
  const Joint* joint = doc_.data().joint_of_child(id);
  const QString name = joint ? joint->name : (body ? body->name : QString());
  const Vec3 moment = r.constraint.head<3>(), force = r.constraint.tail<3>();
  setText(tr("%1 joint reaction, t = %2 s (C frame)\nforce %3 N, moment %4 N·m\nf = %5 N, m = %6 N·m")
              .arg(name)
              .arg(player_.time(), 0, 'f', 3)
              .arg(number(force.norm()), number(moment.norm()), triple(force), triple(moment)));
  show();
}

}  // namespace js::ui
