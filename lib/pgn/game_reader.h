// The game-level state machine behind read_pgn() (internal). It takes tokens from the
// Lexer and calls the visitor directly, in the order documented in pgn/visitor.h.
#pragma once

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
    stopped_ = hidden_ = non_utf8_reported_ = control_reported_ = false;
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
    if (state_ == State::Tags && !stopped_) call([&] { return v_.begin_movetext(); });
    if (depth_ > 0 && !end_.cut) {
      issue(SyntaxCode::UnterminatedVariation, Severity::Error, outer_open_, "(");
    }
    for (; open_delivered_ > 0 && !stopped_; --open_delivered_) {
      call([&] { return v_.end_variation(where); });
    }
    if (result == nullptr && !end_.cut) {
      issue(SyntaxCode::MissingResult, Severity::Warning, end, {});
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
          if (!hidden_) call([&] { return v_.san(t.text, t.loc); });
          return true;
        case TokKind::MoveNumber:
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
        if (state_ == State::Movetext) {  // a new tag section
          finish_game(lx_.end_before_bracket(), lx_.end_before_bracket(), nullptr);
        }
        if (state_ == State::Between) {
          if (reading_done()) return false;
          if (stop_here(t.loc)) return false;
          begin_game(t.loc);
        }
        if (t.has_issue) issue(t.code, t.severity, t.loc, t.issue_text);
        text_flags(t);
        if (!stopped_) call([&] { return tag(t); });
        return true;
      case TokKind::Escape:
        if (state_ == State::Between || !stopped_) v_.escape_line(t.text, t.loc);
        return true;
      case TokKind::Issue:
        if (t.in_tag && state_ == State::Movetext) {
          finish_game(lx_.end_before_bracket(), lx_.end_before_bracket(), nullptr);
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
    }
    state_ = State::Movetext;
    lx_.set_mode(LexMode::Movetext);
    if (!stopped_) call([&] { return v_.begin_movetext(); });
    return true;
  }

  void movetext(const Token& t) {
    switch (t.kind) {
      case TokKind::San:
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
};

}  // namespace pgnkit::pgn::detail
