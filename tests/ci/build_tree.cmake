# Configures and builds a second tree of this checkout (for the sanitize_build and fuzz_build
# tests, tests/ci/CMakeLists.txt):
#   cmake -DSOURCE=DIR -DTREE=DIR -DCXX=COMPILER [-DOPTIONS="-Da=1|-Db=2"] [-DTARGET=T]
#         -P build_tree.cmake
# OPTIONS are cache settings separated by '|'; TARGET builds those targets (also '|'-separated)
# instead of all.
foreach(var SOURCE TREE CXX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "build_tree.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" options "${OPTIONS}")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${TREE} -DCMAKE_CXX_COMPILER=${CXX}
                        ${options}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring ${TREE} failed (${rc})")
endif()
set(target)
if(TARGET)
  string(REPLACE "|" ";" targets "${TARGET}")
  set(target --target ${targets})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${TREE} -j2 ${target} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building ${TREE} failed (${rc})")
endif()
