// Byte sources: a file path, stdin ("-") or a memory block, read in caller-sized chunks.
//
// The format is detected from the first bytes, never from the file name:
//   28 B5 2F FD         zstd frame           -> decompressed with libzstd streaming
//   5? 2A 4D 18         zstd skippable frame -> same (window log limit raised to 31)
//   1F 8B / FD 37 7A 58 5A 00 / "BZh"+digit+31 41 59 26 53 59  gzip/xz/bzip2
//                                            -> UnsupportedCompression at open
//   anything else       plain bytes, passed through
//
// Errors are values. open() reports open failures (and compression formats it cannot read);
// read() returns 0 at end of input *or* on error, and error() then tells which. After an
// error read() keeps returning 0. Memory is fixed: one input buffer (zstd input size, or a
// few bytes for sniffing) plus the zstd decoder's window.
//
//   io::IoError err;
//   auto src = io::Source::open(path, &err);
//   if (!src) return report(io::describe(err, path));
//   char buf[1 << 16];
//   while (size_t n = src->read(buf, sizeof buf)) consume(buf, n);
//   if (src->error()) report(io::describe(*src->error(), src->name()));
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/error.h"

namespace pgnkit::io {

enum class Compression : std::uint8_t { None, Zstd };

class Source {
 public:
  // Opens a file, or stdin when path is "-" (stdin is never closed). On failure returns
  // nullopt and, if err is not null, fills *err.
  static std::optional<Source> open(std::string_view path, IoError* err = nullptr);

  // Reads from bytes the caller keeps alive for the Source's lifetime (zstd detected too).
  // Cannot fail at open, except with UnsupportedCompression, which read() then reports.
  static Source from_memory(std::string_view bytes, std::string name = "<memory>");
  // Refuses a temporary std::string, which would dangle: keep the bytes alive yourself.
  template <class S>
  requires std::same_as<S, std::string>
  static Source from_memory(S&& bytes, std::string name = "<memory>") = delete;

  Source(Source&& other) noexcept;
  Source& operator=(Source&& other) noexcept;
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;
  ~Source();

  // Copies up to cap decompressed bytes into dst. Returns 0 only at end of input or on
  // error (see error()); otherwise at least 1. cap must be > 0.
  std::size_t read(char* dst, std::size_t cap);

  // The error that ended the stream, if any.
  const std::optional<IoError>& error() const { return error_; }
  // The path as given, or "<stdin>" for "-", or the memory source's name.
  std::string_view name() const { return name_; }
  Compression compression() const { return compression_; }
  // Decompressed bytes delivered so far.
  std::uint64_t offset() const { return offset_; }

 private:
  struct ZstdDeleter {
    void operator()(void* dctx) const;
  };

  Source() = default;
  void sniff();                                      // fill window_, pick the format
  std::size_t read_raw(char* dst, std::size_t cap);  // from fd or memory; 0 = eof/error
  bool refill_window();                              // read raw bytes into in_; false at eof
  std::size_t read_zstd(char* dst, std::size_t cap);
  void fail(IoErrorCode code, int sys_errno, const char* detail, std::uint64_t at);

  int fd_ = -1;
  bool close_fd_ = false;
  std::string name_;
  // Raw input window: either in_ (file) or the caller's memory block.
  std::unique_ptr<char[]> in_;
  std::size_t in_cap_ = 0;
  const char* window_ = nullptr;
  std::size_t window_len_ = 0;
  std::size_t window_pos_ = 0;
  bool raw_eof_ = false;
  std::unique_ptr<void, ZstdDeleter> dctx_;
  bool frame_open_ = false;  // inside a zstd frame (ZSTD_decompressStream returned > 0)
  Compression compression_ = Compression::None;
  std::uint64_t offset_ = 0;
  std::optional<IoError> error_;
};

}  // namespace pgnkit::io
