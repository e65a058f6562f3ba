// The game-level state machine behind read_pgn() (internal). It takes tokens from the
// Lexer and calls the visitor directly, in the order documented in pgn/visitor.h.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "io/source.h"
#include "pgn/chars.h"
#include "pgn/lexer.h"
#include "pgn/syntax.h"
#include "pgn/types.h"

namespace pgnkit::pgn::detail {

template <class V>
class GameReader {
 public:
  GameReader(io::Source& src, V& visitor, const ReaderOptions& options)
      : lx_(options.in_memory ? Lexer(src, options.in_memory, options.in_memory_size, options.start)
                              : Lexer(src, options.buffer_size, options.start)),
        v_(visitor),
        max_depth_(options.max_variation_depth),
        start_(options.start.offset),
        stop_(options.stop_before_game),
        stop_ctx_(options.stop_ctx) {
    // A visitor that keeps token texts past their call says so (see pgn/visitor.h).
    if constexpr (requires(V & v) { v.before_buffer_moves(); })
      lx_.on_buffer_move([](void* v) { static_cast<V*>(v)->before_buffer_moves(); }, &v_);
    if constexpr (kWantsWindow) v_.attach_buffer(&lx_.window());
  }

  ReadStats run() {
    while (handle(lx_.next(tok_), tok_)) {
    }
    if (stats_.stopped) return stats_;
    stats_.bytes = lx_.position() - start_;
    // Clean: no game open, the last one ended by its result, and nothing since then but
    // blanks and escape lines: no token (the last token end is the result's) and no issue.
    stats_.clean_end = state_ == State::Between && last_clean_ &&
                       lx_.last_end().offset == clean_offset_ &&
                       stats_.errors + stats_.warnings == clean_issues_;
    return stats_;
  }

 private:
  enum class State : std::uint8_t { Between, Tags, Movetext };
  // Whether the visitor wants no more games (pgn/visitor.h: reading_done), asked as a game
  // is about to begin.
  bool reading_done() {
    if constexpr (requires(V & v) { v.reading_done(); }) {
      return static_cast<bool>(v_.reading_done());
    } else {
      return false;
    }
  }

  // A visitor that reads raw game bytes (pgn::GameBytes) watches the buffer window.
  static constexpr bool kWantsWindow = requires(V & v, const BufferedBytes* w) {
    v.attach_buffer(w);
  };

  // Calls a visitor callback; void means Continue. StopGame hides the rest of the game.
  template <class F>
  void call(F&& f) {
    using R = std::invoke_result_t<F>;
    if constexpr (std::is_void_v<R>) {
      f();
    } else {
      static_assert(std::is_same_v<R, Control>, "visitor callbacks return void or pgn::Control");
      if (f() == Control::StopGame && state_ != State::Between) {
        stopped_ = hidden_ = true;
        end_.stopped = true;
      }
    }
  }

  // hidden_: whether movetext tokens are withheld from the visitor now; kept up to date
  // wherever stopped_, skip_depth_ or depth_ change.
  void update_hidden() { hidden_ = stopped_ || (skip_depth_ != 0 && depth_ >= skip_depth_); }

  void issue(SyntaxCode code, Severity sev, const Location& where, std::string_view text) {
    const bool in_game = state_ != State::Between;
    if (sev == Severity::Error) {
      ++stats_.errors;
      if (in_game) ++end_.errors;
    } else {
      ++stats_.warnings;
      if (in_game) ++end_.warnings;
    }
    if (in_game && stopped_) return;
    call([&] { return v_.syntax_error(SyntaxIssue{code, sev, where, text}); });
  }

  void begin_game(const Location& where) {
    state_ = State::Tags;
    lx_.set_mode(LexMode::Tags);
    game_ = GameInfo{stats_.games + 1, where};
    end_ = EndInfo{};
    end_.number = game_.number;
    depth_ = skip_depth_ = open_delivered_ = 0;
    escapes_in_tags_ = tag_count_ = 0;
    stopped_ = hidden_ = non_utf8_reported_ = control_reported_ = false;
    has_moves_ = unicode_space_reported_ = false;
    call([&] { return v_.begin_game(game_); });
  }

  // The visitor's tag(), with what the lexer knows of the value when it takes it.
  auto tag(const Token& t) {
    if constexpr (requires(V & v) { v.tag(t.name, t.text, t.loc, t.tag_value); }) {
      return v_.tag(t.name, t.text, t.loc, t.tag_value);
    } else {
      return v_.tag(t.name, t.text, t.loc);
    }
  }

