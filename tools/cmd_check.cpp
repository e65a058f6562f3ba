// pgnkit check: replay every game and report every problem, compiler-style or as NDJSON.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "diagnostic.h"
#include "input.h"
#include "laws_option.h"
#include "pgn/reader.h"
#include "replay/replayer.h"

namespace pgnkit::tools {
namespace {

struct CheckArgs {
  std::vector<std::string> files;
  bool strict = false;
  bool quiet = false;
  std::uint64_t max_errors = 0;
  bool no_variations = false;
  bool allow_null = false;
  std::string format = "text";
  std::string color = "auto";
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
};

struct Totals {
  std::uint64_t games = 0, plies = 0, errors = 0, warnings = 0, games_with_errors = 0,
                unsupported = 0, bytes = 0;
};

class CheckSink : public replay::ReplaySink {
 public:
  CheckSink(const CheckArgs& args, bool color) : args_(args), color_(color) {}

  void set_file(std::string name) { file_ = std::move(name); }
  Totals& totals() { return totals_; }
  bool limit_reached() const {
    return args_.max_errors > 0 && counted_errors() >= args_.max_errors;
  }

  void problem(const replay::Problem& p) override {
    // The source's own error message (printed after reading) says more than the reader's.
    if (p.code == replay::ProblemCode::Syntax && p.syntax == pgn::SyntaxCode::InputError) return;
    const bool error = p.severity == replay::Severity::Error;
    if (error) {
      ++totals_.errors;
    } else {
      ++totals_.warnings;
    }
    if (args_.quiet || (args_.max_errors > 0 && counted_errors() > args_.max_errors)) return;
    if (args_.format == "ndjson") {
      print_json(p);
    } else {
      print_text(p);
    }
  }

  void game_end(const replay::GameReport& r) override {
    ++totals_.games;
    totals_.plies += r.plies;
    const std::uint64_t errors = r.errors + (args_.strict ? r.warnings : 0);
    if (errors) ++totals_.games_with_errors;
    if (r.unsupported_variant) ++totals_.unsupported;
  }

 private:
  std::uint64_t counted_errors() const {
    return totals_.errors + (args_.strict ? totals_.warnings : 0);
  }

  void print_text(const replay::Problem& p) {
    out_.clear();
    append_problem_text(out_, file_, p, p.severity == replay::Severity::Error || args_.strict,
                        color_);
    std::fwrite(out_.data(), 1, out_.size(), stdout);
  }

  void print_json(const replay::Problem& p) {
    out_.clear();
    append_problem_json(out_, file_, p, p.severity == replay::Severity::Error || args_.strict);
    std::fwrite(out_.data(), 1, out_.size(), stdout);
  }

  const CheckArgs& args_;
  bool color_;
  std::string file_;
  std::string out_;
  Totals totals_;
};

// Stops replaying (but keeps reading cheaply) once --max-errors is reached.
class CheckVisitor : public replay::Replayer {
 public:
  CheckVisitor(CheckSink& sink, const replay::ReplayOptions& opt)
      : Replayer(sink, opt), sink_(sink) {}
  pgn::Control begin_movetext() {
    if (sink_.limit_reached()) return pgn::Control::StopGame;
    return Replayer::begin_movetext();
  }

 private:
  CheckSink& sink_;
};

bool use_color(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR");
}

int run_check(const CheckArgs& args) {
  CheckSink sink(args, args.format == "text" && use_color(args.color));
  replay::ReplayOptions opt;
  opt.variations = !args.no_variations;
  opt.allow_null = args.allow_null;
  opt.laws = args.laws;
  const auto t0 = std::chrono::steady_clock::now();
  const bool io_failed = for_each_input(args.files, [&](io::Source& source) {
    sink.set_file(std::string(source.name()));
    CheckVisitor visitor(sink, opt);
    sink.totals().bytes += pgn::read_pgn(source, visitor).bytes;
    return !sink.limit_reached();
  });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const Totals& t = sink.totals();
  std::fprintf(stderr,
               "%llu games, %llu plies, %llu errors, %llu warnings, %llu games with errors, "
               "%llu unsupported-variant games, %.2f s, %.1f MB/s%s\n",
               static_cast<unsigned long long>(t.games), static_cast<unsigned long long>(t.plies),
               static_cast<unsigned long long>(t.errors),
               static_cast<unsigned long long>(t.warnings),
               static_cast<unsigned long long>(t.games_with_errors),
               static_cast<unsigned long long>(t.unsupported), secs,
               secs > 0 ? static_cast<double>(t.bytes) / 1e6 / secs : 0.0,
               sink.limit_reached() ? " (stopped at --max-errors)" : "");
  if (io_failed) return kExitUsage;
  return t.errors > 0 || (args.strict && t.warnings > 0) ? kExitProblems : kExitOk;
}

}  // namespace

void register_check(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Replay every game (variations included) and report every problem.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_flag("--strict", args->strict, "Warnings count as errors (exit status 1)");
  cmd->add_flag("-q,--quiet", args->quiet, "Print only the summary");
  cmd->add_option("--max-errors", args->max_errors, "Stop replaying after N errors (0 = no limit)");
  cmd->add_flag("--no-variations", args->no_variations, "Do not replay variations");
  cmd->add_flag("--allow-null", args->allow_null, "Accept null moves (--, Z0) silently");
  cmd->add_option("--format", args->format,
                  "text (compiler-style) or ndjson (one object per problem)")
      ->check(CLI::IsMember({"text", "ndjson"}));
  cmd->add_option("--color", args->color, "auto (on a terminal), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  add_laws_option(*cmd, args->laws);
  cmd->footer(
      "Text lines: FILE:LINE:COL: error[code]: message [game N, ply P, move 'SAN']\n"
      "NDJSON keys: file, game, line, column, offset, ply, in_variation, severity, code, san,\n"
      "  message, fen (null where not applicable). The summary goes to stderr.\n"
      "Examples:\n"
      "  pgnkit check data/sample.pgn\n"
      "  pgnkit check --strict --format ndjson games.pgn.zst > problems.ndjson\n"
      "  zstd -dc lichess.pgn.zst | pgnkit check --quiet -\n"
      "  pgnkit check --laws current old_archive.pgn   (fivefold/75 moves end 1980s games too)\n"
      "Exit status: 0 no errors, 1 errors found (or warnings with --strict), 2 usage or I/O "
      "error.");
  cmd->callback([args, &exit_code] { exit_code = run_check(*args); });
}

}  // namespace pgnkit::tools
