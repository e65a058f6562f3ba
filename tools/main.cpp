// pgnkit: registers the subcommands and maps CLI errors to exit status 2, and a failed write
// to stdout (what a command did not report itself: help, version, perft) too.
#include <cstdio>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "build_info.h"
#include "commands.h"
#include "stdout_write.h"

#ifndef PGNKIT_VERSION
#define PGNKIT_VERSION "0.0.0"
#endif

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
      "  decompressed on a second thread; PGNKIT_DECODE_AHEAD=0 keeps it on one thread.");
  int exit_code = pgnkit::tools::kExitOk;
  pgnkit::tools::register_check(app, exit_code);
  pgnkit::tools::register_status(app, exit_code);
  pgnkit::tools::register_annotate(app, exit_code);
  pgnkit::tools::register_convert(app, exit_code);
  pgnkit::tools::register_dedup(app, exit_code);
  pgnkit::tools::register_select(app, exit_code);
  pgnkit::tools::register_split(app, exit_code);
  pgnkit::tools::register_index(app, exit_code);
  pgnkit::tools::register_perft(app, exit_code);
  pgnkit::tools::register_generate(app, exit_code);  // hidden: man pages, completions
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
