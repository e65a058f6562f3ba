#include "pipeline/splitter.h"

#include <immintrin.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <string_view>

#include "pgn/chars.h"

namespace pgnkit::pipeline {
namespace {

constexpr std::size_t kReadBlock = std::size_t{1} << 16;
constexpr std::size_t kCapFactor = 4;
// Bytes looked at after a line start to decide it: the tag shape, and a CR's LF.
constexpr std::size_t kLookahead = pgn::detail::kTagShapeWindow + 2;

// Maps the whole pages of a fresh buffer in one call. A chunk buffer is always filled (a
// pooled one again and again), and touching its pages one fault at a time cost more than the
// copy into them on this project's VM: about 1,600 faults per run at -j 2, 6% of the CPU of
// `check` on engine.pgn. Linux 5.14+; elsewhere madvise fails and the pages fault as before.
void populate(char* data, std::size_t size) {
  static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto first = (reinterpret_cast<std::uintptr_t>(data) + page - 1) & ~(page - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + size) & ~(page - 1);
  if (end > first) ::madvise(reinterpret_cast<void*>(first), end - first, MADV_POPULATE_WRITE);
}

bool blank_or_break(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// The line ends in b[*i, n) as count_lines() counts them, 32 bytes at a time from *i while a
// whole block and the byte after it are there; *i is left where it stopped.
__attribute__((target("avx2"))) std::uint64_t count_line_ends_avx2(const char* b, std::size_t n,
                                                                   std::size_t* i) {
  const __m256i lf = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
  const __m256i zero = _mm256_setzero_si256();
  std::uint64_t lines = 0;
  std::size_t at = *i;
  while (at + 33 <= n) {
    const std::size_t blocks = std::min<std::size_t>((n - at - 1) / 32, 255);
    __m256i lanes = zero;
    for (std::size_t k = 0; k < blocks; ++k, at += 32) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + at));
      const __m256i next = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + at + 1));
      const __m256i lone_cr =
          _mm256_andnot_si256(_mm256_cmpeq_epi8(next, lf), _mm256_cmpeq_epi8(v, cr));
      lanes = _mm256_sub_epi8(lanes, _mm256_or_si256(_mm256_cmpeq_epi8(v, lf), lone_cr));
    }
    const __m256i sums = _mm256_sad_epu8(lanes, zero);
    lines += static_cast<std::uint64_t>(_mm256_extract_epi64(sums, 0)) +
             static_cast<std::uint64_t>(_mm256_extract_epi64(sums, 1)) +
             static_cast<std::uint64_t>(_mm256_extract_epi64(sums, 2)) +
             static_cast<std::uint64_t>(_mm256_extract_epi64(sums, 3));
  }
  *i = at;
  return lines;
}

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

// Lines ended in text (LF, CRLF and a lone CR each end one, as the lexer counts); *last_start
// is set to the position after the last line end, when there is one.
std::uint64_t count_lines(std::string_view text, std::size_t* last_start) {
  const char* const b = text.data();
  const std::size_t n = text.size();
  // Line ends 16 bytes at a time: LFs, and CRs not followed by an LF (a lone CR ends a line;
  // CRLF is one line end, counted at its LF). Each compare gives 0xFF (-1) per hit, so
  // subtracting it counts per byte lane; the lanes are summed (psadbw) before they can
  // overflow. No popcount, which without -mpopcnt is a library call per block; AVX2 where
  // the CPU has it, else SSE2.
  std::uint64_t lines = 0;
  std::size_t i = 0;
  if (cpu_has_avx2()) lines += count_line_ends_avx2(b, n, &i);
  const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
  const __m128i zero = _mm_setzero_si128();
  const auto lane_sum = [&](__m128i lanes) {
    const __m128i sums = _mm_sad_epu8(lanes, zero);
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(sums)) +
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  };
  while (i + 17 <= n) {  // the byte after each block is looked at too
    const std::size_t blocks = std::min<std::size_t>((n - i - 1) / 16, 255);
    __m128i lanes = zero;
    for (std::size_t k = 0; k < blocks; ++k, i += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
      const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i + 1));
      const __m128i lone_cr = _mm_andnot_si128(_mm_cmpeq_epi8(next, lf), _mm_cmpeq_epi8(v, cr));
      lanes = _mm_sub_epi8(lanes, _mm_or_si128(_mm_cmpeq_epi8(v, lf), lone_cr));
    }
    lines += lane_sum(lanes);
  }
  for (; i < n; ++i) lines += b[i] == '\n' || (b[i] == '\r' && (i + 1 == n || b[i + 1] != '\n'));
  for (std::size_t k = n; k > 0; --k) {
    if (b[k - 1] == '\n' || b[k - 1] == '\r') {
      *last_start = k;
      break;
    }
  }
  return lines;
}

// The first p in [from, limit) with b[p] a line-end byte ('\n' or '\r'); limit if none.
std::size_t next_line_end(const char* b, std::size_t from, std::size_t limit) {
  const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
  std::size_t p = from;
  for (; p + 16 <= limit; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + p));
    const auto hits = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr))));
    if (hits != 0) return p + static_cast<std::size_t>(std::countr_zero(hits));
  }
  for (; p < limit; ++p)
    if (b[p] == '\n' || b[p] == '\r') return p;
  return limit;
}

}  // namespace

void Bytes::reserve(std::size_t n) {
  if (n <= capacity_) return;
  const std::size_t capacity = std::max(n, 2 * capacity_);
  auto data = std::make_unique_for_overwrite<char[]>(capacity);
  populate(data.get(), capacity);
  if (size_) std::memcpy(data.get(), data_.get(), size_);
  data_ = std::move(data);
  capacity_ = capacity;
}

