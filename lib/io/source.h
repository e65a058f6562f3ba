// Byte sources: a file path, stdin ("-") or a memory block, read in caller-sized chunks.
//
// The format is detected from the first bytes, never from the file name (compression.h):
// zstd (frames and skippable frames), gzip (members one after another), bzip2 and xz
// (streams one after another) are decompressed (decoder.h); anything else is passed through
// as plain bytes. Archives (zip, tar) are io::Input's business (input.h): a Source is one
// stream of bytes.
//
// Compressed input is decompressed on a second thread, a few blocks ahead of read() (see
// decode_ahead.h), unless SourceOptions::decode_ahead is false; either way read() gives the
// same bytes and the same error at the same offset. Plain input never starts a thread.
//
// Errors are values. open() reports open failures; read() returns 0 at end of input *or* on
// error, and error() then tells which. After an error read() keeps returning 0. Memory is
// fixed: one input buffer, plus for compressed input the decoder's state (zstd's window,
// xz's dictionary: at most kMaxDecoderMemory) and the decode-ahead ring.
//
//   io::IoError err;
//   auto src = io::Source::open(path, &err);
//   if (!src) return report(io::describe(err, path));
//   char buf[1 << 16];
//   while (size_t n = src->read(buf, sizeof buf)) consume(buf, n);
//   if (src->error()) report(io::describe(*src->error(), src->name()));
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/compression.h"
#include "io/decoder.h"
#include "io/error.h"
#include "io/raw_input.h"

namespace pgnkit::io {

class DecodeAhead;
class FileMap;

struct SourceOptions {
  // Decompress input on a second thread, ahead of read(). Off: inside read(), on the
  // caller's thread (for tests, benchmarks, or when no second core is free).
  bool decode_ahead = true;
  // When set, every read(2) of the input adds the bytes it got (as stored: compressed bytes
  // for zstd) with a relaxed atomic add, so that another thread may show progress. The
  // counter must outlive the Source. Memory sources read nothing and add nothing.
  std::atomic<std::uint64_t>* bytes_read = nullptr;
  // >= 0: every read of an input that may block (stdin, a pipe, a terminal), the format sniff
  // in open() included, also waits for this descriptor; once it is readable or hung up, the
  // input ends there, as at its end. The caller keeps it open for the Source's lifetime, and
  // closes its pipe's write end to stop a reader stuck on a silent input (lib/pipeline).
  int stop_fd = -1;
  // Lets map_rest() map a plain regular file instead of reading it (io/file_map.h: no copy,
  // and a SIGBUS handler for the process, installed at the first map). Off: always read(2).
  bool map_files = false;
};

class Source {
 public:
  // Opens a file, or stdin when path is "-" (stdin is never closed). On failure returns
  // nullopt and, if err is not null, fills *err.
  static std::optional<Source> open(std::string_view path, IoError* err = nullptr,
                                    SourceOptions options = {});

  // Opens the zstd file at `path` to decode it from a later frame on (io/zstd_frame_list.h):
  // compressed_offset is where that frame starts in the file, decompressed_offset where its
  // content starts in the whole decoded stream. offset() and error offsets then count from
  // decompressed_offset, so the bytes and errors from there on are exactly those of a Source
  // that read the file from its start. Fails (Corrupt) when no zstd frame starts there.
  static std::optional<Source> open_zstd_frame(std::string_view path,
                                               std::uint64_t compressed_offset,
                                               std::uint64_t decompressed_offset,
                                               IoError* err = nullptr, SourceOptions options = {});

  // Reads from bytes the caller keeps alive for the Source's lifetime (compression detected
  // too). Cannot fail at open; a decoder that cannot be created fails the first read().
  static Source from_memory(std::string_view bytes, std::string name = "<memory>",
                            SourceOptions options = {});
  // Refuses a temporary std::string, which would dangle: keep the bytes alive yourself.
  template <class S>
  requires std::same_as<S, std::string>
  static Source from_memory(S&& bytes, std::string name = "<memory>",
                            SourceOptions options = {}) = delete;

