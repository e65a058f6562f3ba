// A compressor for OutputSink (sink.h): zstd (level 3), gzip through ISA-L's igzip (level 2),
// bzip2 (level 9) and xz (preset 6, CRC-64), each writing one frame, member or stream that the
// format's own tool reads. Internal to lib/io.
//
// Memory is fixed at creation (the library's state and one output buffer); write() and
// finish() allocate nothing. The compressed bytes go to an Emit the caller passes on each
// call, so an encoder never holds a pointer to its owner and the owner may move.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

#include "io/compression.h"
#include "io/error.h"

namespace pgnkit::io {

// Where compressed bytes go: a function pointer and its context, not std::function, so that
// handing it over never allocates. Returns false when the bytes could not be taken; the callee
// keeps its own error.
struct Emit {
  bool (*call)(void* context, std::string_view bytes) = nullptr;
  void* context = nullptr;
  bool operator()(std::string_view bytes) const { return call(context, bytes); }
};

class Encoder {
 public:
  virtual ~Encoder() = default;
  // Compresses `bytes`, handing output to `emit` as the buffer fills (the library may keep
  // input back until later calls). False when the encoder failed (*err set: CompressFailed
  // with the format and a static detail) or emit returned false (*err untouched).
  virtual bool write(std::string_view bytes, const Emit& emit, IoError* err) = 0;
  // Compresses whatever the library kept back and ends the stream (its trailer and checksum);
  // nothing may be written after. An encoder given no bytes writes a valid empty stream.
  // Failure as for write().
  virtual bool finish(const Emit& emit, IoError* err) = 0;
};

// An encoder of `format`. nullptr, with *err set (when err is not null), when the library
// cannot create its state (out of memory) or format is None.
std::unique_ptr<Encoder> make_encoder(Compression format, IoError* err);

}  // namespace pgnkit::io
