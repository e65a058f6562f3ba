# Writes tools/build_info.cpp for `pgnkit --version`; run by the build on every build (the
# pgnkit_build_info target), so a new commit shows without reconfiguring. configure_file only
# touches the output when its text changes, so an unchanged commit rebuilds nothing.
# Inputs (-D): SOURCE_DIR, INPUT, OUTPUT, PGNKIT_VERSION, PGNKIT_BUILD_TYPE, PGNKIT_FLAVOUR,
# PGNKIT_SANITIZERS.
set(PGNKIT_GIT_COMMIT "")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE rc ERROR_QUIET)
  if(rc EQUAL 0 AND commit)
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" status --porcelain
                            --untracked-files=no
                    OUTPUT_VARIABLE changes RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND changes)
      string(APPEND commit "-dirty")
    endif()
    set(PGNKIT_GIT_COMMIT "${commit}")
  endif()
endif()
configure_file("${INPUT}" "${OUTPUT}" @ONLY)
