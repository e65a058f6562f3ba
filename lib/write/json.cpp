#include "write/json.h"

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PGNKIT_SCAN_AVX2 1  // an AVX2 scan for long texts, chosen at run time
#endif

#include "write/text_buffer.h"

namespace pgnkit::write {
namespace {

// Windows-1252 code points for 0x80-0x9F; 0 where the byte is undefined (then Latin-1).
constexpr std::uint16_t kCp1252[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

void put_code_point(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Length of the valid UTF-8 sequence at text[i], or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  std::size_t len = 0;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF)
    len = 2;
  else if (c >= 0xE0 && c <= 0xEF)
    len = 3;
  else if (c >= 0xF0 && c <= 0xF4)
    len = 4;
  else
    return 0;
  if (i + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  const auto c1 = static_cast<unsigned char>(text[i + 1]);
  // Overlong 3/4-byte forms, surrogates and code points above U+10FFFF.
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) ||
      (c == 0xF4 && c1 >= 0x90))
    return 0;
  return len;
}

template <class Emit>
void convert(std::string& out, std::string_view text, Emit&& emit_ascii) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      emit_ascii(c);
      ++i;
      continue;
    }
    const std::size_t len = utf8_length(text, i);
    if (len) {
      out.append(text.substr(i, len));
      i += len;
      continue;
    }
    const std::uint16_t mapped = c < 0xA0 ? kCp1252[c - 0x80] : 0;
    put_code_point(out, mapped ? mapped : c);
    ++i;
  }
}

// Bytes a JSON string cannot take as they are: below 0x20, from 0x80 up, '"' and '\\'.
bool special_byte(unsigned char c) {
  return c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
}

// Word-at-a-time tests for short texts: bit 7 of each byte of the result is set exactly where
// the byte of `x` is zero.
template <class W>
W zero_bytes(W x) {
  constexpr W low7 = static_cast<W>(~W{0} / 255 * 0x7F);
  return static_cast<W>(~(((x & low7) + low7) | x | low7));
}
template <class W>
W spread(unsigned char c) {
  return static_cast<W>(~W{0} / 255 * c);
}
// Bit 7 set for each special byte of `x`, and (with `folded`) for each space followed by one.
template <bool folded, class W>
W stop_bytes(W x) {
  W stops = static_cast<W>((x & spread<W>(0x80)) | zero_bytes<W>(x & spread<W>(0xE0)) |
                           zero_bytes<W>(x ^ spread<W>('"')) | zero_bytes<W>(x ^ spread<W>('\\')));
  if constexpr (folded) {
    const W spaces = zero_bytes<W>(x ^ spread<W>(' '));
    stops |= static_cast<W>(spaces & (spaces >> 8));  // little endian: the next byte is above
  }
  return stops;
}
template <class W>
W load(const char* p) {
  W w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// Scans n bytes at p for special bytes and, with `folded`, for two spaces in a row; copies
// them to `out` when `out` is not null and there is none. True when there is none.
#if PGNKIT_SCAN_AVX2
// scan_plain() for n >= 64, 64 bytes at a time: long comments (an engine's analysis) are most
// of what the NDJSON writer and the PGN writer read. Compiled for AVX2 whatever the build's
// flags; called only where the CPU has it (see scan_plain).
// The bytes of v that are special (below 0x20 or from 0x80 up, '"', '\\'), as a mask.
__attribute__((target("avx2"))) inline std::uint32_t special_avx2(__m256i v) {
  const __m256i bad = _mm256_or_si256(
      _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v),  // signed: bytes from 0x80 up too
      _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')),
                      _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))));
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(bad));
}
__attribute__((target("avx2"))) inline std::uint32_t spaces_avx2(__m256i v) {
  return static_cast<std::uint32_t>(
      _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' '))));
}

