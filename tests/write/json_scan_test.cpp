// The fast checks of write/json.h (32 or 16 bytes at a time, or one vector for short texts)
// against a byte-by-byte reading of their contract, on random texts of every length up to 400
// drawn from the bytes that matter (specials, spaces, line breaks, UTF-8, plain letters).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>

#include "write/json.h"

namespace pgnkit::write::json_scan_test {  // its own: the sanitizer tree joins the files
namespace {

bool special(unsigned char c) {
  return c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
}

bool plain(std::string_view s) {
  for (const char c : s)
    if (special(static_cast<unsigned char>(c))) return false;
  return true;
}

bool plain_folded(std::string_view s) {
  if (!plain(s)) return false;
  if (!s.empty() && (s.front() == ' ' || s.back() == ' ')) return false;
  return s.find("  ") == std::string_view::npos;
}

TEST(json, PlainChecksAgreeWithTheirContract) {
  const std::string alphabet = std::string("ab Z09~[%]:.,") + '"' + '\\' + '\t' + '\n' + '\r' +
                               '\x7f' + '\x80' + '\xc3' + '\xff' + '\x1f' + '\x00';
  std::mt19937 rng(7);
  std::size_t plain_count = 0, folded_count = 0;
  for (int round = 0; round < 200000; ++round) {
    // One text in four is long (up to 400 bytes: the 32-byte AVX2 scan, where the CPU has
    // it), with one byte in a few hundred drawn from the alphabet; the others up to 80.
    const bool long_text = round % 4 == 0;
    const std::size_t n = long_text ? rng() % 401 : rng() % 81;
    const unsigned per_10000 = long_text ? 9980 : 9000;
    // Mostly plain letters and single spaces, so that both answers come up often.
    std::string s(n, 'a');
    for (std::size_t i = 0; i < n; ++i) {
      const unsigned r = rng() % 10000;
      s[i] = r < per_10000 ? (r % 5 == 0 && i > 0 && s[i - 1] != ' ' ? ' ' : "abcdefgh"[r % 8])
                           : alphabet[rng() % alphabet.size()];
    }
    // In a block of exactly its size, so that ASan notices any read past the text.
    const std::unique_ptr<char[]> block(new char[n]);
    std::copy(s.begin(), s.end(), block.get());
    const std::string_view text(block.get(), n);
    ASSERT_EQ(is_plain_json(text), plain(text)) << '"' << text << '"';
    ASSERT_EQ(is_plain_folded_json(text), plain_folded(text)) << '"' << text << '"';
    std::string copy(n + 1, '#');
    char* end = copy_if_plain_folded(copy.data(), text);
    ASSERT_EQ(end != nullptr, plain_folded(text)) << '"' << text << '"';
    if (end) {
      ASSERT_EQ(end, copy.data() + n);
      ASSERT_EQ(copy.substr(0, n), text);
      ASSERT_EQ(copy[n], '#');
    }
    std::string plain_copy(n + 1, '#');
    end = copy_if_plain(plain_copy.data(), text);
    ASSERT_EQ(end != nullptr, plain(text)) << '"' << text << '"';
    if (end) {
      ASSERT_EQ(end, plain_copy.data() + n);
      ASSERT_EQ(plain_copy.substr(0, n), text);
      ASSERT_EQ(plain_copy[n], '#');
    }
    plain_count += plain(text);
    folded_count += plain_folded(text);
  }
  EXPECT_GT(plain_count, 20000u);
  EXPECT_GT(folded_count, 10000u);
}

// Every place a pair of spaces (or one special byte) can sit in texts of 1 to 200 bytes: the
// block edges of the 16-, 32- and 64-byte scans, where random texts rarely put them.
TEST(json, PlainChecksFindEveryPosition) {
  for (std::size_t n = 1; n <= 200; ++n) {
    for (std::size_t i = 0; i < n; ++i) {
      std::string s(n, 'a');
      const std::unique_ptr<char[]> block(new char[n]);  // exact size, for ASan
      s[i] = '"';
      std::copy(s.begin(), s.end(), block.get());
      std::string_view text(block.get(), n);
      ASSERT_FALSE(is_plain_json(text)) << n << " " << i;
      ASSERT_FALSE(is_plain_folded_json(text)) << n << " " << i;
      if (i == 0 || i + 1 == n) continue;
      s[i] = ' ';
      std::copy(s.begin(), s.end(), block.get());
      ASSERT_TRUE(is_plain_folded_json(text)) << n << " " << i;
      s[i + 1] = ' ';
      std::copy(s.begin(), s.end(), block.get());
      if (i + 2 == n) continue;  // a trailing space, not a pair inside
      ASSERT_TRUE(is_plain_json(text)) << n << " " << i;
      ASSERT_FALSE(is_plain_folded_json(text)) << n << " " << i;
      std::string copy(n, '#');
      ASSERT_EQ(copy_if_plain_folded(copy.data(), text), nullptr) << n << " " << i;
    }
  }
}

}  // namespace
}  // namespace pgnkit::write::json_scan_test
