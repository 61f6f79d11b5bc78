// the document as a core multibody: the scene export (scene_to_json, the scene jointsmith-cli simulate
// reads) read back by the core, and where each document joint's coordinates sit in the multibody's q.
// shared by the dynamics playback and the ik drag.
#pragma once

#include <QString>
#include <vector>

#include "core/scene/scene_file.hpp"
#include "ui/document/document_data.hpp"

namespace js::ui {

struct DocumentMultibody {
  scene::Scene scene;
  struct Link {
    JointId joint = 0;
    std::vector<int> coordinates;  // per coordinate of the joint (its own order): the index into q
  };
  std::vector<Link> links;
  std::vector<BodyId> bodies;  // the document body of each scene body, in scene order
  BodyId root_frame = 0;       // the frame-only body that is the scene's root frame, if any

  // the scene body index of a document body; −1 when it is not in the multibody (a frame)
  int scene_body(BodyId id) const;
  // the multibody's q from the document's joints (scene initial q elsewhere), size nq
  Eigen::VectorXd q_of(const DocumentData& d) const;
};

// builds the multibody of d; returns an error message (a joint without a model, a bad scene) or empty.
QString build_document_multibody(const DocumentData& d, DocumentMultibody& out);

// the joints of d with q taken from the multibody's q and their children at G(q): one (joint, child)
// pair per linked joint whose q changed
struct JointPose {
  Joint joint;
  Body child;
};
std::vector<JointPose> joint_poses(const DocumentData& d, const DocumentMultibody& mb, const Eigen::VectorXd& q);

}  // namespace js::ui
