# Writes the man pages (gzipped, as installed) and the shell completions by running the built
# pgnkit's hidden __generate, so they come from the very option objects behind --help.
# Inputs (-D): PGNKIT (the binary), OUT (the directory), DATE (the pages' date, YYYY-MM-DD).
file(REMOVE_RECURSE "${OUT}/man1")  # a command that is gone leaves no page behind
file(MAKE_DIRECTORY "${OUT}/man1" "${OUT}/completions")
execute_process(
  COMMAND "${PGNKIT}" __generate --date "${DATE}" --man-dir "${OUT}/man1"
          --bash "${OUT}/completions/pgnkit" --zsh "${OUT}/completions/_pgnkit"
          --fish "${OUT}/completions/pgnkit.fish"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pgnkit __generate failed (${rc})")
endif()
find_program(GZIP gzip REQUIRED)
file(GLOB pages "${OUT}/man1/*.1")
foreach(page IN LISTS pages)
  # -n: no name or time stamp in the header, so the .deb is reproducible.
  execute_process(COMMAND "${GZIP}" -9 -n -k -f "${page}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${page} failed")
  endif()
endforeach()
