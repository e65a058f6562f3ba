// Internal to ndjson_stream.cpp, which alone includes it: NdjsonStream::MoveWriter, the part
// of the stream that writes a game's moves, comments, NAGs and variations as they come. Kept
// apart because it is most of the stream's code; in one translation unit with it, so that its
// per-move calls stay inline.
#pragma once

#include <charconv>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "chess/san.h"
#include "write/comment_commands.h"
#include "write/json.h"
#include "write/ndjson_parts.h"
#include "write/ndjson_stream.h"

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

}  // namespace pgnkit::write
