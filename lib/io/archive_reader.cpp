// io::ArchiveReader over libarchive: one archive object per reader, with only the format asked
// for registered (for a zip file, both of libarchive's zip readers) and no decompression.
#include "io/archive_reader.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cerrno>
#include <utility>

namespace pgnkit::io {
namespace {

// The reader's own buffer for open(), and the block size asked of archive_read_open_filename.
constexpr std::size_t kBlockSize = std::size_t{64} << 10;

struct ArchiveFree {
  void operator()(archive* a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveFree>;

// What open()'s read callback pulls from, at a stable address (inside State).
struct PullClient {
  ArchiveReader::Pull pull;
  std::unique_ptr<char[]> buffer;
};

la_ssize_t pull_block(archive* /*a*/, void* client_data, const void** block) {
  auto* client = static_cast<PullClient*>(client_data);
  // An empty Pull is an empty stream; one that overfills is clamped (libarchive must never see
  // more than the buffer holds).
  const std::size_t n =
      client->pull ? std::min(client->pull(client->buffer.get(), kBlockSize), kBlockSize) : 0;
  *block = client->buffer.get();
  return static_cast<la_ssize_t>(n);
}

std::string message_of(archive* a) {
  const char* text = archive_error_string(a);
  return text != nullptr ? std::string(text) : std::string("libarchive gave no message");
}

IoError archive_error(IoErrorCode code, archive* a, std::uint64_t offset) {
  IoError e;
  e.code = code;
  e.offset = offset;
  e.text = message_of(a);
  return e;
}

// Archive bytes the format reader has consumed (for a file: where it has got to, seeks
// included).
std::uint64_t consumed(archive* a) {
  const la_int64_t n = archive_filter_bytes(a, -1);
  return n > 0 ? static_cast<std::uint64_t>(n) : 0;
}

void set(IoError* err, IoError e) {
  if (err != nullptr) *err = std::move(e);
}

// An archive object reading `format` with no decompression; nullptr (and *err) on failure.
ArchivePtr new_archive(ArchiveFormat format, bool seekable, IoError* err) {
  ArchivePtr a(archive_read_new());
  if (a == nullptr) {
    IoError e;
    e.code = IoErrorCode::DecoderInitFailed;
    set(err, std::move(e));
    return nullptr;
  }
  int r = ARCHIVE_OK;
  switch (format) {
    // From a file, both zip readers: the seekable one wins the bid when the central directory
    // is there; the streaming one takes an archive without one (empty or truncated).
    case ArchiveFormat::Zip:
      r = seekable ? archive_read_support_format_zip(a.get())
                   : archive_read_support_format_zip_streamable(a.get());
      break;
    case ArchiveFormat::Tar: r = archive_read_support_format_tar(a.get()); break;
  }
  if (r == ARCHIVE_OK) r = archive_read_support_filter_none(a.get());
  if (r != ARCHIVE_OK) {
    set(err, archive_error(IoErrorCode::DecoderInitFailed, a.get(), 0));
    return nullptr;
  }
  return a;
}

EntryType type_of(archive_entry* entry) {
  // A tar hard link's type is that of its target; the link is what tells it apart.
  if (archive_entry_hardlink(entry) != nullptr) return EntryType::Hardlink;
  switch (archive_entry_filetype(entry)) {
    case AE_IFREG: return EntryType::Regular;
    case AE_IFDIR: return EntryType::Directory;
    case AE_IFLNK: return EntryType::Symlink;
    default: return EntryType::Other;
  }
}

ArchiveEntry entry_of(archive_entry* entry) {
  ArchiveEntry out;
  const char* name = archive_entry_pathname(entry);
  // Null when the name cannot be shown in the current locale; its UTF-8 form still exists.
  if (name == nullptr) name = archive_entry_pathname_utf8(entry);
  if (name != nullptr) out.name = name;
  out.type = type_of(entry);
  out.encrypted = archive_entry_is_encrypted(entry) != 0;
  if (archive_entry_size_is_set(entry) != 0 && archive_entry_size(entry) >= 0) {
    out.size = static_cast<std::uint64_t>(archive_entry_size(entry));
  }
  return out;
}

// libarchive's errno for bytes of no format it reads: ARCHIVE_ERRNO_FILE_FORMAT, which its
// public header leaves undefined (archive_platform.h: EFTYPE where the OS has it, else EILSEQ).
#ifdef EFTYPE
constexpr int kFormatErrno = EFTYPE;
#else
constexpr int kFormatErrno = EILSEQ;
#endif

// libarchive's open both opens the file and bids on its format: its errno tells which failed
// (neither open(2) nor read(2) gives kFormatErrno; libarchive's own errors have none, or -1).
IoErrorCode open_code(int sys_errno) {
  if (sys_errno == kFormatErrno || sys_errno <= 0) return IoErrorCode::ArchiveCorrupt;
  switch (sys_errno) {
    case ENOENT: return IoErrorCode::NotFound;
    case EISDIR: return IoErrorCode::IsDirectory;
    case EACCES: return IoErrorCode::PermissionDenied;
    default: return IoErrorCode::OpenFailed;
  }
}

}  // namespace

struct ArchiveReader::State {
  ArchivePtr a;
  PullClient client;            // open() only
  bool readable = false;        // read() may call archive_read_data
  bool done = false;            // next() gave nullopt
  std::uint64_t delivered = 0;  // the current member's bytes so far
  std::optional<IoError> member_error;
  std::optional<IoError> error;
};

ArchiveReader::ArchiveReader(std::unique_ptr<State> state) : state_(std::move(state)) {}
ArchiveReader::~ArchiveReader() = default;

std::unique_ptr<ArchiveReader> ArchiveReader::open(ArchiveFormat format, Pull pull, IoError* err) {
  auto state = std::make_unique<State>();
  state->a = new_archive(format, false, err);
  if (state->a == nullptr) return nullptr;
  state->client.pull = std::move(pull);
  state->client.buffer = std::make_unique_for_overwrite<char[]>(kBlockSize);
  const int r = archive_read_open(state->a.get(), &state->client, nullptr, pull_block, nullptr);
  if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
    set(err, archive_error(IoErrorCode::ArchiveCorrupt, state->a.get(), 0));
    return nullptr;
  }
  return std::unique_ptr<ArchiveReader>(new ArchiveReader(std::move(state)));
}

std::unique_ptr<ArchiveReader> ArchiveReader::open_file(const std::string& path,
                                                        ArchiveFormat format, IoError* err) {
  auto state = std::make_unique<State>();
  state->a = new_archive(format, true, err);
  if (state->a == nullptr) return nullptr;
  archive* a = state->a.get();
  const int r = archive_read_open_filename(a, path.c_str(), kBlockSize);
  if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
    // A directory opens, then fails at its first read with EISDIR.
    const int sys_errno = archive_errno(a);
    IoError e = archive_error(open_code(sys_errno), a, 0);
    if (e.code != IoErrorCode::ArchiveCorrupt) e.sys_errno = sys_errno;
    set(err, std::move(e));
    return nullptr;
  }
  return std::unique_ptr<ArchiveReader>(new ArchiveReader(std::move(state)));
}

std::optional<ArchiveEntry> ArchiveReader::next() {
  State& s = *state_;
  s.readable = false;
  s.delivered = 0;
  s.member_error.reset();
  if (s.done) return std::nullopt;
  archive_entry* entry = nullptr;
  const int r = archive_read_next_header(s.a.get(), &entry);
  switch (r) {
    case ARCHIVE_OK:
    case ARCHIVE_WARN:  // e.g. a name not convertible to the locale: the entry is whole
      s.readable = true;
      return entry_of(entry);
    case ARCHIVE_FAILED:
      // The header was read but this entry cannot be (libarchive leaves the archive in its
      // header state: reading data now would kill the archive object).
      s.member_error = archive_error(IoErrorCode::MemberUnreadable, s.a.get(), 0);
      return entry_of(entry);
    case ARCHIVE_EOF: s.done = true; return std::nullopt;
    default:
      // FATAL, or RETRY for a damaged tar header: libarchive's retry rescans blindly from
      // the next block, so a damaged archive ends here.
      s.done = true;
      s.error = archive_error(IoErrorCode::ArchiveCorrupt, s.a.get(), consumed(s.a.get()));
      return std::nullopt;
  }
}

std::size_t ArchiveReader::read(char* dst, std::size_t cap) {
  State& s = *state_;
  if (!s.readable || cap == 0) return 0;
  const la_ssize_t n = archive_read_data(s.a.get(), dst, cap);
  if (n > 0) {
    s.delivered += static_cast<std::uint64_t>(n);
    return static_cast<std::size_t>(n);
  }
  s.readable = false;
  if (n == 0) return 0;
  // FAILED: libarchive cannot read this member but can skip it (encrypted, unknown method).
  // WARN: the data ended but does not check (CRC, size). RETRY, FATAL: the data is bad.
  const IoErrorCode code =
      n == ARCHIVE_FAILED ? IoErrorCode::MemberUnreadable : IoErrorCode::ArchiveCorrupt;
  s.member_error = archive_error(code, s.a.get(), s.delivered);
  if (n == ARCHIVE_FATAL) {
    s.done = true;
    s.error = archive_error(IoErrorCode::ArchiveCorrupt, s.a.get(), consumed(s.a.get()));
  }
  return 0;
}

const std::optional<IoError>& ArchiveReader::member_error() const {
  return state_->member_error;
}

const std::optional<IoError>& ArchiveReader::error() const {
  return state_->error;
}

std::optional<ArchiveFormat> detect_archive(std::string_view first) {
  if (first.size() >= 4 && first.substr(0, 2) == "PK") {
    const std::string_view tag = first.substr(2, 2);
    if (tag == "\x03\x04" || tag == "\x05\x06") return ArchiveFormat::Zip;
  }
  constexpr std::size_t kUstarAt = 257;
  constexpr std::string_view kPosix("ustar\0", 6);
  constexpr std::string_view kGnu("ustar  \0", 8);
  if (first.size() >= kUstarAt + kPosix.size() && first.substr(kUstarAt, kPosix.size()) == kPosix) {
    return ArchiveFormat::Tar;
  }
  if (first.size() >= kUstarAt + kGnu.size() && first.substr(kUstarAt, kGnu.size()) == kGnu) {
    return ArchiveFormat::Tar;
  }
  return std::nullopt;
}

}  // namespace pgnkit::io
