#include "write/ndjson_stream.h"

#include <charconv>
#include <span>

#include "chess/san.h"
#include "pgn/reader.h"
#include "pgn/tag.h"
#include "write/comment_commands.h"
#include "write/json.h"
#include "write/ndjson_parts.h"

namespace pgnkit::write {

// Writes the moves of a game as they come, as write_ndjson() writes those of its record. The
// reader's calls are in PGN order, the format in record order: per move its head ("san",
// "uci"), comment_before on a line's first object, NAGs, comments, variations. The head is
// written when the move comes; the rest waits (as texts kept in the GameLog) until the next
// move of the line or its end. Where things attach is RecordBuilder's rule: NAGs and
// comments to the line's last move (comments before any move are the line's leading
// comments; NAGs there are dropped), a variation to the line's last move (a holder without a
// move when there is none).
namespace {
// A clock's seconds in decimal: nearly always below 1,000 (a lichess game's clock).
inline char* put_seconds_count(char* p, std::int32_t v) {
  static constexpr char kPairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  const auto u = static_cast<std::uint32_t>(v);
  if (u < 10) {
    *p = static_cast<char>('0' + u);
    return p + 1;
  }
  if (u < 100) return put(p, std::string_view(kPairs + std::size_t{2} * u, 2));
  if (u < 1000) {
    *p = static_cast<char>('0' + u / 100);
    return put(p + 1, std::string_view(kPairs + std::size_t{2} * (u % 100), 2));
  }
  return std::to_chars(p, p + 12, u).ptr;
}

// Whether `text` may hold commands (its first byte after white space is '['): spares the
// readers of commands most other comments.
bool starts_with_command(std::string_view text) {
  for (const char c : text)
    if (!is_fold_space(c)) return c == '[';
  return false;
}
}  // namespace

class NdjsonStream::MoveWriter {
  // What the open move's first comment is, when it keeps the move 'plain' (see Level).
  enum class Commands : std::uint8_t { None, Clock, EvalClock, Read, Text };

 public:
  // Starts the main line in `out` (after "moves":).
  void begin(TextBuffer& out, const GameLog& log, bool chess960) {
    log_ = &log;
    chess960_ = chess960;
    depth_ = 0;
    cur_ = &level(0);
    cur_->open(&out);
    out.put('[');
  }

  // A move: `san` is canonical when it was played, else as written.
  void san(bool played, std::string_view san, chess::Move move) {
    Level& l = *cur_;
    if (played && l.plain) [[likely]] {
      // Most moves: the open move ends with its clock or nothing, and this one's head follows,
      // in one write.
      char* p = l.dst->room(san.size() + 2 + detail::kMaxCommandsText + detail::kMaxPlayedHead);
      p = put(put_commands(l, p), "},{\"san\":\"");  // one store for both
      return l.dst->commit(detail::put_played_head_rest(p, san, move, chess960_));
    }
    close_move(l);
    head(l, played, san, move);
  }
  void nag(std::uint32_t code) {
    Level& l = *cur_;
    if (!l.has_move) return;
    l.nags.push_back(code);
    l.plain = false;
  }
  // The open move's first comment's clock when it is a padded clock (nearly every comment of
  // a lichess export), to be given to set_clock(); else -1, and it goes to comment().
  std::int32_t padded_clock(std::string_view text) const {
    return first_comment(*cur_) ? padded_clock_seconds(text) : -1;
  }
  void set_clock(GameLog::Ref kept, std::int32_t clock) {
    Level& l = *cur_;
    l.clock = clock;
    l.commands = Commands::Clock;
    l.commands_text = kept;
  }
  // A comment: `kept` is its entry in the log, `text` the same bytes.
  void comment(GameLog::Ref kept, std::string_view text) {
    Level& l = *cur_;
    if (first_comment(l)) [[likely]] {
      // Nearly always, in a lichess export, a plain clock (or an eval and a clock), kept as
      // values (and as text, for when the move turns out to need the general path).
      if (const std::int32_t clock = padded_clock_seconds(text); clock >= 0) [[likely]]
        return set_clock(kept, clock);
      // In an analysed game: " [%eval E] [%clk H:MM:SS] " (the other spacings: other_comment()).
      if ((l.clock = padded_eval_clock(text, l.eval)) >= 0) {
        l.commands = Commands::EvalClock;
        l.commands_text = kept;
        return;
      }
    }
    other_comment(l, kept, text);
  }
  void begin_variation() {
    Level& l = *cur_;
    if (!l.has_move) head(l, false, {}, {});  // a variation before any move
    l.plain = false;
    cur_ = &level(++depth_);
    cur_->json.clear();
    cur_->open(&cur_->json);
  }
  void end_variation() {
    if (depth_ == 0) return;
    Level& v = *cur_;
    close_line(v);
    Level& parent = *(cur_ = &level(--depth_));
    parent.vars.put(parent.any_variation ? ",[" : "[");
    parent.vars.put(v.json.view());
    parent.vars.put(']');
    parent.any_variation = true;
  }
  // Ends the main line ("]").
  void end() {
    while (depth_ > 0) end_variation();
    close_line(*cur_);
    cur_->dst->put(']');
  }

