// scene files: a multibody (bodies, joints inline or by joint file), forces, initial state and settings as
// versioned json ("format": "jointsmith.scene", "version": 1). schema and example: docs/scene-file.md.
// every malformed input throws io::FileError naming the file, the json pointer and the problem.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/dynamics/simulator.hpp"
#include "core/io/file_error.hpp"

namespace js::scene {

inline constexpr const char* kSceneFileFormat = "jointsmith.scene";
inline constexpr int kSceneFileVersion = 1;

// which solver `jointsmith-cli simulate` runs a scene with: the reduced-coordinate articulated-body
// simulator (every joint kind, core/dynamics/simulator.hpp) or hakenberg's maximal-coordinate skeleton
// (revolute and spherical joints only, core/scene/skeleton_scene.hpp).
enum class SceneSolver { Reduced, Maximal };

// "reduced", "maximal"; the inverse returns false for an unknown name.
const char* scene_solver_name(SceneSolver solver);
bool scene_solver_from_name(const std::string& name, SceneSolver& solver);

struct SceneSettings {
  double dt = 1e-3;                       // time step (s), > 0
  double duration = 1.0;                  // simulated time (s), ≥ 0
  Integrator integrator = Integrator::RK4;  // the reduced solver's
  bool energy_projection = false;           // the reduced solver's (SimulatorOptions::energy_projection)
  SceneSolver solver = SceneSolver::Reduced;
  double stabilization = 0.0;             // the maximal solver's baumgarte rate (1/s), ≥ 0
};

struct Scene {
  std::string description;
  MultibodyModel model;
  ForceSet forces;
  SimulationState initial;  // t = 0, q and q̇ of size model.nq()
  LoopSet loops;            // loop-closing constraints (the "loops" member); empty for a tree
  SceneSettings settings;
};

// reads the scene file at path; joint files named in it are resolved relative to the scene's folder.
Scene read_scene_file(const std::string& path);

// reads a scene from json text. source: name used in messages; base_dir: folder for relative joint and
// mesh file names ("" = current folder).
Scene read_scene_text(const std::string& text, const std::string& source, const std::string& base_dir = "");

// reads a scene from a parsed document (see read_scene_text).
Scene read_scene_json(const nlohmann::json& doc, const std::string& source, const std::string& base_dir = "");

}  // namespace js::scene