  // Bytes already decompressed, handed out by `pull` (no format sniffing): pull(dst, cap,
  // error) copies up to cap bytes into dst and returns how many; 0 ends the input, and
  // if pull then sets `error`, error() reports it. For readers over parts of a stream that
  // another thread has read (lib/pipeline).
  using Pull =
      std::function<std::size_t(char* dst, std::size_t cap, std::optional<IoError>& error)>;
  static Source from_pull(std::string name, Pull pull);

  // The bytes of `raw` (an archive member's, io/input.h), decompressed by their format as a
  // file's are. Cannot fail at open; errors come from read().
  static Source from_raw(std::string name, RawInput raw, SourceOptions options = {});

  Source(Source&& other) noexcept;
  Source& operator=(Source&& other) noexcept;
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;
  ~Source();

  // Copies up to cap decompressed bytes into dst. Returns 0 only at end of input or on
  // error (see error()); otherwise at least 1. cap must be > 0.
  std::size_t read(char* dst, std::size_t cap);

  // Moves past the next n decompressed bytes without delivering them, as if read: plain
  // regular files seek; zstd input and pipes are read and discarded. offset() counts them.
  // Returns false when the input ended or failed first (see error()).
  bool skip(std::uint64_t n);

  // The first n decompressed bytes (fewer when the input is shorter, or has failed), without
  // consuming them: read() still delivers them. Only before the first read() or skip().
  std::string_view peek(std::size_t n);

  // The rest of the input in memory without a copy, when SourceOptions::map_files is set and
  // this is a plain (uncompressed) regular file opened by path: the bytes read() would
  // deliver from offset() to the file's end as it is now, then `padding` writable zero bytes.
  // The map is the Source's and lives as long as it; read() then gives nothing more, and
  // error() reports a file that shrank under the map (io/file_map.h). Null otherwise, or when
  // the system declines: read as usual. At most once per Source.
  FileMap* map_rest(std::size_t padding);
  // Whether map_rest() has mapped the input.
  bool mapped() const { return map_ != nullptr; }

  // The error that ended the stream, if any.
  const std::optional<IoError>& error() const { return error_; }
  // The path as given, or "<stdin>" for "-", or the memory source's name.
  std::string_view name() const { return name_; }
  Compression compression() const { return compression_; }
  // Decompressed bytes delivered so far.
  std::uint64_t offset() const { return offset_; }
  // Whether a second thread decompresses this (compressed) input.
  bool decoding_ahead() const { return ahead_ != nullptr; }

 private:
  Source();
  // Buffers the first bytes and picks the format; `delivered`: decompressed bytes before
  // them (open_zstd_frame).
  void sniff(SourceOptions options, std::uint64_t delivered = 0);
  // open() and open_zstd_frame(): the file from byte `skip` on.
  static std::optional<Source> open_file(std::string_view path, IoError* err, SourceOptions options,
                                         std::uint64_t skip, std::uint64_t decompressed_offset);
  std::size_t read_stream(char* dst, std::size_t cap);  // read() past peek()'s bytes

  std::string name_;
  RawInput raw_;                        // plain input; moved into the decoder for zstd
  std::unique_ptr<Decoder> decoder_;    // compressed input decompressed in read()
  std::unique_ptr<DecodeAhead> ahead_;  // or decompressed on a second thread
  Pull pull_;                           // or bytes from from_pull()
  Compression compression_ = Compression::None;
  std::uint64_t offset_ = 0;
  std::optional<IoError> error_;
  bool may_map_ = false;          // SourceOptions::map_files, for a regular file
  std::unique_ptr<FileMap> map_;  // map_rest()'s map: the rest of the input
  std::uint64_t map_start_ = 0;   // the offset of the map's first byte
  std::string peeked_;            // peek()'s bytes, which read() delivers first
  std::size_t peeked_pos_ = 0;
};

}  // namespace pgnkit::io
