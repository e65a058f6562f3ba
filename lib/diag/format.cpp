// Dispatch, the shared message text and URI paths; GitHub and GitLab formats.
#include "diag/format.h"

#include "diag/codes.h"
#include "diag/fingerprint.h"
#include "write/json.h"

namespace pgnkit::diag {
namespace {

// GitHub's workflow-command escapes: the message escapes '%', CR and LF; a property value
// also ':' and ','.
void append_github_escaped(std::string& out, std::string_view text, bool property) {
  for (const char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
}

void append_escaped(std::string& out, std::string_view text, MessageEscape escape) {
  if (escape == MessageEscape::GithubMessage) {
    append_github_escaped(out, text, false);
    return;
  }
  std::string quoted;  // the JSON string's body: the text is valid UTF-8 already
  write::append_json_string(quoted, text);
  out.append(quoted, 1, quoted.size() - 2);
}

}  // namespace

void append_message_head(std::string& out, const replay::Problem& p) {
  write::append_utf8(out, p.message);
  out += p.game ? " [game " : " [between games";
}

void append_message_tail(std::string& out, const replay::Problem& p) {
  if (p.ply) out += ", ply " + std::to_string(p.ply);
  if (p.in_variation) out += ", in a variation";
  if (!p.san.empty()) {
    out += ", move '";
    write::append_utf8(out, p.san);
    out += '\'';
  }
  out += ']';
}

void append_game_number(std::string& out, std::uint64_t game, GameNumbers* numbers) {
  if (numbers) {
    numbers->push_back(GameNumberAt{out.size(), game});
  } else {
    out += std::to_string(game);
  }
}

void append_escaped_message(std::string& out, const replay::Problem& p, MessageEscape escape,
                            GameNumbers* numbers) {
  // Escaped in two parts so that the game number's place in `out` is known; both escapes
  // work byte by byte on ASCII, so the bytes are those of the whole message escaped at once.
  if (escape == MessageEscape::JsonString) out += '"';
  std::string text;
  append_message_head(text, p);
  append_escaped(out, text, escape);
  if (p.game) append_game_number(out, p.game, numbers);
  text.clear();
  append_message_tail(text, p);
  append_escaped(out, text, escape);
  if (escape == MessageEscape::JsonString) out += '"';
}

std::optional<Format> find_format(std::string_view name) {
  if (name == "sarif") return Format::Sarif;
  if (name == "github") return Format::Github;
  if (name == "gitlab") return Format::Gitlab;
  return std::nullopt;
}

void append_header(std::string& out, Format f, const ToolInfo& tool) {
  switch (f) {
    case Format::Sarif: append_sarif_header(out, tool); return;
    case Format::Github: return;
    case Format::Gitlab: out += "[\n"; return;
  }
}

void append_footer(std::string& out, Format f) {
  switch (f) {
    case Format::Sarif: append_sarif_footer(out); return;
    case Format::Github: return;
    case Format::Gitlab: out += "\n]\n"; return;
  }
}

void append_problem(std::string& out, Format f, const replay::Problem& p, const Placed& where,
                    bool first, GameNumbers* numbers) {
  switch (f) {
    case Format::Sarif: append_sarif_result(out, p, where, first, numbers); return;
    case Format::Github: append_github_command(out, p, where, numbers); return;
    case Format::Gitlab: append_gitlab_issue(out, p, where, first, numbers); return;
  }
}

void append_message_with_context(std::string& out, const replay::Problem& p) {
  append_message_head(out, p);
  if (p.game) out += std::to_string(p.game);
  append_message_tail(out, p);
}

void append_uri_path(std::string& out, std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    const bool plain = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
                       u == '-' || u == '.' || u == '_' || u == '~' || u == '/';
    if (plain) {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 0xf];
    }
  }
}

void append_github_command(std::string& out, const replay::Problem& p, const Placed& where,
                           GameNumbers* numbers) {
  out += where.severity == replay::Severity::Error ? "::error file=" : "::warning file=";
  std::string text;
  write::append_utf8(text, where.path);
  append_github_escaped(out, text, true);
  out += ",line=" + std::to_string(p.where.line);
  out += ",col=" + std::to_string(p.where.column);
  out += ",title=";
  append_github_escaped(out, all_codes()[where.code].name, true);
  out += "::";
  append_escaped_message(out, p, MessageEscape::GithubMessage, numbers);
  out += '\n';
}

void append_gitlab_issue(std::string& out, const replay::Problem& p, const Placed& where,
                         bool first, GameNumbers* numbers) {
  if (!first) out += kResultSeparator;
  out += "{\"description\":";
  append_escaped_message(out, p, MessageEscape::JsonString, numbers);
  out += ",\"check_name\":";
  write::append_json_string(out, all_codes()[where.code].name);
  out += ",\"fingerprint\":\"";
  append_fingerprint_hex(out, fingerprint_with_path(where.fingerprint, where.path));
  out += where.severity == replay::Severity::Error ? "\",\"severity\":\"major\""
                                                   : "\",\"severity\":\"minor\"";
  out += ",\"location\":{\"path\":";
  write::append_json_string(out, where.path);
  out += ",\"lines\":{\"begin\":" + std::to_string(p.where.line) + "}}}";
}

}  // namespace pgnkit::diag