Bytes ChunkPool::take(std::size_t n) {
  {
    std::lock_guard lock(m_);
    for (auto it = free_.begin(); it != free_.end(); ++it) {
      if (it->capacity() < n) continue;
      Bytes bytes = std::move(*it);
      free_.erase(it);
      bytes.resize(0);
      return bytes;
    }
  }
  Bytes bytes;
  bytes.reserve(n);
  return bytes;
}

void ChunkPool::give(Bytes bytes) {
  if (bytes.capacity() == 0) return;
  std::lock_guard lock(m_);
  if (free_.size() < limit_) free_.push_back(std::move(bytes));
}

Splitter::Splitter(io::Source& source, std::size_t target, ChunkPool* pool)
    : source_(source), target_(std::max<std::size_t>(target, 64)), pool_(pool) {
  buf_ = fresh_buffer();
}

Bytes Splitter::fresh_buffer() {
  // The usual chunk, and the read-ahead that finds its cut (a game or two): no regrowth.
  const std::size_t usual = target_ + 2 * kReadBlock + kLookahead;
  if (pool_) return pool_->take(usual);
  Bytes bytes;
  bytes.reserve(usual);
  return bytes;
}

void Splitter::fill(std::size_t want) {
  while (buf_.size() < want && !eof_) {
    const std::size_t have = buf_.size();
    // Into the room there is when it suffices (a regrowth copies the whole chunk so far).
    if (buf_.capacity() - have < want - have)
      buf_.reserve(have + std::max(kReadBlock, want - have));
    const std::size_t block = std::min(buf_.capacity() - have, std::max(kReadBlock, want - have));
    const std::size_t n = source_.read(buf_.data() + have, block);
    buf_.resize(have + n);
    if (n == 0) eof_ = true;
  }
}

bool Splitter::line_start_at(std::size_t i) {
  fill(i + kLookahead);
  if (i == 0 || i >= buf_.size()) return false;
  const char prev = buf_[i - 1];
  return prev == '\n' || (prev == '\r' && buf_[i] != '\n');
}

bool Splitter::after_result(std::size_t i) const {
  const char* const b = buf_.data();
  while (i > 0 && blank_or_break(b[i - 1])) --i;
  for (const std::string_view marker : {"1-0", "0-1", "1/2-1/2", "*"}) {
    if (i < marker.size() || std::memcmp(b + i - marker.size(), marker.data(), marker.size()) != 0)
      continue;
    const std::size_t before = i - marker.size();
    if (before == 0 || blank_or_break(b[before - 1])) return true;
  }
  return false;
}

std::size_t Splitter::find_cut(Cut& cut) {
  const std::size_t cap = kCapFactor * target_;
  fill(target_ + kLookahead);
  std::size_t tag_line = 0, line = 0;
  for (std::size_t i = target_;; ++i) {
    if (i >= buf_.size()) fill(i + kLookahead);  // reads on only as far as the scan goes
    if (i >= buf_.size()) {
      cut = Cut::End;  // the input ends within the cap
      return buf_.size();
    }
    if (i >= cap) break;
    const char c = buf_[i - 1];
    if (c != '\n' && c != '\r') {
      // On to just after the next line end in what is buffered (++i), or to the buffer's
      // end or the cap, where the checks above read on or stop.
      const std::size_t limit = std::min(buf_.size(), cap);
      const std::size_t end = next_line_end(buf_.data(), i, limit);
      i = end < limit ? end : limit - 1;
      continue;
    }
    if (!line_start_at(i)) continue;
    if (line == 0) line = i;
    if (buf_[i] != '[' || !pgn::detail::tag_shaped(buf_.data() + i, buf_.data() + buf_.size()))
      continue;
    if (tag_line == 0) tag_line = i;
    if (after_result(i)) {
      cut = Cut::Candidate;
      return i;
    }
  }
  if (tag_line != 0) {
    cut = Cut::TagLine;
    return tag_line;
  }
  if (line != 0) {
    cut = Cut::LineStart;
    return line;
  }
  cut = Cut::Forced;
  std::size_t at = cap;
  if (buf_[at - 1] == '\r' && at < buf_.size() && buf_[at] == '\n') ++at;  // keep CRLF whole
  return at;
}

bool Splitter::next(Chunk& chunk) {
  if (done_) return false;
  Cut cut = Cut::End;
  const std::size_t at = find_cut(cut);
  chunk.start = next_start_;
  chunk.cut = cut;
  chunk.last = cut == Cut::End;
  // The chunk takes the buffer; the few bytes read past the cut start the next one.
  Bytes rest = fresh_buffer();
  rest.resize(buf_.size() - at);
  std::memcpy(rest.data(), buf_.data() + at, rest.size());
  chunk.bytes = std::move(buf_);
  chunk.bytes.resize(at);
  chunk.bytes.reserve(at + pgn::kReaderPadding);  // a reader lexes it in place (rarely a copy)
  buf_ = std::move(rest);
  std::size_t last_start = std::string::npos;
  const std::uint64_t lines = count_lines(chunk.bytes.view(), &last_start);
  next_start_.offset += at;
  next_start_.line += static_cast<std::uint32_t>(lines);
  next_start_.column = last_start == std::string::npos
                           ? next_start_.column + static_cast<std::uint32_t>(at)
                           : static_cast<std::uint32_t>(at - last_start + 1);
  if (chunk.last) done_ = true;
  return true;
}

}  // namespace pgnkit::pipeline
