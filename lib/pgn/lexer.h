// The PGN lexer (internal): turns the byte stream into tokens, one per next() call.
//
// Buffering: one fixed buffer of ReaderOptions::buffer_size bytes plus a NUL sentinel after
// the valid data, so scans stop without bounds checks. A token is kept whole in the buffer;
// refills move the unfinished token to the front. Tokens that cannot fit (huge comments,
// tag lines, escape lines) are skipped in linear time and reported as TokenTooLong.
//
// The lexer knows lines (LF, CRLF, lone CR) and, from the reader, whether it is between
// games (junk there is text_between_games, not an error in movetext). It applies two game
// rules itself because they decide where tokens end:
//  - in movetext mode, '[' starts a Tag token only as the first non-blank of a line and
//    when followed by `Name "`; otherwise it is TagAfterMovetext, skipped to ']' / EOL;
//  - an unterminated '{' ends at the first line, inside the comment, that starts in
//    column 1 with a tag pair `[Name "` and either names Event or follows a blank line.
// After an issue marked cut, the lexer has already resynchronised: the next token is the
// first one of a line that starts (after blanks) with a tag pair, or end of input.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "io/source.h"
#include "pgn/chars.h"
#include "pgn/syntax.h"
#include "pgn/types.h"

namespace pgnkit::pgn::detail {

enum class TokKind : std::uint8_t {
  Eof,
  Tag,         // name, text = raw value; may carry an attached issue
  MoveNumber,  // number
  San,         // text
  Nag,         // number
  Comment,     // text ('{...}' or ';...')
  Open,        // '('
  Close,       // ')'
  Result,      // outcome, text
  Escape,      // text after '%'
  Issue,       // a syntax issue on its own (code, severity, cut, loc, issue_text)
};

// Only the fields that matter for kind are set by Lexer::next(); the others keep whatever
// an earlier token left there.
struct Token {
  TokKind kind = TokKind::Eof;
  Location loc;
  std::string_view text;
  std::string_view name;
  std::uint32_t number = 0;
  Outcome outcome = Outcome::Unknown;
  std::uint8_t text_flags = 0;  // check_text() bits for Tag and Comment
  // MoveNumber 1 (set only for those): a blank line lies between it and the token before.
  bool blank_before = false;
  TagValue tag_value = TagValue::Unknown;  // Tag: what its text is known to be
  // Issue tokens, and Tag tokens with an attached issue (has_issue); the issue is at loc.
  bool has_issue = false;
  bool cut = false;     // the lexer skipped to the next tag section after this issue
  bool in_tag = false;  // an Issue about a tag line (it belongs to the tag section)
  SyntaxCode code = SyntaxCode::UnexpectedChar;
  Severity severity = Severity::Error;
  std::string_view issue_text;  // a copy owned by the lexer, valid until the next scan
};

// Where the reader is; set by the reader as games start and end.
enum class LexMode : std::uint8_t {
  Between,   // outside any game: junk is reported as TextBetweenGames and skipped
  Tags,      // in a tag section
  Movetext,  // in movetext: '[' starts a tag only at the start of a tag-shaped line
};

class Lexer {
 public:
  static constexpr std::size_t kMinBuffer = 512;
  static constexpr std::size_t kMaxToken = 255;  // SAN, numbers, NAG runs
  static constexpr std::size_t kTagLookahead = kTagShapeWindow;
  static constexpr std::size_t kIssueText = 48;
  static constexpr std::size_t kMoveLookahead = 256;

  // start: the stream position of the source's first byte (see ReaderOptions::start).
  Lexer(io::Source& src, std::size_t buffer_size, const Location& start = {});
  // In place over data[0, size), which has kReaderPadding writable bytes after it (see
  // ReaderOptions::in_memory); src is read only for its end.
  Lexer(io::Source& src, char* data, std::size_t size, const Location& start = {});

