#include "ndjson/feed.h"

#include "replay/tag_checks.h"

namespace pgnkit::ndjson::detail {

pgn::Location Feeder::at(std::uint32_t column) const {
  pgn::Location loc = line_start_;
  loc.column = column;
  loc.offset += column - 1;
  return loc;
}

void Feeder::tag(std::string_view name, std::string_view value, std::uint32_t column) {
  // The builder takes the value as written between quotes in PGN: escape '"' and '\'.
  std::string_view raw = value;
  // (Two searches: find_first_of() would search the set once per byte of the value.)
  if (value.find('"') != std::string_view::npos || value.find('\\') != std::string_view::npos) {
    scratch_.clear();
    for (const char c : value) {
      if (c == '"' || c == '\\') scratch_ += '\\';
      scratch_ += c;
    }
    raw = scratch_;
  }
  builder_.tag(name, raw, at(column));
}

void Feeder::variations(const MoveData& m) {
  for (std::uint32_t v = m.first_variation; v != kNone; v = game_->lines[v].next) {
    const pgn::Location where = at(m.column);
    if (builder_.begin_variation(where) == pgn::Skip::Yes) continue;
    line(game_->lines[v].first);
    builder_.end_variation(where);
  }
}

void Feeder::move(const MoveData& m) {
  const pgn::Location where = at(m.column);
  const GameData& g = *game_;
  const std::string_view text = m.san.empty() ? m.uci : m.san;
  if (comments_)
    for (std::uint32_t i = m.before.begin; i < m.before.end; ++i)
      builder_.comment(g.texts[i], where);
  if (text.empty()) {
    variations(m);  // variations before the first move of the line come first
  } else {
    builder_.san(text, where);
  }
  if (nags_)
    for (std::uint32_t i = m.nags.begin; i < m.nags.end; ++i) builder_.nag(g.nags[i], where);
  if (comments_) {
    if (!m.commands.empty()) {
      scratch_.clear();
      write::append_command_comment(scratch_, m.commands);
      builder_.comment(scratch_, where);
    }
    for (std::uint32_t i = m.comments.begin; i < m.comments.end; ++i)
      builder_.comment(g.texts[i], where);
  }
  if (!text.empty()) variations(m);
}

void Feeder::line(std::uint32_t first) {
  for (std::uint32_t m = first; m != kNone; m = game_->moves[m].next) move(game_->moves[m]);
}

void Feeder::play(const GameData& g, std::uint64_t number, pgn::Location line_start,
                  std::uint64_t end_offset) {
  game_ = &g;
  line_start_ = line_start;
  builder_.begin_game(pgn::GameInfo{number, line_start});
  bool has_fen = false;
  if (g.has_tags || !g.lichess.any) {
    for (const TagData& t : g.tags) {
      tag(t.name, t.value, t.column);
      has_fen |= t.name == "FEN";
    }
  } else {
    lichess_tags(g.lichess, built_);
    for (const auto& item : built_.items) {
      tag(item.name, built_.value(item), 1);
      has_fen |= item.name == "FEN";
    }
  }
  if (!has_fen && !g.fen.empty()) {  // a start position given only as "fen"
    tag("SetUp", "1", 1);
    tag("FEN", g.fen, 1);
  }
  builder_.begin_movetext();
  line(g.main);
  std::string_view result = g.result;
  std::uint32_t result_column = g.result_column;
  if (result.empty() && !g.has_tags && g.lichess.any) {
    result = lichess_result(g.lichess);
    result_column = 1;
  }
  if (const auto outcome = replay::parse_result(result))
    builder_.termination(*outcome, result, at(result_column));
  pgn::EndInfo end;
  end.number = number;
  end.end_offset = end_offset;
  end.has_result = !result.empty();
  builder_.end_game(end);
}

}  // namespace pgnkit::ndjson::detail
