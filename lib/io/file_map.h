// A regular file's bytes in memory without a copy: the file mapped from an offset to the end
// it had when mapped, followed by writable padding. The zero-copy path of a plain file
// (Source::map_rest, SourceOptions::map_files): the reader lexes the page cache itself, which
// saves read(2)'s copy, a tenth to a quarter of a one-thread check on comment-heavy files.
//
// Memory stays bounded: the reader says how far it has got (passed()), and the pages wholly
// before that are given back to the kernel (they would be read again from the file if
// touched), so a long read holds about the reader's window, not the file.
//
// A file truncated while mapped would kill the process with SIGBUS when the reader touches a
// page past the new end. The first map installs a SIGBUS handler for the process: a fault
// inside a live map replaces the rest of that map with zero pages and records where
// (zeros_from())
// (the reader then sees NUL bytes, and the source reports the truncation); any other SIGBUS
// gets the disposition it had before (the handler steps aside and the fault repeats).
//
// Not thread-safe per object; distinct FileMaps may live on distinct threads (at most
// kMaxLive at once: past that, map() declines and the caller reads instead).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace pgnkit::io {

class FileMap {
 public:
  static constexpr std::size_t kMaxLive = 32;

  // Maps bytes [offset, offset + size) of `fd`, an open regular file, then `padding` zero
  // bytes; every byte is writable (private to this map: the file never changes). Returns
  // nullopt when size is 0 or the system declines (the caller reads the file instead).
  // `counter`, when set, gets the bytes passed() over (SourceOptions::bytes_read) but the
  // first `counted` ones (read(2) counted them already).
  static std::optional<FileMap> map(int fd, std::uint64_t offset, std::uint64_t size,
                                    std::size_t padding,
                                    std::atomic<std::uint64_t>* counter = nullptr,
                                    std::uint64_t counted = 0);

  FileMap(FileMap&& other) noexcept;
  FileMap& operator=(FileMap&& other) noexcept;
  FileMap(const FileMap&) = delete;
  FileMap& operator=(const FileMap&) = delete;
  ~FileMap();

  char* data() const { return data_; }
  std::size_t size() const { return size_; }

  // The reader has got to p (inside [data(), data() + size()]): the bytes before it count as
  // read for progress, and the pages wholly before it are given back. Their bytes stay valid
  // (read from the file again if touched). Never moves backwards.
  void passed(const char* p);

  // Set when a page of the file was gone when touched (the file was truncated under the
  // map): the offset in data() from which the bytes read as zeros.
  std::optional<std::size_t> zeros_from() const;

 private:
  FileMap() = default;
  void release();

  char* base_ = nullptr;    // the mapping's first byte (page-aligned)
  std::size_t length_ = 0;  // the whole mapping: file pages, then anonymous ones
  char* data_ = nullptr;    // the byte at `offset`
  std::size_t size_ = 0;
  char* given_back_ = nullptr;  // pages before it have been given back
  const char* passed_ = nullptr;
  const char* counted_to_ = nullptr;  // the counter has the bytes before it
  std::atomic<std::uint64_t>* counter_ = nullptr;
  int slot_ = -1;  // this map's entry in the SIGBUS handler's table
};

}  // namespace pgnkit::io
