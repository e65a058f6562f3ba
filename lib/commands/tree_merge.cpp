#include "commands/tree_merge.h"

namespace pgnkit::commands {

tree::MoveStats game_stats(const TreeGame& g, bool black_moves, tree::GameRef ref) {
  tree::MoveStats s;
  s.games = 1;
  s.white = g.result == TreeResult::WhiteWins;
  s.draws = g.result == TreeResult::Draw;
  s.black = g.result == TreeResult::BlackWins;
  const std::uint16_t elo = black_moves ? g.black_elo : g.white_elo;
  if (elo != 0) {
    s.elo_sum = elo;
    s.elo_games = 1;
  }
  s.first_year = s.last_year = g.year;
  s.example = ref;
  return s;
}

void TreeMerge::records(const pipeline::Records& records, std::uint64_t game_base) {
  const auto& r = static_cast<const TreeRecords&>(records);
  const std::uint64_t input = inputs_.empty() ? 0 : inputs_.size() - 1;
  for (const TreeGame& g : r.games) {
    ++counted_;
    const tree::GameRef ref = tree::GameRef::of(input, game_base + g.number);
    const std::string_view tags = std::string_view(r.tags).substr(g.tags_at, g.tags_size);
    if (on_counted_) on_counted_(ref, g.offset, tags);
    for (std::uint32_t i = 0; i < g.plies; ++i) {
      const TreePly& p = r.plies[g.first_ply + i];
      const tree::MoveStats s = game_stats(g, p.black, ref);
      if (table_ != nullptr) {
        table_->add(p.key, p.move, p.black, s);
        if (postings_ != nullptr) {
          tree::Posting posting;
          posting.key = p.key;
          posting.ref = ref;
          posting.move = p.move;
          posting.result = static_cast<std::uint8_t>(g.result);
          postings_->add(posting);
        }
        continue;
      }
      auto [it, added] = moves_.try_emplace(p.move);
      it->second.stats.add(s);
      if (added) it->second.example_tags.assign(tags);
      if (on_game_) on_game_(TreeQueryGame{ref, p.move, g.result, tags});
    }
  }
}

}  // namespace pgnkit::commands