template <bool folded>
__attribute__((target("avx2"))) bool scan_plain_avx2(const char* p, std::size_t n, char* out) {
  const char* q = p;
  const char* const end = p + n;
  // A space after a space: each byte's space bit against the one before it, carried across
  // blocks in `after_space`.
  std::uint64_t after_space = 0;
  for (; end - q >= 64; q += 64) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 32));
    if (out) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + (q - p)), a);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + (q - p) + 32), b);
    }
    std::uint64_t bad = special_avx2(a) | std::uint64_t{special_avx2(b)} << 32;
    if constexpr (folded) {
      const std::uint64_t spaces = spaces_avx2(a) | std::uint64_t{spaces_avx2(b)} << 32;
      bad |= spaces & (spaces << 1 | after_space);
      after_space = spaces >> 63;
    }
    if (bad != 0) return false;
  }
  if (end - q >= 32) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    if (out) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + (q - p)), a);
    std::uint32_t bad = special_avx2(a);
    if constexpr (folded) {
      const std::uint32_t spaces = spaces_avx2(a);
      bad |= spaces & (spaces << 1 | static_cast<std::uint32_t>(after_space));
    }
    if (bad != 0) return false;
    q += 32;
  }
  if (q == end) return true;
  // Fewer than 32 bytes left: the last 32 (overlapping what was checked, so that the pair
  // across the boundary is inside the block).
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(end - 32));
  std::uint32_t bad = special_avx2(v);
  if constexpr (folded) {
    const std::uint32_t spaces = spaces_avx2(v);
    bad |= spaces & (spaces << 1);
  }
  if (bad != 0) return false;
  if (out) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + n - 32), v);
  return true;
}

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}
#endif

template <bool folded>
bool scan_plain(const char* p, std::size_t n, char* out) {
  static_assert(std::endian::native == std::endian::little);
#if PGNKIT_SCAN_AVX2
  if (n >= 64 && cpu_has_avx2()) return scan_plain_avx2<folded>(p, n, out);
#endif
#if defined(__SSE2__)
  if (n < 16) {
    // Short texts (tag values, SAN, short comments): the bytes in a zeroed block, checked as
    // one vector; the zeros after them are masked off.
    alignas(16) char block[16] = {};
    copy_bytes(block, p, n);
    const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(block));
    const __m128i special = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)),
                                         _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
    auto bad = static_cast<unsigned>(_mm_movemask_epi8(special));
    if constexpr (folded) {
      const auto spaces =
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))));
      bad |= spaces & (spaces >> 1);
    }
    if ((bad & ((1u << n) - 1)) != 0) return false;
    if (out) copy_bytes(out, block, n);
    return true;
  }
#endif
  if (n < 16) {
    // Two overlapping words cover the text; each pair of neighbours is inside one of them.
    bool stop = false;
    if (n >= 8) {
      stop = (stop_bytes<folded>(load<std::uint64_t>(p)) |
              stop_bytes<folded>(load<std::uint64_t>(p + n - 8))) != 0;
    } else if (n >= 4) {
      stop = (stop_bytes<folded>(load<std::uint32_t>(p)) |
              stop_bytes<folded>(load<std::uint32_t>(p + n - 4))) != 0;
    } else {
      for (std::size_t i = 0; i < n && !stop; ++i)
        stop = special_byte(static_cast<unsigned char>(p[i])) ||
               (folded && i > 0 && p[i] == ' ' && p[i - 1] == ' ');
    }
    if (stop) return false;
    if (out) copy_bytes(out, p, n);
    return true;
  }
