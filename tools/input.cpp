#include "input.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "progress.h"

namespace pgnkit::tools {

std::vector<std::string> inputs_or_stdin(const std::vector<std::string>& files) {
  if (files.empty()) return {"-"};
  return files;
}

void report(std::string_view message) {
  progress_before_output();
  std::fprintf(stderr, "pgnkit: %.*s\n", static_cast<int>(message.size()), message.data());
}

void report_io_error(const io::IoError& error, std::string_view name) {
  report(io::describe(error, name));
}

namespace {

// An on/off environment switch: unset, or whether it is other than "0".
std::optional<bool> env_switch(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr) return std::nullopt;
  return std::string_view(v) != "0";
}

}  // namespace

std::optional<bool> decode_ahead_setting() {
  static const std::optional<bool> setting = env_switch("PGNKIT_DECODE_AHEAD");
  return setting;
}

bool map_files_setting() {
  static const bool setting = env_switch("PGNKIT_MAP_FILES").value_or(true);
  return setting;
}

}  // namespace pgnkit::tools
