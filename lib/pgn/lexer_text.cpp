// Lexer: the tokens that may span buffers or lines (tags, comments, escape lines), and
// resynchronisation after errors.
#include <algorithm>
#include <cstring>

#include "pgn/chars.h"
#include "pgn/lexer.h"

namespace pgnkit::pgn::detail {
namespace {

// First '\n' or '\r' in [p, limit), or limit. has_cr: whether [p, limit) contains '\r'.
const char* find_break(const char* p, const char* limit, bool has_cr) {
  if (!has_cr) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(limit - p));
    return nl != nullptr ? static_cast<const char*>(nl) : limit;
  }
  while (p < limit && *p != '\n' && *p != '\r') ++p;
  return p;
}

std::string_view trim_unterminated_value(const char* v, const char* e) {
  while (e > v && is_blank(e[-1])) --e;
  if (e > v && e[-1] == ']') --e;
  while (e > v && is_blank(e[-1])) --e;
  return std::string_view(v, static_cast<std::size_t>(e - v));
}

}  // namespace

bool Lexer::tag_shaped(const char* q) const {
  return pgn::detail::tag_shaped(q, end_);
}

void Lexer::skip_rest_of_line() {
  for (;;) {
    const char* q = p_;
    while (!ends_line(*q)) ++q;
    if (q != end_ && *q == '\0') {  // a NUL byte inside the line
      p_ = q + 1;
      continue;
    }
    p_ = q;
    if (q != end_ || eof_) return;
    tok_ = q;  // discard what was skipped
    refill();
  }
}

bool Lexer::lex_tag(Token& t) {
  for (;;) {
    const char* q = tok_ + 1;
    while (is_blank(*q)) ++q;
    const char* name = q;
    while (is_name(*q)) ++q;
    const auto name_len = static_cast<std::size_t>(q - name);
    while (is_blank(*q)) ++q;
    // A tag pair over two lines (`[White` then `"A"]`: import format allows any white space
    // between the tokens): the line break is counted once the token is made (new_line).
    const char* next_line = nullptr;
    bool need_more = q == end_ && !eof_;
    if (name_len != 0 && (*q == '\n' || *q == '\r')) {
      const char* r = q + ((*q == '\r' && q[1] == '\n') ? 2 : 1);
      const char* v = r;
      while (is_blank(*v)) ++v;
      if (*v == '"') {
        next_line = r;
        q = v;
      } else if (v == end_ && !eof_) {
        need_more = true;
      }
    }
    if (!need_more && (name_len == 0 || *q != '"')) {
      // Not `[Name "`: skip to ']' or the end of the line.
      while (*q != ']' && !ends_line(*q)) ++q;
      if (q != end_ || eof_) {
        p_ = *q == ']' ? q + 1 : q;
        issue(t, SyntaxCode::MalformedTag, Severity::Error, loc_of(tok_), tok_,
              static_cast<std::size_t>(p_ - tok_));
        t.in_tag = true;
        return true;
      }
      need_more = true;
    }
    if (!need_more) {
      const char* value = q + 1;
      {  // Fast path: printable ASCII without '\\' up to a '"' followed by blanks and ']'.
        const char* const e = find_tag_value_stop(value);
        if (*e == '"') {
          const char* r = e + 1;
          while (is_blank(*r)) ++r;
          if (*r == ']') {
            t.kind = TokKind::Tag;
            t.loc = loc_of(tok_);
            if (next_line != nullptr) new_line(next_line);
            t.name = std::string_view(name, name_len);
            t.text = std::string_view(value, static_cast<std::size_t>(e - value));
            t.text_flags = 0;
            t.tag_value = TagValue::Printable;
            t.has_issue = false;
            p_ = r + 1;
            return true;
          }
        }
      }
      const char* first_quote = nullptr;
      q = value;
      for (;;) {
        while (!stops_tag_value(*q)) ++q;
        const char c = *q;
        if (c == '"') {
          const char* r = q + 1;
          while (is_blank(*r)) ++r;
          if (*r == ']') {  // the closing quote is the first one followed by ']'
            t.kind = TokKind::Tag;
            t.loc = loc_of(tok_);
            if (next_line != nullptr) new_line(next_line);
            t.name = std::string_view(name, name_len);
            t.text = std::string_view(value, static_cast<std::size_t>(q - value));
            t.text_flags = check_text(t.text.data(), t.text.size());
            t.tag_value = TagValue::Unknown;
            t.has_issue = false;
            p_ = r + 1;
            return true;
          }
          if (r == end_ && !eof_) break;  // need more
          if (first_quote == nullptr) first_quote = q;
          q = r;
          continue;
        }
        if (c == '\\') {
          q += (q[1] == '"' || q[1] == '\\') ? 2 : 1;
          continue;
        }
        if (q == end_ && !eof_) break;  // need more
        if (c == '\0' && q != end_) {   // NUL inside the value: flagged by check_text
          ++q;
          continue;
        }
        // The line (or input) ended before a closing `"]`.
        t.kind = TokKind::Tag;
        t.loc = loc_of(tok_);
        if (next_line != nullptr) new_line(next_line);
        t.name = std::string_view(name, name_len);
        if (first_quote != nullptr) {  // `[Name "value"` without ']'
          t.text = std::string_view(value, static_cast<std::size_t>(first_quote - value));
          t.code = SyntaxCode::MalformedTag;
        } else {
          t.text = trim_unterminated_value(value, q);
          t.code = SyntaxCode::UnterminatedTagString;
        }
        t.text_flags = check_text(t.text.data(), t.text.size());
        t.tag_value = TagValue::Unknown;
        t.has_issue = true;
        t.severity = Severity::Error;
        t.issue_text = {};
        p_ = q;
        return true;
      }
    }
    if (!refill()) {  // a tag line longer than the buffer: skip it
      const Location at = loc_of(tok_);
      issue(t, SyntaxCode::TokenTooLong, Severity::Warning, at, tok_, kIssueText);
      t.in_tag = true;
      skip_rest_of_line();
      return true;
    }
  }
}

