// pgnkit: registers the subcommands and maps CLI errors to exit status 2, and a failed write
// to stdout (what a command did not report itself: help, version, perft) too. A first word
// that names no command is reported with the closest command's name.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "build_info.h"
#include "commands.h"
#include "stdout_write.h"

#ifndef PGNKIT_VERSION
#define PGNKIT_VERSION "0.0.0"
#endif

namespace {

// A command at most this many edits from a mistyped word is suggested: "chekc", "chek",
// "stauts" find theirs; "xyz" is far from every command.
constexpr std::size_t kMaxSuggestionEdits = 2;

std::string ascii_lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// The fewest insertions, deletions, substitutions and swaps of two neighbouring characters
// that turn `a` into `b` (optimal string alignment): a swap is one typo, as in "chekc".
std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the table: i - 2, i - 1 and i.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, replace});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}

// The first argument after pgnkit's own options (--help, --version: flags, no value), where
// CLI11 looks for the command. Nothing when there is none, or when another option comes
// first: CLI11 reports that one, and a word after it may be its value.
std::optional<std::string_view> command_word(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.empty() || arg.front() != '-') return arg;
    if (app.get_option_no_throw(std::string(arg)) == nullptr) return std::nullopt;
  }
  return std::nullopt;
}

// The usage error for a first word that names no command, or nothing when it names one
// (hidden ones too). Only the listed commands are suggested, letters compared without case;
// of two as close, the one listed first.
std::optional<std::string> unknown_command_error(const CLI::App& app, std::string_view word) {
  const auto commands = app.get_subcommands([](const CLI::App*) { return true; });
  for (const CLI::App* command : commands)
    if (command->check_name(std::string(word))) return std::nullopt;
  const std::string typed = ascii_lower(word);
  const CLI::App* closest = nullptr;
  std::size_t closest_edits = kMaxSuggestionEdits + 1;
  for (const CLI::App* command : commands) {
    if (command->get_group().empty()) continue;  // hidden, as __generate
    const std::size_t edits = edit_distance(typed, ascii_lower(command->get_name()));
    if (edits < closest_edits) {
      closest = command;
      closest_edits = edits;
    }
  }
  std::string error = "pgnkit: unknown command '" + std::string(word) + "'";
  if (closest) return error + " (did you mean '" + closest->get_name() + "'?)";
  return error + " (run 'pgnkit --help' for the commands)";
}

}  // namespace

// Exceptions are not caught here: one that reaches main is a bug or memory exhausted, and
// std::terminate's abort shows it, where status 2 would read as a usage error.
// NOLINTNEXTLINE(bugprone-exception-escape)
int main(int argc, char** argv) {
  CLI::App app{"pgnkit " PGNKIT_VERSION
               ": read chess games in PGN and replay every move through the FIDE rules.\n"
               "Exit status: 0 ok, 1 problems found in the input, 2 usage or I/O error."};
  app.set_version_flag("--version", pgnkit::tools::version_text,
                       "Print the version, git commit and build flavour and exit");
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  pgnkit check data/sample.pgn\n"
      "  pgnkit status --format ndjson data/sample.pgn\n"
      "  pgnkit annotate --fix-results --end-tags data/sample.pgn -o annotated.pgn\n"
      "  pgnkit convert --to ndjson data/sample.pgn -o sample.ndjson\n"
      "  pgnkit select --player Carlsen --result 1-0 games.pgn.zst -o wins.pgn\n"
      "  pgnkit split --games 1000 games.pgn -o 'out/part-%04d.pgn'\n"
      "  pgnkit perft 5\n"
      "  pgnkit perft --suite data/perft/standard.epd --max-depth 4\n"
      "Run 'pgnkit <command> --help' for the options of a command ('man pgnkit-<command>'\n"
      "  where installed).\n"
      "Input: files, or '-' / nothing for stdin; zstd input (by its magic bytes) is\n"
      "  decompressed on a second thread; PGNKIT_DECODE_AHEAD=0 keeps it on one thread. One\n"
      "  thread maps a plain file into memory; PGNKIT_MAP_FILES=0 reads it instead.");
  int exit_code = pgnkit::tools::kExitOk;
  pgnkit::tools::register_check(app, exit_code);
  pgnkit::tools::register_status(app, exit_code);
  pgnkit::tools::register_annotate(app, exit_code);
  pgnkit::tools::register_convert(app, exit_code);
  pgnkit::tools::register_dedup(app, exit_code);
  pgnkit::tools::register_select(app, exit_code);
  pgnkit::tools::register_split(app, exit_code);
  pgnkit::tools::register_index(app, exit_code);
  pgnkit::tools::register_tree(app, exit_code);
  pgnkit::tools::register_stats(app, exit_code);
  pgnkit::tools::register_analyse(app, exit_code);
  pgnkit::tools::register_perft(app, exit_code);
  pgnkit::tools::register_generate(app, exit_code);  // hidden: man pages, completions
  // Before CLI11 parses: it would call a mistyped command a missing one, and with --help after
  // it print pgnkit's help and exit 0.
  if (const auto word = command_word(app, argc, argv)) {
    if (const auto error = unknown_command_error(app, *word)) {
      std::cerr << *error << '\n';
      return pgnkit::tools::kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::ostringstream out;  // help and version text, written (and its errors kept) below
    const int rc = app.exit(e, out, std::cerr);
    pgnkit::tools::write_stdout(out.view());
    if (!pgnkit::tools::stdout_ok_or_report()) return pgnkit::tools::kExitUsage;
    return rc == 0 ? 0 : pgnkit::tools::kExitUsage;
  }
  if (!pgnkit::tools::stdout_ok_or_report()) return pgnkit::tools::kExitUsage;
  return exit_code;
}
