// jointsmith-cli import-trc: motion-capture markers (.trc) as joint samples, the child marker cluster's pose
// relative to the parent cluster per frame. docs/opensim.md.
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "app/cli/commands.hpp"
#include "core/interop/osim_file.hpp"
#include "core/interop/osim_markers.hpp"
#include "core/interop/trc_samples.hpp"

namespace js::cli {

namespace {

constexpr const char* kImportTrcFooter = R"(Reads the marker trajectories (.trc: units mm, cm or m; missing markers as empty fields), fits
the pose of the parent cluster and of the child cluster (each at least 3 markers, not collinear) in every
frame by least squares (Kabsch / Soderkvist-Wedin, reflection guard) against their positions in the first
frame where all of them are present, and writes the child's pose relative to the parent as one sample per
frame (docs/samples.md; extra columns frame, time and the two cluster residuals). q comes from --coordinate
of the --mot file at each frame's time (degrees converted when the file says inDegrees=yes, unless
--translational); without --mot the samples carry no q and the fit uses natural parameterization. Frames with a
missing marker are skipped and counted. docs/opensim.md.
With --model M.osim --parent-body B --child-body C, the clusters are the markers of the model's MarkerSet on
those bodies (socket_parent_frame, or <body> in OpenSim 3 models) that the .trc has (at least 3 each);
--parent-markers / --child-markers still win. --model-frames then uses the model's marker locations as the
cluster references, so each sample is the child body's pose in the parent body (the residuals show how
well the model's marker placement fits the subject); without it each cluster frame sits at the cluster's
centroid with the lab's axes at the reference frame.
Example: jointsmith-cli import-trc walk.trc --parent-markers R.TH1,R.TH2,R.TH3 --child-markers R.SH1,R.SH2,R.SH3 -o knee.csv
         jointsmith-cli import-trc leg39_swing.trc --model leg39.osim --parent-body femur_r --child-body tibia_r -o knee.csv)";

struct ImportTrcOptions {
  std::string trc;
  std::string parent;
  std::string child;
  std::string mot;
  std::string coordinate;
  bool translational = false;
  std::string output;
  std::string model;
  std::string parent_body;
  std::string child_body;
  bool model_frames = false;
};

// --model with --parent-body / --child-body: the clusters from the model's MarkerSet (explicit marker lists win)
void pick_model_markers(const ImportTrcOptions& cli, const interop::TrcData& trc, interop::TrcSampleOptions& options) {
  if (cli.model.empty()) {
    if (!cli.parent_body.empty() || !cli.child_body.empty() || cli.model_frames) {
      throw std::runtime_error("import-trc: --parent-body, --child-body and --model-frames need --model M.osim (its MarkerSet)");
    }
    if (options.parent_markers.empty() || options.child_markers.empty()) {
      throw std::runtime_error("import-trc: name the clusters: --parent-markers A,B,C --child-markers D,E,F, or --model M.osim --parent-body B --child-body C");
    }
    return;
  }
  const interop::OsimMarkerSet set = interop::read_osim_markers(cli.model);
  for (const std::string& p : set.problems) std::cout << "note: " << p << "\n";
  std::vector<const interop::OsimMarker*> chosen[2];
  for (int side = 0; side < 2; ++side) {
    std::vector<std::string>& names = side == 0 ? options.parent_markers : options.child_markers;
    const std::string& body = side == 0 ? cli.parent_body : cli.child_body;
    const char* flag = side == 0 ? "--parent" : "--child";
    if (names.empty()) {
      if (body.empty()) throw std::runtime_error(std::string("import-trc: give ") + flag + "-body BODY (or " + flag + "-markers A,B,C)");
      std::vector<interop::TrcMarkerMatch> matches;
      try {
        matches = interop::trc_markers_on_body(set, trc, body);
      } catch (const std::invalid_argument& e) {
        throw std::runtime_error(std::string("import-trc: ") + e.what());
      }
      std::string list;
      for (const interop::TrcMarkerMatch& m : matches) {
        chosen[side].push_back(m.marker);
        names.push_back(m.trc_name);
        list += (list.empty() ? "" : ", ") + m.trc_name + (m.trc_name == m.marker->name ? "" : " (" + m.marker->name + " in the model)");
      }
      std::cout << (side == 0 ? "parent" : "child") << " cluster: " << list << " (the markers of " << body << " in " << cli.model << " that the .trc has)\n";
    } else {
      // explicit names: the model gives their locations when asked (--model-frames)
      for (const std::string& n : names) {
        const interop::OsimMarker* m = interop::find_osim_marker(set, n);
        if (!m && cli.model_frames) throw std::runtime_error("import-trc: --model-frames: marker '" + n + "' is not in the MarkerSet of " + cli.model);
        if (m) chosen[side].push_back(m);
      }
    }
  }
  if (!cli.model_frames) return;
  for (int side = 0; side < 2; ++side) {
    std::vector<std::string> names;
    for (const interop::OsimMarker* m : chosen[side]) names.push_back(m->name);
    interop::MarkerReferences r;
    try {
      r = interop::marker_references(set, names);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(std::string("import-trc: --model-frames: the ") + (side == 0 ? "parent" : "child") + " cluster: " + e.what());
    }
    (side == 0 ? options.parent_reference : options.child_reference) = std::move(r.locations);
    std::cout << (side == 0 ? "parent" : "child") << " frame: body " << r.body << " (the model's marker locations)\n";
  }
}

