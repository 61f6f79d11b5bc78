// scanning a whole OpenSim model (private to core/interop): its joints and the coupler constraints on a joint's
// coordinates.
#pragma once

#include <vector>

#include <tinyxml2.h>

#include "core/interop/osim_joint.hpp"

namespace js::interop {

// every joint element under e and its siblings, of any type (an element named *Joint with a name and a parent
// frame or body), skipping the <defaults> templates. appended to out in document order.
void collect_osim_joints(const tinyxml2::XMLElement* e, std::vector<const tinyxml2::XMLElement*>& out);

// true for the joint types the reader turns into an OsimCustomJoint: CustomJoint, PinJoint, SliderJoint.
bool osim_joint_readable(const tinyxml2::XMLElement* joint);

// appends to joint.notes one sentence per CoordinateCouplerConstraint under root whose dependent or independent
// coordinate is one of the joint's coordinates.
void add_osim_coupler_notes(const tinyxml2::XMLElement* root, OsimCustomJoint& joint);

}  // namespace js::interop
