// The members of a zip or tar archive, one after another, over libarchive. The caller tells
// the format (detect_archive) and removes any outer compression itself (a .tar.gz is given
// as tar bytes); this reader only walks entries and streams their bytes.
//
// Memory is bounded: a member's bytes stream through buffers of fixed size (the 64 KiB input
// blocks, libarchive's 256 KiB of decoded zip data); nothing grows with a member's size. A zip
// read from a file keeps its central directory (some dozens of bytes an entry).
//
// What libarchive 3.6.2 does, the same in both modes unless told (archive_reader_test.cpp
// checks each):
//  - libarchive settles the format when the archive is opened: bytes that are not an archive
//    of the format given (or no bytes) fail open() and open_file() with ArchiveCorrupt
//    ("Unrecognized archive format").
//  - Encrypted zip members (zip -e): next() gives them with encrypted = true; read() fails at
//    once with MemberUnreadable ("Passphrase required for this entry"); the members after
//    them still read.
//  - Compression methods libarchive lacks (implode, shrink, ...): read() fails with
//    MemberUnreadable ("Unsupported ZIP compression method"); the next member still reads.
//    bzip2 members (zip -Z bzip2) read like deflate ones.
//  - zip64 archives (zip -fz) read.
//  - A CRC or size mismatch, found at a member's end: read() fails with ArchiveCorrupt; the
//    next member still reads. Deflate data that does not decode is fatal to libarchive: the
//    member and the archive both fail (ArchiveCorrupt, "ZIP decompression failed").
//  - A failing read() delivers none of the bytes it decoded (libarchive returns the error in
//    place of the count), so a member's bytes may stop up to one read() short of the damage.
//  - A truncated archive: the entries before the cut come whole, then read() of the cut
//    member, or next() when it is skipped, fails with ArchiveCorrupt (tar: "Truncated tar
//    archive"; a deflated zip member: "ZIP decompression failed"). A zip file cut before its
//    central directory is read front to back, as open() reads it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/error.h"

namespace pgnkit::io {

enum class ArchiveFormat : std::uint8_t { Zip, Tar };

// How many first bytes detect_archive needs to tell a tar (its header block).
inline constexpr std::size_t kArchiveMagicBytes = 512;

// The archive format of a stream from its first bytes (already decompressed: a .tar.gz is
// given as tar bytes; pass at least kArchiveMagicBytes when the stream has them): zip by a
// local file header "PK\x03\x04" or an empty archive's end record "PK\x05\x06"; tar by
// "ustar" at byte 257 (POSIX "ustar\0" and GNU "ustar  \0"). nullopt: neither, or too short.
std::optional<ArchiveFormat> detect_archive(std::string_view first);

enum class EntryType : std::uint8_t { Regular, Directory, Symlink, Hardlink, Other };

struct ArchiveEntry {
  std::string name;  // the member's path as stored
  EntryType type = EntryType::Regular;
  bool encrypted = false;             // zip: its data (or metadata) is encrypted
  std::optional<std::uint64_t> size;  // when the archive says (a streamed zip may not)
};

class ArchiveReader {
 public:
  // Fills dst with up to cap bytes of the archive; 0 at its end (or a failure, which the
  // caller reports itself). Called on whatever thread calls next() and read().
  using Pull = std::function<std::size_t(char* dst, std::size_t cap)>;

  // An archive whose bytes come from pull, read front to back (a pipe, stdin, or a tar
  // decompressed by the caller). zip read this way uses libarchive's streaming zip reader,
  // which trusts the local headers (a deflated member with a data descriptor ends where its
  // data does; a stored one where the descriptor's signature is found). pull is first called
  // here, to settle the format. nullptr (and *err, when given, set) when libarchive cannot be
  // set up (DecoderInitFailed) or the bytes are not a `format` archive (ArchiveCorrupt).
  static std::unique_ptr<ArchiveReader> open(ArchiveFormat format, Pull pull, IoError* err);

  // A zip or tar in a regular file at `path`: zip is read through its central directory
  // (libarchive's seekable zip reader: right for members written with data descriptors),
  // or front to back when the file has none (an empty or truncated zip); skipping a member
  // seeks. nullptr and *err (when given) set when the file cannot be opened (NotFound,
  // IsDirectory, PermissionDenied, OpenFailed with sys_errno), or as open() fails.
  static std::unique_ptr<ArchiveReader> open_file(const std::string& path, ArchiveFormat format,
                                                  IoError* err);

  ArchiveReader(const ArchiveReader&) = delete;
  ArchiveReader& operator=(const ArchiveReader&) = delete;
  ~ArchiveReader();

  // Moves to the next entry (skipping the unread rest of the current one). nullopt at the
  // end of the archive, or when it is corrupt or truncated: then error() is set
  // (ArchiveCorrupt, text = libarchive's message, offset = archive bytes consumed so far).
  // A damaged tar header ends the archive (no resynchronizing on later headers). An entry
  // whose header libarchive reads but cannot use comes with member_error() already set
  // (MemberUnreadable) and no bytes. After nullopt, always nullopt.
  std::optional<ArchiveEntry> next();

  // The current entry's bytes: up to cap; 0 at its end (directories and links have none)
  // or when it cannot be read, then member_error() tells why: MemberUnreadable for an
  // encrypted member or an unsupported compression method, ArchiveCorrupt for bad data or a
  // truncated archive (e.g. a CRC mismatch); text = libarchive's words, offset = the
  // member's bytes delivered before it. A member error does not end the archive unless the
  // archive itself is damaged (then error() is set as well and next() gives nullopt).
  // After 0, always 0 until next().
  std::size_t read(char* dst, std::size_t cap);

  // The current member's error; cleared by next().
  const std::optional<IoError>& member_error() const;
  // The error that ended the archive.
  const std::optional<IoError>& error() const;

 private:
  struct State;
  explicit ArchiveReader(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace pgnkit::io
