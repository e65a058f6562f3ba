// GameLog: the reader's calls for one game, kept so that they can be played again into
// another visitor. A streaming writer logs the game as it goes; when the game turns out to
// need the whole GameRecord (annotate's --on-error handling), the log is played into a
// RecordBuilder, which then builds exactly the record the reader would have built.
//
// The calls are appended to one byte buffer (a kind byte, the location, then the values and
// texts), reused from game to game: logging a call costs a few stores. Texts stay where they
// are until the next game (a Ref is an offset, not a pointer).
//
// A tag's, a move's and a comment's texts are not copied when they come: the entry refers to
// the reader's buffer, which keeps them (see pgn/visitor.h) until the owner calls
// materialize(), from its before_buffer_moves(): then the texts still referred to are copied
// into the log.
//
// Syntax issues are logged whole up to the replayer's limit (replay::kMaxReportedProblems of
// each severity); the ones after it would not be reported by the visitor the log is played
// into, so only their number counts (and the first one's location, which the TooManyProblems
// warning gives): a run of them is one entry with a count, played again as that many calls.
// So the log of a game of 300,000 ')' stays small.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "pgn/syntax.h"
#include "pgn/types.h"
#include "replay/problem.h"
#include "write/text_buffer.h"

namespace pgnkit::write {

class GameLog {
 public:
  // A text an entry refers to (in the reader's buffer, or copied into the log): `offset` is
  // where the entry holds the reference.
  struct Ref {
    std::size_t offset = 0, size = 0;
  };

  void begin_game(const pgn::GameInfo& info) {
    info_ = info;
    bytes_.clear();
    unmaterialized_ = 0;
    logged_[0] = logged_[1] = 0;
    run_end_ = SIZE_MAX;
  }
  // Returns the name's and the value's texts. Both must stay valid until materialize().
  std::pair<Ref, Ref> tag(std::string_view name, std::string_view value_raw, pgn::Location where) {
    const std::uint64_t sizes[2] = {name.size(), value_raw.size()};
    const std::uint64_t refs[2] = {address(name), address(value_raw)};
    char* p = bytes_.room(1 + sizeof where + 2 * (sizeof sizes[0] + sizeof refs[0]));
    *p = static_cast<char>(Kind::Tag);
    std::memcpy(p + 1, &where, sizeof where);
    char* const r = p + 1 + sizeof where;
    std::memcpy(r, &sizes[0], 8);
    std::memcpy(r + 8, &refs[0], 8);
    std::memcpy(r + 16, &sizes[1], 8);
    std::memcpy(r + 24, &refs[1], 8);
    bytes_.commit(r + 32);
    const auto at = static_cast<std::size_t>(r - bytes_.data());
    return {{at + 8, name.size()}, {at + 24, value_raw.size()}};
  }
  void begin_movetext() { start(Kind::BeginMovetext, {}); }
  // `s` must stay valid until materialize() (as must comment()'s).
  void san(std::string_view s, pgn::Location where) { ref_entry(Kind::San, where, s); }
  void nag(std::uint32_t code, pgn::Location where) {
    start(Kind::Nag, where);
    value(code);
  }
  Ref comment(std::string_view s, pgn::Location where) {
    return ref_entry(Kind::Comment, where, s);
  }
  // comment() when the log has room for the entry as it is; false, and nothing logged, when
  // it would have to grow first. (No call on the way: a writer's per-comment path.)
  bool comment_in_room(std::string_view s, pgn::Location where, Ref& ref) {
    if (!bytes_.has_room(kRefEntrySize)) return false;
    ref = ref_entry(Kind::Comment, where, s);
    return true;
  }
  void begin_variation(pgn::Location where) { start(Kind::BeginVariation, where); }
  void end_variation(pgn::Location where) { start(Kind::EndVariation, where); }
  void termination(pgn::Outcome outcome, std::string_view s, pgn::Location where) {
    start(Kind::Termination, where);
    value(static_cast<std::uint32_t>(outcome));
    text(s);
  }
  void syntax_error(const pgn::SyntaxIssue& issue) {
    const auto severity = static_cast<std::size_t>(issue.severity);
    const std::uint32_t kind =
        static_cast<std::uint32_t>(issue.severity) << 8 | static_cast<std::uint32_t>(issue.code);
    if (logged_[severity] < replay::kMaxReportedProblems) {
      ++logged_[severity];
      start(Kind::SyntaxError, issue.where);
      value(kind);
      text(issue.text);
      return;
    }
    // Past the limit: counted in the run this entry continues, or a new run.
    if (run_end_ == bytes_.size() && run_severity_ == severity) {
      std::uint64_t count;
      std::memcpy(&count, bytes_.data() + run_end_ - sizeof count, sizeof count);
      ++count;
      std::memcpy(bytes_.data() + run_end_ - sizeof count, &count, sizeof count);
      return;
    }
    start(Kind::SyntaxRun, issue.where);
    value(kind);
    const std::uint64_t count = 1;
    char* p = bytes_.room(sizeof count);
    std::memcpy(p, &count, sizeof count);
    bytes_.commit(p + sizeof count);
    run_end_ = bytes_.size();
    run_severity_ = severity;
  }
  void end_game(const pgn::EndInfo& info) { end_ = info; }

