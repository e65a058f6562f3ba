#include "commands/tree_merge.h"

namespace pgnkit::commands {

tree::PlyRecord ply_record(const TreeGame& g, const TreePly& p, tree::GameRef ref) {
  tree::PlyRecord r;
  r.key = p.key;
  r.ref = ref;
  r.move = p.move;
  r.result = static_cast<std::uint8_t>(g.result);
  r.black_to_move = p.black ? 1 : 0;
  r.elo = p.black ? g.black_elo : g.white_elo;
  r.year = g.year;
  return r;
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
      const tree::PlyRecord record = ply_record(g, p, ref);
      if (table_ != nullptr) {
        table_->add(record);
        continue;
      }
      auto [it, added] = moves_.try_emplace(p.move);
      it->second.stats.add(tree::record_stats(record));
      if (added) it->second.example_tags.assign(tags);
      if (on_game_) on_game_(TreeQueryGame{ref, p.move, g.result, tags});
    }
  }
}

}  // namespace pgnkit::commands
