# installs the build into PREFIX (emptied first, removed when everything passed) and checks the install works on its own:
#  - bin/jointsmith-cli and share/jointsmith/{demos,scenes,joints,samples} are there, generator scripts not;
#  - the installed cli simulates every installed scene (demos and examples: their meshes and joint files
#    resolve by relative path inside the install), run from PREFIX, and the hinge and ball-joint scenes with
#    --solver maximal too; beads.json gives 10 steps of rows;
#  - with WITH_GUI, the installed app's demo lookup (jointsmith --list-demos, no display needed) names
#    PREFIX/share/jointsmith/demos and its scenes, not the source tree.
# cmake -DBUILD_DIR=… -DPREFIX=… -DSOURCE_DIR=… -DWITH_GUI=ON|OFF -P install_smoke.cmake
foreach(v BUILD_DIR PREFIX SOURCE_DIR)
  if(NOT ${v})
    message(FATAL_ERROR "install_smoke: ${v} is not set")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/run_in_prefix.cmake)

file(REMOVE_RECURSE ${PREFIX})
file(MAKE_DIRECTORY ${PREFIX})
run("cmake --install ${BUILD_DIR} --prefix ${PREFIX}" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX})

set(share ${PREFIX}/share/jointsmith)
foreach(f bin/jointsmith-cli share/jointsmith/demos/beads.json share/jointsmith/demos/meshes/bead.obj
          share/jointsmith/demos/joints/knee_fitted.json share/jointsmith/scenes/four_bar.json
          share/jointsmith/scenes/knee_joint.json share/jointsmith/joints share/jointsmith/samples)
  if(NOT EXISTS ${PREFIX}/${f})
    message(FATAL_ERROR "install_smoke: ${PREFIX}/${f} was not installed")
  endif()
endforeach()
file(GLOB_RECURSE scripts ${share}/*.py)
if(scripts)
  message(FATAL_ERROR "install_smoke: generator scripts were installed: ${scripts}")
endif()

# every installed scene file simulates from the install
file(GLOB candidates ${share}/demos/*.json ${share}/scenes/*.json)
set(scenes 0)
foreach(f ${candidates})
  file(READ ${f} text)
  if(NOT text MATCHES "\"format\": *\"jointsmith.scene\"")
    continue()
  endif()
  math(EXPR scenes "${scenes} + 1")
  run("jointsmith-cli simulate ${f}" ${PREFIX}/bin/jointsmith-cli simulate ${f} --steps 10 -o ${PREFIX}/trajectory.csv)
endforeach()
if(scenes LESS 10)
  message(FATAL_ERROR "install_smoke: only ${scenes} installed scenes found in ${share}")
endif()
# the hinge and ball-joint scenes also run through the maximal-coordinate skeleton
foreach(name hinge_skeleton ball_skeleton)
  run("jointsmith-cli simulate ${name}.json --solver maximal" ${PREFIX}/bin/jointsmith-cli simulate
      ${share}/scenes/${name}.json --solver maximal --steps 10 -o ${PREFIX}/maximal.csv)
endforeach()
run("jointsmith-cli simulate beads.json" ${PREFIX}/bin/jointsmith-cli simulate ${share}/demos/beads.json --steps 10
    -o ${PREFIX}/beads.csv)
file(STRINGS ${PREFIX}/beads.csv rows)
list(LENGTH rows n)
if(NOT n EQUAL 12)  # header, t = 0 and 10 steps
  message(FATAL_ERROR "install_smoke: beads.csv has ${n} lines, expected 12")
endif()

if(WITH_GUI)
  run("jointsmith --list-demos" ${CMAKE_COMMAND} -E env --unset=JS_DEMOS_DIR QT_QPA_PLATFORM=offscreen
      ${PREFIX}/bin/jointsmith --list-demos)
  string(REPLACE "\n" ";" lines "${out}")
  list(GET lines 0 dir)
  if(NOT dir STREQUAL "${share}/demos")
    message(FATAL_ERROR "install_smoke: the installed app uses the demos in '${dir}', not ${share}/demos")
  endif()
  list(FIND lines "${share}/demos/beads.json" beads)
  if(beads LESS 0)
    message(FATAL_ERROR "install_smoke: the installed app does not list ${share}/demos/beads.json:\n${out}")
  endif()
  string(FIND "${out}" "${SOURCE_DIR}/resources" in_source)
  if(in_source GREATER -1)
    message(FATAL_ERROR "install_smoke: the installed app reads the source tree:\n${out}")
  endif()
endif()
message(STATUS "install_smoke: ${PREFIX} installs, simulates ${scenes} scenes, finds its demos")
# the dev build's programs carry debug info (hundreds of MB): a passing install is not kept
file(REMOVE_RECURSE ${PREFIX})
