// samples from files into a joint (Joint ▸ Import Samples…): a sample file as `jointsmith-cli fit` reads it (csv or
// json, docs/samples.md), or motion-capture markers (.trc) — per frame, the child marker cluster's pose relative to
// the parent cluster (core/interop/trc_samples.hpp), q from a coordinate of a .mot file or by natural
// parameterization along the frames. the joint's samples are replaced in one undo step. and back: the samples as
// a file.
#pragma once

#include <QString>
#include <QStringList>

#include "ui/document/operations.hpp"

namespace js::ui {

// a sample file's samples as the joint's (their q count must be the joint's); samples without q get q by natural
// parameterization along the rows (paper §6.1, the fit settings' length scale). returns a line for the status bar.
OpResult<QString> import_sample_file(Document& doc, JointId id, const QString& path);

struct MarkerImport {
  QString trc;                 // the marker file
  QStringList parent, child;   // ≥ 3 markers each, on the parent and on the child bone
  QString mot, coordinate;     // optional: q from this column of this .mot / .sto file
  bool translational = false;  // the coordinate is a translation (no degrees → radians)
};

// the markers' samples as the joint's (1 dof): each keeps its cluster residual (Sample::marker_rms); frames with a
// missing marker are skipped and counted. when an opened model's MarkerSet puts every chosen marker on the joint's
// parent (resp. child) body, their locations there are the references, so each sample is the child body's pose in
// the parent body; otherwise each cluster's frame is its own (at its centroid, lab axes at the first complete
// frame) and the summary says so. returns the summary (frames, samples, skipped, residuals, q, frames used).
OpResult<QString> import_marker_samples(Document& doc, JointId id, const MarkerImport& markers);

// the joint's samples written as `jointsmith-cli fit` reads them (json for a .json name, csv otherwise; 17
// significant digits, atomically); the error names the file
QString export_samples(const DocumentData& d, JointId id, const QString& path);

}  // namespace js::ui
