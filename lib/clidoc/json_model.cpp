// The JSON model: objects one key a line, arrays of strings on one line, two spaces a level.
#include "clidoc/json_model.h"

#include <cstdio>
#include <string>
#include <vector>

#include "clidoc/completion.h"

namespace pgnkit::clidoc {
namespace {

// The length of the well-formed UTF-8 sequence at the start of `s` (RFC 3629: no overlong
// forms, no surrogates, nothing past U+10FFFF), or 0.
std::size_t utf8_length(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char b0 = byte(0);
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // overlong below U+0800
    if (b0 == 0xED) hi = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;  // overlong below U+10000
    if (b0 == 0xF4) hi = 0x8F;  // past U+10FFFF
  } else {
    return 0;
  }
  if (s.size() < n || byte(1) < lo || byte(1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return n;
}

const char* kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::None: return "none";
    case ValueKind::Choice: return "choice";
    case ValueKind::File: return "file";
    case ValueKind::Other: break;
  }
  return "other";
}

class Writer {
 public:
  std::string out;

  // Opens an object or array as the value of `key` (no key: an array element or the root).
  void open(std::string_view key, char bracket) {
    item(key);
    out += bracket;
    ++depth_;
    first_ = true;
  }
  void close(char bracket) {
    --depth_;
    if (!first_) newline();  // an empty one stays "{}" or "[]"
    out += bracket;
    first_ = false;
  }
  void string(std::string_view key, std::string_view value) {
    item(key);
    out += json_quote(value);
  }
  void boolean(std::string_view key, bool value) {
    item(key);
    out += value ? "true" : "false";
  }
  void number(std::string_view key, int value) {
    item(key);
    out += std::to_string(value);
  }
  void null(std::string_view key) {
    item(key);
    out += "null";
  }
  // A list of strings, on one line: the names and choices read better so.
  void strings(std::string_view key, const std::vector<std::string>& values) {
    item(key);
    out += '[';
    for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + json_quote(values[i]);
    out += ']';
  }

 private:
  void newline() {
    out += '\n';
    out.append(2 * static_cast<std::size_t>(depth_), ' ');
  }
  void item(std::string_view key) {
    if (depth_ > 0) {
      if (!first_) out += ',';
      newline();
    }
    first_ = false;
    if (!key.empty()) out += json_quote(key) + ": ";
  }

  int depth_ = 0;
  bool first_ = true;
};

void write_option(Writer& w, const Option& o) {
  w.open("", '{');
  w.strings("names", o.is_positional() ? std::vector<std::string>{} : option_words(o));
  if (o.is_positional()) {
    w.string("positional", o.positional);
  } else {
    w.null("positional");
  }
  w.boolean("takes_value", o.value != ValueKind::None || o.is_positional());
  w.string("value_name", o.value_name);
  w.string("value_kind", kind_name(o.value));
  w.strings("choices", o.choices);
  w.string("default", o.default_value);
  w.boolean("required", o.required);
  w.boolean("repeatable", o.repeatable);
  w.boolean("hidden", o.hidden);
  w.string("description", o.description);
  w.close('}');
}

void write_command(Writer& w, std::string_view key, const Command& c) {
  w.open(key, '{');
  w.string("name", c.name);
  w.string("summary", c.summary);
  w.string("description", c.description);
  w.string("footer", c.footer);
  w.boolean("hidden", c.hidden);
  w.open("options", '[');
  for (const Option& o : c.options) write_option(w, o);
  w.close(']');
  w.open("subcommands", '[');
  for (const Command& sub : c.subcommands) write_command(w, "", sub);
  w.close(']');
  w.close('}');
}

}  // namespace

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  out.reserve(text.size() + 2);
  while (!text.empty()) {
    const auto c = static_cast<unsigned char>(text.front());
    std::size_t used = 1;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7F) {  // DEL is allowed raw, escaped to be seen
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else if ((used = utf8_length(text)) > 0) {
      out.append(text.substr(0, used));
    } else {
      out += "\\ufffd";
      used = 1;
    }
    text.remove_prefix(used);
  }
  return out + '"';
}

std::string render_json_model(const Command& program, std::string_view version) {
  Writer w;
  w.open("", '{');
  w.string("schema", kJsonModelSchema);
  w.number("version", kJsonModelVersion);
  w.string("pgnkit_version", version);
  write_command(w, "program", program);
  w.close('}');
  return w.out + '\n';
}

}  // namespace pgnkit::clidoc
