#include "write/ndjson_writer.h"

#include "write/line_writers.h"
#include "write/ndjson_parts.h"
#include "write/pgn_writer.h"

namespace pgnkit::write {
namespace {

// Writes a GameRecord's lines: each move object in the order of the format.
class RecordWriter {
 public:
  RecordWriter(detail::NdjsonParts& parts, bool chess960) : w_(parts), chess960_(chess960) {}

  void line(const replay::Line& l) {
    TextBuffer& out = w_.out();
    out.put('[');
    if (l.moves.empty() && !l.leading_comments.empty()) {
      // Only comments: they hang on a move object without a move.
      w_.move_head(false, {}, {}, chess960_);
      w_.texts("comment_before", "comments_before", l.leading_comments);
      out.put('}');
    }
    for (std::size_t i = 0; i < l.moves.size(); ++i) {
      if (i) out.put(',');
      move(l.moves[i], i == 0 ? &l : nullptr);
    }
    out.put(']');
  }

  void moves_only(const replay::Line& main) {
    TextBuffer& out = w_.out();
    w_.key("san");
    out.put('[');
    bool first = true;
    for (const replay::MoveNode& node : main.moves) {
      if (node.san.empty()) continue;
      if (!first) out.put(',');
      first = false;
      w_.json_string(node.san);
    }
    out.put(']');
    w_.key("uci");
    out.put('[');
    first = true;
    for (const replay::MoveNode& node : main.moves) {
      if (node.san.empty()) continue;
      char* p = out.room(kMaxUci + 8);
      if (!first) *p++ = ',';
      first = false;
      if (node.played) {
        *p++ = '"';
        p = put_uci(p, node.move, chess960_);
        *p++ = '"';
      } else {
        p = put(p, "null");
      }
      out.commit(p);
    }
    out.put(']');
  }

 private:
  void move(const replay::MoveNode& node, const replay::Line* first_of) {
    w_.move_head(node.played, node.san, node.move, chess960_);
    if (first_of) w_.texts("comment_before", "comments_before", first_of->leading_comments);
    w_.nags(node.nags);
    w_.move_comments(node.comments);
    if (!node.variations.empty()) {
      TextBuffer& out = w_.out();
      w_.key("variations");
      out.put('[');
      for (std::size_t i = 0; i < node.variations.size(); ++i) {
        if (i) out.put(',');
        line(node.variations[i]);
      }
      out.put(']');
    }
    w_.out().put('}');
  }

  detail::NdjsonParts& w_;
  bool chess960_;
};

}  // namespace

void write_ndjson(const replay::GameRecord& game, const NdjsonWriteOptions& options,
                  std::string& out) {
  TextBuffer buffer;
  write_ndjson(game, options, buffer);
  out += buffer.view();
}

void write_ndjson(const replay::GameRecord& game, const NdjsonWriteOptions& options,
                  TextBuffer& out) {
  detail::NdjsonParts parts(out);
  RecordWriter w(parts, is_chess960(game));
  parts.tags(game.tags);
  parts.start_fen(game.replayed && tag_value(game, "FEN") ? &game.start : nullptr);
  if (options.moves_only) {
    w.moves_only(game.main);
  } else {
    parts.key("moves");
    w.line(game.main);
  }
  parts.game_end(result_text(game), game.replayed ? &game.final_position : nullptr, game.problems);
}

}  // namespace pgnkit::write
