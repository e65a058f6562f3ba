#include "pipeline/line_splitter.h"

#include <algorithm>
#include <cstring>

namespace pgnkit::pipeline {
namespace {

constexpr std::size_t kReadBlock = std::size_t{1} << 16;

std::uint32_t count_line_feeds(const char* p, std::size_t n) {
  std::uint32_t lines = 0;
  const char* const end = p + n;
  while (p < end) {
    const void* lf = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    if (lf == nullptr) break;
    ++lines;
    p = static_cast<const char*>(lf) + 1;
  }
  return lines;
}

}  // namespace

LineSplitter::LineSplitter(io::Source& source, std::size_t target)
    : source_(source), target_(std::max<std::size_t>(target, 64)) {
  buf_.reserve(target_ + kReadBlock);
}

void LineSplitter::fill(std::size_t want) {
  while (buf_.size() < want && !eof_) {
    const std::size_t have = buf_.size();
    const std::size_t block = std::max(kReadBlock, want - have);
    buf_.reserve(have + block);
    const std::size_t n = source_.read(buf_.data() + have, block);
    buf_.resize(have + n);
    if (n == 0) eof_ = true;
  }
}

bool LineSplitter::next(Chunk& chunk) {
  if (done_) return false;
  // The first LF at or after target_ - 1: the chunk then holds at least target_ bytes.
  std::size_t from = target_ - 1, at = 0;
  bool last = false;
  for (;;) {
    fill(from + 1);
    if (buf_.size() <= from) {  // the input ends first: the rest is the last chunk
      at = buf_.size();
      last = true;
      break;
    }
    const void* lf = std::memchr(buf_.data() + from, '\n', buf_.size() - from);
    if (lf != nullptr) {
      at = static_cast<std::size_t>(static_cast<const char*>(lf) - buf_.data()) + 1;
      break;
    }
    from = buf_.size();
  }
  chunk.start = next_start_;
  chunk.cut = last ? Cut::End : Cut::Candidate;
  chunk.last = last;
  // The chunk takes the buffer; the bytes read past the cut start the next one.
  Bytes rest;
  rest.reserve(target_ + kReadBlock);
  rest.resize(buf_.size() - at);
  std::memcpy(rest.data(), buf_.data() + at, rest.size());
  chunk.bytes = std::move(buf_);
  chunk.bytes.resize(at);
  buf_ = std::move(rest);
  next_start_.offset += at;
  next_start_.line += count_line_feeds(chunk.bytes.data(), at);
  next_start_.column = 1;
  if (last) done_ = true;
  return true;
}

}  // namespace pgnkit::pipeline
