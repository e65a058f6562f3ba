// The PGN lexer (internal): turns the byte stream into tokens, one per next() call.
//
// Buffering: one fixed buffer of ReaderOptions::buffer_size bytes plus a NUL sentinel after
// the valid data, so scans stop without bounds checks. A token is kept whole in the buffer;
// refills move the unfinished token to the front. Tokens that cannot fit (huge comments,
// tag lines, escape lines) are skipped in linear time and reported as TokenTooLong.
//
// The lexer knows lines (LF, CRLF, lone CR) but not games, except for two rules it must
// apply itself because they decide where tokens end:
//  - in movetext mode, '[' starts a Tag token only as the first non-blank of a line and
//    when followed by `Name "`; otherwise it is TagAfterMovetext, skipped to ']' / EOL;
//  - an unterminated '{' ends at the first line, inside the comment, that starts in
//    column 1 with a tag pair `[Name "` and either names Event or follows a blank line.
// After an issue marked cut, the lexer has already resynchronised: the next token is the
// first one of a line that starts (after blanks) with a tag pair, or end of input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "io/source.h"
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

struct Token {
  TokKind kind = TokKind::Eof;
  Location loc;
  std::string_view text;
  std::string_view name;
  std::uint32_t number = 0;
  Outcome outcome = Outcome::Unknown;
  std::uint8_t text_flags = 0;  // check_text() bits for Tag and Comment
  // Issue tokens, and Tag tokens with an attached issue (has_issue); the issue is at loc.
  bool has_issue = false;
  bool cut = false;     // the lexer skipped to the next tag section after this issue
  bool in_tag = false;  // an Issue about a tag line (it belongs to the tag section)
  SyntaxCode code = SyntaxCode::UnexpectedChar;
  Severity severity = Severity::Error;
  std::string_view issue_text;  // a copy owned by the lexer, valid until the next scan
};

class Lexer {
 public:
  static constexpr std::size_t kMinBuffer = 512;
  static constexpr std::size_t kMaxToken = 255;  // SAN, numbers, NAG runs
  static constexpr std::size_t kTagLookahead = 128;
  static constexpr std::size_t kIssueText = 48;

  Lexer(io::Source& src, std::size_t buffer_size);

  // Scans the next token into t (all fields that matter for t.kind are set).
  void next(Token& t);
  void set_movetext(bool on) { movetext_ = on; }
  // The end of the last token returned (one past its last byte).
  const Location& last_end() const { return last_end_; }
  // Skips to the next line that starts (after blanks) with a tag pair, or end of input.
  void skip_to_next_game() { resync(); }
  // Copies text into the lexer's issue buffer (truncated), for text that must survive a skip.
  std::string_view keep_text(std::string_view text);
  // The offset of the next byte to lex.
  std::uint64_t position() const { return abs(p_); }

 private:
  std::uint64_t abs(const char* q) const { return base_ + static_cast<std::uint64_t>(q - buf_); }
  Location loc_of(const char* q) const {
    const std::uint64_t off = abs(q);
    return Location{off, line_, static_cast<std::uint32_t>(off - line_start_ + 1)};
  }
  void new_line(const char* start) {
    ++line_;
    line_start_ = abs(start);
    token_on_line_ = false;
  }

  bool refill();               // keeps [tok_, end_); false if the buffer is full
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
  void resync();
  void skip_rest_of_line();  // from p_ to the next line break (not consumed), discarding

  io::Source& src_;
  std::unique_ptr<char[]> storage_;
  char* buf_ = nullptr;
  std::size_t cap_ = 0;
  const char* p_ = nullptr;
  const char* end_ = nullptr;  // *end_ == '\0'
  const char* tok_ = nullptr;  // start of the token being scanned; refill keeps it
  std::uint64_t base_ = 0;     // stream offset of buf_[0]
  bool eof_ = false;
  bool input_error_reported_ = false;
  bool movetext_ = false;
  bool token_on_line_ = false;
  std::uint32_t line_ = 1;
  std::uint64_t line_start_ = 0;
  Location last_end_;
  char issue_text_[kIssueText] = {};
};

}  // namespace pgnkit::pgn::detail
