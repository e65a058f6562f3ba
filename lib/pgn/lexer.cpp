// Lexer core: buffering, blanks and line counting, dispatch, and the short tokens.
#include "pgn/lexer.h"

#include <algorithm>
#include <cstring>

#include "io/file_map.h"
#include "pgn/chars.h"
#include "pgn/unicode.h"

namespace pgnkit::pgn::detail {
namespace {

// The NUL sentinel after the data, plus slack for short look-ahead compares and for the
// 16-byte scans of chars.h, which may read up to 15 bytes past the sentinel.
constexpr std::size_t kPadding = kReaderPadding;

std::uint32_t parse_saturating(const char* p, const char* end) {
  std::uint64_t n = 0;
  for (; p < end; ++p) {
    n = n * 10 + static_cast<unsigned>(*p - '0');
    if (n > UINT32_MAX) return UINT32_MAX;
  }
  return static_cast<std::uint32_t>(n);
}

// Length of the UTF-8 sequence at p (1 if it is not a valid one), for issue texts.
std::size_t utf8_length(const char* p, const char* end) {
  const auto lead = static_cast<unsigned char>(*p);
  const std::size_t len = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 1;
  if (static_cast<std::size_t>(end - p) < len) return 1;
  for (std::size_t i = 1; i < len; ++i) {
    if ((static_cast<unsigned char>(p[i]) & 0xC0) != 0x80) return 1;
  }
  return len;
}

}  // namespace

Lexer::Lexer(io::Source& src, std::size_t buffer_size, const Location& start)
    : src_(src), cap_(std::max(buffer_size, kMinBuffer)), map_(src.map_rest(kPadding)) {
  if (map_ != nullptr) {
    start_at(map_->data(), 0, start);  // the window grows over the map: see refill_mapped()
    return;
  }
  // Not zero-filled (a reader over a small chunk or a fuzz input would pay for the whole
  // buffer): only the sentinel and the padding after the data are ever read before written.
  storage_ = std::make_unique_for_overwrite<char[]>(cap_ + kPadding);
  start_at(storage_.get(), 0, start);
}

Lexer::Lexer(io::Source& src, char* data, std::size_t size, const Location& start)
    : src_(src), cap_(size + 1), in_place_(true) {
  start_at(data, size, start);
}

void Lexer::start_at(char* data, std::size_t size, const Location& start) {
  buf_ = data;
  p_ = tok_ = buf_;
  end_ = buf_ + size;
  seal();  // the sentinel, and defined bytes past the end
  origin_ = start.offset - addr(buf_);
  // As mid-stream: on line start.line, which began column - 1 bytes before, no token on it.
  line_ = start.line;
  line_start_ = start.offset - (start.column - 1);
  end_offset_ = line_start_;
  end_loc_ = end_before_bracket_ = start;
  set_line_column();
  window_ = BufferedBytes{buf_, size, start.offset};
}

void Lexer::seal() {
  char* const at = buf_ + (end_ - buf_);
  if (map_ != nullptr) {  // the map's bytes, which the next window shows again
    std::memcpy(sealed_bytes_.data(), at, kPadding);
    sealed_at_ = at;
  }
  std::memset(at, 0, kPadding);
}

void Lexer::unseal() {
  if (sealed_at_ == nullptr) return;
  std::memcpy(sealed_at_, sealed_bytes_.data(), kPadding);
  sealed_at_ = nullptr;
}

bool Lexer::refill_mapped() {
  // As refill() below, with nothing moved or read: the window [buf_, end_) starts at tok_
  // and ends up to cap_ bytes after it, so that tokens end exactly where they do when read.
  const auto keep = static_cast<std::size_t>(end_ - tok_);
  if (tok_ != buf_) {
    if (move_fn_) move_fn_(move_ctx_);
    if (p_ < tok_) p_ = tok_;  // only while a comment is skipped
    buf_ += tok_ - buf_;
  }
  map_->passed(tok_);
  if (keep == cap_) return false;
  const char* const file_end = map_->data() + map_->size();
  unseal();
  if (end_ == file_end) {
    if (!eof_) {
      char none[1];
      static_cast<void>(src_.read(none, sizeof none));  // the map's end: maybe an error
      eof_ = true;
    }
  } else {
    end_ = tok_ + std::min(cap_, static_cast<std::size_t>(file_end - tok_));
  }
  seal();
  window_ = BufferedBytes{buf_, static_cast<std::size_t>(end_ - buf_), abs(buf_)};
  return true;
}

bool Lexer::refill() {
  if (map_ != nullptr) return refill_mapped();
  if (in_place_) {
    // Everything is buffered already: the source only tells how the input ended.
    if (!eof_) {
      char none[1];
      static_cast<void>(src_.read(none, sizeof none));  // gives no bytes, by contract
      eof_ = true;
    }
    return true;
  }
  const auto keep = static_cast<std::size_t>(end_ - tok_);
  if (tok_ != buf_) {
    if (move_fn_) move_fn_(move_ctx_);
    const auto shift = static_cast<std::size_t>(tok_ - buf_);
    std::memmove(buf_, tok_, keep);
    origin_ += shift;
    set_line_column();
    p_ = p_ >= tok_ ? p_ - shift : buf_;  // p_ < tok_ only while a comment is skipped
    tok_ = buf_;
    end_ = buf_ + keep;
  }
  if (keep == cap_) return false;
  // One read, not a loop until the buffer is full: what the source has now (a decoded zstd
  // block, a pipe's chunk) is parsed while the source produces more.
  char* w = buf_ + keep;
  if (!eof_) {
    const std::size_t n = src_.read(w, cap_ - keep);
    if (n == 0) eof_ = true;
    w += n;
  }
  end_ = w;
  seal();  // the sentinel, and defined bytes for reads past the end
  window_ = BufferedBytes{buf_, static_cast<std::size_t>(end_ - buf_), abs(buf_)};
  return true;
}

void Lexer::lookahead(std::size_t n) {
  if (static_cast<std::size_t>(end_ - p_) >= n || eof_) return;
  tok_ = p_;  // between tokens: nothing before p_ needs keeping
  while (static_cast<std::size_t>(end_ - p_) < n && !eof_ && refill()) {
  }
}

void Lexer::ensure(std::size_t n) {
  while (static_cast<std::size_t>(end_ - tok_) < n && !eof_ && refill()) {
  }
}

bool Lexer::match(const char* q, std::string_view pattern) const {
  return static_cast<std::size_t>(end_ - q) >= pattern.size() &&
         std::memcmp(q, pattern.data(), pattern.size()) == 0;
}

void Lexer::skip_blank() {
  for (;;) {
    const char* p = p_;
    for (;;) {
      const char c = *p;
      // \x1A: DOS end-of-file mark
      if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\x1A') {
        ++p;
      } else if (c == '\n') {
        ++p;
        new_line(p);
      } else if (c == '\r') {
        if (p + 1 == end_ && !eof_) break;  // need to see whether '\n' follows
        ++p;
        if (*p != '\n') new_line(p);
      } else {
        break;
      }
    }
    p_ = p;
    if ((p < end_ && *p != '\r') || eof_) return;
    tok_ = p;
    refill();
  }
}