  void text_flags(const Token& t) {
    if ((t.text_flags & kTextNonUtf8) != 0 && !non_utf8_reported_) {
      non_utf8_reported_ = true;
      issue(SyntaxCode::NonUtf8, Severity::Warning, t.loc, t.text);
    }
    if ((t.text_flags & kTextControl) != 0 && !control_reported_) {
      control_reported_ = true;
      issue(SyntaxCode::BinaryData, Severity::Warning, t.loc, t.text);
    }
  }

  // Between games: does t start a tagless game? If not, it is reported and skipped: a
  // comment, result or NAG alone ("1-0 {White wins}", a doubled result), anything else up
  // to the next tag section.
  bool starts_game(const Token& t) {
    if (t.kind == TokKind::MoveNumber || (t.kind == TokKind::San && san_shaped(t.text))) {
      return true;
    }
    // A comment before the first move of a tagless game is that game's. (t is tok_, whose
    // text move_follows() keeps valid.)
    if (t.kind == TokKind::Comment && lx_.move_follows(tok_)) return true;
    const bool alone =
        t.kind == TokKind::Comment || t.kind == TokKind::Result || t.kind == TokKind::Nag;
    std::string_view text = t.kind == TokKind::Open    ? "("
                            : t.kind == TokKind::Close ? ")"
                            : t.kind == TokKind::Nag   ? std::string_view{}
                                                       : t.text;
    if (!alone) text = lx_.keep_text(text);
    issue(SyntaxCode::TextBetweenGames, Severity::Warning, t.loc, text);
    if (!alone) lx_.skip_to_next_game();
    return false;
  }

  // Ends the current game, whose last token ended at `end`: closes open variations (at
  // `where`), reports a missing result, delivers the termination (result != nullptr) and
  // end_game.
  void finish_game(const Location& where, const Location& end, const Token* result) {
    const bool tags_only = state_ == State::Tags;
    if (tags_only && !stopped_) call([&] { return v_.begin_movetext(); });
    if (depth_ > 0 && !end_.cut) {
      issue(SyntaxCode::UnterminatedVariation, Severity::Error, outer_open_, "(");
    }
    for (; open_delivered_ > 0 && !stopped_; --open_delivered_) {
      call([&] { return v_.end_variation(where); });
    }
    if (result == nullptr && !end_.cut) {
      issue(tags_only ? SyntaxCode::NoMovetext : SyntaxCode::MissingResult, Severity::Warning, end,
            {});
    }
    if (result != nullptr) {
      end_.has_result = true;
      if (!stopped_) v_.termination(result->outcome, result->text, result->loc);
      // The rest of the marker's line, so that the game's bytes can include its line break.
      if constexpr (kWantsWindow) lx_.lookahead(kRawLineLookahead);
    }
    if (!end_.cut) end_.end_offset = end.offset;
    last_clean_ = result != nullptr && !end_.cut;
    clean_offset_ = end.offset;
    clean_issues_ = stats_.errors + stats_.warnings;
    ++stats_.games;
    state_ = State::Between;
    lx_.set_mode(LexMode::Between);
    v_.end_game(end_);
  }

  // kind is t.kind. Returns false at the end of input.
  bool handle(TokKind kind, const Token& t) {
    if (state_ == State::Movetext) {  // the common tokens first
      switch (kind) {
        case TokKind::San:
          has_moves_ = true;
          if (!hidden_) call([&] { return v_.san(t.text, t.loc); });
          return true;
        case TokKind::MoveNumber:
          if (t.number == 1 && t.blank_before && depth_ == 0 && has_moves_) [[unlikely]] {
            return next_tagless_game(t);
          }
          if (!hidden_) call([&] { return v_.move_number(t.number, t.loc); });
          return true;
        case TokKind::Comment:
          if (t.text_flags != 0) text_flags(t);
          if (!hidden_) call([&] { return v_.comment(t.text, t.loc); });
          return true;
        default: break;
      }
    }
    return handle_other(t);
  }

  // A move number 1 after a blank line, on the main line of a game that has moves: the game
  // ended without a result and a tagless one begins (docs/reader.md, game boundaries).
  bool next_tagless_game(const Token& t) {
    finish_game(lx_.end_before_number(), lx_.end_before_number(), nullptr);
    if (reading_done()) return false;
    begin_game(t.loc);
    state_ = State::Movetext;
    lx_.set_mode(LexMode::Movetext);
    if (!stopped_) call([&] { return v_.begin_movetext(); });
    movetext(t);
    return true;
  }

