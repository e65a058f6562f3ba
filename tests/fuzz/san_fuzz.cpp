// libFuzzer target pgnkit_fuzz_san: the input is "FEN\nSAN" (or SAN alone: the start
// position), and the SAN is read by chess::parse_san, tolerant and strict, and by the quick
// path chess::parse_quick_san. Each answer is checked by a second route:
//   - a move read is one of generate_legal()'s moves, and its canonical SAN (write_san)
//     reads back, strictly, as the same move;
//   - strict reading never accepts what tolerant reading rejects, and agrees on the move;
//   - parse_quick_san, when it answers, gives parse_san's move and suffix (its contract);
//   - an error result names a SanError with a message, and Ambiguous lists >= 2 candidates.
// A failed check aborts, which libFuzzer reports as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "chess/san_quick.h"

namespace {

using namespace pgnkit;

[[noreturn]] void fail(const char* what, std::string_view san) {
  std::fprintf(stderr, "pgnkit_fuzz_san: check failed: %s (SAN '%.*s')\n", what,
               static_cast<int>(san.size()), san.data());
  std::abort();
}

void check_read(const chess::Position& pos, std::string_view text, bool allow_null) {
  chess::SanOptions tolerant;
  tolerant.allow_null = allow_null;
  chess::SanOptions strict = tolerant;
  strict.mode = chess::SanMode::Strict;
  const chess::SanResult t = chess::parse_san(pos, text, tolerant);
  const chess::SanResult s = chess::parse_san(pos, text, strict);

  if (s.ok() && !t.ok()) fail("strict accepts only what tolerant accepts", text);
  if (s.ok() && !(s.move == t.move)) fail("strict and tolerant read the same move", text);
  if (!t.ok()) {
    if (chess::san_error_message(t.error).empty()) fail("an error has a message", text);
    if (t.error == chess::SanError::Ambiguous && t.candidate_count < 2)
      fail("an ambiguous move lists its candidates", text);
  } else if (!t.move.is_null()) {
    chess::MoveList legal;
    chess::generate_legal(pos, legal);
    if (!legal.contains(t.move)) fail("a move read is legal", text);
    char san[chess::kMaxSan];
    const std::string_view canonical(san,
                                     static_cast<std::size_t>(chess::write_san(pos, t.move, san)));
    const chess::SanResult again = chess::parse_san(pos, canonical, strict);
    if (!again.ok() || !(again.move == t.move)) fail("canonical SAN reads back", canonical);
  }

  chess::QuickSan quick;
  if (chess::parse_quick_san(pos, text, quick)) {
    if (!t.ok()) fail("the quick path reads only what parse_san reads", text);
    if (!(quick.move == t.move) || quick.suffix != t.suffix)
      fail("the quick path and parse_san agree", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  chess::Position pos;
  std::string_view san = input;
  bool have_position = false;
  if (const std::size_t newline = input.find('\n'); newline != std::string_view::npos) {
    san = input.substr(newline + 1);
    have_position = !chess::parse_fen(input.substr(0, newline), pos);
  }
  if (!have_position && chess::parse_fen(chess::kStartFen, pos)) std::abort();
  check_read(pos, san, false);
  check_read(pos, san, true);
  return 0;
}