void Lexer::issue(Token& t, SyntaxCode code, Severity sev, const Location& where, const char* text,
                  std::size_t len) {
  len = std::min(len, kIssueText);
  if (len > 0 && text != nullptr) std::memmove(issue_text_, text, len);  // may be issue_text_
  t.kind = TokKind::Issue;
  t.has_issue = true;
  t.cut = false;
  t.in_tag = false;
  t.code = code;
  t.severity = sev;
  t.loc = where;
  t.issue_text = std::string_view(issue_text_, len);
}

std::string_view Lexer::keep_text(std::string_view text) {
  const std::size_t len = std::min(text.size(), kIssueText);
  std::memmove(issue_text_, text.data(), len);
  return std::string_view(issue_text_, len);
}

void Lexer::issue_cut(Token& t, SyntaxCode code, const Location& where, const char* text,
                      std::size_t len) {
  issue(t, code, Severity::Error, where, text, len);
  t.cut = true;
  resync();
}

void Lexer::junk(Token& t, SyntaxCode code, const char* text, std::size_t len) {
  if (mode_ != LexMode::Between) {
    issue_cut(t, code, loc_of(tok_), text, len);
    return;
  }
  ensure(kIssueText);  // may move the buffer: text is not used from here on
  const auto in_word = [](char c) { return static_cast<unsigned char>(c) > ' ' && c != '\x7F'; };
  const char* const limit = std::min(end_, tok_ + kIssueText);
  const char* q = tok_;
  while (q < limit && in_word(*q)) ++q;
  issue(t, SyntaxCode::TextBetweenGames, Severity::Warning, loc_of(tok_), tok_,
        std::max<std::size_t>(static_cast<std::size_t>(q - tok_), 1));
  t.cut = true;
  resync();
}