  // A tag in a tag section: does it start the next game's tags, the section before being a
  // game without movetext? When a blank line separates it from the section's last tag and it
  // is [Event] or names a tag the section has already (ChessBase writes a blank line inside
  // a tag section, after [Event]: the tags after it are still that game's). Lines between them
  // hold blanks, escape lines or Unicode spaces (anything else is a token or an issue).
  bool new_tag_section(const Token& t) const {
    if (t.loc.line < lx_.end_before_bracket().line + 2 + escapes_in_tags_) return false;
    if (t.name == "Event") return true;
    const std::uint64_t key = name_key(t.name);
    for (std::uint32_t i = 0; i < tag_count_; ++i) {
      if (tag_keys_[i] == key) return true;
    }
    return false;
  }
  // A tag name's first 8 bytes and its length: the standard's tag names and the common ones
  // differ in those. One load for every tag: the name is in the reader's buffer, whose padding
  // makes 8 bytes readable past its end.
  static std::uint64_t name_key(std::string_view name) {
    static constexpr std::array<std::uint64_t, 9> kMask = {0,
                                                           0xFF,
                                                           0xFFFF,
                                                           0xFFFFFF,
                                                           0xFFFFFFFF,
                                                           0xFFFFFFFFFF,
                                                           0xFFFFFFFFFFFF,
                                                           0xFFFFFFFFFFFFFF,
                                                           ~std::uint64_t{0}};
    const std::size_t n = name.size();
    return (load8(name.data()) & kMask[n < 8 ? n : 8]) + (static_cast<std::uint64_t>(n) << 56);
  }
  void remember_tag(std::string_view name) {
    if (tag_count_ < tag_keys_.size()) tag_keys_[tag_count_++] = name_key(name);
  }

  // Everything else: tokens outside movetext, tags, escape lines, issues, end of input. The
  // end of the game's last token is the lexer's last_end() (end_before_bracket() when a tag
  // line ends the game), read only when a game ends.
  bool handle_other(const Token& t) {
    switch (t.kind) {
      case TokKind::San:
      case TokKind::MoveNumber:
      case TokKind::Comment:
      case TokKind::Nag:
      case TokKind::Open:
      case TokKind::Close:
      case TokKind::Result:
        if (state_ != State::Movetext && !enter_movetext(t)) return !done_;
        movetext(t);
        return true;
      case TokKind::Tag:
        if (state_ == State::Movetext || (state_ == State::Tags && new_tag_section(t))) {
          finish_game(lx_.end_before_bracket(), lx_.end_before_bracket(), nullptr);
        }
        if (state_ == State::Between) {
          if (reading_done()) return false;
          if (stop_here(t.loc)) return false;
          begin_game(t.loc);
        }
        escapes_in_tags_ = 0;
        remember_tag(t.name);
        if (t.has_issue) issue(t.code, t.severity, t.loc, t.issue_text);
        text_flags(t);
        if (!stopped_) call([&] { return tag(t); });
        return true;
      case TokKind::Escape:
        if (state_ == State::Tags) ++escapes_in_tags_;
        if (state_ == State::Between || !stopped_) v_.escape_line(t.text, t.loc);
        return true;
      case TokKind::Issue:
        if (t.in_tag && state_ == State::Movetext) {
          finish_game(lx_.end_before_bracket(), lx_.end_before_bracket(), nullptr);
        }
        if (t.in_tag) escapes_in_tags_ = 0;
        if (t.code == SyntaxCode::UnicodeSpace) {  // once per game
          if (unicode_space_reported_) return true;
          unicode_space_reported_ = true;
        }
        if (t.in_tag && state_ == State::Between) {
          if (reading_done()) return false;
          if (stop_here(t.loc)) return false;
          begin_game(t.loc);
        }
        issue(t.code, t.severity, t.loc, t.issue_text);
        if (state_ == State::Between) return true;
        if (t.cut) {
          end_.cut = true;
          end_.end_offset = lx_.position();
          finish_game(lx_.last_end(), lx_.last_end(), nullptr);
        }
        return true;
      case TokKind::Eof:
        if (state_ != State::Between) finish_game(lx_.last_end(), lx_.last_end(), nullptr);
        return false;
    }
    return false;
  }

  // Whether the stop hook ends the read before the game whose first tag token is at `at`.
  bool stop_here(const Location& at) {
    if (stop_ == nullptr || !stop_(stop_ctx_, at.offset)) return false;
    stats_.stopped = true;
    stats_.bytes = at.offset - start_;
    return true;
  }

  // A movetext token outside movetext: start the game and/or the movetext.
  bool enter_movetext(const Token& t) {
    if (state_ == State::Between) {
      if (!starts_game(t)) return false;
      if (reading_done()) {
        done_ = true;
        return false;
      }
      begin_game(t.loc);
      // Between games the lexer reports no Unicode dash: the first move of a tagless game
      // gets its warning here, in its game.
      if (const std::size_t i = t.kind == TokKind::San ? t.text.find('\xE2') : t.text.npos;
          i != t.text.npos) {
        const Location at{t.loc.offset + i, t.loc.line,
                          t.loc.column + static_cast<std::uint32_t>(i)};
        issue(SyntaxCode::UnicodeDash, Severity::Warning, at, lx_.keep_text(t.text));
      }
    }
    state_ = State::Movetext;
    lx_.set_mode(LexMode::Movetext);
    if (!stopped_) call([&] { return v_.begin_movetext(); });
    return true;
  }

