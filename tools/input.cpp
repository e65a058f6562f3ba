#include "input.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "progress.h"

namespace pgnkit::tools {
namespace {

io::SourceOptions source_options() {
  // PGNKIT_DECODE_AHEAD=0: decompress zstd on the reading thread (docs/reader.md), to measure
  // or when no second core is free. An environment variable, not a flag, so that every
  // subcommand has it without another option on each.
  const char* decode_ahead = std::getenv("PGNKIT_DECODE_AHEAD");
  return {.decode_ahead = decode_ahead == nullptr || std::string_view(decode_ahead) != "0"};
}

}  // namespace

std::vector<std::string> inputs_or_stdin(const std::vector<std::string>& files) {
  if (files.empty()) return {"-"};
  return files;
}

std::optional<io::Source> open_input(const std::string& path,
                                     std::atomic<std::uint64_t>* bytes_read) {
  io::IoError err;
  static const io::SourceOptions defaults = source_options();
  io::SourceOptions options = defaults;
  options.bytes_read = bytes_read;
  auto source = io::Source::open(path, &err, options);
  if (!source) {
    progress_before_output();
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, path == "-" ? "<stdin>" : path).c_str());
  }
  return source;
}

std::optional<io::Source> open_input_frame(const std::string& path, std::uint64_t compressed_offset,
                                           std::uint64_t decompressed_offset) {
  io::IoError err;
  auto source = io::Source::open_zstd_frame(path, compressed_offset, decompressed_offset, &err,
                                            source_options());
  if (!source) {
    progress_before_output();
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, path).c_str());
  }
  return source;
}

bool report_read_error(const io::Source& source) {
  if (!source.error()) return false;
  progress_before_output();
  std::fprintf(stderr, "pgnkit: %s\n", io::describe(*source.error(), source.name()).c_str());
  return true;
}

}  // namespace pgnkit::tools
