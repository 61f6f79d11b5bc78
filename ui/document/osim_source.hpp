// the OpenSim model an osim document came from (ui/export/osim_import.hpp builds it): what the app shows of it,
// its couplers, and what a later save needs to write the model back (the file's text). kept in projects.
#pragma once

#include <QString>
#include <QStringList>
#include <string>
#include <utility>
#include <vector>

#include "core/joints/axis_function.hpp"

namespace js::ui {

// a CoordinateCouplerConstraint between document joints: q_dependent = scale · f(q_independents), each coordinate
// named by its joint's OpenSim element name (Joint::osim_joint) and its index in that joint
struct OsimDocumentCoupler {
  QString name;
  QString dependent_joint;
  int dependent_index = 0;
  std::vector<std::pair<QString, int>> independents;
  AxisFunction function;
  double scale = 1.0;
};

// the model an osim document came from
struct OsimDocumentSource {
  QString path;          // absolute path of the .osim read
  std::string text;      // the whole file as read
  int version = 0;       // OpenSimDocument Version
  QString model_name;
  QStringList not_simulated;  // "Millard2012EquilibriumMuscle ×80", kept in text, not simulated
  QStringList issues;         // what could not be mapped ("file:line: <Element>: reason")
  // couplers (dependent = scale · f(independents)) as the file names their coordinates, kept for projects (the app
  // shows none of it: coupler_list, by joint and index, is what it uses, so a coordinate renamed in the app needs no
  // change here, osim_names.hpp)
  QStringList couplers;
  std::vector<OsimDocumentCoupler> coupler_list;  // in evaluation order (the core reader's)
};

}  // namespace js::ui
