// jointsmith-cli import-trc: motion-capture markers (.trc) as joint samples, the child marker cluster's pose
// relative to the parent cluster per frame. docs/opensim.md.
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "app/cli/commands.hpp"
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
Example: jointsmith-cli import-trc walk.trc --parent-markers R.TH1,R.TH2,R.TH3 --child-markers R.SH1,R.SH2,R.SH3 -o knee.csv)";

struct ImportTrcOptions {
  std::string trc;
  std::string parent;
  std::string child;
  std::string mot;
  std::string coordinate;
  bool translational = false;
  std::string output;
};

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; std::getline(in, w, ',');) {
    w.erase(0, w.find_first_not_of(' '));
    w.erase(w.find_last_not_of(' ') + 1);
    if (!w.empty()) out.push_back(w);
  }
  return out;
}

void run_import_trc(const ImportTrcOptions& cli) {
  const interop::TrcData trc = interop::read_trc(cli.trc);
  for (const std::string& n : trc.notes) std::cout << "note: " << n << "\n";
  interop::TrcSampleOptions options;
  options.parent_markers = split_names(cli.parent);
  options.child_markers = split_names(cli.child);
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
    if (mot.in_degrees && !cli.translational) options.q_scale = 3.14159265358979323846 / 180.0;
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
            << "reference: frame " << trc.frame_numbers[static_cast<std::size_t>(r.reference_frame)] << " (line "
            << trc.lines[static_cast<std::size_t>(r.reference_frame)] << ")\n"
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
  cmd->add_option("--parent-markers", cli->parent, "A,B,C: at least 3 markers on the parent bone")->required();
  cmd->add_option("--child-markers", cli->child, "D,E,F: at least 3 markers on the child bone")->required();
  cmd->add_option("--mot", cli->mot, "coordinates over time (.mot / .sto) giving each sample's q");
  cmd->add_option("--coordinate", cli->coordinate, "the .mot column to take q from");
  cmd->add_flag("--translational", cli->translational, "the coordinate is a translation (no degree conversion)");
  cmd->add_option("-o,--output", cli->output, "samples to write (.csv)")->required();
  cmd->callback([cli] { run_import_trc(*cli); });
}

}  // namespace js::cli
