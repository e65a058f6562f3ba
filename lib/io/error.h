// I/O errors as values: a code, the OS errno or a decoder's detail, and how far the stream got.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "io/compression.h"

namespace pgnkit::io {

// Stable codes; io_error_message() gives the one-line meaning of each.
enum class IoErrorCode : std::uint8_t {
  NotFound,                // open: no such file or directory
  IsDirectory,             // open: the path is a directory
  PermissionDenied,        // open: permission denied
  OpenFailed,              // open: any other OS error (see IoError::sys_errno)
  ReadFailed,              // read(2) failed mid-stream (see IoError::sys_errno)
  Corrupt,                 // the compressed stream is corrupt (IoError::format, ::detail)
  Truncated,               // the input ended inside a compressed frame, member or stream
  DecoderInitFailed,       // the decoder could not be created (out of memory)
  UnsupportedCompression,  // a compression format no decoder here reads (IoError::detail)
  CreateFailed,            // output: the file cannot be created (see IoError::sys_errno)
  WriteFailed,             // output: write(2) failed (see IoError::sys_errno)
  CompressFailed,          // output: the encoder failed (IoError::format, ::detail)
  RenameFailed,            // output: the finished file could not replace the original
  ArchiveCorrupt,          // a zip or tar archive is corrupt or truncated (IoError::text)
  MemberUnreadable,        // an archive member cannot be read: encrypted, an unknown method
  ArchiveNotOneStream,     // index and --range read one stream; an archive has many (::detail)
};

struct IoError {
  IoErrorCode code = IoErrorCode::OpenFailed;
  int sys_errno = 0;                       // errno for NotFound..ReadFailed, else 0
  std::uint64_t offset = 0;                // bytes delivered to the caller before the error
  const char* detail = nullptr;            // static text (a decoder's error name) or nullptr
  Compression format = Compression::None;  // the decoder's or encoder's format, if any
  std::string text{};  // a library's own words (libarchive's), shown instead of detail
};

// One line describing the code, e.g. "the input ended inside a zstd frame".
std::string_view io_error_message(IoErrorCode code);

// Full human-readable text: "<name>: <message>[: <errno text|detail>] (at byte N)".
std::string describe(const IoError& error, std::string_view name);

}  // namespace pgnkit::io