void run_import_trc(const ImportTrcOptions& cli) {
  const interop::TrcData trc = interop::read_trc(cli.trc);
  for (const std::string& n : trc.notes) std::cout << "note: " << n << "\n";
  interop::TrcSampleOptions options;
  options.parent_markers = split_list(cli.parent);
  options.child_markers = split_list(cli.child);
  pick_model_markers(cli, trc, options);
  interop::MotData mot;
  if (!cli.mot.empty() || !cli.coordinate.empty()) {
    if (cli.mot.empty() || cli.coordinate.empty()) throw std::runtime_error("import-trc: --mot and --coordinate go together");
    mot = interop::read_mot(cli.mot);
    options.mot = &mot;
    options.mot_column = mot.find_column(cli.coordinate);
    if (options.mot_column <= 0) {
      std::string names;
      for (std::size_t k = 1; k < mot.columns.size(); ++k) names += (names.empty() ? "" : ", ") + mot.columns[k];
      throw std::runtime_error("import-trc: " + cli.mot + ": no column '" + cli.coordinate + "' (columns: " + names + ")");
    }
    if (mot.in_degrees && !cli.translational) options.q_scale = kPi / 180.0;
  }
  interop::TrcSampleResult r;
  try {
    r = interop::trc_samples(trc, options);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("import-trc: ") + e.what());
  }
  interop::write_trc_samples_csv(r, cli.output);
  const auto worst = [](const std::vector<double>& v) { return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()); };
  double mean_p = 0.0, mean_c = 0.0;
  for (std::size_t k = 0; k < r.parent_rms.size(); ++k) {
    mean_p += r.parent_rms[k] / static_cast<double>(r.parent_rms.size());
    mean_c += r.child_rms[k] / static_cast<double>(r.child_rms.size());
  }
  std::cout << "read " << trc.frames() << " frames of " << trc.markers.size() << " markers (" << trc.units << ", "
            << trc.data_rate << " Hz) from " << cli.trc << "\n"
            << (r.reference_frame < 0 ? std::string("reference: the model's marker locations\n")
                                      : "reference: frame " + std::to_string(trc.frame_numbers[static_cast<std::size_t>(r.reference_frame)]) + " (line " +
                                            std::to_string(trc.lines[static_cast<std::size_t>(r.reference_frame)]) + ")\n")
            << r.samples.size() << " samples; skipped " << r.skipped_missing << " frame(s) with a missing marker"
            << (options.mot ? ", " + std::to_string(r.skipped_outside_mot) + " outside the .mot's time span" : std::string()) << "\n"
            << "cluster residual (rms marker distance after the rigid fit): parent mean " << mean_p * 1e3 << " mm, max "
            << worst(r.parent_rms) * 1e3 << " mm; child mean " << mean_c * 1e3 << " mm, max " << worst(r.child_rms) * 1e3 << " mm\n"
            << (options.mot ? "q: " + cli.coordinate + " from " + cli.mot + (options.q_scale != 1.0 ? " (degrees -> rad)" : "")
                            : std::string("q: none (natural parameterization when fitted)"))
            << "\nwrote " << cli.output << "\n";
}

}  // namespace

void add_import_trc_command(CLI::App& app) {
  auto cli = std::make_shared<ImportTrcOptions>();
  CLI::App* cmd = app.add_subcommand("import-trc", "motion-capture markers (.trc) as joint samples");
  cmd->footer(kImportTrcFooter);
  cmd->add_option("trc", cli->trc, "marker file (.trc)")->required();
  cmd->add_option("--parent-markers", cli->parent, "A,B,C: at least 3 markers on the parent bone");
  cmd->add_option("--child-markers", cli->child, "D,E,F: at least 3 markers on the child bone");
  cmd->add_option("--model", cli->model, "OpenSim model whose MarkerSet says which markers are on which body");
  cmd->add_option("--parent-body", cli->parent_body, "with --model: the parent cluster is the model's markers on this body");
  cmd->add_option("--child-body", cli->child_body, "with --model: the child cluster is the model's markers on this body");
  cmd->add_flag("--model-frames", cli->model_frames, "with --model: the model's marker locations as references (samples in the body frames)");
  cmd->add_option("--mot", cli->mot, "coordinates over time (.mot / .sto) giving each sample's q");
  cmd->add_option("--coordinate", cli->coordinate, "the .mot column to take q from");
  cmd->add_flag("--translational", cli->translational, "the coordinate is a translation (no degree conversion)");
  cmd->add_option("-o,--output", cli->output, "samples to write (.csv)")->required();
  cmd->callback([cli] { run_import_trc(*cli); });
}

}  // namespace js::cli
