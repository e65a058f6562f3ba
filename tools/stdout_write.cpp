#include "stdout_write.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <iostream>

#include "io/error.h"
#include "progress.h"

namespace pgnkit::tools {
namespace {

struct StdoutState {
  bool failed = false;
  int sys_errno = 0;  // of the first failure (0: unknown, e.g. an error flag left by iostream)
  bool reported = false;
};

StdoutState& state() {
  static StdoutState s;
  return s;
}

bool keep(bool ok) {
  StdoutState& s = state();
  if (!ok && !s.failed) {
    s.failed = true;
    s.sys_errno = errno;
  }
  return !s.failed;
}

}  // namespace

bool write_stdout(std::string_view bytes) {
  if (bytes.empty()) return !state().failed;
  errno = 0;
  return keep(std::fwrite(bytes.data(), 1, bytes.size(), stdout) == bytes.size());
}

bool print_stdout(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  errno = 0;
  const int n = std::vfprintf(stdout, format, args);
  va_end(args);
  return keep(n >= 0);
}

bool flush_stdout() {
  errno = 0;
  return keep(std::fflush(stdout) == 0);
}

bool stdout_ok_or_report() {
  flush_stdout();
  std::cout.flush();  // CLI11's help and version text (through stdout: already flushed)
  keep(!std::ferror(stdout) && !std::cout.fail());
  StdoutState& s = state();
  if (!s.failed) return true;
  if (!s.reported) {
    s.reported = true;
    progress_before_output();
    std::fprintf(
        stderr, "pgnkit: %s\n",
        io::describe(io::IoError{io::IoErrorCode::WriteFailed, s.sys_errno, 0, nullptr}, "<stdout>")
            .c_str());
  }
  return false;
}

}  // namespace pgnkit::tools