  // Scans the next token into t (the fields that matter for t.kind). SAN tokens, move
  // numbers, plain comments and tags, and LF or CRLF line ends are handled inline here;
  // everything else in next_slow().
  TokKind next(Token& t);  // returns t.kind
  void set_mode(LexMode mode) { mode_ = mode; }
  // The end of the last token returned, escape lines aside (one past its last byte).
  Location last_end() const {
    if (end_offset_ < line_start_) return end_loc_;  // its line has ended
    return Location{end_offset_, line_, static_cast<std::uint32_t>(end_offset_ - line_start_ + 1)};
  }
  // last_end() as it was when the last token starting with '[' began (a tag, or an issue
  // about a tag line): the end of the game that such a line may end.
  const Location& end_before_bracket() const { return end_before_bracket_; }
  // last_end() as it was when the last move number 1 began: the end of a tagless game that it
  // may end (see Token::blank_before).
  const Location& end_before_number() const { return end_before_number_; }
  // t is the comment token just returned, between games: whether a move number or a
  // SAN-shaped token follows it (after blanks and line breaks, within kMoveLookahead bytes),
  // so that the comment opens a tagless game. May refill; t.text is kept valid.
  bool move_follows(Token& t);
  // Skips to the next line that starts (after blanks) with a tag pair, or end of input.
  void skip_to_next_game() { resync(); }
  // Copies text into the lexer's issue buffer (truncated), for text that must survive a skip.
  std::string_view keep_text(std::string_view text);
  // The offset of the next byte to lex.
  std::uint64_t position() const { return abs(p_); }
  // Calls fn(ctx) just before the bytes of tokens already returned are overwritten (a refill
  // moves the unfinished token to the buffer's front): until then, their texts stay valid.
  void on_buffer_move(void (*fn)(void*), void* ctx) {
    move_fn_ = fn;
    move_ctx_ = ctx;
  }
  // The buffered bytes, updated at every refill.
  const BufferedBytes& window() const { return window_; }
  // Makes at least n bytes after the last token buffered (fewer at the end of input), so that
  // a visitor can look past it; may refill (and so call the buffer-move hook).
  void lookahead(std::size_t n);

 private:
  // A location costs two additions: see origin_ and line_column_.
  static std::uint64_t addr(const char* q) { return reinterpret_cast<std::uintptr_t>(q); }
  std::uint64_t abs(const char* q) const { return origin_ + addr(q); }
  Location loc_of(const char* q) const {
    const std::uint64_t a = addr(q);
    return std::bit_cast<Location>(
        std::array<std::uint64_t, 2>{origin_ + a, line_column_ + (a << 32)});
  }
  void set_line_column() { line_column_ = line_ | ((origin_ - line_start_ + 1) << 32); }
  void new_line(const char* start) {
    if (end_offset_ >= line_start_) end_loc_ = last_end();  // the last token ends on this line
    ++line_;
    line_start_ = abs(start);
    line_column_ = line_ | ((1 - addr(start)) << 32);
  }
  // Whether a token ended on the current line (so a '[' here is not at the line's start).
  bool token_on_line() const { return end_offset_ > line_start_; }

  void next_slow(Token& t);  // the general case, from p_
  TokKind emit(Token& t, TokKind kind, const char* p, const char* q);
  bool move_number_fast(Token& t, const char* p);
  // A move number 1 is being made: Token::blank_before and end_before_number().
  void number_one(Token& t);
  bool comment_fast(Token& t, const char* p);
  bool tag_fast(Token& t, const char* p);
  void token_ends(const char* q) { end_offset_ = abs(q); }

  bool refill();         // keeps [tok_, end_); false if the buffer is full
  bool refill_mapped();  // refill() over a file map (io::Source::map_rest)
  void seal();           // the NUL sentinel and padding at end_ (over a map: its bytes kept aside)
  void unseal();         // a map's bytes back where seal() wrote
  void start_at(char* data, std::size_t size, const Location& start);  // construction
  void ensure(std::size_t n);  // at least n bytes from tok_ unless at end of input
  void skip_blank();
  bool match(const char* q, std::string_view pattern) const;

  // Each lex_* starts at tok_ (== p_), sets p_ past what it consumed, and returns true if
  // it produced a token into t (false: nothing to report, scan on).
  bool lex_symbol(Token& t);
  bool lex_number(Token& t);
  bool lex_nag(Token& t);
  bool lex_suffix(Token& t);
  bool lex_utf8(Token& t);
  bool lex_dash(Token& t);
  bool lex_glyph(Token& t);
  // The glyph g at tok_: a NagGlyph warning first (outside games: none), then its Nag token.
  bool glyph_token(Token& t, std::size_t length, std::uint32_t nag);
  // The end of the symbol that continues at q: symbol bytes and UTF-8 dashes; first_dash is
  // set to the first dash (if any and not set already). Stops before a dash that is not
  // wholly buffered yet (then the caller refills).
  const char* symbol_end(const char* q, const char*& first_dash) const;
  // The symbol [tok_, q) as a San token, after the warnings it earns (a Unicode dash, a
  // result glued to its end) each as an Issue token of its own, one call at a time.
  bool symbol_token(Token& t, const char* q, const char* first_dash);
  // The stream offset of the token (its first byte) an issue was last reported for, by kind,
  // so that the token itself comes on the next call: see symbol_token().
  bool lex_tag(Token& t);
  bool lex_bracket_in_movetext(Token& t);
  bool lex_comment(Token& t);
  bool lex_line(Token& t, TokKind kind);  // ';' comments and '%' escape lines
  // q at '[': is it `[ Name "`? The caller ensures kTagLookahead bytes (or end of input).
  bool tag_shaped(const char* q) const;
  // line: a line start inside a comment that began at history (bytes before it may be gone).
  bool comment_breaks_at(const char* line, const char* history) const;

