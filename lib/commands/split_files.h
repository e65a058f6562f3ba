// The files `pgnkit split` writes: output name patterns, names made from tag values, and
// pieces written through a temporary file renamed into place when complete. Why a file
// cannot be written is a console message of split's ("pgnkit split: ..." on the command line).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/console.h"
#include "io/sink.h"

namespace pgnkit::commands {

// "out/part-%04d.pgn" (one %d or %0Nd; "%%" is '%') or "out/{Event}.pgn.zst" (one {TAG}).
struct SplitPattern {
  std::string before, after;  // around the number or the tag
  int width = 0;              // %0Nd: N
  std::string tag;            // {TAG}; empty for a numbered pattern
  std::string name(std::uint64_t number) const;
  std::string name(std::string_view safe_value) const {
    return before + std::string(safe_value) + after;
  }
};
// nullopt and *error set when the pattern has not exactly one %d or {TAG}.
std::optional<SplitPattern> parse_split_pattern(std::string_view text, std::string* error);

// A tag value as a file name part: bytes other than A-Z a-z 0-9 . _ - become '_', a leading
// '.' too; at most 100 bytes; "_empty" for an empty value, "_missing" for a missing tag.
std::string safe_file_part(std::optional<std::string_view> value);

// One output file written through a temporary name beside it (".NAME.pgnkit-XXXXXX").
class PieceFile {
 public:
  // Creates the temporary file; says why not and returns nullopt on failure.
  static std::optional<PieceFile> create(const std::string& final_name, Console& console);
  PieceFile(PieceFile&&) = default;
  PieceFile& operator=(PieceFile&&) = default;
  ~PieceFile();

  bool write(std::string_view bytes) { return sink_->write(bytes); }
  // Closes the temporary file (an error is said) and returns its name, still temporary.
  std::optional<std::string> close(Console& console);
  const std::string& final_name() const { return final_; }

 private:
  PieceFile() = default;
  std::string final_, temp_;
  std::optional<io::OutputSink> sink_;
};

// Renames `temp` to `final_name` (or, with several segments, concatenates them into a new
// temporary first: zstd frames concatenate); removes the temporaries. Says why not.
bool commit_piece(const std::vector<std::string>& segments, const std::string& final_name,
                  Console& console);
void remove_temporaries(const std::vector<std::string>& segments);

}  // namespace pgnkit::commands
