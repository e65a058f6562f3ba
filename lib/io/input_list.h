// A run's inputs after directory arguments are expanded: `pgnkit stats games/` reads every
// PGN file under games/, in an order that does not depend on the file system, so that the
// output of two runs over the same tree is the same. Errors are values.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/error.h"

namespace pgnkit::io {

// One input of a run after directories are expanded.
struct ListedInput {
  // A file as given, "-", or a file found under a directory.
  std::string path;
  // Set: the path (a directory or one under it) could not be listed.
  std::optional<IoError> error{};
  // A directory argument under which no input file was found.
  bool empty_directory = false;
};

// Each argument as it is ("-" and files, also ones that do not exist: opening reports those),
// but a directory (also through a symlink given as the argument): every input file under it,
// recursively, in byte-wise sorted order of the full path, so output is stable; hidden entries
// (names starting with '.', e.g. .git) are skipped, symlinks to files are followed (listed by
// the link's path), symlinks to directories are not (no loops). A dangling symlink with an
// input file's name is listed: opening reports it.
//
// A subdirectory that cannot be read gives one entry at its place in the sorted order: its
// path and the error (PermissionDenied, NotFound or OpenFailed, with errno); the rest is still
// listed. A directory argument under which nothing was found and nothing failed gives one
// entry: its path, with empty_directory set. A trailing '/' on a directory argument is kept
// once: "games/" gives "games/x.pgn".
//
// An input file is one whose name ends in: .pgn (any case) and its compressed forms
// .pgn.gz .pgn.bz2 .pgn.xz .pgn.zst; archives .zip .tar .tar.gz .tgz .tar.bz2 .tbz2 .tbz
// .tar.xz .txz .tar.zst .tzst; with `lines` (NDJSON jobs) instead: .ndjson .jsonl and their
// .gz/.bz2/.xz/.zst forms, and the same archives.
std::vector<ListedInput> list_inputs(const std::vector<std::string>& arguments, bool lines = false);

// Whether a file name (the last path component, or an archive member's name) is an input file
// by the rule above. Every suffix matches in any case ("GAMES.PGN.GZ", "Y.ZIP"); something must
// come before it (".pgn" alone is not an input file).
bool is_input_name(std::string_view name, bool lines = false);

// Whether a file name is a zip or tar archive's by the rule above (.zip, .tar, .tgz, ...).
bool is_archive_name(std::string_view name);

// What is said of a directory argument under which no input file was found.
inline constexpr std::string_view kEmptyDirectoryNote = "no PGN file found under it";

}  // namespace pgnkit::io
