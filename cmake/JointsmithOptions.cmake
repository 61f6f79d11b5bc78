# js_configure_target(<target>): warnings (as errors when JS_WERROR) and sanitizers for our own targets only.
function(js_configure_target target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                           -Woverloaded-virtual -Wimplicit-fallthrough)
  if(JS_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# js_unity(<target> <batch>): compile <batch> of the target's sources as one translation unit when JS_UNITY
# (cmake/README.md, "Build time"): eigen's templates are instantiated, and its headers parsed, once per batch
function(js_unity target batch)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ${JS_UNITY} UNITY_BUILD_BATCH_SIZE ${batch})
endfunction()

if(JS_FUZZ)
  # everything instrumented for coverage; only the fuzz targets link libFuzzer's main
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

if(JS_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  # the instrumentation makes gcc's -Wmaybe-uninitialized report eigen's own aliasing checks (gcc's manual warns
  # of false positives under sanitizers); the dev preset keeps the warning as an error
  add_compile_options(-Wno-maybe-uninitialized)
  add_link_options(-fsanitize=address,undefined)
endif()