  // Keeps more text with the game's (until the next begin_game()).
  // It is an entry of its own, which replay() skips: the calls around it read as they were.
  Ref keep(std::string_view s) {
    const std::size_t at = copy(s);
    return {at - sizeof(std::uint64_t), s.size()};
  }
  std::string_view text(Ref r) const { return referred(r.offset, r.size); }

  // Copies into the log the texts its entries refer to (those logged since the last call).
  void materialize();

  // Plays the game into `v` as the reader delivered it (return values are ignored: the log
  // holds what the reader delivered to a visitor that never stops or skips).
  template <class V>
  void replay(V& v) const;

 private:
  enum class Kind : std::uint8_t {
    Tag,
    BeginMovetext,
    San,
    Nag,
    Comment,
    BeginVariation,
    EndVariation,
    Termination,
    SyntaxError,
    SyntaxRun,  // syntax issues past the limit: the first's location and kind, and a count
    Kept        // text kept by keep(), not a call
  };

  void start(Kind kind, const pgn::Location& where) {
    char* p = bytes_.room(1 + sizeof where);
    *p = static_cast<char>(kind);
    std::memcpy(p + 1, &where, sizeof where);
    bytes_.commit(p + 1 + sizeof where);
  }
  // A text's reference: the address of the reader's copy, or (once materialized) its offset
  // in the log with this bit set. (An address never has the top bit set in user space.)
  static constexpr std::uint64_t kCopied = std::uint64_t{1} << 63;

  static std::uint64_t address(std::string_view s) {
    return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(s.data()));
  }
  // An entry of ref_entry(): the kind, the location, the size and the reference.
  static constexpr std::size_t kRefEntrySize =
      1 + sizeof(pgn::Location) + 2 * sizeof(std::uint64_t);
  // start() and a reference to `s` in one reservation (a call per move).
  Ref ref_entry(Kind kind, const pgn::Location& where, std::string_view s) {
    const std::uint64_t size = s.size();
    const std::uint64_t ref = address(s);
    char* p = bytes_.room(kRefEntrySize);
    *p = static_cast<char>(kind);
    std::memcpy(p + 1, &where, sizeof where);
    std::memcpy(p + 1 + sizeof where, &size, sizeof size);
    char* const r = p + 1 + sizeof where + sizeof size;
    std::memcpy(r, &ref, sizeof ref);
    bytes_.commit(r + sizeof ref);
    return {static_cast<std::size_t>(r - bytes_.data()), s.size()};
  }
  // The text a reference at `offset` stands for.
  std::string_view referred(std::size_t offset, std::size_t size) const {
    std::uint64_t ref;
    std::memcpy(&ref, bytes_.data() + offset, sizeof ref);
    if (ref & kCopied) return {bytes_.data() + (ref & ~kCopied), size};
    // The reader's address, stored as an integer beside the copied offsets.
    // NOLINTNEXTLINE(performance-no-int-to-ptr)
    return {reinterpret_cast<const char*>(static_cast<std::uintptr_t>(ref)), size};
  }

  // A Kept entry: a copy of `s`, after a reference to it (as a copied text's); returns the
  // copy's offset.
  std::size_t copy(std::string_view s) {
    const std::uint64_t size = s.size();
    char* p = bytes_.room(kRefEntrySize + s.size());
    *p = static_cast<char>(Kind::Kept);
    std::memset(p + 1, 0, sizeof(pgn::Location));
    char* const r = p + 1 + sizeof(pgn::Location);
    const auto at = static_cast<std::size_t>(r + 16 - bytes_.data());
    const std::uint64_t ref = at | kCopied;
    std::memcpy(r, &size, 8);
    std::memcpy(r + 8, &ref, 8);
    copy_bytes(r + 16, s.data(), s.size());
    bytes_.commit(r + 16 + s.size());
    return at;
  }
  void value(std::uint32_t v) {
    char* p = bytes_.room(sizeof v);
    std::memcpy(p, &v, sizeof v);
    bytes_.commit(p + sizeof v);
  }
  // A copy of `s` after its size (a termination's or a syntax issue's text).
  void text(std::string_view s) {
    const std::uint64_t size = s.size();
    char* p = bytes_.room(sizeof size + s.size());
    std::memcpy(p, &size, sizeof size);
    copy_bytes(p + sizeof size, s.data(), s.size());
    bytes_.commit(p + sizeof size + s.size());
  }