  // Issues copy their text (at most kIssueText bytes) so it survives refills.
  void issue(Token& t, SyntaxCode code, Severity sev, const Location& where, const char* text,
             std::size_t len);
  void issue_cut(Token& t, SyntaxCode code, const Location& where, const char* text,
                 std::size_t len);  // then resync()
  // A byte or token at tok_ that no token may start with (or a malformed token): in a game,
  // issue_cut(code, ...); between games, TextBetweenGames with the word at tok_, then resync().
  void junk(Token& t, SyntaxCode code, const char* text, std::size_t len);
  void resync();
  void skip_rest_of_line();  // from p_ to the next line break (not consumed), discarding

  io::Source& src_;
  std::unique_ptr<char[]> storage_;
  char* buf_ = nullptr;
  std::size_t cap_ = 0;
  const char* p_ = nullptr;
  const char* end_ = nullptr;  // *end_ == '\0'
  // The inverse of abs(): the pointer of a stream offset inside the buffer. In integers on
  // purpose: origin_ (stream offset minus address) is no pointer, and the hot path pays
  // nothing for the round trip.
  const char* at_offset(std::uint64_t offset) const {
    // NOLINTNEXTLINE(performance-no-int-to-ptr)
    return reinterpret_cast<const char*>(static_cast<std::uintptr_t>(offset - origin_));
  }
  const char* tok_ = nullptr;         // start of the token being scanned; refill keeps it
  void (*move_fn_)(void*) = nullptr;  // see on_buffer_move()
  void* move_ctx_ = nullptr;
  BufferedBytes window_;  // [buf_, end_) with its stream offset
  // Unsigned arithmetic modulo 2^64: the stream offset of the byte at q is origin_ + addr(q)
  // (origin_ = offset of buf_[0] - addr(buf_)). line_column_ holds the second half of a
  // Location: line_ in the low 32 bits, and in the high 32 bits 1 - (the offset of the line's
  // first byte) + origin_, so that adding addr(q) << 32 gives q's column (modulo 2^32, as
  // Location::column is).
  std::uint64_t origin_ = 0;
  std::uint64_t line_column_ = 0;
  bool eof_ = false;
  bool in_place_ = false;  // over a caller's bytes: nothing is read into it, nothing moves
  // Over a map of the file (nothing read, nothing moved: the window slides over it), the
  // bytes seal() covered and where.
  io::FileMap* map_ = nullptr;
  std::array<char, kReaderPadding> sealed_bytes_{};
  char* sealed_at_ = nullptr;
  bool input_error_reported_ = false;
  LexMode mode_ = LexMode::Between;
  std::uint32_t line_ = 1;
  std::uint64_t line_start_ = 0;
  // The last token's end (escape lines aside) is kept as an offset; its location is made
  // only when asked for, or when its line ends (end_loc_).
  std::uint64_t end_offset_ = 0;
  Location end_loc_;
  Location end_before_bracket_;
  Location end_before_number_;
  // The offset of the token an issue of each kind was reported for (~0: none).
  std::uint64_t dash_reported_at_ = ~std::uint64_t{0};
  std::uint64_t glued_reported_at_ = ~std::uint64_t{0};
  std::uint64_t glyph_reported_at_ = ~std::uint64_t{0};
  char issue_text_[kIssueText] = {};
};

inline TokKind Lexer::next(Token& t) {
  const char* p = p_;
  for (;;) {
    p += *p == ' ';
    const Lead lead = kLead[static_cast<unsigned char>(*p)];
    if (lead == Lead::Symbol) {
      const char* q = p + 1;
      while (is_symbol(*q)) ++q;
      // A NUL: maybe the end of the buffered bytes (lex_symbol refills); or too long; or a
      // dot, maybe of an en-passant mark "e.p." (rare after a symbol); or 0xE2, maybe a
      // Unicode dash ("O–O"); or a result glued to the move ("gxf41-0").
      if (kSymbolSlowStop[static_cast<unsigned char>(*q)] ||
          static_cast<std::size_t>(q - p) > kMaxToken || result_glued(q)) {
        break;
      }
      t.text = std::string_view(p, static_cast<std::size_t>(q - p));
      return emit(t, TokKind::San, p, q);
    }
    if (lead == Lead::Digit) {
      if (move_number_fast(t, p)) return TokKind::MoveNumber;
      break;
    }
    if (lead == Lead::Comment) {
      if (comment_fast(t, p)) return TokKind::Comment;
      break;
    }
    if (lead == Lead::Tag && mode_ != LexMode::Movetext) {
      end_before_bracket_ = last_end();
      if (tag_fast(t, p)) return TokKind::Tag;
      p_ = tok_ = p;
      lex_tag(t);  // never cuts
      token_ends(p_);
      return t.kind;
    }
    if (*p == '\n') {
      ++p;
    } else if (*p == '\r' && p[1] == '\n') {
      p += 2;
    } else {
      break;
    }
    new_line(p);
  }
  p_ = p;
  next_slow(t);
  return t.kind;
}

// Sets t.kind and t.loc (at p), consumes up to q and records q as the last token end. The
// values are computed before anything is stored, so that no store can force reloads.
inline TokKind Lexer::emit(Token& t, TokKind kind, const char* p, const char* q) {
  const Location at = loc_of(p);
  const std::uint64_t end = abs(q);
  t.kind = kind;
  t.loc = at;
  p_ = q;
  end_offset_ = end;
  return kind;
}

// A comment of printable ASCII without '~' (no line break, control or UTF-8 byte): the
// rest is lex_comment()'s. The scan stops at the NUL after the buffered bytes at the latest,
// and may read up to 15 bytes into the buffer's padding.
inline bool Lexer::comment_fast(Token& t, const char* p) {
  const char* const q = find_comment_stop(p + 1);
  if (*q != '}') return false;
  t.text = std::string_view(p + 1, static_cast<std::size_t>(q - p - 1));
  t.text_flags = 0;
  emit(t, TokKind::Comment, p, q + 1);
  return true;
}

// `[Name "value"]` exactly so spaced, the value printable ASCII without '\\' (so its
// text_flags are 0): the rest is lex_tag()'s. Reads as comment_fast() does.
inline bool Lexer::tag_fast(Token& t, const char* p) {
  const char* const name = p + 1;
  const char* q = name;
  while (is_name(*q)) ++q;
  if (q == name || q[0] != ' ' || q[1] != '"') return false;
  const char* const value = q + 2;
  const char* const e = find_tag_value_stop(value);
  if (e[0] != '"' || e[1] != ']') return false;
  t.name = std::string_view(name, static_cast<std::size_t>(q - name));
  t.text = std::string_view(value, static_cast<std::size_t>(e - value));
  t.text_flags = 0;
  t.tag_value = TagValue::Printable;
  t.has_issue = false;
  emit(t, TokKind::Tag, p, e + 2);
  return true;
}

// "12." "12..." "12": no result, castling, ellipsis or overflow to decide, and far enough
// from the end of the buffered bytes that lex_number() would not refill first.
inline bool Lexer::move_number_fast(Token& t, const char* p) {
  if (static_cast<std::size_t>(end_ - p) < kMaxToken + 16) return false;
  std::uint32_t n = static_cast<unsigned>(*p - '0');
  const char* q = p + 1;
  while (is_digit(*q)) {
    n = n * 10 + static_cast<unsigned>(*q - '0');  // wraps past 9 digits: not used then
    ++q;
  }
  if (q - p > 9) return false;
  if (*q == '.') {
    do {
      ++q;
    } while (*q == '.');
    if (*q == '\xE2') return false;  // maybe "…"
  } else if (*q == '-' || *q == '/' || *q == '\xE2') {
    return false;  // a result, castling with zeros, "12…"
  }
  t.number = n;
  if (n == 1) number_one(t);  // before emit(): it reads the token before
  emit(t, TokKind::MoveNumber, p, q);
  return true;
}

inline void Lexer::number_one(Token& t) {
  // The token before ended on an earlier line (not this one), with a line between them.
  t.blank_before = end_offset_ < line_start_ && line_ >= end_loc_.line + 2;
  end_before_number_ = last_end();
}

}  // namespace pgnkit::pgn::detail
