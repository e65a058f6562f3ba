// NdjsonStream: `convert --to ndjson` from PGN without a GameRecord for the games that need
// none. The line is written as the reader's calls come, the same bytes as write_ndjson()
// writes for the game's record; the calls are also logged (GameLog: a few bytes per call,
// texts referred to in the reader's buffer, storage reused), which holds the comments until
// their move's object is written.
//
// A game with move errors (has_move_errors() of its record: an illegal move, a move after
// the end, a game cut short or not replayable) is handed over as a record instead, built by
// playing the log into a RecordBuilder, so that --on-error is applied by write::annotate()
// exactly as for any record.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/san.h"
#include "io/source.h"
#include "replay/record_builder.h"
#include "write/game_log.h"
#include "write/text_buffer.h"

namespace pgnkit::write {
namespace detail {
class NdjsonParts;
}

class NdjsonGameSink {
 public:
  virtual ~NdjsonGameSink() = default;
  virtual void problem(const replay::Problem&) {}
  virtual void unreported(const replay::Problem&) {}  // as replay::ReplaySink::unreported
  // A game without move errors: its line, valid during the call.
  virtual void line(std::uint64_t number, std::string_view line) = 0;
  // A game with move errors, as a record.
  virtual void record(const replay::GameRecord& record) = 0;
};

// A ReadThroughReplayer, as RecordBuilder is: the reader reports the same problems.
class NdjsonStream : public replay::ReadThroughReplayer, private replay::ReplaySink {
 public:
  // `laws` picks the edition of the Laws for each game (replay::ReplayOptions::laws).
  explicit NdjsonStream(NdjsonGameSink& sink, replay::LawsChoice laws = replay::LawsChoice::ByDate);
  ~NdjsonStream() override;

  // pgn::Visitor callbacks (hide the base's): each is logged, then forwarded.
  void begin_game(const pgn::GameInfo& info);
  pgn::Control tag(std::string_view name, std::string_view value_raw, pgn::Location where,
                   pgn::TagValue form);
  pgn::Control begin_movetext();
  pgn::Control san(std::string_view text, pgn::Location where);
  pgn::Control nag(std::uint32_t code, pgn::Location where);
  pgn::Control comment(std::string_view text, pgn::Location where);
  pgn::Skip begin_variation(pgn::Location where);
  pgn::Control end_variation(pgn::Location where);
  void termination(pgn::Outcome outcome, std::string_view text, pgn::Location where);
  pgn::Control syntax_error(const pgn::SyntaxIssue& issue);
  void end_game(const pgn::EndInfo& info);
  // The reader is about to move the bytes the log's tag, move and comment texts refer to. Only
  // a game being read needs its texts: the log of one that has ended is done with (and may
  // refer to an earlier reader's buffer, when the stream reads more than one source).
  void before_buffer_moves() {
    if (in_game_) log_.materialize();
  }

 private:
  class MoveWriter;
  class Fallback;

  void start_line();
  [[gnu::noinline]] pgn::Control other_comment(std::string_view text, pgn::Location where);

  // ReplaySink.
  void problem(const replay::Problem& p) override;
  void unreported(const replay::Problem& p) override {
    if (in_game_) text_skipped_ = p.code == replay::ProblemCode::TextInMovetext;
    sink_.unreported(p);
  }
  void game_end(const replay::GameReport& r) override;

  NdjsonGameSink& sink_;
  bool in_game_ = false;
  GameLog log_;
  struct TagText {
    GameLog::Ref name, value;  // value unescaped, as a record holds it
    std::uint64_t key;         // detail::name_key(name)
  };
  std::vector<TagText> tags_;
  struct TagView {
    std::string_view name, value;
  };
  std::vector<TagView> tag_views_;
  std::array<std::uint64_t, 4> tag_bits_{};  // a bit per tag name read (by a hash of its key)
  bool tags_again_ = false;                  // a name came twice
  bool fen_tag_ = false;
  std::size_t result_tag_ = SIZE_MAX;  // the last Result tag's index in tags_, if any
  std::string unescaped_;
  std::optional<pgn::Outcome> marker_;
  std::vector<replay::Problem> problems_;  // the game's are the first problem_count_
  std::size_t problem_count_ = 0;
  bool text_skipped_ = false;                // the replayer took the last token for a word
  char canonical_[chess::kMaxSan + 2] = {};  // a move's SAN when written otherwise
  TextBuffer line_;
  std::unique_ptr<detail::NdjsonParts> parts_;  // writes into line_
  std::unique_ptr<MoveWriter> writer_;
  bool in_moves_ = false;  // the line is written up to "moves":[
  std::unique_ptr<Fallback> fallback_;
};

// Reads PGN from `source` into `sink` (in its own translation unit: the reader is a
// template, instantiated here once for this visitor).
pgn::ReadStats stream_ndjson(io::Source& source, NdjsonGameSink& sink,
                             const pgn::ReaderOptions& options = {},
                             replay::LawsChoice laws = replay::LawsChoice::ByDate);

}  // namespace pgnkit::write
