#include "cli_model.h"

#include <filesystem>
#include <string_view>

namespace pgnkit::tools {
namespace {

// "{text,ndjson}", the description CLI11's IsMember gives itself, as a list.
std::vector<std::string> set_choices(std::string_view desc) {
  std::vector<std::string> choices;
  if (desc.size() < 2 || desc.front() != '{' || desc.back() != '}') return choices;
  desc = desc.substr(1, desc.size() - 2);
  while (true) {
    const std::size_t comma = desc.find(',');
    choices.emplace_back(desc.substr(0, comma));
    if (comma == std::string_view::npos) break;
    desc.remove_prefix(comma + 1);
  }
  return choices;
}

bool is_number_type(std::string_view type) {
  return type == "INT" || type == "UINT" || type == "FLOAT" || type == "NUMBER" ||
         type == "BOOLEAN" || type.starts_with("INT ") || type.starts_with("UINT ");
}

clidoc::Option describe_option(const CLI::Option& o) {
  clidoc::Option d;
  d.short_names = o.get_snames();
  d.long_names = o.get_lnames();
  if (o.get_positional()) d.positional = o.get_name(true, false);
  d.description = o.get_description();
  d.default_value = o.get_default_str();
  d.required = o.get_required();
  d.repeatable = o.get_items_expected_max() > 1;
  if (o.get_items_expected_max() == 0) return d;  // a flag (expected(0)): takes no value
  // get_type_name() is "TYPE" then ":<check>" per check, as --help shows it; IsMember's check
  // describes itself as "{a,b,c}".
  const std::string full = o.get_type_name();
  std::string_view rest = full;
  const std::string_view type = rest.substr(0, rest.find(':'));
  d.value_name = type;
  while (rest.find(':') != std::string_view::npos) {
    rest.remove_prefix(rest.find(':') + 1);
    if (auto choices = set_choices(rest.substr(0, rest.find(':'))); !choices.empty()) {
      d.choices = std::move(choices);
      d.value = clidoc::ValueKind::Choice;
      return d;
    }
  }
  d.value = is_number_type(type) ? clidoc::ValueKind::Other : clidoc::ValueKind::File;
  return d;
}

// The first line of a description, and the rest.
std::pair<std::string, std::string> split_first_line(const std::string& text) {
  const std::size_t nl = text.find('\n');
  if (nl == std::string::npos) return {text, {}};
  return {text.substr(0, nl), text.substr(nl + 1)};
}

// The options of `app` and of its option groups (add_option_group makes nameless sub-apps
// whose options belong to the command); the hidden ones too when `hidden` says so.
void add_options(const CLI::App& app, bool positional, Hidden hidden,
                 std::vector<clidoc::Option>& out) {
  const bool option_group = app.get_name().empty() && app.get_parent() != nullptr;
  for (const CLI::Option* o : app.get_options()) {
    if (option_group && o == app.get_help_ptr()) continue;  // the command's own is listed
    if (o->get_positional() != positional) continue;
    const bool is_hidden = o->get_group().empty();
    if (is_hidden && hidden == Hidden::Leave) continue;
    out.push_back(describe_option(*o));
    out.back().hidden = is_hidden;
  }
  for (const CLI::App* group : app.get_subcommands({})) {
    if (group->get_name().empty()) add_options(*group, positional, hidden, out);
  }
}

clidoc::Command describe(const CLI::App& app, bool program, Hidden hidden) {
  clidoc::Command d;
  // The program's name is argv[0] as run ("build/tools/pgnkit"): the pages want "pgnkit".
  d.name = program ? std::filesystem::path(app.get_name()).filename().string() : app.get_name();
  auto [summary, rest] = split_first_line(app.get_description());
  // The program's help starts "pgnkit 0.1.0: read chess games ...": the NAME line wants the
  // part after the version.
  if (const std::size_t colon = summary.find(": ");
      program && colon != std::string::npos && summary.starts_with(d.name + " "))
    summary = summary.substr(colon + 2);
  d.summary = std::move(summary);
  d.description = std::move(rest);
  d.footer = app.get_footer();
  // Positionals first, as the help lists them.
  for (const bool positional : {true, false}) add_options(app, positional, hidden, d.options);
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name().empty()) continue;  // an option group: its options are listed above
    const bool is_hidden = sub->get_group().empty();
    if (is_hidden && hidden == Hidden::Leave) continue;
    d.subcommands.push_back(describe(*sub, false, hidden));
    d.subcommands.back().hidden = is_hidden;
  }
  return d;
}

}  // namespace

clidoc::Command describe_app(const CLI::App& app, Hidden hidden) {
  return describe(app, true, hidden);
}

}  // namespace pgnkit::tools
