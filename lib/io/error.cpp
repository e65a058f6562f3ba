#include "io/error.h"

#include <system_error>

namespace pgnkit::io {

std::string_view io_error_message(IoErrorCode code) {
  switch (code) {
    case IoErrorCode::NotFound: return "no such file or directory";
    case IoErrorCode::IsDirectory: return "is a directory";
    case IoErrorCode::PermissionDenied: return "permission denied";
    case IoErrorCode::OpenFailed: return "cannot open";
    case IoErrorCode::ReadFailed: return "read error";
    case IoErrorCode::ZstdCorrupt: return "corrupt zstd stream";
    case IoErrorCode::ZstdTruncated: return "the input ended inside a zstd frame (truncated file)";
    case IoErrorCode::ZstdInitFailed: return "cannot create the zstd decoder";
    case IoErrorCode::UnsupportedCompression:
      return "unsupported compression (only zstd is read); decompress the input first";
    case IoErrorCode::CreateFailed: return "cannot create the output file";
    case IoErrorCode::WriteFailed: return "write error";
    case IoErrorCode::ZstdCompressFailed: return "zstd compression failed";
    case IoErrorCode::RenameFailed: return "cannot replace the original file";
  }
  return "unknown I/O error";
}

std::string describe(const IoError& error, std::string_view name) {
  std::string out(name);
  out += ": ";
  out += io_error_message(error.code);
  // The message already says what errno would for these.
  const bool errno_redundant = error.code == IoErrorCode::NotFound ||
                               error.code == IoErrorCode::IsDirectory ||
                               error.code == IoErrorCode::PermissionDenied;
  if (error.sys_errno != 0 && !errno_redundant) {
    out += ": ";
    out += std::generic_category().message(error.sys_errno);
  } else if (error.detail != nullptr) {
    out += ": ";
    out += error.detail;
  }
  const bool mid_stream = error.code == IoErrorCode::ReadFailed ||
                          error.code == IoErrorCode::ZstdCorrupt ||
                          error.code == IoErrorCode::ZstdTruncated;
  if (mid_stream) {
    out += " (at byte ";
    out += std::to_string(error.offset);
    out += ")";
  }
  return out;
}

}  // namespace pgnkit::io
