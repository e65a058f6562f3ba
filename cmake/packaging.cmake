# `cpack -G DEB` in the build directory: two packages, under /usr. pgnkit_<version>_<arch>.deb
# has the install component `pgnkit` (cmake/install.cmake: the tools, their pages and docs; its
# dependencies come from dpkg-shlibdeps), pgnkit-dev_<version>_<arch>.deb the component `dev`
# (cmake/library.cmake: the C++ library, headers and CMake package). Apart, so that the tools
# do not pull in the -dev packages the library's CMake package needs.
set(PGNKIT_MAINTAINER "pgnkit maintainers <maintainers@users.noreply.a-seed-ff8a97be.example>"
    CACHE STRING "The .deb's Maintainer field")
set(CPACK_PACKAGE_NAME pgnkit)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "pgnkit")
set(CPACK_PACKAGE_CONTACT "${PGNKIT_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL pgnkit dev)
set(CPACK_DEBIAN_PGNKIT_PACKAGE_NAME pgnkit)
set(CPACK_DEBIAN_DEV_PACKAGE_NAME pgnkit-dev)
# python3-pgnkit: the Python module (component `python`, python/CMakeLists.txt), when built.
if(PGNKIT_PYTHON_BUILT)
  list(APPEND CPACK_COMPONENTS_ALL python)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-pgnkit)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3 (>= 3.11), python3 (<< 3.12), python3-numpy")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_RECOMMENDS "python3-pandas")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS "python3-dask, python3-distributed")
  set(CPACK_DEBIAN_PYTHON_DESCRIPTION "chess PGN games for Python, replayed under the FIDE rules
import pgnkit reads chess games in PGN (plain or zstd-compressed) at C++ speed
on every core: games with their moves, clocks, evals and problems; NumPy
tables of games and of moves (pandas DataFrames with python3-pandas); the
checks of pgnkit check and status; and pgnkit.dask for Dask clusters.")
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # <package>_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${PGNKIT_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# pgnkit-dask is a python3 script (CPack puts dpkg-shlibdeps' libraries after this); it runs
# shards on a Dask cluster, so dask.distributed is recommended, not needed by pgnkit itself.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3-distributed")
# The first line is the synopsis, the rest the extended description (CPack indents it; "."
# is an empty line).
set(CPACK_DEBIAN_PGNKIT_DESCRIPTION "chess PGN validator and converter with a FIDE rules core
pgnkit reads chess games in PGN (plain or zstd-compressed) and replays every
move through a FIDE rules core, fast enough for whole online game databases
and strict enough to gate archives in CI.
.
Commands: check (every problem, with file, line, column, game and ply),
status (how each game ended and whether its result is consistent), annotate
(export-format PGN with results and end tags), convert (PGN, NDJSON, UCI,
LAN, FEN, EPD, CSV; reads lichess NDJSON) and perft (move-tree counts).
.
pgnkit-dask runs check and status over a Dask cluster (python3-distributed),
shard by shard, with the output of one machine.")
# pgnkit-dev: static libraries (nothing for dpkg-shlibdeps) and a CMake package that finds the
# libraries they link through their -dev packages (cmake/library.cmake lists them).
set(CPACK_DEBIAN_DEV_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
list(JOIN PGNKIT_DEV_PACKAGE_DEPENDS ", " pgnkit_dev_depends)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${pgnkit_dev_depends}, libsimdjson-dev, pkg-config")
set(CPACK_DEBIAN_DEV_PACKAGE_RECOMMENDS cmake)
set(CPACK_DEBIAN_DEV_DESCRIPTION "chess PGN library for C++ (static, with a CMake package)
The C++20 library under the pgnkit tools: a streaming PGN reader with a
visitor interface, a FIDE rules core that replays games and reports each
problem with its place, FEN, SAN and UCI reading and writing, and the
writers and filters the commands use.
.
find_package(pgnkit) in CMake gives the target pgnkit::pgnkit. The
documented headers are listed in /usr/share/doc/pgnkit/docs/library.md; an
example client is in /usr/share/doc/pgnkit-dev/examples.")
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
