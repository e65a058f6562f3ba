// The frames of a zstd file, for entering it in the middle (`pgnkit index`, `--range`,
// docs/scale-out.md). A zstd frame can be decoded only from its start, but every frame is
// independent: a file of many frames (pzstd's output, zstd's seekable format, or files
// compressed chunk by chunk and concatenated) can be decoded from any frame on. Frame
// boundaries come from libzstd (ZSTD_findFrameCompressedSize), each frame's decompressed
// size from its header (ZSTD_getFrameContentSize) or, where the header has none (pzstd
// writes none), by decoding the frame to count its bytes.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/error.h"

namespace pgnkit::io {

struct ZstdFrame {
  std::uint64_t compressed_offset = 0;    // where the frame starts in the file
  std::uint64_t decompressed_offset = 0;  // where its content starts in the decoded stream
  std::uint64_t decompressed_size = 0;
};

struct ZstdFrameList {
  // The frames with content, in order (skippable and empty frames decode to nothing and are
  // left out). A frame that is cut short or corrupt ends the list: its bytes are not counted
  // and `complete` is false (reading the file reports why, at the same place).
  std::vector<ZstdFrame> frames;
  bool complete = true;
  // How many frames had no content size in their header and were decoded to count.
  std::uint64_t decoded_to_count = 0;
};

// Lists the frames of the zstd file at `path`, up to and including the first frame whose
// content reaches past `stop_at` (default: all of them): a reader that wants to start at
// decompressed byte N needs only the frames up to N. nullopt when the file cannot be opened
// or mapped, or does not start with a zstd frame (*err says why, when err is given).
// Memory: the file is mapped read-only; only the pages of frame and block headers are
// touched unless a frame must be decoded to be counted.
std::optional<ZstdFrameList> list_zstd_frames(
    const std::string& path, IoError* err = nullptr,
    std::uint64_t stop_at = std::numeric_limits<std::uint64_t>::max());

// Whether the zstd file at `path` is of many frames of which some do not record their
// content size (pzstd's output), so that listing them means decoding them. Walks the frame
// and block headers only; false when the file cannot be mapped or its frames do not parse
// to its end.
bool zstd_frames_unsized(const std::string& path);

// Decodes a zstd file frame by frame for a reader that needs the bytes and, in the same
// pass, where each frame's content starts (`pgnkit index` of pzstd's output: listing the
// frames first would decode them twice). frames() grows as decoding goes on: a frame is
// listed before its first byte is delivered. On any error the reader stops and failed() is
// true; the caller then reads the file the ordinary way, whose messages are the ones to give.
class ZstdFrameReader {
 public:
  // nullopt when the file cannot be opened or mapped (*err says why, when given).
  static std::optional<ZstdFrameReader> open(const std::string& path, IoError* err = nullptr);
  ZstdFrameReader(ZstdFrameReader&&) noexcept;
  ZstdFrameReader& operator=(ZstdFrameReader&&) noexcept;
  ~ZstdFrameReader();

  // Up to cap decompressed bytes into dst; 0 at the end or after an error.
  std::size_t read(char* dst, std::size_t cap);
  const std::vector<ZstdFrame>& frames() const;
  bool failed() const;

 private:
  struct State;
  explicit ZstdFrameReader(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// The last frame of `list` whose content starts at or before decompressed byte `offset`
// (the frame a reader of that byte decodes from); nullopt for an empty list.
std::optional<ZstdFrame> frame_holding(const ZstdFrameList& list, std::uint64_t offset);

}  // namespace pgnkit::io
