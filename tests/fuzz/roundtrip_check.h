// The PGN writer's round trip (issue 26 §6), one definition for the GoogleTest over the
// fixtures (tests/convert/roundtrip_pgn_test.cpp) and the libFuzzer target fuzz_roundtrip
// (roundtrip_fuzz.cpp): for any input, what `convert --to pgn` writes, read back, gives the
// same games. Precisely, with R the records of the input (RecordBuilder), each after convert's
// --on-error keep step (write::annotate: a bad move keeps its text and gains a
// "pgnkit: CODE: message" comment), W their PGN (write::write_pgn, default options) and S the
// records W reads back as:
//   - S has as many games as R;
//   - per game, the same tags: the Seven Tag Roster (a missing one as the writer writes it:
//     "?", "????.??.??", and Result as write::result_text()) and each other tag name of R once,
//     with R's last value, in UTF-8 (the writer converts Latin-1), and no other;
//   - the same moves, line by line (main line and variations, nested): each node played in
//     both and as the same move (UCI), or not played in either and with the same text as
//     written; the same NAGs; the same comments, each compared as UTF-8 with its white space
//     folded (runs of ' ', '\t', '\n', '\r' as one space, none at either end), since the
//     writer folds and wraps comments;
//   - whether the game was replayed, and its termination marker (the Result written);
//   - no new error: every error code S reports for the game, R reported for it too; but for a
//     game the input cut short (a syntax error, R.cut), which is written as far as it was read
//     and is no longer cut, the result is now judged by its last position: result_contradicted
//     may be new there (a Result tag the moves read contradict).
#pragma once

#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chess/uci.h"
#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "replay/tag_checks.h"
#include "write/annotate.h"
#include "write/json.h"
#include "write/pgn_writer.h"

namespace pgnkit::roundtrip {

struct Games : replay::RecordSink {
  std::vector<replay::GameRecord> games;
  void game(const replay::GameRecord& r) override { games.push_back(r); }
};

// The games of `bytes`, read in place (ReaderOptions::in_memory, as lib/pipeline reads its
// chunks: no read buffer) from a copy with the padding the reader needs. (Records are not kept
// from call to call: what they would hold at a fuzz input's end makes libFuzzer count more
// allocations than frees and look for a leak.)
inline std::vector<replay::GameRecord> read(std::string_view bytes) {
  thread_local std::string padded;  // only grows
  padded.assign(bytes);
  padded.resize(bytes.size() + pgn::kReaderPadding);
  pgn::ReaderOptions options;
  options.in_memory = padded.data();
  options.in_memory_size = bytes.size();
  Games g;
  io::Source nothing = io::Source::from_memory(std::string_view(), "roundtrip");
  replay::RecordBuilder builder(g);
  pgn::read_pgn(nothing, builder, options);
  return std::move(g.games);
}

// UTF-8, white space folded.
inline std::string folded(std::string_view text) {
  std::string utf8, out;
  write::append_utf8(utf8, text);
  std::size_t at = 0;
  for (std::string_view word; !(word = write::next_fold_word(utf8, at)).empty();) {
    if (!out.empty()) out += ' ';
    out.append(word);
  }
  return out;
}

inline std::string utf8(std::string_view text) {
  std::string out;
  write::append_utf8(out, text);
  return out;
}

class Comparer {
 public:
  // "" when `back` is `written` read back, as above; else the first difference.
  std::string games(std::span<const replay::GameRecord> written,
                    std::span<const replay::GameRecord> back) {
    if (written.size() != back.size())
      return "games: " + std::to_string(written.size()) + " written, " +
             std::to_string(back.size()) + " read back";
    for (std::size_t i = 0; i < written.size() && diff_.empty(); ++i) {
      game_ = i + 1;
      game(written[i], back[i]);
    }
    return diff_;
  }

 private:
  void differ(const std::string& what) {
    if (diff_.empty()) diff_ = "game " + std::to_string(game_) + ": " + what;
  }

  void game(const replay::GameRecord& w, const replay::GameRecord& b) {
    tags(w, b);
    if (w.replayed != b.replayed) differ("replayed differs");
    const std::string_view result = write::result_text(w);
    const std::string_view marker = b.marker ? pgn::outcome_text(*b.marker) : "none";
    if (marker != result)
      differ("marker " + std::string(marker) + ", written " + std::string(result));
    line(w.main, b.main, w.start, b.start, "main line");
    for (const replay::Problem& p : b.problems) {
      if (p.severity != replay::Severity::Error) continue;
      if (w.cut && p.code == replay::ProblemCode::ResultContradicted) continue;
      bool known = false;
      for (const replay::Problem& q : w.problems) known |= q.code_name() == p.code_name();
      if (!known)
        differ("new error " + std::string(p.code_name()) + " at line " +
               std::to_string(p.where.line) + ": " + p.message);
    }
  }

