# ui/document depends on no other ui/ folder (issue 13): the document, its undo command, operations and
# project file build on core alone, as OpenSim Creator's documents/ never includes its ui/. fails naming every
# file and line in ui/document that includes "ui/<other>/…" (or reaches a sibling with "../").
# run: cmake -DDOCUMENT_DIR=<source>/ui/document -P document_layering.cmake
if(NOT DOCUMENT_DIR OR NOT IS_DIRECTORY "${DOCUMENT_DIR}")
  message(FATAL_ERROR "document_layering: DOCUMENT_DIR '${DOCUMENT_DIR}' is not a folder")
endif()
file(GLOB_RECURSE sources RELATIVE "${DOCUMENT_DIR}" "${DOCUMENT_DIR}/*.hpp" "${DOCUMENT_DIR}/*.cpp"
     "${DOCUMENT_DIR}/*.h")
if(NOT sources)
  message(FATAL_ERROR "document_layering: no sources under ${DOCUMENT_DIR}")
endif()
set(bad "")
foreach(src IN LISTS sources)
  file(STRINGS "${DOCUMENT_DIR}/${src}" lines)
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*[\"<]ui/([^/\">]+)/" AND NOT CMAKE_MATCH_1 STREQUAL "document")
      string(APPEND bad "\n  ui/document/${src}:${n}: ${line}")
    elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*[\"<]\\.\\./")
      string(APPEND bad "\n  ui/document/${src}:${n}: ${line}")
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "ui/document includes another ui/ folder (it may use core and ui/document only; "
                      "move what it needs into ui/document):${bad}")
endif()
list(LENGTH sources count)
message(STATUS "ui/document: ${count} files, no include of another ui/ folder")