 private:
  struct Level {
    TextBuffer* dst = nullptr;  // the line's objects, comma-separated
    TextBuffer json;            // dst of a variation
    std::unique_ptr<detail::NdjsonParts> parts;
    bool any = false;       // an object was started
    bool has_move = false;  // the last one is still open
    // The open move has nothing after its head but perhaps `commands` (no NAG, comment text
    // or variation): the next move can close it and start its own object in one write.
    bool plain = false;
    std::vector<GameLog::Ref> leading;
    // What follows the open move's head.
    std::vector<std::uint32_t> nags;
    std::vector<GameLog::Ref> comments;
    // A first comment that holds only commands (then `comments` is empty): a plain clock
    // (`clock`, in seconds), an eval and a plain clock (`eval`, `clock`), or others (`read`);
    // or, for a plain move, folded ASCII text already written at `text_at` in dst (an
    // engine's analysis), taken back if anything else comes for the move.
    Commands commands = Commands::None;
    std::size_t text_at = 0;
    std::int32_t clock = -1;
    Eval eval;
    CommentCommands read;
    GameLog::Ref commands_text;
    TextBuffer vars;  // its variations, rendered
    bool any_variation = false;

    void open(TextBuffer* out) {
      if (dst != out || !parts) parts = std::make_unique<detail::NdjsonParts>(*out);
      dst = out;
      any = has_move = plain = false;
      leading.clear();
    }
  };

  // Whether a comment now would be the open move's first.
  static bool first_comment(const Level& l) {
    return l.has_move && l.commands == Commands::None && l.comments.empty();
  }

  // The comments comment() leaves (out of line: the per-comment path stays short).
  [[gnu::noinline]] void other_comment(Level& l, GameLog::Ref kept, std::string_view text) {
    if (!l.has_move) return l.leading.push_back(kept);
    if (first_comment(l)) {
      // The move's first comment, not a padded clock: lichess's eval and clock, a clock
      // otherwise spaced, other commands, or (an engine's analysis) text written at once.
      l.commands_text = kept;
      if (starts_with_command(text)) {
        if ((l.clock = plain_eval_clock(text, l.eval)) >= 0)
          return void(l.commands = Commands::EvalClock);
        if ((l.clock = detail::plain_clock_seconds_trimmed(text)) >= 0)
          return void(l.commands = Commands::Clock);
        if (parse_command_comment(text, l.read)) return void(l.commands = Commands::Read);
      } else if (l.plain && write_text(l, text)) {
        return void(l.commands = Commands::Text);
      }
    } else if (l.commands != Commands::None) {
      release_first_comment(l);  // a second comment: both are texts
    }
    l.comments.push_back(kept);
    l.plain = false;
  }

  // Writes `text` as the open move's "comment" when it folds to itself once trimmed and needs
  // no escape; false (and nothing written) otherwise.
  static bool write_text(Level& l, std::string_view text) {
    text = trim_fold_space(text);
    const std::size_t at = l.dst->size();
    char* const p = put(l.dst->room(text.size() + 16), ",\"comment\":\"");
    char* const end = copy_if_plain_folded(p, text);
    if (!end) return false;
    *end = '"';
    l.dst->commit(end + 1);
    l.text_at = at;
    return true;
  }
  // The first comment becomes the first of `comments` (its text taken back from dst).
  static void release_first_comment(Level& l) {
    if (l.commands == Commands::Text) l.dst->commit(l.dst->data() + l.text_at);
    l.comments.push_back(l.commands_text);
    l.commands = Commands::None;
  }