  void movetext(const Token& t) {
    switch (t.kind) {
      case TokKind::San:
        has_moves_ = true;
        if (!hidden_) call([&] { return v_.san(t.text, t.loc); });
        return;
      case TokKind::MoveNumber:
        if (!hidden_) call([&] { return v_.move_number(t.number, t.loc); });
        return;
      case TokKind::Comment:
        if (t.text_flags != 0) text_flags(t);
        if (!hidden_) call([&] { return v_.comment(t.text, t.loc); });
        return;
      case TokKind::Nag:
        if (!hidden_) call([&] { return v_.nag(t.number, t.loc); });
        return;
      case TokKind::Open: open_variation(t.loc); return;
      case TokKind::Close: close_variation(t.loc); return;
      case TokKind::Result:
        if (depth_ > 0) {
          issue(SyntaxCode::ResultInVariation, Severity::Warning, t.loc, t.text);
        } else {
          finish_game(t.loc, lx_.last_end(), &t);
        }
        return;
      case TokKind::Tag:
      case TokKind::Escape:
      case TokKind::Issue:
      case TokKind::Eof: return;  // handled by handle()
    }
  }

  void open_variation(const Location& at) {
    open_variation_depth(at);
    update_hidden();
  }

  void open_variation_depth(const Location& at) {
    if (++depth_ == 1) outer_open_ = at;
    if (skip_depth_ != 0 && depth_ > skip_depth_) return;  // inside a skipped variation
    if (depth_ > max_depth_) {
      issue(SyntaxCode::NestingTooDeep, Severity::Error, at, "(");
      skip_depth_ = depth_;
      return;
    }
    if (stopped_) return;
    using R = decltype(v_.begin_variation(at));
    if constexpr (std::is_void_v<R>) {
      v_.begin_variation(at);
    } else {
      static_assert(std::is_same_v<R, Skip>, "begin_variation returns void or pgn::Skip");
      if (v_.begin_variation(at) == Skip::Yes) {
        skip_depth_ = depth_;
        return;
      }
    }
    ++open_delivered_;
  }

  void close_variation(const Location& at) {
    close_variation_depth(at);
    update_hidden();
  }

  void close_variation_depth(const Location& at) {
    if (depth_ == 0) {
      issue(SyntaxCode::UnmatchedParen, Severity::Error, at, ")");
      return;
    }
    if (skip_depth_ != 0 && depth_ >= skip_depth_) {
      if (depth_ == skip_depth_) skip_depth_ = 0;
      --depth_;
      return;
    }
    --depth_;
    if (stopped_) return;
    --open_delivered_;
    call([&] { return v_.end_variation(at); });
  }

  Lexer lx_;
  V& v_;
  std::uint64_t max_depth_;
  Token tok_;
  State state_ = State::Between;
  bool done_ = false;  // reading_done() said so at a tagless game's first token
  ReadStats stats_;
  std::uint64_t start_;                 // ReaderOptions::start.offset
  bool (*stop_)(void*, std::uint64_t);  // ReaderOptions::stop_before_game
  void* stop_ctx_;
  // For ReadStats::clean_end: how the last game ended, and where and after how many issues.
  bool last_clean_ = false;
  std::uint64_t clean_offset_ = 0;
  std::uint64_t clean_issues_ = 0;

  // The current game.
  GameInfo game_;
  EndInfo end_;
  std::uint64_t depth_ = 0;           // open '(' count, also beyond max_depth_
  std::uint64_t skip_depth_ = 0;      // != 0: variations this deep and deeper are hidden
  std::uint64_t open_delivered_ = 0;  // begin_variation delivered without end_variation
  Location outer_open_;               // the outermost open '('
  bool stopped_ = false;
  bool hidden_ = false;
  bool non_utf8_reported_ = false;
  bool control_reported_ = false;
  bool has_moves_ = false;  // a SAN token came (a move number 1 after a blank line then ends it)
  bool unicode_space_reported_ = false;
  std::uint32_t escapes_in_tags_ = 0;  // escape lines since the section's last tag
  // The name keys of the game's first tags, for new_tag_section(); more are not kept.
  std::array<std::uint64_t, 32> tag_keys_{};
  std::uint32_t tag_count_ = 0;
};

}  // namespace pgnkit::pgn::detail
