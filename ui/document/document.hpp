// the open project: its data, undo stack, file path and selection. widgets observe it through signals;
// every data edit goes through a QUndoCommand (commands.hpp), built by the functions in operations.hpp.
#pragma once

#include <QObject>
#include <QString>
#include <QUndoStack>

#include "ui/document/document_data.hpp"

namespace js::ui {

// what the user has selected. selecting a body also makes its parent joint the active joint (samples,
// capture); selecting a joint leaves body 0. sample is an index into the joint's samples, or -1.
struct Selection {
  BodyId body = 0;
  JointId joint = 0;
  int sample = -1;
  bool operator==(const Selection&) const = default;
};

class Document : public QObject {
  Q_OBJECT
 public:
  explicit Document(QObject* parent = nullptr);

  const DocumentData& data() const { return data_; }
  QUndoStack* undo_stack() { return &undo_; }
  bool is_modified() const { return !undo_.isClean(); }

  // the file this project was loaded from or saved to; empty for a new project
  const QString& file_path() const { return file_path_; }
  void set_file_path(const QString& path);

  // replaces everything (new, open, demo): clears undo history and selection, marks clean
  void reset(DocumentData data, const QString& file_path);
  // marks the current state as saved
  void mark_saved(const QString& file_path);
  // marks the current state as not saved anywhere (recovered work)
  void mark_unsaved() { undo_.resetClean(); }

  const Selection& selection() const { return selection_; }
  void set_selection(const Selection& s);

  // the camera is saved with the project but is view state: no undo step, no unsaved-changes mark
  void set_camera(const CameraState& c) { data_.camera = c; }

  // a fresh key for one continuous edit (a gizmo drag, a spin box scrub); edits with equal keys merge
  int next_merge_key() { return ++merge_key_; }

  // direct mutation for undo commands only: they keep before/after copies and call these
  void apply_data(const DocumentData& d);
  void apply_body(const Body& b);
  void apply_joint(const Joint& j);
  void apply_fit(const FitSettings& f);
  void apply_simulation(const SimulationSettings& s);
  // a joint and its child body in one change notification (slider moves, fits)
  void apply_joint_and_body(const Joint& j, const Body& child);

 signals:
  // data changed (any edit, undo, redo or reset)
  void changed();
  // everything was replaced (new, open, demo); follows changed()
  void replaced();
  void selection_changed();
  void file_path_changed();
  void modified_changed(bool modified);

 private:
  void fix_selection();

  DocumentData data_;
  QUndoStack undo_;
  QString file_path_;
  Selection selection_;
  int merge_key_ = 0;
};

}  // namespace js::ui
