// the .jsproj project file: versioned json ("format": "jointsmith.project", "version": 1).
// mesh paths are stored relative to the project file; saves are atomic (QSaveFile: temp file + rename).
#pragma once

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "ui/document/document_data.hpp"

namespace js::ui {

inline constexpr const char* kProjectFormat = "jointsmith.project";
inline constexpr int kProjectVersion = 1;

// serializes the data. mesh paths are made relative to base_dir unless it is empty (absolute paths).
nlohmann::json project_to_json(const DocumentData& data, const QString& base_dir);

// parses json produced by project_to_json; relative mesh paths resolve against base_dir. reads through
// core/io/json_cursor: a problem throws io::FileError "<source>: <json pointer of the key>: <what is wrong>".
DocumentData project_from_json(const nlohmann::json& doc, const QString& base_dir, const std::string& source = "project");

struct ProjectLoad {
  std::optional<DocumentData> data;  // empty when the file could not be read
  QString error;                     // why it could not be read (names the file)
  QStringList warnings;              // loaded, but something is off (e.g. a mesh file is missing)
};

ProjectLoad load_project(const QString& path);

// writes atomically; returns an empty string on success, else a message naming the file.
QString save_project(const DocumentData& data, const QString& path);

// the recovery copy: absolute mesh paths, plus the path of the project it belongs to.
QString save_recovery(const DocumentData& data, const QString& recovery_path, const QString& original_path);
// the project path stored in a recovery file (empty for an untitled project or an unreadable file)
QString recovery_original_path(const QString& recovery_path);

}  // namespace js::ui
