// Byte sinks: a file, stdout ("-"), zstd-compressed when the file name ends in ".zst".
// Buffered (long writes go out from the caller's bytes, after what is buffered); errors are
// values. finish() must be called to flush and close; a Sink destroyed without finish()
// discards nothing it already wrote but leaves a zstd frame unterminated.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/error.h"

namespace pgnkit::io {

class OutputSink {
 public:
  // Creates (truncates) `path`, or stdout for "-". zstd when `path` ends in ".zst" (or when
  // `compress` is set, for temporary names).
  static std::optional<OutputSink> open(std::string_view path, IoError* err = nullptr,
                                        bool compress = false);

  OutputSink(OutputSink&&) noexcept;
  OutputSink& operator=(OutputSink&&) noexcept;
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;
  ~OutputSink();

  // Returns false (and keeps the error) once anything failed.
  bool write(std::string_view bytes);
  // Flushes, ends the zstd frame, closes the file. Returns false on error.
  bool finish();
  const std::optional<IoError>& error() const { return error_; }
  std::string_view name() const { return name_; }

 private:
  OutputSink() = default;
  bool flush_raw(const char* data, std::size_t size);
  bool drain(bool end);  // the buffer, through send()
  // Writes `size` bytes, compressed when the sink compresses (`end`: and ends the frame).
  bool send(const char* data, std::size_t size, bool end);

  struct ZstdDeleter {
    void operator()(void* cctx) const;
  };
  int fd_ = -1;
  bool close_fd_ = false;
  std::string name_;
  std::string buffer_;
  std::unique_ptr<char[]> zout_;
  std::size_t zout_size_ = 0;
  std::unique_ptr<void, ZstdDeleter> cctx_;
  std::optional<IoError> error_;
};

}  // namespace pgnkit::io
