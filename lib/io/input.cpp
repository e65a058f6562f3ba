#include "io/input.h"

#include <sys/stat.h>

#include <utility>

#include "io/input_list.h"

namespace pgnkit::io {
namespace {

// A member's bytes come through a buffer of this size (as a file's do).
constexpr std::size_t kMemberBuffer = std::size_t{128} << 10;

// Whether a member without an extension holds games: after a byte-order mark and blanks, a
// tag, a comment, an escape line or a move number (NDJSON: an object).
bool looks_like_games(std::string_view first, bool lines) {
  if (first.starts_with("\xEF\xBB\xBF")) first.remove_prefix(3);
  const std::size_t at = first.find_first_not_of(" \t\r\n");
  if (at == std::string_view::npos) return false;
  const char c = first[at];
  if (lines) return c == '{';
  return c == '[' || c == '{' || c == ';' || c == '%' || (c >= '0' && c <= '9');
}

std::string_view base_name(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool regular_file(std::string_view path) {
  struct stat st {};
  return path != "-" && ::stat(std::string(path).c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

Input::Input(Input&&) noexcept = default;
Input& Input::operator=(Input&&) noexcept = default;
Input::~Input() {
  member_.reset();   // its pulls read the archive
  archive_.reset();  // its pulls read outer_
}

std::optional<Input> Input::open(std::string_view path, IoError* err, SourceOptions options,
                                 bool lines) {
  std::optional<Source> outer = Source::open(path, err, options);
  if (!outer) return std::nullopt;
  const std::optional<ArchiveFormat> format = detect_archive(outer->peek(kArchiveMagicBytes));
  if (format != ArchiveFormat::Zip || outer->compression() != Compression::None ||
      !regular_file(path)) {
    return from_source(std::move(*outer), err, options, lines);
  }
  // A zip file is read through its central directory: the stream opened to look is not.
  Input input;
  input.name_ = std::string(outer->name());
  input.options_ = options;
  input.lines_ = lines;
  input.archive_ = ArchiveReader::open_file(std::string(path), *format, err);
  if (!input.archive_) return std::nullopt;
  return input;
}

std::optional<Input> Input::from_source(Source source, IoError* err, SourceOptions options,
                                        bool lines) {
  Input input;
  input.name_ = std::string(source.name());
  input.options_ = options;
  input.lines_ = lines;
  input.outer_ = std::make_unique<Source>(std::move(source));
  const std::optional<ArchiveFormat> format =
      detect_archive(input.outer_->peek(kArchiveMagicBytes));
  if (!format) return input;
  Source* from = input.outer_.get();
  input.archive_ = ArchiveReader::open(
      *format, [from](char* dst, std::size_t cap) { return from->read(dst, cap); }, err);
  if (!input.archive_) return std::nullopt;
  return input;
}

std::optional<InputEntry> Input::next() {
  if (!archive_) {
    if (plain_given_ || !outer_) return std::nullopt;
    plain_given_ = true;
    return InputEntry{name_, outer_.get(), std::nullopt, {}};
  }
  return next_member();
}

std::optional<InputEntry> Input::next_member() {
  member_.reset();  // ends its decode-ahead thread, which reads the archive
  for (;;) {
    std::optional<ArchiveEntry> entry = archive_->next();
    if (!entry) {
      error_ = archive_->error();
      // A cut .tar.gz: the decompressor's error says more than the archive's.
      if (error_ && outer_ && outer_->error()) error_ = outer_->error();
      return std::nullopt;
    }
    InputEntry out;
    // "twic.zip:twic1590.pgn"; tar's "./" before every member of `tar -C dir .` says nothing.
    std::string_view member = entry->name;
    while (member.starts_with("./")) member.remove_prefix(2);
    out.name = name_ + ":" + std::string(member);
    switch (entry->type) {
      case EntryType::Directory: continue;
      case EntryType::Symlink: out.skipped = "a symbolic link"; return out;
      case EntryType::Hardlink: out.skipped = "a hard link"; return out;
      case EntryType::Other: out.skipped = "not a regular file"; return out;
      case EntryType::Regular: break;
    }
    const std::string_view base = base_name(entry->name);
    if (is_archive_name(base)) {
      out.skipped = "an archive inside the archive";
      return out;
    }
    const bool by_name = is_input_name(base, lines_);
    if (!by_name && base.find('.') != std::string_view::npos) {
      out.skipped = lines_ ? "not NDJSON (by its name)" : "not PGN (by its name)";
      return out;
    }
    if (entry->encrypted) {
      out.failure = IoError{IoErrorCode::MemberUnreadable, 0, 0, "the member is encrypted"};
      return out;
    }
    ArchiveReader* archive = archive_.get();
    member_ = std::make_unique<Source>(
        Source::from_raw(out.name,
                         RawInput::from_pull(
                             [archive](char* dst, std::size_t cap, std::optional<IoError>& error) {
                               const std::size_t n = archive->read(dst, cap);
                               if (n == 0 && archive->member_error())
                                 error = archive->member_error();
                               return n;
                             },
                             kMemberBuffer),
                         options_));
    if (!by_name) {
      const std::string_view first = member_->peek(kArchiveMagicBytes);
      if (!member_->error() && !looks_like_games(first, lines_)) {
        member_.reset();
        out.skipped = lines_ ? "not NDJSON (by its content)" : "not PGN (by its content)";
        return out;
      }
    }
    out.source = member_.get();
    return out;
  }
}

}  // namespace pgnkit::io