bool Lexer::lex_bracket_in_movetext(Token& t) {
  ensure(kTagLookahead);
  if (!token_on_line() && tag_shaped(tok_)) return lex_tag(t);
  // Skip to ']' or the end of the line, discarding as the buffer refills. The issue shows
  // at most kIssueText bytes, which the look-ahead above guarantees are buffered.
  const char* shown = tok_ + 1;
  while (shown < end_ && shown < tok_ + kIssueText && *shown != ']' && !ends_line(*shown)) {
    ++shown;
  }
  if (shown < end_ && *shown == ']') ++shown;
  issue(t, SyntaxCode::TagAfterMovetext, Severity::Error, loc_of(tok_), tok_,
        static_cast<std::size_t>(shown - tok_));
  p_ = tok_ + 1;
  for (;;) {
    const char* q = p_;
    while (*q != ']' && !ends_line(*q)) ++q;
    if (q == end_ && !eof_) {
      tok_ = q;
      refill();
      p_ = tok_;
      continue;
    }
    p_ = (q != end_ && *q == ']') ? q + 1 : q;  // a NUL or line break is left to the caller
    return true;
  }
}

bool Lexer::comment_breaks_at(const char* line, const char* history) const {
  if (*line != '[' || !tag_shaped(line)) return false;
  if (match(line, "[Event ") || match(line, "[Event\"")) return true;
  // Otherwise only right after a blank line.
  const char* b = line - 1;  // the line break before `line`
  if (*b == '\n' && b > history && b[-1] == '\r') --b;
  --b;
  while (b >= history && is_blank(*b)) --b;
  return b >= history && (*b == '\n' || *b == '\r');
}

bool Lexer::lex_comment(Token& t) {
  const Location open = loc_of(tok_);
  // The check_text() flags of the comment, once known: if the '}' is buffered now, the loop
  // below ends at the same '}' or does not deliver the comment.
  std::uint8_t flags = 0;
  bool flags_known = false;
  {  // Fast path: the '}' is buffered and the comment has no line break.
    const auto* close = static_cast<const char*>(
        std::memchr(tok_ + 1, '}', static_cast<std::size_t>(end_ - tok_ - 1)));
    if (close != nullptr) {
      const std::string_view text(tok_ + 1, static_cast<std::size_t>(close - tok_ - 1));
      flags = check_text(text.data(), text.size());
      flags_known = true;
      if ((flags & kTextLineBreak) == 0) {
        t.kind = TokKind::Comment;
        t.loc = open;
        t.text = text;
        t.text_flags = flags;
        p_ = close + 1;
        return true;
      }
    }
  }
  std::size_t scan_off = 1;  // bytes from tok_ whose line breaks are processed
  bool skipping = false;     // the comment outgrew the buffer; its head is discarded
  for (;;) {
    const char* scan = tok_ + scan_off;
    const auto* close =
        static_cast<const char*>(std::memchr(scan, '}', static_cast<std::size_t>(end_ - scan)));
    const char* limit = close != nullptr ? close : end_;
    const bool has_cr = std::memchr(scan, '\r', static_cast<std::size_t>(limit - scan)) != nullptr;
    const char* stop = nullptr;  // the line where an unterminated comment gives up
    bool deferred = false;
    for (;;) {
      const char* b = find_break(scan, limit, has_cr);
      if (b == limit) {
        scan = limit;
        break;
      }
      const char* ls = b + 1;
      if (*b == '\r' && *ls == '\n') ++ls;
      const bool unknown = (ls >= end_ || (*b == '\r' && b + 1 == end_)) && !eof_;
      if (unknown || (*ls == '[' && static_cast<std::size_t>(end_ - ls) < kTagLookahead && !eof_)) {
        scan = b;  // come back to this break with more data
        deferred = true;
        break;
      }
      new_line(ls);
      scan = ls;
      if (comment_breaks_at(ls, skipping ? tok_ : tok_ + 1)) {
        stop = ls;
        break;
      }
    }
    if (stop != nullptr) {
      p_ = stop;
      if (skipping) {
        issue(t, SyntaxCode::UnterminatedComment, Severity::Error, open, issue_text_, kIssueText);
      } else {
        issue(t, SyntaxCode::UnterminatedComment, Severity::Error, open, tok_,
              static_cast<std::size_t>(stop - tok_));
      }
      t.cut = true;  // already at the next game's first line
      return true;
    }
    if (close != nullptr && !deferred) {
      p_ = close + 1;
      if (skipping) {
        issue(t, SyntaxCode::TokenTooLong, Severity::Warning, open, issue_text_, kIssueText);
      } else {
        t.kind = TokKind::Comment;
        t.loc = open;
        t.text = std::string_view(tok_ + 1, static_cast<std::size_t>(close - tok_ - 1));
        if (!flags_known) flags = check_text(t.text.data(), t.text.size());
        t.text_flags = flags & ~kTextLineBreak;
      }
      return true;
    }
    if (eof_ && !deferred) {
      p_ = end_;
      if (skipping) {
        issue(t, SyntaxCode::UnterminatedComment, Severity::Error, open, issue_text_, kIssueText);
      } else {
        issue(t, SyntaxCode::UnterminatedComment, Severity::Error, open, tok_,
              static_cast<std::size_t>(end_ - tok_));
      }
      t.cut = true;
      return true;
    }
    scan_off = static_cast<std::size_t>(scan - tok_);
    if (!refill()) {
      // The comment fills the buffer: keep its first bytes for the issue text, then drop
      // its head, keeping a little history for the blank-line test of comment_breaks_at().
      if (!skipping) std::memcpy(issue_text_, tok_, kIssueText);
      skipping = true;
      const std::size_t history = std::min<std::size_t>(scan_off, 256);
      tok_ += scan_off - history;
      scan_off = history;
      refill();
    }
  }
}

