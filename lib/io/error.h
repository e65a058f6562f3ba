// I/O errors as values: a code, the OS errno or zstd detail, and how far the stream got.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::io {

// Stable codes; io_error_message() gives the one-line meaning of each.
enum class IoErrorCode : std::uint8_t {
  NotFound,                // open: no such file or directory
  IsDirectory,             // open: the path is a directory
  PermissionDenied,        // open: permission denied
  OpenFailed,              // open: any other OS error (see IoError::sys_errno)
  ReadFailed,              // read(2) failed mid-stream (see IoError::sys_errno)
  ZstdCorrupt,             // the zstd stream is corrupt (see IoError::detail)
  ZstdTruncated,           // the input ended inside a zstd frame
  ZstdInitFailed,          // the zstd decoder could not be created (out of memory)
  UnsupportedCompression,  // gzip, xz or bzip2 magic: decompress it first
  CreateFailed,            // output: the file cannot be created (see IoError::sys_errno)
  WriteFailed,             // output: write(2) failed (see IoError::sys_errno)
  ZstdCompressFailed,      // output: the zstd encoder failed (see IoError::detail)
  RenameFailed,            // output: the finished file could not replace the original
};

struct IoError {
  IoErrorCode code = IoErrorCode::OpenFailed;
  int sys_errno = 0;             // errno for NotFound..ReadFailed, else 0
  std::uint64_t offset = 0;      // bytes delivered to the caller before the error
  const char* detail = nullptr;  // static text (zstd error name, format name) or nullptr
};

// One line describing the code, e.g. "the input ended inside a zstd frame".
std::string_view io_error_message(IoErrorCode code);

// Full human-readable text: "<name>: <message>[: <errno text|detail>] (at byte N)".
std::string describe(const IoError& error, std::string_view name);

}  // namespace pgnkit::io