  // The open move's commands, if any (and they are then written; Text already is).
  static char* put_commands(Level& l, char* p) {
    if (l.commands == Commands::Clock || l.commands == Commands::EvalClock) {
      p = put_seconds_count(put(p, ",\"clock\":"), l.clock);
      if (l.commands == Commands::EvalClock) {
        p = put(p, l.eval.mate ? ",\"eval\":{\"mate\":" : ",\"eval\":{\"cp\":");
        p = std::to_chars(p, p + 12, l.eval.value).ptr;
        *p++ = '}';
      }
    } else if (l.commands == Commands::Read) {
      p = detail::put_commands(p, l.read);
    }
    l.commands = Commands::None;
    return p;
  }

  Level& level(std::size_t depth) {
    while (levels_.size() <= depth) levels_.push_back(std::make_unique<Level>());
    return *levels_[depth];
  }

  void texts(std::vector<GameLog::Ref>& refs) {
    views_.clear();
    for (const GameLog::Ref t : refs) views_.push_back(log_->text(t));
  }

  // {"san":...,"uci":... of a new object; comment_before when it is the line's first.
  void head(Level& l, bool played, std::string_view san, chess::Move move) {
    const bool first = !l.any;
    if (played) {  // most moves
      char* p = l.dst->room(san.size() + 1 + detail::kMaxPlayedHead);
      if (!first) *p++ = ',';
      l.dst->commit(detail::put_played_head(p, san, move, chess960_));
    } else {
      if (!first) l.dst->put(',');
      l.parts->move_head(false, san, move, chess960_);
    }
    l.any = l.has_move = l.plain = true;
    l.nags.clear();
    l.comments.clear();
    l.commands = Commands::None;
    l.vars.clear();
    l.any_variation = false;
    if (first && !l.leading.empty()) {
      texts(l.leading);
      l.parts->texts("comment_before", "comments_before", views_);
    }
  }

  // The rest of the open move's object.
  void close_move(Level& l) {
    if (!l.has_move) return;
    l.has_move = l.plain = false;
    const bool bare = l.nags.empty() && !l.any_variation;  // comments at most
    if (l.commands != Commands::None) {
      if (bare) {  // most moves of a lichess export: a clock, or an eval and a clock
        char* p = put_commands(l, l.dst->room(1 + detail::kMaxCommandsText));
        *p++ = '}';
        return l.dst->commit(p);
      }
      release_first_comment(l);  // the general path reads it again
    }
    // Most other moves: nothing more. (A plain text comment was written when it came.)
    if (bare && l.comments.empty()) return l.dst->put('}');
    detail::NdjsonParts& w = *l.parts;
    w.nags(l.nags);
    texts(l.comments);
    w.move_comments(views_);
    if (l.any_variation) {
      w.key("variations");
      l.dst->put('[');
      l.dst->put(l.vars.view());
      l.dst->put(']');
    }
    l.dst->put('}');
  }

  // The end of a line: its open move, or an object for its comments when it has no move.
  void close_line(Level& l) {
    if (l.any) return close_move(l);
    if (l.leading.empty()) return;
    l.parts->move_head(false, {}, {}, chess960_);
    texts(l.leading);
    l.parts->texts("comment_before", "comments_before", views_);
    l.dst->put('}');
    l.any = true;
  }

  const GameLog* log_ = nullptr;
  bool chess960_ = false;
  std::size_t depth_ = 0;
  Level* cur_ = nullptr;
  std::vector<std::unique_ptr<Level>> levels_;
  std::vector<std::string_view> views_;
};

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
  move_errors_ = false;
  ReadThroughReplayer::begin_game(info);
}

pgn::Control NdjsonStream::tag(std::string_view name, std::string_view value_raw,
                               pgn::Location where, pgn::TagValue form) {
  const auto [name_text, value_text] = log_.tag(name, value_raw, where);
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
  return ReadThroughReplayer::tag(name, value_raw, where);
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
    move_errors_ |= p.code == replay::ProblemCode::IllegalMove ||
                    p.code == replay::ProblemCode::MoveAfterGameEnd;
  }
  sink_.problem(p);
}

void NdjsonStream::game_end(const replay::GameReport& r) {
  // As has_move_errors() reads the record: cut short, not replayable (other than for an
  // unsupported variant), or a move that could not be played.
  if (r.cut || (!replayed() && r.status != replay::GameStatus::UnsupportedVariant) ||
      move_errors_) {
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
