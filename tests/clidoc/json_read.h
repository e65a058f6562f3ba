// Reads the JSON model (clidoc/json_model.h) back with simdjson, nothing of lib/clidoc, for
// the tests that compare it with the model it came from or with the app itself. Every object
// must hold exactly the keys docs/install.md lists, of the types it gives: a key added to the
// writer fails here until the schema's reader and its documentation say what it is.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::testing {

struct JsonOption {
  std::vector<std::string> names;  // "-q", "--quiet"; empty for a positional
  std::string positional;          // "" where the document has null
  bool takes_value = false;
  std::string value_name, value_kind, default_value, description;
  std::vector<std::string> choices;
  bool required = false, repeatable = false, hidden = false;
};

struct JsonCommand {
  std::string name, summary, description, footer;
  bool hidden = false;
  std::vector<JsonOption> options;
  std::vector<JsonCommand> subcommands;
};

struct JsonModel {
  std::string schema, pgnkit_version;
  std::int64_t version = 0;
  JsonCommand program;
};

namespace json_read_detail {

inline void expect_keys(simdjson::dom::object object, std::set<std::string_view> keys) {
  std::set<std::string_view> found;
  for (const auto field : object) found.insert(field.key);
  if (found != keys) throw std::runtime_error("an object's keys are not the schema's");
}

inline std::vector<std::string> strings(simdjson::dom::array array) {
  std::vector<std::string> out;
  for (const simdjson::dom::element e : array) out.emplace_back(std::string_view(e));
  return out;
}

inline JsonOption option(simdjson::dom::object o) {
  expect_keys(o, {"names", "positional", "takes_value", "value_name", "value_kind", "choices",
                  "default", "required", "repeatable", "hidden", "description"});
  JsonOption r;
  r.names = strings(o["names"]);
  if (!o["positional"].is_null()) r.positional = std::string_view(o["positional"]);
  r.takes_value = bool(o["takes_value"]);
  r.value_name = std::string_view(o["value_name"]);
  r.value_kind = std::string_view(o["value_kind"]);
  r.choices = strings(o["choices"]);
  r.default_value = std::string_view(o["default"]);
  r.required = bool(o["required"]);
  r.repeatable = bool(o["repeatable"]);
  r.hidden = bool(o["hidden"]);
  r.description = std::string_view(o["description"]);
  return r;
}

inline JsonCommand command(simdjson::dom::object c) {
  expect_keys(c, {"name", "summary", "description", "footer", "hidden", "options", "subcommands"});
  JsonCommand r;
  r.name = std::string_view(c["name"]);
  r.summary = std::string_view(c["summary"]);
  r.description = std::string_view(c["description"]);
  r.footer = std::string_view(c["footer"]);
  r.hidden = bool(c["hidden"]);
  for (const simdjson::dom::element o : simdjson::dom::array(c["options"]))
    r.options.push_back(option(o));
  for (const simdjson::dom::element s : simdjson::dom::array(c["subcommands"]))
    r.subcommands.push_back(command(s));
  return r;
}

}  // namespace json_read_detail

// Throws (simdjson_error, std::runtime_error) when `text` is not JSON or not the schema.
inline JsonModel read_json_model(const std::string& text) {
  simdjson::dom::parser parser;
  const simdjson::dom::object root = parser.parse(text);
  json_read_detail::expect_keys(root, {"schema", "version", "pgnkit_version", "program"});
  JsonModel m;
  m.schema = std::string_view(root["schema"]);
  m.version = std::int64_t(root["version"]);
  m.pgnkit_version = std::string_view(root["pgnkit_version"]);
  m.program = json_read_detail::command(root["program"]);
  return m;
}

}  // namespace pgnkit::testing
