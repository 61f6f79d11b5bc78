// the scene dock: bodies nested under their parents through joints, and the joints; selection ⇄ document.
#pragma once

#include <QTreeWidget>

#include "ui/document/document.hpp"

namespace js::ui {

class SceneTreePanel : public QWidget {
  Q_OBJECT
 public:
  explicit SceneTreePanel(Document& doc, QWidget* parent = nullptr);
  QTreeWidget* tree() { return tree_; }

 private:
  void rebuild();
  void sync_selection_from_document();
  void on_tree_selection();

  Document& doc_;
  QTreeWidget* tree_;
  bool syncing_ = false;
};

}  // namespace js::ui
