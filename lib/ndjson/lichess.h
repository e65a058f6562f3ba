// Lichess's game export (NDJSON) -> the tags and moves of a PGN game, as docs/formats.md lists.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ndjson/game_data.h"

namespace pgnkit::ndjson::detail {

// Tags built from lichess fields: names are literals, values live in `text`.
struct BuiltTags {
  struct Item {
    std::string_view name;
    std::size_t begin, end;  // in text
  };
  std::string text;
  std::vector<Item> items;
  void add(std::string_view name, std::string_view value) {
    const std::size_t begin = text.size();
    text += value;
    items.push_back({name, begin, text.size()});
  }
  std::string_view value(const Item& item) const {
    return std::string_view(text).substr(item.begin, item.end - item.begin);
  }
};

// Event, Site, Date, Round, White, Black, Result, UTCDate, UTCTime, WhiteElo, BlackElo,
// WhiteRatingDiff, BlackRatingDiff, WhiteTitle, BlackTitle, Variant, TimeControl, ECO, Opening,
// Termination, SetUp, FEN: each where its fields are present.
void lichess_tags(const LichessData& lichess, BuiltTags& out);

// Splits the "moves" string into the main line's moves, with "clocks" and "analysis" as their
// [%clk] and [%eval] commands.
void build_lichess_moves(GameData& game);

// The result lichess's fields give: "1-0", "0-1", "1/2-1/2" or "*".
std::string_view lichess_result(const LichessData& lichess);

}  // namespace pgnkit::ndjson::detail
