#include "ndjson/game_parser.h"

#include <simdjson.h>

#include <cmath>
#include <cstring>

#include "ndjson/lichess.h"
#include "replay/tag_checks.h"

namespace pgnkit::ndjson::detail {
namespace od = simdjson::ondemand;
using simdjson::error_code;

namespace {

std::string_view type_name(od::json_type t) {
  switch (t) {
    case od::json_type::array: return "an array";
    case od::json_type::object: return "an object";
    case od::json_type::number: return "a number";
    case od::json_type::string: return "a string";
    case od::json_type::boolean: return "a boolean";
    case od::json_type::null: return "null";
  }
  return "something else";
}

// A field name as written (between its quotes, escapes not undone): names are compared as
// written, which is what every writer of these formats produces. Reading a few bytes past a
// short name is safe: the line is followed by simdjson's padding.
struct Key {
  const char* raw = nullptr;  // the byte after the opening quote
  od::field* field = nullptr;
  bool is(std::string_view name) const {
    return std::memcmp(raw, name.data(), name.size()) == 0 && raw[name.size()] == '"';
  }
  // The same for a literal: a compare of known size, inlined (no call to memcmp).
  template <std::size_t N>
  bool is(const char (&name)[N]) const {
    return std::memcmp(raw, name, N - 1) == 0 && raw[N - 1] == '"';
  }
  char first() const { return raw[0]; }
};

}  // namespace

struct GameParser::Impl {
  od::parser parser;
  std::uint32_t max_depth;
  // Per line.
  const char* begin = nullptr;  // the line's first byte
  std::size_t size = 0;
  od::document* doc = nullptr;
  GameData* g = nullptr;
  ParseFailure* failure = nullptr;
  struct PathElem {
    const char* key = nullptr;  // a field name as written (up to '"'), or null: an index
    std::uint64_t index = 0;
  };
  std::vector<PathElem> path;                        // where in the object we are, for messages
  std::vector<std::string_view> flat_san, flat_uci;  // "san" / "uci" arrays (empty view: null)

  explicit Impl(std::uint32_t depth) : max_depth(depth) {}

  // --- errors ---

  std::uint32_t column(const char* p) const {
    if (p < begin || p > begin + size) return 1;
    return static_cast<std::uint32_t>(p - begin + 1);
  }
  std::uint32_t column(od::value& v) { return column(v.raw_json_token().data()); }
  std::uint32_t here() {
    const char* p = nullptr;
    if (doc->current_location().get(p)) return static_cast<std::uint32_t>(size + 1);
    return column(p);
  }

  bool fail(ErrorCode code, std::uint32_t col, std::string_view message) {
    failure->code = code;
    failure->column = col;
    std::string& m = failure->message;
    m.clear();
    for (const PathElem& e : path) {
      if (!e.key) {
        m += '[' + std::to_string(e.index) + ']';
      } else {
        if (!m.empty()) m += '.';
        for (const char* k = e.key; *k != '"' && k < begin + size; ++k) m += *k;
      }
    }
    if (!m.empty()) m += ": ";
    m += message;
    return false;
  }
  bool json_error(error_code e, std::uint32_t col) {
    return fail(ErrorCode::InvalidJson, col,
                std::string("invalid JSON: ") + simdjson::error_message(e));
  }
  bool bad_value(od::value& v, std::string_view message) {
    return fail(ErrorCode::BadValue, column(v), message);
  }