void Lexer::next_slow(Token& t) {
  t.cut = false;
  for (;;) {
    if (*p_ == ' ' && static_cast<unsigned char>(p_[1]) > ' ') {
      ++p_;  // the common case: one space between tokens
    } else {
      skip_blank();
    }
    tok_ = p_;
    if (p_ == end_) {
      t.loc = loc_of(p_);
      if (src_.error() && !input_error_reported_) {
        input_error_reported_ = true;
        issue_cut(t, SyntaxCode::InputError, t.loc, nullptr, 0);
        return;
      }
      t.kind = TokKind::Eof;
      return;
    }
    bool produced = true;
    switch (kLead[static_cast<unsigned char>(*p_)]) {
      case Lead::Symbol: lex_symbol(t); break;
      case Lead::Dash: lex_dash(t); break;
      case Lead::Glyph: lex_glyph(t); break;
      case Lead::Digit: lex_number(t); break;
      case Lead::Tag:
        end_before_bracket_ = last_end();
        produced = mode_ == LexMode::Movetext ? lex_bracket_in_movetext(t) : lex_tag(t);
        break;
      case Lead::Comment: lex_comment(t); break;
      case Lead::Line: lex_line(t, TokKind::Comment); break;
      case Lead::Open:
      case Lead::Close:
        t.kind = *p_ == '(' ? TokKind::Open : TokKind::Close;
        t.loc = loc_of(p_);
        ++p_;
        break;
      case Lead::Dollar: lex_nag(t); break;
      case Lead::Suffix: lex_suffix(t); break;
      case Lead::Star:
        t.kind = TokKind::Result;
        t.outcome = Outcome::Unknown;
        t.loc = loc_of(p_);
        t.text = std::string_view(p_, 1);
        ++p_;
        break;
      case Lead::Dot:  // stray dots ("1. ... e5"): tolerated silently
        while (*p_ == '.') ++p_;
        produced = false;
        break;
      case Lead::Percent:
        if (abs(p_) == line_start_) {
          lex_line(t, TokKind::Escape);
        } else {
          junk(t, SyntaxCode::UnexpectedChar, p_, 1);
        }
        break;
      case Lead::Utf8: produced = lex_utf8(t); break;
      case Lead::Control: issue_cut(t, SyntaxCode::BinaryData, loc_of(p_), p_, 1); break;
      case Lead::Other: junk(t, SyntaxCode::UnexpectedChar, p_, utf8_length(p_, end_)); break;
    }
    if (!produced) continue;
    // A Unicode space is a blank, not a token: its line may still be a blank line.
    if (!t.cut && t.kind != TokKind::Escape &&
        !(t.kind == TokKind::Issue && t.code == SyntaxCode::UnicodeSpace)) {
      token_ends(p_);
    }
    return;
  }
}

bool Lexer::lex_symbol(Token& t) {
  for (;;) {
    const char* first_dash = nullptr;
    const char* q = symbol_end(tok_ + 1, first_dash);
    const auto len = static_cast<std::size_t>(q - tok_);
    if (len > kMaxToken) {
      junk(t, SyntaxCode::TokenTooLong, tok_, len);
      return true;
    }
    if ((q == end_ || *q == '\xE2') && static_cast<std::size_t>(end_ - q) < 3 && !eof_) {
      refill();
      continue;
    }
    // The en-passant mark "e.p." (or "e.p"), alone or glued to a move, is one token: its dots
    // are not the stray dots of move numbers. What it marks is for the reader's visitor.
    if (*q == '.' && q[-1] == 'e') {
      if (static_cast<std::size_t>(end_ - q) < 3 && !eof_ && refill()) continue;
      if (q[1] == 'p') q += q[2] == '.' ? 3 : 2;  // q[1], q[2]: at most the NUL at end_
    }
    return symbol_token(t, q, first_dash);
  }
}

