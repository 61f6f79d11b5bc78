// Joint ▸ Import Samples…: a sample file (csv, json) or motion-capture markers (.trc) into the active joint. for
// markers, a dialog picks the parent and child clusters (defaults: the markers an opened OpenSim model puts on the
// joint's two bodies) and an optional .mot coordinate for q. around ui/joint/sample_import.hpp.
#pragma once

#include <QString>
#include <QStringList>
#include <functional>

#include "ui/document/document.hpp"

class QAction;
class QWidget;

namespace js::ui {

// the action ("import_samples"); message(text, error) reports
QAction* make_import_samples_action(QWidget* window, Document& doc, std::function<void(const QString&, bool)> message);

// the markers of the .trc's list that an opened OpenSim model's MarkerSet puts on `body` (empty without a model)
QStringList model_markers_on(const DocumentData& d, BodyId body, const QStringList& trc_markers);

}  // namespace js::ui
