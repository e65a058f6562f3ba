# `cmake --install build [--prefix P]`: the binary and pgnkit-dask, the man pages, the bash,
# zsh and fish completions, the docs and the sample data. Paths follow GNUInstallDirs (prefix-relative), so
# the installed tree refers to nothing in the source tree. That is the install component `pgnkit`
# (the .deb pgnkit); the C++ library is the component `dev` (cmake/library.cmake).
include(GNUInstallDirs)
set(CMAKE_INSTALL_DEFAULT_COMPONENT_NAME pgnkit)

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

# pgnkit-dask (tools/pgnkit-dask, Python, dask.distributed): its version set from the project's,
# its man page and bash completion written from its own argparse parser, as pgnkit's come
# from its CLI11 options. Kept apart from generated/man1, which __generate rewrites whole.
# Debian's python3 (the driver's #! line), not another one on the PATH.
find_program(PGNKIT_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
set(PGNKIT_DASK_DIR "${PGNKIT_GENERATED_DIR}/dask")
# Its package (tools/pgnkit_dask) is installed in DATADIR/pgnkit/python; the script finds it
# from its own directory, so the path is relative to BINDIR (cmake --install --prefix holds).
# In the build tree the package is copied beside the configured script.
set(PGNKIT_DASK_PACKAGE_DIR "${CMAKE_INSTALL_DATADIR}/pgnkit/python")
file(RELATIVE_PATH PGNKIT_DASK_PACKAGE_FROM_BIN "/${CMAKE_INSTALL_BINDIR}"
     "/${PGNKIT_DASK_PACKAGE_DIR}")
configure_file(${PROJECT_SOURCE_DIR}/tools/pgnkit-dask ${PGNKIT_DASK_DIR}/pgnkit-dask @ONLY)
file(GLOB PGNKIT_DASK_PACKAGE CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tools/pgnkit_dask/*.py)
set(PGNKIT_DASK_PACKAGE_COPIES)
foreach(module IN LISTS PGNKIT_DASK_PACKAGE)
  get_filename_component(name ${module} NAME)
  configure_file(${module} ${PGNKIT_DASK_DIR}/pgnkit_dask/${name} COPYONLY)
  list(APPEND PGNKIT_DASK_PACKAGE_COPIES ${PGNKIT_DASK_DIR}/pgnkit_dask/${name})
endforeach()
add_custom_command(
  OUTPUT "${PGNKIT_DASK_DIR}/pgnkit-dask.1" "${PGNKIT_DASK_DIR}/pgnkit-dask.1.gz"
         "${PGNKIT_DASK_DIR}/completions/pgnkit-dask"
  COMMAND ${PGNKIT_PYTHON3} ${PROJECT_SOURCE_DIR}/cmake/generate_dask_docs.py
          --driver ${PGNKIT_DASK_DIR}/pgnkit-dask --version ${PROJECT_VERSION}
          --date ${PGNKIT_MAN_DATE} --man ${PGNKIT_DASK_DIR}/pgnkit-dask.1
          --bash ${PGNKIT_DASK_DIR}/completions/pgnkit-dask
  COMMAND gzip -9 -n -k -f "${PGNKIT_DASK_DIR}/pgnkit-dask.1"
  DEPENDS ${PGNKIT_DASK_DIR}/pgnkit-dask ${PGNKIT_DASK_PACKAGE_COPIES}
          ${PROJECT_SOURCE_DIR}/cmake/generate_dask_docs.py
  COMMENT "pgnkit-dask's man page and bash completion from its options"
  VERBATIM)
add_custom_target(pgnkit_dask_docs ALL DEPENDS "${PGNKIT_DASK_DIR}/pgnkit-dask.1.gz")

# The Debian changelog and copyright go where Debian wants them (lintian checks both).
configure_file(${PROJECT_SOURCE_DIR}/packaging/changelog.in ${PGNKIT_GENERATED_DIR}/changelog @ONLY)
add_custom_command(
  OUTPUT "${PGNKIT_GENERATED_DIR}/changelog.gz"
  COMMAND gzip -9 -n -k -f "${PGNKIT_GENERATED_DIR}/changelog"
  DEPENDS "${PGNKIT_GENERATED_DIR}/changelog"
  VERBATIM)
add_custom_target(pgnkit_changelog ALL DEPENDS "${PGNKIT_GENERATED_DIR}/changelog.gz")

install(TARGETS pgnkit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(PROGRAMS ${PGNKIT_DASK_DIR}/pgnkit-dask DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PGNKIT_DASK_PACKAGE_COPIES} DESTINATION ${PGNKIT_DASK_PACKAGE_DIR}/pgnkit_dask)
install(FILES ${PGNKIT_DASK_DIR}/pgnkit-dask.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PGNKIT_DASK_DIR}/completions/pgnkit-dask
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
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
# pgnkit-dev's own copyright and changelog (Debian wants them in every package) and the example
# client (docs/library.md).
install(FILES packaging/copyright ${PGNKIT_GENERATED_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/pgnkit-dev COMPONENT dev)
if(PGNKIT_PYTHON_BUILT)  # python3-pgnkit's (python/CMakeLists.txt installs the module)
  install(FILES packaging/copyright ${PGNKIT_GENERATED_DIR}/changelog.gz
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/python3-pgnkit COMPONENT python)
endif()
install(DIRECTORY examples/ DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/pgnkit-dev/examples
        COMPONENT dev)
install(FILES packaging/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides
        RENAME pgnkit)