#if defined(__SSE2__)
  const __m128i below = _mm_set1_epi8(0x20);  // signed: bytes from 0x80 up are below too
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(' ');
  auto special = [&](__m128i v) {
    return _mm_or_si128(_mm_cmplt_epi8(v, below),
                        _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
  };
  // Bytes of the block at q that stop the copy: special, or (folded) a space followed by one
  // (the byte after the block included, so that 16 + 1 bytes must be readable).
  auto stops = [&](const char* q) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    __m128i bad = special(v);
    if constexpr (folded) {
      const __m128i next = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + 1));
      bad = _mm_or_si128(bad, _mm_and_si128(_mm_cmpeq_epi8(v, space), _mm_cmpeq_epi8(next, space)));
    }
    if (out) _mm_storeu_si128(reinterpret_cast<__m128i*>(out + (q - p)), v);
    return bad;
  };
  const char* q = p;
  const char* const end = p + n;
  for (; end - q >= 33; q += 32) {
    if (_mm_movemask_epi8(_mm_or_si128(stops(q), stops(q + 16))) != 0) return false;
  }
  if (end - q >= 17) {
    if (_mm_movemask_epi8(stops(q)) != 0) return false;
    q += 16;
  }
  // The last 16 bytes (overlapping what was checked): neighbours inside the block only, which
  // covers every pair not checked above.
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(end - 16));
  unsigned bad = static_cast<unsigned>(_mm_movemask_epi8(special(v)));
  if constexpr (folded) {
    const auto spaces = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, space)));
    bad |= spaces & (spaces >> 1);
  }
  if (bad != 0) return false;
  if (out) _mm_storeu_si128(reinterpret_cast<__m128i*>(out + n - 16), v);
  return true;
#else
  for (std::size_t i = 0; i + 8 <= n; i += 7) {  // overlapping words: every pair is in one
    if (stop_bytes<folded>(load<std::uint64_t>(p + i)) != 0) return false;
  }
  if (stop_bytes<folded>(load<std::uint64_t>(p + n - 8)) != 0) return false;
  if (out) std::memcpy(out, p, n);
  return true;
#endif
}

}  // namespace

bool is_ascii(std::string_view text) {
  const char* p = text.data();
  std::size_t n = text.size();
  for (; n >= 8; p += 8, n -= 8)
    if ((load<std::uint64_t>(p) & spread<std::uint64_t>(0x80)) != 0) return false;
  for (; n > 0; ++p, --n)
    if (static_cast<unsigned char>(*p) >= 0x80) return false;
  return true;
}

bool is_plain_json(std::string_view text) {
  return scan_plain<false>(text.data(), text.size(), nullptr);
}

bool is_plain_folded_json(std::string_view text) {
  const std::size_t n = text.size();
  if (n > 0 && (text[0] == ' ' || text[n - 1] == ' ')) return false;
  return scan_plain<true>(text.data(), n, nullptr);
}

char* copy_if_plain(char* out, std::string_view text) {
  return scan_plain<false>(text.data(), text.size(), out) ? out + text.size() : nullptr;
}

char* copy_if_plain_folded(char* out, std::string_view text) {
  const std::size_t n = text.size();
  if (n > 0 && (text[0] == ' ' || text[n - 1] == ' ')) return nullptr;
  return scan_plain<true>(text.data(), n, out) ? out + n : nullptr;
}

bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t len = utf8_length(text, i);
    if (!len) return false;
    i += len;
  }
  return true;
}

void append_utf8(std::string& out, std::string_view text) {
  convert(out, text, [&out](unsigned char c) { out += static_cast<char>(c); });
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  // Most text (names, FENs, codes) is plain printable ASCII: copy that run at once.
  std::size_t plain = 0;
  while (plain < text.size()) {
    const auto c = static_cast<unsigned char>(text[plain]);
    if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') break;
    ++plain;
  }
  out.append(text.substr(0, plain));
  text.remove_prefix(plain);
  convert(out, text, [&out](unsigned char c) {
    switch (c) {
      case '"': out += "\\\""; return;
      case '\\': out += "\\\\"; return;
      case '\n': out += "\\n"; return;
      case '\r': out += "\\r"; return;
      case '\t': out += "\\t"; return;
      default: break;
    }
    if (c < 0x20 || c == 0x7F) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  });
  out += '"';
}

}  // namespace pgnkit::write
