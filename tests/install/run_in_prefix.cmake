# run(<what> <command…>): runs the command in PREFIX for the install checks (install_smoke.cmake,
# python/tests/install_check.cmake); a failure ends the script naming <what>, its exit code and output.
# the command's stdout is left in `out`.
function(run what)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY ${PREFIX} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    get_filename_component(script ${CMAKE_SCRIPT_MODE_FILE} NAME_WE)
    message(FATAL_ERROR "${script}: ${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
