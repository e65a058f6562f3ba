// Lexer: the tokens that UTF-8 and the annotation glyphs make (docs/reader.md, "Unicode in
// movetext"), and the symbol tokens that may hold a Unicode dash or end in a glued result.
#include <algorithm>

#include "pgn/chars.h"
#include "pgn/lexer.h"
#include "pgn/unicode.h"

namespace pgnkit::pgn::detail {
namespace {

// A result marker glued to the end of the symbol [begin, end) after a move ("gxf41-0",
// "Kg10-1", "O-O1/2-1/2"): where the marker starts, or null. The move must end as SAN does (a
// rank digit, a promotion piece, castling's 'O', a check mark), so "exd1-0" stays one token.
const char* glued_result_start(const char* begin, const char* end) {
  for (const std::string_view marker :
       {std::string_view("1/2-1/2"), std::string_view("1-0"), std::string_view("0-1")}) {
    if (static_cast<std::size_t>(end - begin) <= marker.size()) continue;
    const char* at = end - marker.size();
    if (std::string_view(at, marker.size()) != marker) continue;
    const char last = at[-1];
    if ((last >= '1' && last <= '8') || last == 'Q' || last == 'R' || last == 'B' || last == 'N' ||
        last == 'O' || last == '+' || last == '#') {
      return at;
    }
  }
  return nullptr;
}

}  // namespace

const char* Lexer::symbol_end(const char* q, const char*& first_dash) const {
  for (;;) {
    while (is_symbol(*q)) ++q;
    if (*q != '\xE2' || static_cast<std::size_t>(end_ - q) < 3) return q;
    const std::size_t d = dash_length(q);
    if (d == 0) return q;
    if (first_dash == nullptr) first_dash = q;
    q += d;
  }
}

bool Lexer::symbol_token(Token& t, const char* q, const char* first_dash) {
  const auto len = static_cast<std::size_t>(q - tok_);
  const std::uint64_t at = abs(tok_);
  const bool in_game = mode_ != LexMode::Between;
  if (first_dash != nullptr && in_game && dash_reported_at_ != at) {
    dash_reported_at_ = at;
    issue(t, SyntaxCode::UnicodeDash, Severity::Warning, loc_of(first_dash), tok_, len);
    p_ = tok_;  // the token itself comes next
    return true;
  }
  const char* result = glued_result_start(tok_, q);
  if (result != nullptr && in_game && glued_reported_at_ != at) {
    glued_reported_at_ = at;
    issue(t, SyntaxCode::GluedResult, Severity::Warning, loc_of(result), tok_, len);
    p_ = tok_;
    return true;
  }
  if (result != nullptr && in_game) q = result;  // the marker is the next token
  t.kind = TokKind::San;
  t.loc = loc_of(tok_);
  t.text = std::string_view(tok_, static_cast<std::size_t>(q - tok_));
  p_ = q;
  return true;
}

bool Lexer::glyph_token(Token& t, std::size_t length, std::uint32_t nag) {
  const std::uint64_t at = abs(tok_);
  if (glyph_reported_at_ != at) {
    glyph_reported_at_ = at;
    issue(t, SyntaxCode::NagGlyph, Severity::Warning, loc_of(tok_), tok_, length);
    p_ = tok_;  // the NAG itself comes next
    return true;
  }
  t.kind = TokKind::Nag;
  t.loc = loc_of(tok_);
  t.number = nag;
  p_ = tok_ + length;
  return true;
}

// Glyphs are read in games only: outside, they are text between games as any junk is.
bool Lexer::lex_dash(Token& t) {
  ensure(8);
  const Glyph g = mode_ == LexMode::Between ? Glyph{} : glyph_at(tok_);  // "-+", "-/+"
  if (g.length != 0) return glyph_token(t, g.length, g.nag);
  return lex_symbol(t);  // "--", or whatever the replayer makes of it
}

bool Lexer::lex_glyph(Token& t) {
  ensure(8);
  const Glyph g = mode_ == LexMode::Between ? Glyph{} : glyph_at(tok_);
  if (g.length != 0) return glyph_token(t, g.length, g.nag);
  junk(t, SyntaxCode::UnexpectedChar, tok_, 1);
  return true;
}

bool Lexer::lex_utf8(Token& t) {
  ensure(kIssueText);
  if (match(tok_, kBom)) {  // a byte order mark (also where files were concatenated)
    p_ = tok_ + kBom.size();
    return false;
  }
  if (match(tok_, kEllipsis)) {  // a stray "…", like stray dots
    p_ = tok_ + kEllipsis.size();
    return false;
  }
  if (match(tok_, kHalfDraw) && !is_symbol(tok_[kHalfDraw.size()])) {
    t.kind = TokKind::Result;
    t.outcome = Outcome::Draw;
    t.loc = loc_of(tok_);
    t.text = std::string_view(tok_, kHalfDraw.size());
    p_ = tok_ + kHalfDraw.size();
    return true;
  }
  if (const std::size_t space = space_length(tok_); space != 0) {
    p_ = tok_ + space;
    if (mode_ == LexMode::Between) return false;  // outside games: a blank, nothing to say
    issue(t, SyntaxCode::UnicodeSpace, Severity::Warning, loc_of(tok_), tok_, space);
    return true;
  }
  if (mode_ != LexMode::Between) {
    if (const Glyph g = glyph_at(tok_); g.length != 0) return glyph_token(t, g.length, g.nag);
  }
  const std::size_t len = utf8_sequence_length(tok_);
  if (len == 0 || mode_ == LexMode::Between) {
    junk(t, SyntaxCode::UnexpectedChar, tok_, std::max<std::size_t>(len, 1));
    return true;
  }
  // A run of characters that are not PGN (a word in another script, a symbol): skipped as
  // one token with one warning, up to a blank, a space character or a glyph, or ASCII.
  const char* q = tok_ + len;
  const char* const limit = tok_ + kIssueText;  // buffered (ensure above) unless at the end
  while (q < end_ && q < limit && space_length(q) == 0 && glyph_at(q).length == 0) {
    const std::size_t n = utf8_sequence_length(q);
    if (n == 0 || q + n > limit) break;
    q += n;
  }
  issue(t, SyntaxCode::UnicodeChar, Severity::Warning, loc_of(tok_), tok_,
        static_cast<std::size_t>(q - tok_));
  p_ = q;
  return true;
}

}  // namespace pgnkit::pgn::detail
