#include "write/pgn_writer.h"

#include <charconv>

#include "replay/tag_checks.h"
#include "write/json.h"
#include "write/text_buffer.h"

namespace pgnkit::write {
namespace {

constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};

// Where a folded comment may break: at a space that is not inside a `[%...]` command (from
// "[%" to the next ']'; a "[%" with no ']' after it is no command), and is not followed by '['
// or '%'. Breaking inside a command would still read back, but tools that read the commands
// ([%clk 0:00:58], [%eval 0.17]) line by line would miss them. A line inside a comment never
// starts with '[' or '%': a reader that sees a tag pair there (`[Event "y"]`) ends the comment
// and starts a game (docs/reader.md), and some readers take a '%' line for an escape. So a word
// that starts with either is glued to the word before it (or to the '{').
constexpr bool glues_to_previous(char c) {
  return c == '[' || c == '%';
}

// The first space of `text` outside commands, or npos.
std::size_t next_space(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == ' ') return i;
    if (text[i] == '[' && i + 1 < text.size() && text[i + 1] == '%') {
      if (const std::size_t close = text.find(']', i + 2); close != std::string_view::npos)
        i = close;
    }
  }
  return std::string_view::npos;
}

// The first break of `text` (a space as above), or npos.
std::size_t next_break(std::string_view text) {
  for (std::size_t at = 0;;) {
    const std::size_t space = next_space(text.substr(at));
    if (space == std::string_view::npos) return space;
    at += space;
    if (at + 1 >= text.size() || !glues_to_previous(text[at + 1])) return at;
    ++at;
  }
}

// The last break of `text`, or npos. A space is inside a command when the last "[%" before it
// has its ']' after it (commands do not nest: the first ']' ends one).
std::size_t last_break(std::string_view text) {
  for (std::size_t space = text.rfind(' '); space != std::string_view::npos;) {
    const std::size_t open = text.rfind("[%", space);
    const std::size_t close = open == std::string_view::npos ? open : text.find(']', open + 2);
    if (close == std::string_view::npos || close < space) {  // outside commands
      if (space + 1 >= text.size() || !glues_to_previous(text[space + 1])) return space;
      if (space == 0) break;
      space = text.rfind(' ', space - 1);
      continue;
    }
    if (open == 0) break;
    space = text.rfind(' ', open - 1);
  }
  return std::string_view::npos;
}

// Writes movetext tokens space-separated, breaking lines before a token that would pass the
// width. "(" is glued to the token after it and ")" to the one before, and a comment's braces
// to its first and last word: so a token is held (in `last_`) until the next one starts, and
// only then written, when its length is final.
class Wrapper {
 public:
  // Writes into `out` at finish(). The buffers are the thread's, reused from game to game.
  Wrapper(std::string& out, std::size_t width)
      : result_(out), out_(buffers().out), last_(buffers().last), width_(width < 20 ? 20 : width) {
    out_.clear();
    last_.clear();
  }

