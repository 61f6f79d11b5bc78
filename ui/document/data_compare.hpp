// whether an edit left a body or a joint unchanged: every field equal, exactly (a merged drag that ends where it
// started is no undo step, commands.hpp). shared immutable models compare by identity: a refit that lands on
// the same numbers is still a new model. a field added to Body, Joint or what they hold goes in here too.
#pragma once

#include "ui/document/document_data.hpp"

namespace js::ui {

bool same_pose(const SE3& a, const SE3& b);
bool same_vector(const Eigen::VectorXd& a, const Eigen::VectorXd& b);
bool same_body(const Body& a, const Body& b);
bool same_joint(const Joint& a, const Joint& b);

}  // namespace js::ui