bool Lexer::lex_line(Token& t, TokKind kind) {
  const Location at = loc_of(tok_);
  for (;;) {
    const char* q = tok_ + 1;
    for (;;) {
      while (!ends_line(*q)) ++q;
      if (q != end_ && *q == '\0') {
        ++q;
        continue;
      }
      break;
    }
    if (q == end_ && !eof_) {
      if (refill()) continue;
      issue(t, SyntaxCode::TokenTooLong, Severity::Warning, at, tok_, kIssueText);
      p_ = end_;
      skip_rest_of_line();
      return true;
    }
    t.kind = kind;
    t.loc = at;
    t.text = std::string_view(tok_ + 1, static_cast<std::size_t>(q - tok_ - 1));
    if (kind == TokKind::Comment) t.text_flags = check_text(t.text.data(), t.text.size());
    p_ = q;
    return true;
  }
}

bool Lexer::move_follows(Token& t) {
  // Keep the comment buffered while looking past it: [tok_, end_) survives refills.
  const std::uint64_t text_at = abs(t.text.data());
  tok_ = at_offset(t.loc.offset);
  ensure(static_cast<std::size_t>(p_ - tok_) + kMoveLookahead);
  t.text = std::string_view(at_offset(text_at), t.text.size());
  const char* q = p_;
  const char* const limit = std::min(end_, p_ + kMoveLookahead);
  while (q < limit && (is_blank(*q) || *q == '\n' || *q == '\r' || *q == '\f' || *q == '\v')) ++q;
  if (q >= limit) return false;
  if (is_digit(*q)) {  // a move number, not a result or castling with zeros
    while (q < limit && is_digit(*q)) ++q;
    return q < limit && *q != '-' && *q != '/' && *q != '\xE2';
  }
  if (kLead[static_cast<unsigned char>(*q)] != Lead::Symbol) return false;
  const char* e = q;
  while (e < limit && is_symbol(*e)) ++e;
  return san_shaped(std::string_view(q, static_cast<std::size_t>(e - q)));
}

void Lexer::resync() {
  bool at_line_start = abs(p_) == line_start_;
  for (;;) {
    if (at_line_start) {
      while (is_blank(*p_)) ++p_;  // leading blanks, discarded as the buffer refills
      if (p_ == end_ && !eof_) {
        tok_ = p_;
        refill();
        continue;
      }
      at_line_start = false;
      tok_ = p_;
      ensure(kTagLookahead);
      if (*p_ == '[' && tag_shaped(p_)) return;
    }
    const char* q = p_;
    while (!ends_line(*q)) ++q;
    if (q == end_) {
      p_ = q;
      if (eof_) return;
      tok_ = q;  // discard the skipped bytes
      refill();
      continue;
    }
    if (*q == '\0') {  // NUL inside the skipped line
      p_ = q + 1;
      continue;
    }
    if (*q == '\r' && q + 1 == end_ && !eof_) {
      p_ = q;
      tok_ = q;
      refill();
      continue;
    }
    p_ = (*q == '\r' && q[1] == '\n') ? q + 2 : q + 1;
    new_line(p_);
    at_line_start = true;
  }
}

}  // namespace pgnkit::pgn::detail