  // Reading back, in the order written.
  struct Reader {
    const GameLog& log;
    std::size_t at = 0;
    template <class T>
    T get() {
      T t;
      std::memcpy(&t, log.bytes_.data() + at, sizeof t);
      at += sizeof t;
      return t;
    }
    std::string_view text() {
      const auto size = static_cast<std::size_t>(get<std::uint64_t>());
      const std::string_view s(log.bytes_.data() + at, size);
      at += size;
      return s;
    }
    // A size and a reference (a San or Comment entry); `ref_at` gets the reference's offset.
    std::string_view referred_text(std::size_t& ref_at) {
      const auto size = static_cast<std::size_t>(get<std::uint64_t>());
      ref_at = at;
      at += sizeof(std::uint64_t);
      return log.referred(ref_at, size);
    }
    // The next entry: the one place that knows what each kind holds (as written above).
    struct Entry {
      Kind kind = Kind::Kept;
      pgn::Location where;
      std::uint32_t value = 0;  // Nag: code; Termination: outcome; SyntaxError, SyntaxRun: above
      std::uint64_t count = 0;  // SyntaxRun
      std::string_view text, value_text;  // Tag: name and value; others: their text, if any
      std::size_t ref_at = 0;             // San, Comment, Tag (name), Kept: where the reference is
      std::size_t value_ref_at = 0;       // Tag: where the value's reference is
    };
    Entry next() {
      Entry e;
      e.kind = get<Kind>();
      e.where = get<pgn::Location>();
      switch (e.kind) {
        case Kind::Tag:
          e.text = referred_text(e.ref_at);
          e.value_text = referred_text(e.value_ref_at);
          break;
        case Kind::San:
        case Kind::Comment: e.text = referred_text(e.ref_at); break;
        case Kind::Nag: e.value = get<std::uint32_t>(); break;
        case Kind::Termination:
        case Kind::SyntaxError:
          e.value = get<std::uint32_t>();
          e.text = text();
          break;
        case Kind::SyntaxRun:
          e.value = get<std::uint32_t>();
          e.count = get<std::uint64_t>();
          break;
        case Kind::Kept:
          e.text = referred_text(e.ref_at);
          at += e.text.size();  // the copy itself
          break;
        case Kind::BeginMovetext:
        case Kind::BeginVariation:
        case Kind::EndVariation: break;
      }
      return e;
    }
  };

  pgn::GameInfo info_;
  pgn::EndInfo end_;
  TextBuffer bytes_;
  std::size_t unmaterialized_ = 0;  // the first entry materialize() has not seen
  std::uint32_t logged_[2] = {};    // SyntaxError entries, by pgn::Severity
  std::size_t run_end_ = SIZE_MAX;  // the end of the last SyntaxRun entry
  std::size_t run_severity_ = 0;
};

inline void GameLog::materialize() {
  Reader r{*this, unmaterialized_};
  const std::size_t stop = bytes_.size();  // the copies go after it
  while (r.at < stop) {
    const Reader::Entry e = r.next();
    // Copies a text still in the reader's buffer (copy() may move bytes_: offsets only).
    auto keep_at = [this](std::size_t ref_at, std::string_view text) {
      std::uint64_t ref;
      std::memcpy(&ref, bytes_.data() + ref_at, sizeof ref);
      if (ref & kCopied) return;
      ref = copy(text) | kCopied;
      std::memcpy(bytes_.data() + ref_at, &ref, sizeof ref);
    };
    if (e.kind == Kind::San || e.kind == Kind::Comment) {
      keep_at(e.ref_at, e.text);
    } else if (e.kind == Kind::Tag) {
      keep_at(e.ref_at, e.text);
      keep_at(e.value_ref_at, e.value_text);
    }
  }
  unmaterialized_ = bytes_.size();
}

template <class V>
void GameLog::replay(V& v) const {
  v.begin_game(info_);
  Reader r{*this};
  while (r.at < bytes_.size()) {
    const Reader::Entry e = r.next();
    switch (e.kind) {
      case Kind::Tag: v.tag(e.text, e.value_text, e.where); break;
      case Kind::BeginMovetext: v.begin_movetext(); break;
      case Kind::San: v.san(e.text, e.where); break;
      case Kind::Nag: v.nag(e.value, e.where); break;
      case Kind::Comment: v.comment(e.text, e.where); break;
      case Kind::BeginVariation: v.begin_variation(e.where); break;
      case Kind::EndVariation: v.end_variation(e.where); break;
      case Kind::Termination:
        v.termination(static_cast<pgn::Outcome>(e.value), e.text, e.where);
        break;
      case Kind::SyntaxError:
        v.syntax_error(pgn::SyntaxIssue{static_cast<pgn::SyntaxCode>(e.value & 0xFF),
                                        static_cast<pgn::Severity>(e.value >> 8), e.where, e.text});
        break;
      case Kind::SyntaxRun:
        for (std::uint64_t i = 0; i < e.count; ++i) {
          v.syntax_error(pgn::SyntaxIssue{static_cast<pgn::SyntaxCode>(e.value & 0xFF),
                                          static_cast<pgn::Severity>(e.value >> 8),
                                          e.where,
                                          {}});
        }
        break;
      case Kind::Kept: break;
    }
  }
  v.end_game(end_);
}

}  // namespace pgnkit::write
