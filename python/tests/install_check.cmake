# installs the python module alone (cmake --install --component python) into PREFIX (emptied first, removed
# when everything passed) and imports it from there with PYTHON, run from PREFIX so neither the source nor the
# build tree is on the path:
#  - PREFIX/PACKAGE_DIR/jointsmith holds the extension, the .py files, the .pyi stubs and py.typed;
#  - `import jointsmith` (and its compiled _core) resolves inside PREFIX; a shipped joint evaluates; the
#    docstrings are there for help(); python -m jointsmith.cohort --help runs.
# cmake -DBUILD_DIR=… -DPREFIX=… -DPACKAGE_DIR=… -DPYTHON=… -DSOURCE_DIR=… -P install_check.cmake
foreach(v BUILD_DIR PREFIX PACKAGE_DIR PYTHON SOURCE_DIR)
  if(NOT ${v})
    message(FATAL_ERROR "python_install: ${v} is not set")
  endif()
endforeach()
if(IS_ABSOLUTE ${PACKAGE_DIR})
  # an absolute JS_PYTHON_INSTALL_DIR ignores the prefix: installing it here would write outside the build
  message(STATUS "python_install: skipped (JS_PYTHON_INSTALL_DIR=${PACKAGE_DIR} is absolute)")
  return()
endif()

include(${SOURCE_DIR}/tests/install/run_in_prefix.cmake)

file(REMOVE_RECURSE ${PREFIX})
file(MAKE_DIRECTORY ${PREFIX})
run("cmake --install ${BUILD_DIR} --component python --prefix ${PREFIX}"
    ${CMAKE_COMMAND} --install ${BUILD_DIR} --component python --prefix ${PREFIX})

set(package ${PREFIX}/${PACKAGE_DIR}/jointsmith)
foreach(f __init__.py cohort.py __init__.pyi _core.pyi osim.pyi py.typed)
  if(NOT EXISTS ${package}/${f})
    message(FATAL_ERROR "python_install: ${package}/${f} was not installed")
  endif()
endforeach()
file(GLOB extension ${package}/_core*.so)
if(NOT extension)
  message(FATAL_ERROR "python_install: no compiled extension _core*.so in ${package}")
endif()
file(GLOB_RECURSE everything RELATIVE ${PREFIX} ${PREFIX}/*)
foreach(f ${everything})
  if(NOT f MATCHES "^${PACKAGE_DIR}/jointsmith/")
    message(FATAL_ERROR "python_install: the python component installed ${f} outside the package")
  endif()
endforeach()

set(check [=[
import os, sys
import numpy as np
import jointsmith as js
import jointsmith.cohort
prefix = os.path.realpath(sys.argv[1])
for m in (js, js._core, jointsmith.cohort):
    assert os.path.realpath(m.__file__).startswith(prefix + os.sep), f"{m.__name__} from {m.__file__}, not {prefix}"
knee = js.Joint.load(os.path.join(sys.argv[2], "resources", "joints", "knee.json"))
G, S, dS = knee.eval(np.linspace(0.0, 1.0, 5))
assert G.shape == (5, 4, 4) and S.shape == (5, 6, 1) and dS.shape == (5, 1, 1, 6), (G.shape, S.shape, dS.shape)
assert js.fit.__doc__ and "jointsmith-cli fit" in js.fit.__doc__
print("imported", js.__file__)
]=])
run("import jointsmith from ${PREFIX}" ${CMAKE_COMMAND} -E env --unset=PYTHONHOME PYTHONPATH=${PREFIX}/${PACKAGE_DIR}
    PYTHONDONTWRITEBYTECODE=1 ${PYTHON} -c "${check}" ${PREFIX} ${SOURCE_DIR})
message(STATUS "python_install: ${out}")
run("python -m jointsmith.cohort --help" ${CMAKE_COMMAND} -E env PYTHONPATH=${PREFIX}/${PACKAGE_DIR} PYTHONDONTWRITEBYTECODE=1
    ${PYTHON} -m jointsmith.cohort --help)
if(NOT out MATCHES "--scheduler")
  message(FATAL_ERROR "python_install: python -m jointsmith.cohort --help says:\n${out}")
endif()
message(STATUS "python_install: ${PREFIX}/${PACKAGE_DIR}/jointsmith installs and imports")
file(REMOVE_RECURSE ${PREFIX})