  void tags(const replay::GameRecord& w, const replay::GameRecord& b) {
    std::vector<std::string_view> names;
    for (int i = 0; i < 7; ++i) {
      const std::string_view name = replay::seven_tag_roster_name(i);
      names.push_back(name);
      const std::string* value = w.tag(name);
      const std::string expected = name == "Result" ? std::string(write::result_text(w))
                                   : value          ? utf8(*value)
                                   : name == "Date" ? "????.??.??"
                                                    : "?";
      expect_tag(b, name, expected);
    }
    for (const replay::Tag& t : w.tags) {
      if (replay::seven_tag_roster_index(t.name) >= 0) continue;
      names.push_back(t.name);
      expect_tag(b, t.name, utf8(*w.tag(t.name)));
    }
    for (const replay::Tag& t : b.tags) {
      bool known = false;
      for (const std::string_view n : names) known |= n == t.name;
      if (!known) differ("new tag [" + t.name + "]");
    }
    std::size_t unique = 0;
    for (std::size_t i = 0; i < b.tags.size(); ++i) {
      bool first = true;
      for (std::size_t j = 0; j < i; ++j) first &= b.tags[j].name != b.tags[i].name;
      unique += first;
    }
    if (unique != b.tags.size()) differ("a tag written twice");
  }
  void expect_tag(const replay::GameRecord& b, std::string_view name, const std::string& value) {
    const std::string* got = b.tag(name);
    if (!got) return differ("tag [" + std::string(name) + "] lost");
    if (*got != value)
      differ("tag [" + std::string(name) + "] \"" + *got + "\", written \"" + value + "\"");
  }

  void comments(const replay::Recycled<std::string>& w, const replay::Recycled<std::string>& b,
                const std::string& where) {
    if (w.size() != b.size())
      return differ(where + ": " + std::to_string(w.size()) + " comments written, " +
                    std::to_string(b.size()) + " read back");
    for (std::size_t i = 0; i < w.size(); ++i) {
      const std::string a = folded(w[i]), c = folded(b[i]);
      if (a != c) differ(where + ": comment \"" + a + "\" read back as \"" + c + "\"");
    }
  }

  void line(const replay::Line& w, const replay::Line& b, const chess::Position& ws,
            const chess::Position& bs, const std::string& where) {
    comments(w.leading_comments, b.leading_comments, where + " (before its first move)");
    if (w.moves.size() != b.moves.size())
      return differ(where + ": " + std::to_string(w.moves.size()) + " nodes written, " +
                    std::to_string(b.moves.size()) + " read back");
    chess::Position wp = ws, bp = bs;
    for (std::size_t i = 0; i < w.moves.size() && diff_.empty(); ++i) {
      const replay::MoveNode& x = w.moves[i];
      const replay::MoveNode& y = b.moves[i];
      const std::string at = where + ", node " + std::to_string(i + 1) + " '" + x.san + "'";
      for (std::size_t v = 0; v < x.variations.size() && v < y.variations.size(); ++v)
        line(x.variations[v], y.variations[v], wp, bp, at + ", variation " + std::to_string(v + 1));
      if (x.variations.size() != y.variations.size()) differ(at + ": variations differ");
      if (x.played != y.played) {
        differ(at + (x.played ? ": played, read back not" : ": not played, read back played"));
      } else if (x.played) {
        const std::string a = chess::to_uci(wp, x.move), c = chess::to_uci(bp, y.move);
        if (a != c) differ(at + ": " + a + " read back as " + c);
        wp.play(x.move);
        bp.play(y.move);
      } else if (x.san != y.san) {
        differ(at + ": read back as '" + y.san + "'");
      }
      if (x.nags != y.nags) differ(at + ": NAGs differ");
      comments(x.comments, y.comments, at);
    }
  }

  std::string diff_;
  std::size_t game_ = 0;
};

// What `convert --to pgn` writes for a game: one with move errors goes through --on-error
// keep first (tools/cmd_convert), which never drops it.
inline void for_output(replay::GameRecord& game) {
  if (!write::has_move_errors(game)) return;
  write::AnnotateOptions options;
  options.on_error = write::OnError::Keep;
  write::annotate(game, options);
}

// The whole property for `bytes`: "" when it holds; else the first difference. `written`
// (when not null) gets the PGN written.
inline std::string check(std::string_view bytes, std::string* written = nullptr) {
  std::vector<replay::GameRecord> games = read(bytes);
  std::string pgn;
  for (replay::GameRecord& g : games) {
    for_output(g);
    write::write_pgn(g, {}, pgn);
  }
  if (written) *written = pgn;
  return Comparer().games(games, read(pgn));
}

}  // namespace pgnkit::roundtrip
