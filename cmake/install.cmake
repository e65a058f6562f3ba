# `cmake --install build [--prefix P]`: the binary, the man pages, the bash, zsh and fish
# completions, the docs and the sample data. Paths follow GNUInstallDirs (prefix-relative), so
# the installed tree refers to nothing in the source tree.
include(GNUInstallDirs)

# The pages' date: SOURCE_DATE_EPOCH when set (reproducible builds), else today.
string(TIMESTAMP PGNKIT_MAN_DATE "%Y-%m-%d" UTC)
set(PGNKIT_GENERATED_DIR "${PROJECT_BINARY_DIR}/generated")
add_custom_command(
  OUTPUT "${PGNKIT_GENERATED_DIR}/stamp"
  COMMAND ${CMAKE_COMMAND} -DPGNKIT=$<TARGET_FILE:pgnkit> -DOUT=${PGNKIT_GENERATED_DIR}
          -DDATE=${PGNKIT_MAN_DATE} -P ${PROJECT_SOURCE_DIR}/cmake/generate_docs.cmake
  COMMAND ${CMAKE_COMMAND} -E touch "${PGNKIT_GENERATED_DIR}/stamp"
  DEPENDS pgnkit ${PROJECT_SOURCE_DIR}/cmake/generate_docs.cmake
  COMMENT "Man pages and shell completions from pgnkit's options"
  VERBATIM)
add_custom_target(pgnkit_docs ALL DEPENDS "${PGNKIT_GENERATED_DIR}/stamp")

# The Debian changelog and copyright go where Debian wants them (lintian checks both).
configure_file(${PROJECT_SOURCE_DIR}/packaging/changelog.in ${PGNKIT_GENERATED_DIR}/changelog @ONLY)
add_custom_command(
  OUTPUT "${PGNKIT_GENERATED_DIR}/changelog.gz"
  COMMAND gzip -9 -n -k -f "${PGNKIT_GENERATED_DIR}/changelog"
  DEPENDS "${PGNKIT_GENERATED_DIR}/changelog"
  VERBATIM)
add_custom_target(pgnkit_changelog ALL DEPENDS "${PGNKIT_GENERATED_DIR}/changelog.gz")

install(TARGETS pgnkit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PGNKIT_GENERATED_DIR}/man1/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
        FILES_MATCHING PATTERN "*.1.gz")
install(FILES ${PGNKIT_GENERATED_DIR}/completions/pgnkit
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${PGNKIT_GENERATED_DIR}/completions/_pgnkit
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${PGNKIT_GENERATED_DIR}/completions/pgnkit.fish
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# The docs keep the repository's layout (README.md, docs/, data/) so their links still work.
install(FILES README.md packaging/copyright ${PGNKIT_GENERATED_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY data/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/data)
install(FILES packaging/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
        RENAME pgnkit)
