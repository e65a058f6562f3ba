# The pgnkit_build_info target: regenerates tools/build_info.cpp (git commit, build flavour)
# on every build; see build_info.cmake.
if(PGNKIT_NATIVE)
  set(flavour "native (-march=native)")
else()
  set(flavour "portable")
endif()
if(PGNKIT_SANITIZE)
  set(sanitizers "address,undefined")
elseif(PGNKIT_TSAN)
  set(sanitizers "thread")
else()
  set(sanitizers "none")
endif()
set(build_type "${CMAKE_BUILD_TYPE}")
if(NOT build_type)
  set(build_type "multi-config")
endif()
set(build_info_args
  -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
  -DINPUT=${PROJECT_SOURCE_DIR}/tools/build_info.cpp.in
  -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/build_info.cpp
  -DPGNKIT_VERSION=${PROJECT_VERSION}
  -DPGNKIT_BUILD_TYPE=${build_type}
  "-DPGNKIT_FLAVOUR=${flavour}"
  -DPGNKIT_SANITIZERS=${sanitizers})
# At configure time too, so the file exists before the first build.
execute_process(COMMAND ${CMAKE_COMMAND} ${build_info_args} -P ${PROJECT_SOURCE_DIR}/cmake/build_info.cmake)
add_custom_target(pgnkit_build_info
  COMMAND ${CMAKE_COMMAND} ${build_info_args} -P ${PROJECT_SOURCE_DIR}/cmake/build_info.cmake
  BYPRODUCTS ${CMAKE_CURRENT_BINARY_DIR}/build_info.cpp
  COMMENT "pgnkit --version: git commit and build flavour"
  VERBATIM)
add_dependencies(pgnkit pgnkit_build_info)
