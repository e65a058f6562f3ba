// Opening the inputs of a command: files, "-" for stdin, nothing for stdin. I/O problems are
// reported on stderr in one format and turn the exit status to 2.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "io/source.h"
#include "stdout_write.h"

namespace pgnkit::tools {

// The inputs to read: the arguments, or "-" when there are none.
std::vector<std::string> inputs_or_stdin(const std::vector<std::string>& files);

// Opens `path`; on failure prints "pgnkit: <path>: <why>" to stderr and returns nullopt.
// zstd input is decompressed on a second thread unless PGNKIT_DECODE_AHEAD=0 is set. Bytes
// read from the input are added to *bytes_read when it is given (the progress line).
std::optional<io::Source> open_input(const std::string& path,
                                     std::atomic<std::uint64_t>* bytes_read = nullptr);

// Opens the zstd file `path` to decode it from the frame at compressed_offset, whose content
// starts at decompressed_offset (io::Source::open_zstd_frame); failures as open_input().
std::optional<io::Source> open_input_frame(const std::string& path, std::uint64_t compressed_offset,
                                           std::uint64_t decompressed_offset);

// After reading: prints the source's I/O error, if any, and returns true when there was one.
bool report_read_error(const io::Source& source);

// Reads each input in turn: opens it (printing why not), calls read(source), flushes stdout,
// prints the source's read error. read() may return false to stop before the next input.
// Returns true when any input could not be opened or read to the end. bytes_read: as for
// open_input().
template <class Read>
bool for_each_input(const std::vector<std::string>& files, Read&& read,
                    std::atomic<std::uint64_t>* bytes_read = nullptr) {
  bool failed = false;
  for (const std::string& path : inputs_or_stdin(files)) {
    auto source = open_input(path, bytes_read);
    if (!source) {
      failed = true;
      continue;
    }
    bool go_on = true;
    if constexpr (std::is_same_v<decltype(read(*source)), bool>) {
      go_on = read(*source);
    } else {
      read(*source);
    }
    flush_stdout();
    failed |= report_read_error(*source);
    if (!go_on) break;
  }
  return failed;
}

}  // namespace pgnkit::tools
