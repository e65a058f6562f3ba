// One input of a run, opened: a file or stdin read as one stream (io::Source, any
// compression), or a zip or tar archive (of any compression: .tar.gz, .tar.zst, ...) read as
// its PGN members one after another, each a stream of its own named "archive:member".
//
// Which archive members are read: regular members whose name is an input file's
// (is_input_name: .pgn and its compressed forms; .ndjson/.jsonl for line jobs), and those
// whose name has no extension when their first bytes look like one (a tag or a move number;
// for line jobs a JSON object). Directories are passed over in silence; other members
// (another extension, a link, an archive inside the archive) are skipped with a note, and an
// encrypted member or one of an unknown method fails alone: the members after it are read.
//
// Everything is read front to back once: a .tar.gz is decompressed on the way (ahead, on a
// second thread, as a file's stream is), a zip in a regular file is read through its
// central directory. Memory is bounded as a Source's is, plus libarchive's buffers.
//
//   auto input = io::Input::open(path, &err);
//   while (auto entry = input->next()) {
//     if (entry->source) read(*entry->source);              // a stream: the file, or a member
//     else if (entry->failure) report(describe(*entry->failure, entry->name));
//     else note(entry->name, entry->skipped);                // a member passed over
//   }
//   if (input->error()) report(describe(*input->error(), input->name()));
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "io/archive_reader.h"
#include "io/error.h"
#include "io/source.h"

namespace pgnkit::io {

// What next() gives: a stream to read, or a member that is not read and why.
struct InputEntry {
  std::string name;  // the stream's name: the path, "<stdin>", or "archive:member"
  // Set: read it before calling next() again (next() ends it). Owned by the Input.
  Source* source = nullptr;
  std::optional<IoError> failure;  // set: a member that cannot be read (encrypted, ...)
  std::string_view skipped;        // else: why the member is passed over ("a symbolic link")
};

class Input {
 public:
  // Opens `path` ("-" is stdin). `lines`: the job reads NDJSON, so members named .ndjson or
  // .jsonl are its inputs. nullopt (and *err) when the path cannot be opened.
  static std::optional<Input> open(std::string_view path, IoError* err = nullptr,
                                   SourceOptions options = {}, bool lines = false);
  // The same over a stream already open (a memory block, a pipe): an archive in it is read
  // front to back. nullopt (and *err) when it holds an archive libarchive cannot open.
  static std::optional<Input> from_source(Source source, IoError* err = nullptr,
                                          SourceOptions options = {}, bool lines = false);

  Input(Input&&) noexcept;
  Input& operator=(Input&&) noexcept;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  ~Input();

  // The next entry, in archive order; nullopt at the end, or once the archive failed
  // (error()). A stream given before is ended first: its Source is gone.
  std::optional<InputEntry> next();
  // What ended an archive early (ArchiveCorrupt with the archive's byte offset); a plain
  // stream's own errors are its Source's.
  const std::optional<IoError>& error() const { return error_; }
  // The path as given ("<stdin>" for "-").
  std::string_view name() const { return name_; }
  // Whether the input is an archive (its streams are members).
  bool is_archive() const { return archive_ != nullptr; }

 private:
  Input() = default;
  std::optional<InputEntry> next_member();

  std::string name_;
  SourceOptions options_;
  bool lines_ = false;
  std::unique_ptr<Source> outer_;           // the file's stream (an archive's bytes when streamed)
  bool plain_given_ = false;                // a plain input's one stream has been given
  std::unique_ptr<ArchiveReader> archive_;  // set: an archive
  std::unique_ptr<Source> member_;          // the member being read
  std::optional<IoError> error_;
};

}  // namespace pgnkit::io
