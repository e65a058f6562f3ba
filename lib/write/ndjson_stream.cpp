#include "write/ndjson_stream.h"

#include <span>

#include "chess/san.h"
#include "pgn/reader.h"
#include "pgn/tag.h"
#include "write/ndjson_move_writer.h"
#include "write/ndjson_parts.h"

namespace pgnkit::write {

// Builds the record of a game with move errors by playing its log into a RecordBuilder. The
// problems were reported when the game was read: they are not reported again.
class NdjsonStream::Fallback : private replay::RecordSink {
 public:
  Fallback(NdjsonGameSink& sink, replay::LawsChoice laws)
      : sink_(sink), builder_(*this, [laws] {
          replay::ReplayOptions options;
          options.laws = laws;
          return options;
        }()) {}
  void play(const GameLog& log) { log.replay(builder_); }

 private:
  void problem(const replay::Problem&) override {}
  void game(const replay::GameRecord& record) override { sink_.record(record); }

  NdjsonGameSink& sink_;
  replay::RecordBuilder builder_;
};

NdjsonStream::NdjsonStream(NdjsonGameSink& sink, replay::LawsChoice laws)
    : ReadThroughReplayer(static_cast<replay::ReplaySink&>(*this),
                          [laws] {
                            replay::ReplayOptions options;
                            options.want_last_move = true;  // not a move() call per move
                            options.laws = laws;
                            return options;
                          }()),
      sink_(sink),
      parts_(std::make_unique<detail::NdjsonParts>(line_)),
      writer_(std::make_unique<MoveWriter>()),
      fallback_(std::make_unique<Fallback>(sink, laws)) {}

NdjsonStream::~NdjsonStream() = default;

void NdjsonStream::begin_game(const pgn::GameInfo& info) {
  in_game_ = true;
  in_moves_ = false;
  log_.begin_game(info);
  tags_.clear();
  line_.clear();
  line_.put("{\"tags\":{");
  tag_bits_ = {};
  tags_again_ = false;
  fen_tag_ = false;
  result_tag_ = SIZE_MAX;
  marker_.reset();
  problem_count_ = 0;
  ReadThroughReplayer::begin_game(info);
}

pgn::Control NdjsonStream::tag(std::string_view name_written, std::string_view value_raw,
                               pgn::Location where, pgn::TagValue form) {
  ReadThroughReplayer::tag(name_written, value_raw, where);
  // As the replayer reads it: a known tag in another case ([fen]) under its standard name.
  const std::string_view name = tag_name();
  // The log keeps the name as written, so that a game replayed from it (the fallback) is told
  // of a name in another case as the replayer was; the line writes the standard name, kept
  // apart only when it differs (the replayer's table, not the input, holds it then).
  const auto [written_text, value_text] = log_.tag(name_written, value_raw, where);
  const GameLog::Ref name_text =
      name.data() == name_written.data() ? written_text : log_.keep(name);
  const std::uint64_t key = detail::name_key(name);
  TagText t{name_text, value_text, key};
  // Written as it comes, unless its name came before: then start_line() writes them all
  // again, each name once. A bit per name (of 256, by a hash of its key) finds most new
  // names without comparing names (all but one of a lichess game's 17).
  const auto bin = static_cast<unsigned>(key * 0x9E37'79B9'7F4A'7C15u >> 56);
  const std::uint64_t bit = std::uint64_t{1} << (bin & 63);
  std::uint64_t& bits = tag_bits_[bin >> 6];
  if ((bits & bit) != 0 && !tags_again_) {
    for (const TagText& u : tags_) tags_again_ |= u.key == key && log_.text(u.name) == name;
  }
  bits |= bit;
  bool written = false;
  if (!tags_again_) {
    // The reader's tag names are letters, digits, '_' and '-': no escapes. Most values need
    // neither unescaping ('\\' fails the check) nor JSON escapes: copied as they are (and
    // without a check when the reader saw it).
    char* p = line_.room(name.size() + value_raw.size() + 6);
    if (!tags_.empty()) *p++ = ',';
    *p++ = '"';
    p = put(p, name);
    p = put(p, "\":\"");
    if (char* end =
            form == pgn::TagValue::Printable ? put(p, value_raw) : copy_if_plain(p, value_raw)) {
      *end++ = '"';
      written = true;
      line_.commit(end);
    } else {
      line_.commit(p - 1);  // up to the ':'
    }
  }
  if (!written) {
    std::string_view value = value_raw;
    if (value_raw.find('\\') != std::string_view::npos) {
      unescaped_.clear();
      pgn::unescape_tag(value_raw, unescaped_);
      t.value = log_.keep(unescaped_);
      value = unescaped_;
    }
    if (!tags_again_) parts_->text(value);
  }
  if (name.size() == 3 && name == "FEN") fen_tag_ = true;
  if (name.size() == 6 && name == "Result") result_tag_ = tags_.size();  // the last one counts
  tags_.push_back(t);
  return pgn::Control::Continue;
}

pgn::Control NdjsonStream::begin_movetext() {
  log_.begin_movetext();
  ReadThroughReplayer::begin_movetext();
  start_line();
  return pgn::Control::Continue;
}

// The line up to "moves":[ : the tags and the start position are known once the movetext
// begins.
void NdjsonStream::start_line() {
  const chess::Position* start = start_position();
  detail::NdjsonParts& parts = *parts_;
  if (tags_again_) {
    tag_views_.clear();
    for (const TagText& t : tags_)
      tag_views_.push_back(TagView{log_.text(t.name), log_.text(t.value)});
    line_.clear();
    parts.tags(tag_views_);
  } else {
    line_.put('}');
  }
  parts.start_fen(replayed() && fen_tag_ ? start : nullptr);
  parts.key("moves");
  writer_->begin(line_, log_, start && start->chess960());
  in_moves_ = true;
}

pgn::Control NdjsonStream::san(std::string_view text, pgn::Location where) {
  log_.san(text, where);
  const std::uint64_t played_before = last_move().count;
  ReadThroughReplayer::san(text, where);
  if (in_moves_) {
    // Not played: as written. Played: canonical, which is the text as written for most moves.
    const LastMove& m = last_move();
    const bool played = m.count != played_before;
    // An en-passant mark written apart ("exd6 e.p.") is a note on the move before, not a move.
    if (!played && chess::is_en_passant_mark(text)) return pgn::Control::Continue;
    // A word ("mat", "resigns") is written as a comment, as the record keeps it.
    if (!played && text_skipped_) {
      text_skipped_ = false;
      writer_->comment(log_.keep(text), text);
      return pgn::Control::Continue;
    }
    std::string_view san = text;
    if (played && !replay::written_canonically(text, m.notes, m.quick)) {
      san = std::string_view(
          canonical_, static_cast<std::size_t>(chess::write_san(last_move_before(), m.move,
                                                                last_move_after(), canonical_)));
    }
    writer_->san(played, san, m.move);
  }
  return pgn::Control::Continue;
}

pgn::Control NdjsonStream::nag(std::uint32_t code, pgn::Location where) {
  log_.nag(code, where);
  if (in_moves_) writer_->nag(code);
  return pgn::Control::Continue;
}

pgn::Control NdjsonStream::comment(std::string_view text, pgn::Location where) {
  // Most comments (a lichess export's clocks) take a path without a call.
  if (in_moves_) [[likely]] {
    const std::int32_t clock = writer_->padded_clock(text);
    GameLog::Ref kept;
    if (clock >= 0 && log_.comment_in_room(text, where, kept)) [[likely]] {
      writer_->set_clock(kept, clock);
      return pgn::Control::Continue;
    }
  }
  return other_comment(text, where);
}

pgn::Control NdjsonStream::other_comment(std::string_view text, pgn::Location where) {
  const GameLog::Ref kept = log_.comment(text, where);
  if (in_moves_) writer_->comment(kept, text);
  return pgn::Control::Continue;
}

pgn::Skip NdjsonStream::begin_variation(pgn::Location where) {
  log_.begin_variation(where);
  if (in_moves_) writer_->begin_variation();
  return ReadThroughReplayer::begin_variation(where);
}

pgn::Control NdjsonStream::end_variation(pgn::Location where) {
  log_.end_variation(where);
  if (in_moves_) writer_->end_variation();
  return ReadThroughReplayer::end_variation(where);
}

void NdjsonStream::termination(pgn::Outcome outcome, std::string_view text, pgn::Location where) {
  log_.termination(outcome, text, where);
  marker_ = outcome;
  ReadThroughReplayer::termination(outcome, text, where);
}

pgn::Control NdjsonStream::syntax_error(const pgn::SyntaxIssue& issue) {
  if (in_game_) log_.syntax_error(issue);
  return ReadThroughReplayer::syntax_error(issue);
}

void NdjsonStream::end_game(const pgn::EndInfo& info) {
  log_.end_game(info);
  ReadThroughReplayer::end_game(info);  // calls game_end()
  in_game_ = false;
}

void NdjsonStream::problem(const replay::Problem& p) {
  if (in_game_) {
    // Kept in the objects of earlier games: their strings' storage is reused.
    if (problem_count_ < problems_.size()) {
      problems_[problem_count_] = p;
    } else {
      problems_.push_back(p);
    }
    ++problem_count_;
    text_skipped_ = p.code == replay::ProblemCode::TextInMovetext;
  }
  sink_.problem(p);
}

void NdjsonStream::game_end(const replay::GameReport& r) {
  // As has_move_errors() reads the record: cut short, not replayable (other than for an
  // unsupported variant), or a move that could not be played.
  if (r.cut || (!replayed() && r.status != replay::GameStatus::UnsupportedVariant) ||
      r.move_errors > 0) {
    fallback_->play(log_);
    return;
  }
  if (!in_moves_) start_line();  // the reader always calls begin_movetext(): not in practice
  in_moves_ = false;
  writer_->end();
  const bool result_tag = result_tag_ < tags_.size();
  const std::string_view result = result_tag ? log_.text(tags_[result_tag_].value) : "";
  parts_->game_end(detail::result_text(result, result_tag, marker_),
                   replayed() ? r.final_position : nullptr,
                   std::span(problems_.data(), problem_count_));
  sink_.line(r.game, line_.view());
}

pgn::ReadStats stream_ndjson(io::Source& source, NdjsonGameSink& sink,
                             const pgn::ReaderOptions& options, replay::LawsChoice laws) {
  NdjsonStream stream(sink, laws);
  return pgn::read_pgn(source, stream, options);
}

}  // namespace pgnkit::write