  // v.get(out), with a wrong_type failure naming what was expected.
  template <class T>
  bool get(od::value& v, T& out, std::string_view expected) {
    const error_code e = v.get(out);
    if (!e) return true;
    const std::uint32_t col = column(v);
    od::json_type t;
    if ((e != simdjson::INCORRECT_TYPE && e != simdjson::NUMBER_OUT_OF_RANGE) || v.type().get(t))
      return json_error(e, col);
    return fail(ErrorCode::WrongType, col,
                "expected " + std::string(expected) + ", found " + std::string(type_name(t)));
  }
  // A string without escapes, read from its token in the line (simdjson has checked the
  // line's UTF-8 and its characters already; an unconsumed value is skipped by the
  // iterator): no copy into simdjson's string buffer. False for anything else.
  static bool plain_string(od::value& v, std::string_view& out) {
    std::string_view raw = v.raw_json_token();
    while (!raw.empty() &&
           (raw.back() == ' ' || raw.back() == '\t' || raw.back() == '\r' || raw.back() == '\n'))
      raw.remove_suffix(1);
    if (raw.size() < 2 || raw.front() != '"' || raw.back() != '"') return false;
    raw = raw.substr(1, raw.size() - 2);
    if (raw.size() > 16) {
      if (std::memchr(raw.data(), '\\', raw.size()) != nullptr) return false;
    } else {
      for (const char c : raw)  // a SAN, a UCI move: shorter than a call to memchr
        if (c == '\\') return false;
    }
    out = raw;
    return true;
  }
  bool string(od::value& v, std::string_view& out, std::string_view expected) {
    return plain_string(v, out) || get(v, out, expected);
  }
  bool nullable_string(od::value& v, std::string_view& out) {
    if (plain_string(v, out)) return true;
    bool null = false;
    if (auto e = v.is_null().get(null)) return json_error(e, column(v));
    if (null) {
      out = {};
      return true;
    }
    return get(v, out, "a string or null");
  }
  // Calls f(value) for each element, with the index on the path.
  template <class F>
  bool each(od::value& v, std::string_view expected, F&& f) {
    od::array arr;
    if (!get(v, arr, expected)) return false;
    path.push_back({});
    for (auto item : arr) {
      od::value ev;
      if (auto e = std::move(item).get(ev)) return json_error(e, here());
      if (!f(ev)) return false;
      ++path.back().index;
    }
    path.pop_back();
    return true;
  }
  // Calls f(key, value) for each field, with the key on the path.
  template <class F>
  bool fields(od::value& v, std::string_view expected, F&& f) {
    od::object obj;
    if (!get(v, obj, expected)) return false;
    return object_fields(obj, f);
  }
  template <class F>
  bool object_fields(od::object& obj, F&& f) {
    path.push_back({});
    for (auto item : obj) {
      od::field field;
      if (auto e = std::move(item).get(field)) return json_error(e, here());
      const Key key{field.key().raw(), &field};
      path.back().key = key.raw;
      if (!f(key, field.value())) return false;
    }
    path.pop_back();
    return true;
  }

  // --- pgnkit's format ---

  bool texts(od::value& v, bool array, Range& range) {
    range.begin = static_cast<std::uint32_t>(g->texts.size());
    auto one = [&](od::value& t) {
      std::string_view s;
      if (!string(t, s, "a string")) return false;
      g->texts.push_back(s);
      return true;
    };
    if (array ? !each(v, "an array of strings", one) : !one(v)) return false;
    range.end = static_cast<std::uint32_t>(g->texts.size());
    return true;
  }

