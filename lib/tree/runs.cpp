#include "tree/runs.h"

#include <unistd.h>
#include <cerrno>
#include <cstring>

namespace pgnkit::tree {

std::FILE* create_run_file(const std::string& dir, std::string& error) {
  std::string path = dir + "/pgnkit-tree-XXXXXX";
  const int fd = ::mkstemp(path.data());
  std::FILE* f = fd < 0 ? nullptr : ::fdopen(fd, "w+b");
  if (f == nullptr) {
    error = "cannot create a run file in " + dir + ": " + std::strerror(errno);
    if (fd >= 0) ::close(fd);
    return nullptr;
  }
  ::unlink(path.c_str());  // gone with the process, whatever happens
  return f;
}

}  // namespace pgnkit::tree
