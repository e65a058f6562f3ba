# The installed C++ library (docs/library.md): the static module libraries, their headers under
# include/pgnkit/<module>/, and a CMake package, so that a client's find_package(pgnkit) gives
# pgnkit::pgnkit (every module) and pgnkit::<module>. All of it is the install component `dev`
# (the .deb pgnkit-dev, cmake/packaging.cmake).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The modules a client gets. To install another module, add its name here (its target is
# pgnkit_<name>, its headers lib/<name>/*.h). Not clidoc: only the CLI's man pages and
# completions use it.
set(PGNKIT_LIBRARY_MODULES chess io pgn pipeline replay write ndjson diag eco dedup select tree engine analysis commands)

# The libraries the modules link that a client must find again (a static library passes on its
# private links too), beyond Threads and simdjson, which pgnkitConfig.cmake finds by name. One
# entry per pkg-config module (and BZip2, which has none: pgnkitConfig.cmake finds it by name): the pkg_check_modules prefix (the target PkgConfig::<prefix>),
# the module, and the Debian package that has its .pc file (pgnkit-dev depends on it).
set(PGNKIT_LIBRARY_PKG_CONFIG_DEPENDENCIES
    "ZSTD libzstd libzstd-dev"
    "ISAL libisal libisal-dev"
    "LZMA liblzma liblzma-dev"
    "LIBARCHIVE libarchive libarchive-dev"
    "XXHASH libxxhash libxxhash-dev"
    "PCRE2 libpcre2-8 libpcre2-dev"
    "TOMLPP tomlplusplus libtomlplusplus-dev")

set(PGNKIT_INCLUDE_INSTALL_DIR ${CMAKE_INSTALL_INCLUDEDIR}/pgnkit)
set(PGNKIT_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pgnkit)

# The imported targets the config file recreates; a module linking any other is an error here
# rather than in a client's build.
set(pgnkit_refound_targets Threads::Threads simdjson::simdjson BZip2::BZip2)
set(pgnkit_config_pkg_config_modules)  # prefix=module=package, for pgnkitConfig.cmake.in
set(PGNKIT_DEV_PACKAGE_DEPENDS libbz2-dev)  # the Debian packages of those modules, and BZip2
foreach(entry IN LISTS PGNKIT_LIBRARY_PKG_CONFIG_DEPENDENCIES)
  string(REPLACE " " ";" fields "${entry}")
  list(GET fields 0 prefix)
  list(GET fields 1 module)
  list(GET fields 2 debian_package)
  list(APPEND pgnkit_refound_targets PkgConfig::${prefix})
  list(APPEND pgnkit_config_pkg_config_modules "${prefix}=${module}=${debian_package}")
  list(APPEND PGNKIT_DEV_PACKAGE_DEPENDS ${debian_package})
endforeach()
list(JOIN pgnkit_config_pkg_config_modules " " PGNKIT_CONFIG_PKG_CONFIG_MODULES)

# The umbrella: every module (pgnkit::pgnkit once installed; an alias of it in this tree).
add_library(pgnkit_library INTERFACE)
set_target_properties(pgnkit_library PROPERTIES EXPORT_NAME pgnkit)
target_compile_features(pgnkit_library INTERFACE cxx_std_20)
add_library(pgnkit::pgnkit ALIAS pgnkit_library)

set(pgnkit_library_targets)
foreach(module IN LISTS PGNKIT_LIBRARY_MODULES)
  set(target pgnkit_${module})
  # A path in the interface would point clients into this source tree.
  get_target_property(include_dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  foreach(dir IN LISTS include_dirs)
    if(NOT dir MATCHES "^\\$<BUILD_INTERFACE:")
      message(FATAL_ERROR "${target}: write its include directory as "
                          "$<BUILD_INTERFACE:${dir}>, as the other modules do")
    endif()
  endforeach()
  get_target_property(links ${target} LINK_LIBRARIES)
  foreach(link IN LISTS links)
    if(link MATCHES "::" AND NOT link IN_LIST pgnkit_refound_targets)
      message(FATAL_ERROR "${target} links ${link}, which the installed pgnkitConfig.cmake "
                          "does not find: add it to cmake/library.cmake")
    endif()
  endforeach()
  # Clients compile the headers as C++20 too (this build sets CMAKE_CXX_STANDARD for itself).
  target_compile_features(${target} INTERFACE cxx_std_20)
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${module})
  add_library(pgnkit::${module} ALIAS ${target})
  target_link_libraries(pgnkit_library INTERFACE ${target})
  list(APPEND pgnkit_library_targets ${target})
  install(DIRECTORY lib/${module}/ DESTINATION ${PGNKIT_INCLUDE_INSTALL_DIR}/${module}
          COMPONENT dev FILES_MATCHING PATTERN "*.h")
endforeach()

# INCLUDES: clients include "io/source.h" as the library itself does.
install(TARGETS pgnkit_library ${pgnkit_library_targets} EXPORT pgnkit_targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        INCLUDES DESTINATION ${PGNKIT_INCLUDE_INSTALL_DIR})
install(EXPORT pgnkit_targets NAMESPACE pgnkit:: FILE pgnkitTargets.cmake
        DESTINATION ${PGNKIT_CMAKE_INSTALL_DIR} COMPONENT dev)
configure_package_config_file(cmake/pgnkitConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/generated/pgnkitConfig.cmake
                              INSTALL_DESTINATION ${PGNKIT_CMAKE_INSTALL_DIR})
# 0.x: a minor release may change the API, so find_package(pgnkit 0.1) takes 0.1.x only.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/generated/pgnkitConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/generated/pgnkitConfig.cmake
              ${PROJECT_BINARY_DIR}/generated/pgnkitConfigVersion.cmake
        DESTINATION ${PGNKIT_CMAKE_INSTALL_DIR} COMPONENT dev)