  bool duration(od::value& v, std::optional<std::int64_t>& ms) {
    // Fast and exact path: digits with up to 3 decimals, read from the token itself (an
    // unconsumed value is skipped by the iterator). Anything else goes through get().
    const std::string_view raw = v.raw_json_token();
    std::size_t i = 0;
    std::uint64_t whole = 0, frac = 0;
    while (i < raw.size() && i < 10 && raw[i] >= '0' && raw[i] <= '9')
      whole = whole * 10 + static_cast<std::uint64_t>(raw[i++] - '0');
    bool simple = i > 0 && (raw[0] != '0' || i == 1);
    if (simple && i < raw.size() && raw[i] == '.') {
      const std::size_t start = ++i;
      for (; i < raw.size() && i - start < 3 && raw[i] >= '0' && raw[i] <= '9'; ++i)
        frac = frac * 10 + static_cast<std::uint64_t>(raw[i] - '0');
      for (std::size_t n = i - start; n < 3; ++n) frac *= 10;
      simple = i > start;
    }
    while (simple && i < raw.size() && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\r')) ++i;
    if (simple && i == raw.size() && whole * 1000 + frac <= write::kMaxDurationMs) {
      ms = static_cast<std::int64_t>(whole * 1000 + frac);
      return true;
    }
    double seconds = 0;
    if (!get(v, seconds, "a number of seconds")) return false;
    const double x = seconds * 1000.0;
    if (!(x >= 0) || x > static_cast<double>(write::kMaxDurationMs))
      return bad_value(v, "expected a number of seconds from 0 to 3599999999");
    ms = std::llround(x);
    return true;
  }

  // One field of an evaluation object: `cp` (pgnkit) or `eval` (lichess) in centipawns, or
  // `mate`; other fields are ignored.
  bool eval_field(Key key, od::value& x, std::string_view cp, std::optional<write::Eval>& out) {
    if (!key.is(cp) && !key.is("mate")) return true;
    std::int64_t n = 0;
    if (!get(x, n, "an integer")) return false;
    if (n < INT32_MIN || n > INT32_MAX) return bad_value(x, "out of range");
    out = write::Eval{key.is("mate"), static_cast<std::int32_t>(n)};
    return true;
  }

  bool eval(od::value& v, std::optional<write::Eval>& out) {
    out.reset();
    const std::uint32_t col = column(v);
    const std::string_view what = "an object {\"cp\": n} or {\"mate\": n}";
    if (!fields(v, what, [&](Key key, od::value& x) { return eval_field(key, x, "cp", out); }))
      return false;
    return out ? true : fail(ErrorCode::BadValue, col, "expected " + std::string(what));
  }

  bool move(od::value& v, std::uint32_t depth, std::uint32_t& index) {
    index = static_cast<std::uint32_t>(g->moves.size());
    g->moves.emplace_back();
    return fields(v, "a move object", [&](Key key, od::value& x) {
      MoveData* m = &g->moves[index];
      switch (key.first()) {  // the hot path: one byte, then the whole name
        case 's':
        case 'u':
          if (key.is("san") || key.is("uci")) {
            const bool san = key.first() == 's';
            if (!san && !m->san.empty()) {
              // "uci" after a "san" is not used: only its type is checked, from the first
              // byte of its token (a string or null; anything else is reported below).
              const std::string_view raw = x.raw_json_token();
              if (!raw.empty() && (raw[0] == '"' || raw[0] == 'n')) return true;
            }
            std::string_view text;
            std::uint32_t col;
            if (plain_string(x, text)) {
              col = column(text.data() - 1);  // the opening quote
            } else {
              col = column(x);
              if (!nullable_string(x, text)) return false;
            }
            (san ? m->san : m->uci) = text;
            if (san || m->san.empty()) m->column = col;
          }
          return true;
        case 'n': return key.is("nags") ? nags(x, index) : true;
        case 'c':
          if (key.is("clock")) return duration(x, m->commands.clock_ms);
          if (key.is("comment") || key.is("comments"))
            return texts(x, key.is("comments"), m->comments);
          if (key.is("comment_before") || key.is("comments_before"))
            return texts(x, key.is("comments_before"), m->before);
          return true;
        case 'e':
          if (key.is("eval")) return eval(x, m->commands.eval);
          if (key.is("emt")) return duration(x, m->commands.emt_ms);
          return true;
        case 'v': return key.is("variations") ? variations(x, depth, index) : true;
        default: return true;  // unknown keys are ignored
      }
    });
  }

  bool nags(od::value& v, std::uint32_t index) {
    const auto begin = static_cast<std::uint32_t>(g->nags.size());
    if (!each(v, "an array of integers", [&](od::value& n) {
          std::uint64_t code = 0;
          if (!get(n, code, "a non-negative integer")) return false;
          if (code > 0xFFFFFFFFu) return bad_value(n, "NAG out of range");
          g->nags.push_back(static_cast<std::uint32_t>(code));
          return true;
        }))
      return false;
    g->moves[index].nags = {begin, static_cast<std::uint32_t>(g->nags.size())};
    return true;
  }

  bool variations(od::value& v, std::uint32_t depth, std::uint32_t index) {
    std::uint32_t prev = kNone;
    return each(v, "an array of variations", [&](od::value& x) {
      const auto l = static_cast<std::uint32_t>(g->lines.size());
      g->lines.emplace_back();
      if (prev == kNone) {
        g->moves[index].first_variation = l;
      } else {
        g->lines[prev].next = l;
      }
      prev = l;
      std::uint32_t first = kNone;
      if (!line(x, depth + 1, first)) return false;
      g->lines[l].first = first;
      return true;
    });
  }

  bool line(od::value& v, std::uint32_t depth, std::uint32_t& first) {
    if (depth > max_depth)
      return fail(ErrorCode::TooDeep, column(v),
                  "variations nested deeper than " + std::to_string(max_depth));
    first = kNone;
    std::uint32_t prev = kNone;
    return each(v, "an array of move objects", [&](od::value& x) {
      std::uint32_t m = kNone;
      if (!move(x, depth, m)) return false;
      if (prev == kNone) {
        first = m;
      } else {
        g->moves[prev].next = m;
      }
      prev = m;
      return true;
    });
  }

  bool flat(od::value& v, std::vector<std::string_view>& out) {
    return each(v, "an array of strings", [&](od::value& x) {
      std::string_view s;
      if (!nullable_string(x, s)) return false;
      out.push_back(s);
      return true;
    });
  }

  // --- lichess's format ---

  bool int_field(od::value& v, std::optional<std::int64_t>& out) {
    std::int64_t n = 0;
    if (!get(v, n, "an integer")) return false;
    out = n;
    return true;
  }

  bool player(od::value& v, LichessData::Player& p) {
    return fields(v, "a player object", [&](Key key, od::value& x) {
      if (key.is("user"))
        return fields(x, "a user object", [&](Key k, od::value& y) {
          if (k.is("name")) return get(y, p.name, "a string");
          if (k.is("title")) return nullable_string(y, p.title);
          return true;
        });
      if (key.is("name")) return get(x, p.name, "a string");
      if (key.is("rating")) return int_field(x, p.rating);
      if (key.is("ratingDiff")) return int_field(x, p.rating_diff);
      if (key.is("aiLevel")) return int_field(x, p.ai_level);
      return true;
    });
  }

  // A string, or an object whose `name` field is one (lichess uses both shapes).
  bool name_or_string(od::value& v, std::string_view name, std::string_view& out) {
    od::json_type t;
    if (auto e = v.type().get(t)) return json_error(e, column(v));
    if (t != od::json_type::object) return get(v, out, "a string");
    return fields(v, "an object",
                  [&](Key k, od::value& y) { return k.is(name) ? get(y, out, "a string") : true; });
  }

  bool lichess_field(Key key, od::value& v, bool& known) {
    LichessData& l = g->lichess;
    known = true;
    if (key.is("id")) return get(v, l.id, "a string");
    if (key.is("rated")) {
      bool b = false;
      if (!get(v, b, "a boolean")) return false;
      l.rated = b;
      return true;
    }
    if (key.is("variant")) return name_or_string(v, "key", l.variant);
    if (key.is("speed")) return get(v, l.speed, "a string");
    if (key.is("status")) return name_or_string(v, "name", l.status);
    if (key.is("winner")) return get(v, l.winner, "a string");
    if (key.is("initialFen")) return get(v, l.initial_fen, "a string");
    if (key.is("createdAt")) return int_field(v, l.created_at);
    if (key.is("players"))
      return fields(v, "an object", [&](Key k, od::value& x) {
        if (k.is("white")) return player(x, l.white);
        if (k.is("black")) return player(x, l.black);
        return true;
      });
    if (key.is("opening"))
      return fields(v, "an object", [&](Key k, od::value& x) {
        if (k.is("eco")) return get(x, l.eco, "a string");
        if (k.is("name")) return get(x, l.opening, "a string");
        return true;
      });
    if (key.is("clock"))
      return fields(v, "an object", [&](Key k, od::value& x) {
        if (k.is("initial")) return int_field(x, l.clock_initial);
        if (k.is("increment")) return int_field(x, l.clock_increment);
        return true;
      });
    if (key.is("clocks"))
      return each(v, "an array of centiseconds", [&](od::value& x) {
        std::int64_t cs = 0;
        if (!get(x, cs, "an integer")) return false;
        if (cs < 0 || cs > write::kMaxDurationMs / 10) return bad_value(x, "out of range");
        l.clocks.push_back(cs);
        return true;
      });
    if (key.is("analysis"))
      return each(v, "an array of evaluations", [&](od::value& x) {
        auto& e = l.evals.emplace_back();
        return fields(x, "an object",
                      [&](Key k, od::value& y) { return eval_field(k, y, "eval", e); });
      });
    known = false;  // unknown keys are ignored
    return true;
  }

  // --- the object ---

  bool top_field(Key key, od::value& v) {
    if (key.is("tags")) {
      g->has_tags = true;
      return fields(v, "an object of tag names and values", [&](Key name, od::value& x) {
        TagData& t = g->tags.emplace_back();
        if (auto e = name.field->unescaped_key().get(t.name)) return json_error(e, column(x));
        t.column = column(x);
        return get(x, t.value, "a string");
      });
    }
    if (key.is("fen")) return nullable_string(v, g->fen);
    if (key.is("result")) {
      g->result_column = column(v);
      if (!nullable_string(v, g->result)) return false;
      if (!g->result.empty() && !replay::parse_result(g->result))
        return bad_value(v, "expected \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"");
      return true;
    }
    if (key.is("moves")) {
      g->has_moves = true;
      od::json_type t;
      if (auto e = v.type().get(t)) return json_error(e, column(v));
      if (t == od::json_type::string) {
        g->lichess.moves_column = column(v) + 1;
        return get(v, g->lichess.moves, "a string");
      }
      if (t != od::json_type::array) {
        return fail(ErrorCode::WrongType, column(v),
                    "expected an array of move objects or a string of SAN moves, found " +
                        std::string(type_name(t)));
      }
      return line(v, 0, g->main);
    }
    if (key.is("san") || key.is("uci")) {
      g->has_moves = true;
      return flat(v, key.is("san") ? flat_san : flat_uci);
    }
    bool known = false;
    const bool ok = lichess_field(key, v, known);
    if (known) g->lichess.any = true;
    return ok;
  }

  void build_flat() {
    const std::size_t n = std::max(flat_san.size(), flat_uci.size());
    const auto base = static_cast<std::uint32_t>(g->moves.size());
    for (std::size_t i = 0; i < n; ++i) {
      MoveData& m = g->moves.emplace_back();
      if (i < flat_san.size()) m.san = flat_san[i];
      if (i < flat_uci.size()) m.uci = flat_uci[i];
      if (i + 1 < n) m.next = base + static_cast<std::uint32_t>(i + 1);
    }
    if (n) g->main = base;
  }

  bool parse(const char* l, std::size_t n, std::size_t capacity, GameData& game, ParseFailure& f) {
    begin = l;
    size = n;
    g = &game;
    failure = &f;
    path.clear();
    flat_san.clear();
    flat_uci.clear();
    game.clear();
    od::document d;
    if (auto e = parser.iterate(simdjson::padded_string_view(l, n, capacity)).get(d))
      return json_error(e, 1);
    doc = &d;
    od::object obj;
    if (auto e = d.get_object().get(obj)) {
      if (e == simdjson::INCORRECT_TYPE) return fail(ErrorCode::NotAGame, 1, "not a JSON object");
      if (e == simdjson::INCOMPLETE_ARRAY_OR_OBJECT)
        return fail(ErrorCode::InvalidJson, 1,
                    "invalid JSON: unbalanced braces or brackets, or text after the object");
      return json_error(e, here());
    }
    if (!object_fields(obj, [&](Key key, od::value& v) { return top_field(key, v); })) return false;
    const char* rest = nullptr;
    if (!d.current_location().get(rest))
      return fail(ErrorCode::InvalidJson, column(rest), "invalid JSON: text after the object");
    if (!game.has_moves && !game.has_tags && !game.lichess.any)
      return fail(ErrorCode::NotAGame, 1, "no \"moves\", \"san\" or \"tags\" field");
    if (game.main == kNone) {
      if (!game.lichess.moves.empty()) {
        build_lichess_moves(game);
      } else {
        build_flat();
      }
    }
    return true;
  }
};

GameParser::GameParser(std::uint32_t max_variation_depth)
    : impl_(std::make_unique<Impl>(max_variation_depth)) {}
GameParser::~GameParser() = default;

bool GameParser::parse(const char* line, std::size_t size, std::size_t capacity, GameData& game,
                       ParseFailure& failure) {
  return impl_->parse(line, size, capacity, game, failure);
}

}  // namespace pgnkit::ndjson::detail
