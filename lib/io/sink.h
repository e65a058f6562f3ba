// Byte sinks: a file, or stdout ("-"), compressed as the file name asks: ".zst" zstd, ".gz"
// gzip, ".bz2" bzip2, ".xz" xz (io/encoder.h has the levels), or as the caller says.
// Buffered (long writes go out from the caller's bytes, after what is buffered); errors are
// values. finish() must be called to flush and close; a Sink destroyed without finish()
// discards nothing it already wrote but leaves a compressed stream unterminated.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/compression.h"
#include "io/error.h"

namespace pgnkit::io {

class Encoder;  // io/encoder.h, internal

class OutputSink {
 public:
  // Creates (truncates) `path`, or stdout for "-". `compression`: the format to write,
  // whatever the name (a temporary name's final one's); nullopt: by the name
  // (compression_for_name(), None for any other name). nullopt on failure, *err (when err is
  // not null) set: CreateFailed or IsDirectory, or CompressFailed when the encoder cannot be
  // created.
  static std::optional<OutputSink> open(std::string_view path, IoError* err = nullptr,
                                        std::optional<Compression> compression = std::nullopt);

  OutputSink(OutputSink&&) noexcept;
  OutputSink& operator=(OutputSink&&) noexcept;
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;
  ~OutputSink();

  // Returns false (and keeps the error) once anything failed.
  bool write(std::string_view bytes);
  // Flushes, ends the compressed stream, closes the file. Returns false on error.
  bool finish();
  const std::optional<IoError>& error() const { return error_; }
  std::string_view name() const { return name_; }

 private:
  OutputSink() = default;
  bool flush_raw(const char* data, std::size_t size);
  static bool emit_raw(void* sink, std::string_view bytes);  // an encoder's Emit
  bool drain();                                              // the buffer, through send()
  // Writes `size` bytes, compressed when the sink compresses.
  bool send(const char* data, std::size_t size);

  int fd_ = -1;
  bool close_fd_ = false;
  std::string name_;
  std::string buffer_;
  std::unique_ptr<Encoder> encoder_;  // unset: the bytes go out as they are
  std::optional<IoError> error_;
};

}  // namespace pgnkit::io
