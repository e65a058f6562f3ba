#include "io/input_list.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <iterator>
#include <span>

namespace pgnkit::io {
namespace {

constexpr std::string_view kArchiveSuffixes[] = {".zip",     ".tar",     ".tar.gz", ".tgz",
                                                 ".tar.bz2", ".tbz2",    ".tbz",    ".tar.xz",
                                                 ".txz",     ".tar.zst", ".tzst"};
constexpr std::string_view kCompressedSuffixes[] = {"", ".gz", ".bz2", ".xz", ".zst"};
constexpr std::string_view kPgnSuffixes[] = {".pgn"};
constexpr std::string_view kLinesSuffixes[] = {".ndjson", ".jsonl"};

char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether `name` ends in `suffix` (lower case), in any case.
bool ends_with_nocase(std::string_view name, std::string_view suffix) {
  if (name.size() < suffix.size()) return false;
  const std::string_view tail = name.substr(name.size() - suffix.size());
  return std::equal(tail.begin(), tail.end(), suffix.begin(),
                    [](char a, char b) { return ascii_lower(a) == b; });
}

// Whether `name` is a stem (not empty) followed by `suffix`, in any case.
bool has_suffix(std::string_view name, std::string_view suffix) {
  return name.size() > suffix.size() && ends_with_nocase(name, suffix);
}

IoError listing_error(int sys_errno) {
  IoErrorCode code = IoErrorCode::OpenFailed;
  if (sys_errno == EACCES || sys_errno == EPERM) code = IoErrorCode::PermissionDenied;
  if (sys_errno == ENOENT) code = IoErrorCode::NotFound;  // removed while being listed
  return IoError{code, sys_errno, 0, nullptr};
}

std::string join(const std::string& dir, const char* name) {
  std::string path = dir;
  if (path.empty() || path.back() != '/') path += '/';
  path += name;
  return path;
}

// What a directory entry is, for listing: d_type when the file system gives it, else lstat
// (relative to the open directory: no path length limit).
enum class Kind : std::uint8_t { Directory, Symlink, Other };

Kind kind_of(const dirent& entry, int dir_fd) {
  switch (entry.d_type) {
    case DT_DIR: return Kind::Directory;
    case DT_LNK: return Kind::Symlink;
    case DT_UNKNOWN: break;
    default: return Kind::Other;
  }
  struct stat st {};
  if (::fstatat(dir_fd, entry.d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
    return Kind::Other;  // opening will tell what is wrong
  }
  if (S_ISDIR(st.st_mode)) return Kind::Directory;
  if (S_ISLNK(st.st_mode)) return Kind::Symlink;
  return Kind::Other;
}

// Lists the directory `path` into `out`: its input files, and its subdirectories onto
// `pending`. `follow`: `path` may be a symlink (the argument itself); below it, a directory
// that became a symlink since it was seen is not entered (O_NOFOLLOW), so no loop can form.
void list_directory(const std::string& path, bool follow, bool lines,
                    std::vector<std::string>& pending, std::vector<ListedInput>& out) {
  const int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW);
  const int fd = ::open(path.c_str(), flags);
  if (fd < 0) {
    out.push_back({path, listing_error(errno)});
    return;
  }
  DIR* dir = ::fdopendir(fd);
  if (dir == nullptr) {
    out.push_back({path, listing_error(errno)});
    ::close(fd);
    return;
  }
  for (;;) {
    errno = 0;
    const dirent* entry = ::readdir(dir);
    if (entry == nullptr) {
      if (errno != 0) out.push_back({path, listing_error(errno)});
      break;
    }
    if (entry->d_name[0] == '.') continue;  // hidden, and "." and ".."
    std::string child = join(path, entry->d_name);
    switch (kind_of(*entry, fd)) {
      case Kind::Directory: pending.push_back(std::move(child)); continue;
      case Kind::Symlink: {
        struct stat st {};
        // A link to a directory is not followed; a dangling one is listed for opening to report.
        if (::fstatat(fd, entry->d_name, &st, 0) == 0 && S_ISDIR(st.st_mode)) continue;
        break;
      }
      case Kind::Other: break;
    }
    if (is_input_name(entry->d_name, lines)) out.push_back({std::move(child)});
  }
  ::closedir(dir);  // closes fd too
}

// Every input file under the directory argument `argument`, sorted.
std::vector<ListedInput> list_tree(const std::string& argument, bool lines) {
  // A trailing '/' is kept once: join() adds none after it ("games//x.pgn" would be odd).
  std::string top = argument;
  while (top.ends_with("//")) top.pop_back();

  std::vector<ListedInput> found;
  std::vector<std::string> pending;  // a stack, not recursion: any depth, one open directory
  list_directory(top, /*follow=*/true, lines, pending, found);
  while (!pending.empty()) {
    const std::string dir = std::move(pending.back());
    pending.pop_back();
    list_directory(dir, /*follow=*/false, lines, pending, found);
  }
  // By the full path's bytes, not directory by directory: "a.pgn" < "a/b.pgn" ('.' < '/').
  std::sort(found.begin(), found.end(),
            [](const ListedInput& a, const ListedInput& b) { return a.path < b.path; });
  if (found.empty()) found.push_back({argument, std::nullopt, /*empty_directory=*/true});
  return found;
}

}  // namespace

bool is_archive_name(std::string_view name) {
  return std::any_of(std::begin(kArchiveSuffixes), std::end(kArchiveSuffixes),
                     [&](std::string_view suffix) { return has_suffix(name, suffix); });
}

bool is_input_name(std::string_view name, bool lines) {
  if (is_archive_name(name)) return true;
  const std::span<const std::string_view> bases =
      lines ? std::span<const std::string_view>(kLinesSuffixes) : kPgnSuffixes;
  for (const std::string_view compressed : kCompressedSuffixes) {
    if (!ends_with_nocase(name, compressed)) continue;
    const std::string_view rest = name.substr(0, name.size() - compressed.size());
    for (const std::string_view base : bases) {
      if (has_suffix(rest, base)) return true;
    }
  }
  return false;
}

std::vector<ListedInput> list_inputs(const std::vector<std::string>& arguments, bool lines) {
  std::vector<ListedInput> out;
  out.reserve(arguments.size());
  for (const std::string& argument : arguments) {
    struct stat st {};
    // Not a directory (or not there at all): as given; opening it reports any problem.
    if (argument == "-" || ::stat(argument.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      out.push_back({argument});
      continue;
    }
    std::vector<ListedInput> tree = list_tree(argument, lines);
    std::move(tree.begin(), tree.end(), std::back_inserter(out));
  }
  return out;
}

}  // namespace pgnkit::io
