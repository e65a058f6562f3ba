#include "write/uci_stream.h"

#include "pgn/reader.h"
#include "write/line_writers.h"

namespace pgnkit::write {

UciStream::UciStream(UciGameSink& sink, replay::ReplayOptions options)
    : ReadThroughReplayer(*this,
                          [&options] {
                            options.want_moves = true;
                            return options;
                          }()),
      sink_(sink) {}

void UciStream::begin_game(const pgn::GameInfo& info) {
  moves_.clear();
  ReadThroughReplayer::begin_game(info);
}

void UciStream::problem(const replay::Problem& p) {
  sink_.problem(p);
}

void UciStream::move(const replay::MoveEvent& e) {
  // Main-line moves stop at the first that cannot be played: the line is dead after it.
  if (e.depth == 0) moves_.push_back(e.move);
}

void UciStream::game_end(const replay::GameReport& r) {
  // As has_move_errors() reads the record: cut short, not replayable (other than for an
  // unsupported variant), or a move that could not be played.
  const bool move_errors = r.cut ||
                           (!replayed() && r.status != replay::GameStatus::UnsupportedVariant) ||
                           r.move_errors > 0;
  const chess::Position* start = start_position();
  const bool chess960 = r.chess960 || (start && start->chess960());
  line_.resize(moves_.size() * (kMaxUci + 1) + 1);
  char* const first = line_.data();
  char* p = first;
  for (const chess::Move m : moves_) {
    if (p != first) *p++ = ' ';
    p = put_uci(p, m, chess960);
  }
  *p++ = '\n';
  sink_.game(
      UciGame{r.game, move_errors, std::string_view(first, static_cast<std::size_t>(p - first))});
}

pgn::ReadStats stream_uci_lines(io::Source& source, UciGameSink& sink,
                                const pgn::ReaderOptions& options, replay::LawsChoice laws) {
  replay::ReplayOptions replay_options;
  replay_options.laws = laws;
  UciStream stream(sink, replay_options);
  return pgn::read_pgn(source, stream, options);
}

}  // namespace pgnkit::write