bool Lexer::lex_number(Token& t) {
  ensure(kMaxToken + 16);
  const char* q = tok_;
  while (is_digit(*q)) ++q;
  if (static_cast<std::size_t>(q - tok_) > kMaxToken) {
    junk(t, SyntaxCode::TokenTooLong, tok_, kIssueText);
    return true;
  }
  t.loc = loc_of(tok_);
  const char c = *q;
  if (c == '-' || c == '/' || c == '\xE2') {
    const ResultMatch r = match_result(tok_);
    if (r.length != 0 && !is_symbol(tok_[r.length])) {
      if (r.dash != nullptr && mode_ != LexMode::Between && dash_reported_at_ != abs(tok_)) {
        dash_reported_at_ = abs(tok_);
        issue(t, SyntaxCode::UnicodeDash, Severity::Warning, loc_of(r.dash), tok_, r.length);
        p_ = tok_;  // the result itself comes next
        return true;
      }
      t.kind = TokKind::Result;
      t.outcome = r.outcome;
      t.text = std::string_view(tok_, r.length);
      p_ = tok_ + r.length;
      return true;
    }
    const std::size_t d = any_dash_length(q);
    if (q == tok_ + 1 && *tok_ == '0' && d != 0 && q[d] == '0') {  // castling with zeros
      const char* first_dash = d > 1 ? q : nullptr;
      const char* e = symbol_end(q, first_dash);
      if (static_cast<std::size_t>(e - tok_) <= kMaxToken) return symbol_token(t, e, first_dash);
      junk(t, SyntaxCode::UnexpectedToken, tok_, static_cast<std::size_t>(e - tok_));
      return true;
    }
    if (c != '\xE2') {
      const char* e = q;
      while (is_symbol(*e)) ++e;
      junk(t, SyntaxCode::UnexpectedToken, tok_, static_cast<std::size_t>(e - tok_));
      return true;
    }
  }
  t.kind = TokKind::MoveNumber;
  t.number = parse_saturating(tok_, q);
  if (t.number == 1) number_one(t);
  for (;;) {  // "12." "12..." "12…"; no dots at all is tolerated too
    if (*q == '.') {
      ++q;
    } else if (match(q, kEllipsis)) {
      q += kEllipsis.size();
    } else {
      break;
    }
  }
  p_ = q;
  return true;
}

bool Lexer::lex_nag(Token& t) {
  ensure(kMaxToken + 2);
  const char* q = tok_ + 1;
  while (is_digit(*q)) ++q;
  const auto digits = static_cast<std::size_t>(q - tok_ - 1);
  if (digits == 0 || digits > kMaxToken) {
    junk(t, digits == 0 ? SyntaxCode::UnexpectedToken : SyntaxCode::TokenTooLong, tok_, digits + 1);
    return true;
  }
  t.kind = TokKind::Nag;
  t.loc = loc_of(tok_);
  t.number = parse_saturating(tok_ + 1, q);
  p_ = q;
  return true;
}

bool Lexer::lex_suffix(Token& t) {
  ensure(8);
  const char* q = tok_;
  while (q < tok_ + 3 && (*q == '!' || *q == '?')) ++q;  // three already make it malformed
  const auto len = static_cast<std::size_t>(q - tok_);
  std::uint32_t code = 0;
  if (len == 1) {
    code = tok_[0] == '!' ? 1 : 2;  // ! ?
  } else if (len == 2) {
    const bool a = tok_[0] == '!';
    const bool b = tok_[1] == '!';
    code = a ? (b ? 3 : 5) : (b ? 6 : 4);  // !! !? ?! ??
  } else {
    junk(t, SyntaxCode::UnexpectedToken, tok_, len);
    return true;
  }
  t.kind = TokKind::Nag;
  t.loc = loc_of(tok_);
  t.number = code;
  p_ = q;
  return true;
}

}  // namespace pgnkit::pgn::detail