  void token(std::string_view t) { start_token().put(t); }
  // The token being built (the previous one written, unless glued to it): append to it.
  TextBuffer& start_token() {
    if (glue_next_) {
      glue_next_ = false;
    } else {
      write_last();
      last_.clear();
      has_last_ = true;
    }
    return last_;
  }
  void open_paren() {
    write_last();
    last_.clear();
    last_.put('(');
    has_last_ = true;
    glue_next_ = true;
  }
  void close_paren() {
    if (line_comment_) {  // a ';' comment ends its line: the ')' goes after it
      write_last();
      last_.clear();
      has_last_ = true;
    }
    last_.put(')');  // after the last token, or "()" for an empty variation
    glue_next_ = false;
  }
  // A comment: its words wrap like tokens (a [%...] command is one word, never broken);
  // braces stick to the first and last word. A comment that holds a '}' (one read from a ';'
  // comment, or from NDJSON) cannot be a brace comment: it is written as a ';' comment, the
  // only PGN form that can hold '}', folded onto one line that ends after it.
  void comment(std::string_view text) {
    if (text.find('}') != std::string_view::npos) [[unlikely]] {
      const std::string_view folded = fold(text);
      TextBuffer& t = start_token();  // glued to a "(" before it
      t.put(';');
      t.put(folded);
      line_comment_ = true;
      return;
    }
    // Most comments ("[%clk 0:01:00]") are folded ASCII: their words are found with one
    // search each and written as the token loop would write them, the last one held.
    if (!glue_next_ && is_plain_folded_json(text)) {
      write_last();
      bool open = true;  // the '{' is still to write
      // All the words but the last at once, when they fit on the line.
      if (const std::size_t last = last_break(text); last != std::string_view::npos) {
        const std::size_t size = (column_ > 0 ? 1 : 0) + 1 + last;
        if (column_ + size <= width_) {
          char* p = out_.room(size);
          if (column_ > 0) *p++ = ' ';
          *p++ = '{';
          out_.commit(put(p, text.substr(0, last)));
          column_ += size;
          open = false;
          text.remove_prefix(last + 1);
        }
      }
      for (std::size_t space; (space = next_break(text)) != std::string_view::npos;) {
        const std::size_t size = space + (open ? 1 : 0);
        separate(size);
        if (open) out_.put('{');
        out_.put(text.substr(0, space));
        column_ += size;
        open = false;
        text.remove_prefix(space + 1);
      }
      last_.clear();
      char* p = last_.room(text.size() + 2);
      if (open) *p++ = '{';
      p = put(p, text);
      *p++ = '}';
      last_.commit(p);
      has_last_ = true;
      return;
    }
    comment_words(text);
  }
  void finish() {
    write_last();
    if (column_ > 0) out_.put('\n');
    result_.append(out_.view());
  }

 private:
  struct Buffers {
    TextBuffer out, last;
    std::string utf8, folded;  // a comment that is not folded ASCII, converted and folded
  };
  static Buffers& buffers() {
    thread_local Buffers b;
    return b;
  }

  // A comment's text converted to UTF-8 (see json.h), its white space folded: words joined by
  // one space (valid until the next call).
  static std::string_view fold(std::string_view text) {
    Buffers& b = buffers();
    if (!is_ascii(text)) {
      b.utf8.clear();
      append_utf8(b.utf8, text);
      text = b.utf8;
    }
    b.folded.clear();
    std::size_t at = 0;
    for (std::string_view word; !(word = next_fold_word(text, at)).empty();) {
      if (!b.folded.empty()) b.folded += ' ';
      b.folded.append(word);
    }
    return b.folded;
  }

  // A comment that is not folded ASCII: folded first, then written word by word (a [%...]
  // command counts as one word, and a word is glued to one after it that starts with '[' or
  // '%').
  void comment_words(std::string_view text) {
    std::string_view rest = fold(text);
    TextBuffer& first = start_token();  // glued to a "(" before it
    first.put('{');
    for (bool first_word = true;; first_word = false) {
      const std::size_t space = next_break(rest);
      const std::string_view word = rest.substr(0, space);
      if (first_word) {
        first.put(word);
      } else {
        token(word);
      }
      if (space == std::string_view::npos) break;
      rest.remove_prefix(space + 1);
    }
    last_.put('}');
  }

  // Before a token of `size` bytes: a line break when it would pass the width, else a space
  // (none at a line's start).
  void separate(std::size_t size) {
    if (column_ == 0) return;
    if (column_ + 1 + size > width_) {
      out_.put('\n');
      column_ = 0;
    } else {
      out_.put(' ');
      ++column_;
    }
  }

  void write_last() {
    if (!has_last_) return;
    has_last_ = false;
    separate(last_.size());
    out_.put(last_.view());
    column_ += last_.size();
    if (line_comment_) {  // a ';' comment ends at the line's end
      out_.put('\n');
      column_ = 0;
      line_comment_ = false;
    }
  }

  std::string& result_;
  TextBuffer& out_;   // the movetext
  TextBuffer& last_;  // the token not written yet
  std::size_t width_;
  std::size_t column_ = 0;
  bool has_last_ = false;
  bool glue_next_ = false;
  bool line_comment_ = false;  // last_ is a ';' comment: a line break follows it
};

