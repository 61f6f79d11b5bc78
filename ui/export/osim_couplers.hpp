// an opensim model's CoordinateCouplerConstraints in a document: the coordinates they drive follow the sliders
// (osim_coupled_motion, one undo step with the move) and the scene export carries them (osim_couplers_json), so
// playback and jointsmith-cli simulate hold them (core/dynamics/coordinate_coupler.hpp).
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "ui/document/document_data.hpp"
#include "ui/document/osim_source.hpp"

namespace js::ui {

// the joints whose coordinates the couplers drive when joint `moved` goes to q: each such joint's id and new q,
// couplers applied in order (a coupler driven by a coupled coordinate sees its new value); `moved` itself is listed
// when a coupler drives one of its own coordinates. empty when d has no couplers or none depends on `moved`.
std::vector<std::pair<JointId, Eigen::VectorXd>> osim_coupled_motion(const DocumentData& d, JointId moved, const Eigen::VectorXd& q);

// the scene file's "couplers" (docs/scene-file.md) of d's couplers, coordinates named "body.coordinate" with the
// scene's body names (scene_names: document body → scene name). a coupler whose joint or coordinate is no longer
// in the document (a joint removed, or replaced by one without that coordinate) is left out and named in dropped.
nlohmann::json osim_couplers_json(const DocumentData& d, const QHash<BodyId, QString>& scene_names, QStringList* dropped = nullptr);

}  // namespace js::ui
