// libFuzzer target pgnkit_fuzz_fen: the input is one FEN, read by chess::parse_fen as a
// standard game and as Chess960. A FEN that reads is checked by a second route each time:
//   - written back (append_fen) it reads again, to the same FEN: writing is a fixed point;
//   - the legal moves (generate_legal) number what count_legal() counts;
//   - each legal move's canonical SAN (write_san) reads back (parse_san, strict) as that move,
//     and its UCI (parse_uci) too.
// A failed check aborts, which libFuzzer reports as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/san.h"
#include "chess/uci.h"

namespace {

using namespace pgnkit;

[[noreturn]] void fail(const char* what, std::string_view fen, std::string_view detail) {
  std::fprintf(stderr, "pgnkit_fuzz_fen: check failed: %s\n  fen: %.*s\n  %.*s\n", what,
               static_cast<int>(fen.size()), fen.data(), static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

void check_position(const chess::Position& pos, bool chess960) {
  const std::string fen = chess::write_fen(pos);
  chess::Position again;
  if (const auto problem = chess::parse_fen(fen, again, chess960))
    fail("a written FEN reads again", fen, chess::fen_error_message(problem->error));
  if (const std::string twice = chess::write_fen(again); twice != fen)
    fail("FEN written, read, written again is the same", fen, twice);

  chess::MoveList moves;
  chess::generate_legal(pos, moves);
  if (static_cast<int>(moves.size) != chess::count_legal(pos))
    fail("generate_legal and count_legal agree", fen, "");
  chess::SanOptions strict;
  strict.mode = chess::SanMode::Strict;
  for (const chess::Move m : moves) {
    char san[chess::kMaxSan];
    const std::string_view text(san, static_cast<std::size_t>(chess::write_san(pos, m, san)));
    const chess::SanResult read = chess::parse_san(pos, text, strict);
    if (!read.ok() || !(read.move == m)) fail("canonical SAN reads back as its move", fen, text);
    const std::string uci = chess::to_uci(pos, m);
    const auto from_uci = chess::parse_uci(pos, uci);
    if (!from_uci || !(*from_uci == m)) fail("UCI reads back as its move", fen, uci);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fen(reinterpret_cast<const char*>(data), size);
  for (const bool chess960 : {false, true}) {
    chess::Position pos;
    if (!chess::parse_fen(fen, pos, chess960)) check_position(pos, chess960);
  }
  return 0;
}