struct MovetextWriter {
  const PgnWriteOptions& opt;
  Wrapper& w;

  // `ply` counts half-moves from White's first move of game 1: even = White to move.
  // "12. e4" or "12... e5" (with a number) or "e5".
  void move_token(std::string_view san, std::uint32_t number, bool with_number, bool white) {
    TextBuffer& t = w.start_token();
    char* p = t.room(san.size() + 16);
    if (with_number) {
      p = std::to_chars(p, p + 10, number).ptr;
      p = white ? put(p, ". ") : put(p, "... ");
    }
    t.commit(put(p, san));
  }

  void line(const replay::Line& l, std::uint32_t ply) {
    bool need_number = true;
    if (opt.comments)
      for (const auto& c : l.leading_comments) w.comment(c);
    // NAGs and comments that follow a move (or, for a holder of variations that come before a
    // line's first move, that follow those variations).
    auto annotations = [&](const replay::MoveNode& node) {
      if (opt.nags)
        for (const auto n : node.nags) {
          char buf[16] = {'$'};
          w.token(std::string_view(buf, std::to_chars(buf + 1, buf + sizeof buf, n).ptr));
        }
      if (opt.comments && !node.comments.empty()) {
        for (const auto& c : node.comments) w.comment(c);
        need_number = true;
      }
    };
    for (const replay::MoveNode& node : l.moves) {
      if (!node.san.empty()) {
        // The move number stays on the line of its move.
        move_token(node.san, ply / 2 + 1, ply % 2 == 0 || need_number, ply % 2 == 0);
        need_number = false;
        annotations(node);
      }
      if (opt.variations && !node.variations.empty()) {
        for (const replay::Line& v : node.variations) {
          w.open_paren();
          line(v, ply);
          w.close_paren();
        }
        need_number = true;
      }
      if (node.san.empty()) annotations(node);
      if (!node.san.empty()) ++ply;
    }
  }
};

void append_tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out.append(name);
  out += " \"";
  if (is_plain_json(value)) {  // most values: printable ASCII, nothing to escape
    out.append(value);
    out += "\"]\n";
    return;
  }
  std::string utf8;
  append_utf8(utf8, value);
  for (const char c : utf8) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += "\"]\n";
}

}  // namespace

std::string_view result_text(const replay::GameRecord& game) {
  if (const std::string* r = game.tag("Result"); r && replay::parse_result(*r)) return *r;
  if (game.marker) return pgn::outcome_text(*game.marker);
  return "*";
}

void write_pgn(const replay::GameRecord& game, const PgnWriteOptions& opt, std::string& out) {
  const std::string_view result = result_text(game);
  if (opt.tags != TagSet::None) {
    for (std::string_view name : kRoster) {
      const std::string* value = game.tag(name);
      if (name == "Result") {
        append_tag(out, name, result);
      } else {
        append_tag(out, name,
                   value            ? std::string_view(*value)
                   : name == "Date" ? "????.??.??"
                                    : "?");
      }
    }
    for (std::size_t i = 0; i < game.tags.size(); ++i) {
      const replay::Tag& t = game.tags[i];
      if (replay::seven_tag_roster_index(t.name) >= 0) continue;
      // Seven: the roster plus what it takes to replay the game (its start and variant).
      if (opt.tags == TagSet::Seven && t.name != "SetUp" && t.name != "FEN" && t.name != "Variant")
        continue;
      // A duplicated tag is written once, with its last value (as the replayer reads it).
      bool later = false;
      for (std::size_t j = i + 1; j < game.tags.size() && !later; ++j)
        later = game.tags[j].name == t.name;
      if (!later) append_tag(out, t.name, t.value);
    }
    out += '\n';
  }
  Wrapper w(out, opt.line_length);
  const chess::Position& start = game.start;
  const std::uint32_t first_ply = static_cast<std::uint32_t>(
      (start.fullmove_number() - 1) * 2 + (start.side_to_move() == chess::Color::Black));
  MovetextWriter mw{opt, w};
  mw.line(game.main, game.replayed ? first_ply : 0);
  w.token(result);
  w.finish();
  out += '\n';
}

}  // namespace pgnkit::write
