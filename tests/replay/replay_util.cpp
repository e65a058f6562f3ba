#include "replay_util.h"

#include "chess/fen.h"

namespace pgnkit::replay::testing {

void Run::game_end(const GameReport& r) {
  games.push_back(
      {r.status, r.plies, r.rules_result, r.auto_draw_ply, r.threefold_ply, r.fifty_ply,
       r.consistent,
       r.final_position ? chess::write_fen(*r.final_position, chess::EpWrite::WhenLegal) : "",
       r.laws});
}

Run replay_text(const std::string& pgn, ReplayOptions opt) {
  Run run;
  io::Source source = io::Source::from_memory(pgn, "test.pgn");
  Replayer replayer(run, opt);
  pgn::read_pgn(source, replayer);
  return run;
}

std::string game(const std::string& movetext, const std::string& result,
                 const std::string& extra_tags) {
  return "[Event \"T\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black "
         "\"B\"]\n"
         "[Result \"" +
         result + "\"]\n" + extra_tags + "\n" + movetext + " " + result + "\n\n";
}

}  // namespace pgnkit::replay::testing
