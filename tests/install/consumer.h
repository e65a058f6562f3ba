// The example client examples/check_sample, built as a client builds it: a separate cmake
// configures it with CMAKE_PREFIX_PATH pointing at an installed pgnkit and builds it. Run on a
// PGN file, its one line must be the start of `pgnkit check`'s summary of that file.
#pragma once

#include <string>

#include "install/shell.h"
#include "support/files.h"

namespace pgnkit::testing {

struct ClientBuild {
  bool ok = false;
  std::string log;         // cmake's output, for the failure message
  std::string pgnkit_dir;  // where find_package(pgnkit) found the package
  std::string program;     // the built check_sample
};

// Configures the CMake project `source` in `work` against the pgnkit installed under `prefix`,
// with the compiler of this build and nothing from this build tree, and builds `program`.
inline ClientBuild build_client(const std::string& source, const std::string& prefix,
                                const std::string& work, const std::string& program) {
  ClientBuild b;
  const std::string build = work + "/build";
  const ShellResult configure =
      run_shell("cd / && " + sh_quote(PGNKIT_CMAKE) + " -S " + sh_quote(source) + " -B " +
                sh_quote(build) + " -DCMAKE_PREFIX_PATH=" + sh_quote(prefix) +
                " -DCMAKE_CXX_COMPILER=" + sh_quote(PGNKIT_CXX_COMPILER) +
                " -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF 2>&1");
  b.log = configure.out;
  if (configure.status != 0) return b;
  const ShellResult compile =
      run_shell(sh_quote(PGNKIT_CMAKE) + " --build " + sh_quote(build) + " 2>&1");
  b.log += compile.out;
  if (compile.status != 0) return b;
  for (const std::string& line : lines_of(read_file(build + "/CMakeCache.txt")))
    if (line.rfind("pgnkit_DIR:", 0) == 0) b.pgnkit_dir = line.substr(line.find('=') + 1);
  b.program = build + "/" + program;
  b.ok = true;
  return b;
}

// examples/check_sample, built against the pgnkit installed under `prefix`.
inline ClientBuild build_check_sample(const std::string& prefix, const std::string& work) {
  return build_client(std::string(PGNKIT_SOURCE_DIR) + "/examples/check_sample", prefix, work,
                      "check_sample");
}

// "G games, P plies, E errors, W warnings": the start of `pgnkit check -q FILE`'s summary, run
// by the pgnkit `binary` from / (so that no pgnkit.toml applies).
inline std::string check_summary_counts(const std::string& binary, const std::string& file) {
  const ShellResult r =
      run_shell("cd / && " + sh_quote(binary) + " check -q " + sh_quote(file) + " 2>&1");
  std::size_t end = 0;
  for (int field = 0; field < 4 && end != std::string::npos; ++field)
    end = r.out.find(", ", field == 0 ? 0 : end + 2);
  return end == std::string::npos ? r.out : r.out.substr(0, end);
}

}  // namespace pgnkit::testing
