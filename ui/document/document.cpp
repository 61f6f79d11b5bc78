#include "ui/document/document.hpp"

namespace js::ui {

Document::Document(QObject* parent) : QObject(parent) {
  connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modified_changed(!clean); });
}

void Document::set_file_path(const QString& path) {
  if (path == file_path_) return;
  file_path_ = path;
  emit file_path_changed();
}

void Document::reset(DocumentData data, const QString& file_path) {
  undo_.clear();
  data_ = std::move(data);
  selection_ = {};
  set_file_path(file_path);
  undo_.setClean();
  emit changed();
  emit selection_changed();
  emit modified_changed(false);
  emit replaced();
}

void Document::mark_saved(const QString& file_path) {
  set_file_path(file_path);
  undo_.setClean();
}

void Document::set_selection(const Selection& s) {
  if (s == selection_) return;
  selection_ = s;
  fix_selection();
  emit selection_changed();
}

void Document::fix_selection() {
  // drop references to things that no longer exist after an edit or undo
  if (selection_.body && !data_.body(selection_.body)) selection_.body = 0;
  const Joint* j = selection_.joint ? data_.joint(selection_.joint) : nullptr;
  if (!j) selection_.joint = 0;
  if (!j || selection_.sample >= static_cast<int>(j->samples.size())) selection_.sample = -1;
}

void Document::apply_data(const DocumentData& d) {
  data_ = d;
  const Selection before = selection_;
  fix_selection();
  emit changed();
  if (!(before == selection_)) emit selection_changed();
}

void Document::apply_body(const Body& b) {
  if (Body* dst = data_.body(b.id)) *dst = b;
  emit changed();
}

void Document::apply_joint(const Joint& j) {
  if (Joint* dst = data_.joint(j.id)) *dst = j;
  const Selection before = selection_;
  fix_selection();
  emit changed();
  if (!(before == selection_)) emit selection_changed();
}

void Document::apply_joint_and_body(const Joint& j, const Body& child) {
  if (Body* dst = data_.body(child.id)) *dst = child;
  apply_joint(j);
}

void Document::apply_simulation(const SimulationSettings& s) {
  data_.simulation = s;
  emit changed();
}

void Document::apply_fit(const FitSettings& f) {
  data_.fit = f;
  emit changed();
}

}  // namespace js::ui
