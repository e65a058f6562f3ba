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
    case IoErrorCode::Corrupt: return "corrupt compressed stream";
    case IoErrorCode::Truncated:
      return "the input ended inside a compressed stream (truncated file)";
    case IoErrorCode::DecoderInitFailed: return "cannot create the decoder";
    case IoErrorCode::UnsupportedCompression: return "unsupported compression";
    case IoErrorCode::CreateFailed: return "cannot create the output file";
    case IoErrorCode::WriteFailed: return "write error";
    case IoErrorCode::CompressFailed: return "compression failed";
    case IoErrorCode::RenameFailed: return "cannot replace the original file";
    case IoErrorCode::ArchiveCorrupt: return "corrupt or truncated archive";
    case IoErrorCode::MemberUnreadable: return "cannot read the archive member";
    case IoErrorCode::ArchiveNotOneStream:
      return "an archive is not one stream: index and --range cannot shard it";
  }
  return "unknown I/O error";
}

namespace {

// What a format's input is made of, as its own documentation names it.
const char* unit_of(Compression format) {
  switch (format) {
    case Compression::Zstd: return " frame";
    case Compression::Gzip: return " member";
    default: return " stream";
  }
}

// The message with the format named: "corrupt gzip stream", "the input ended inside a bzip2
// stream (truncated file)".
std::string message_of(const IoError& error) {
  const std::string_view format = compression_name(error.format);
  switch (error.code) {
    case IoErrorCode::Corrupt:
      if (error.format == Compression::None) break;
      return "corrupt " + std::string(format) + " stream";
    case IoErrorCode::Truncated:
      if (error.format == Compression::None) break;
      return "the input ended inside a " + std::string(format) + unit_of(error.format) +
             " (truncated file)";
    case IoErrorCode::DecoderInitFailed:
    case IoErrorCode::CompressFailed:
      if (error.format == Compression::None) break;
      return std::string(format) + ": " + std::string(io_error_message(error.code));
    case IoErrorCode::ArchiveNotOneStream:
      return std::string(error.detail != nullptr ? error.detail : "an archive") +
             " is not one stream: index and --range cannot shard it; run the command on the "
             "whole archive";
    default: break;
  }
  return std::string(io_error_message(error.code));
}

}  // namespace

std::string describe(const IoError& error, std::string_view name) {
  std::string out(name);
  out += ": ";
  out += message_of(error);
  // The message already says what errno would for these.
  const bool errno_redundant = error.code == IoErrorCode::NotFound ||
                               error.code == IoErrorCode::IsDirectory ||
                               error.code == IoErrorCode::PermissionDenied;
  if (error.sys_errno != 0 && !errno_redundant) {
    out += ": ";
    out += std::generic_category().message(error.sys_errno);
  } else if (!error.text.empty()) {
    out += ": ";
    out += error.text;
  } else if (error.detail != nullptr && error.code != IoErrorCode::ArchiveNotOneStream) {
    out += ": ";
    out += error.detail;
  }
  const bool mid_stream =
      error.code == IoErrorCode::ReadFailed || error.code == IoErrorCode::Corrupt ||
      error.code == IoErrorCode::Truncated || error.code == IoErrorCode::ArchiveCorrupt ||
      error.code == IoErrorCode::MemberUnreadable;
  if (mid_stream) {
    out += " (at byte ";
    out += std::to_string(error.offset);
    out += ")";
  }
  return out;
}

}  // namespace pgnkit::io
