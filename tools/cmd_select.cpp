// pgnkit select: writes the games that pass every filter, byte for byte (docs/select.md).
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "diagnostic.h"
#include "input.h"
#include "io/sink.h"
#include "pgn/reader.h"
#include "pgn/syntax.h"
#include "select/selector.h"
#include "select_convert.h"
#include "select_options.h"
#include "selected_output.h"
#include "shard.h"

namespace pgnkit::tools {
namespace {

struct SelectArgs {
  std::vector<std::string> files;
  std::string output = "-";
  FilterArgs filters;
  bool count = false, verbose = false;
  std::uint64_t limit = 0, skip = 0;
  std::string to;
  bool no_header = false;  // --to csv: a later shard's rows
  ShardArgs shard;
};

class SelectOutput : public select::GameSink {
 public:
  SelectOutput(const SelectArgs& args, io::OutputSink* out, SelectConverter* convert)
      : args_(args), out_(out), convert_(convert) {}
  void set_file(std::string name) { file_ = std::move(name); }
  void set_selector(select::Selector* s) { selector_ = s; }
  // A shard's games are numbered from 1: this makes the numbers printed the input's.
  void set_game_base(std::uint64_t base) { game_base_ = base; }
  std::uint64_t written() const { return written_; }
  bool failed() const { return failed_; }

  void game(const select::GameVerdict& v) override {
    if (!v.selected) return;
    if (skipped_ < args_.skip) {
      ++skipped_;
      return;
    }
    ++written_;
    if (args_.limit != 0 && written_ == args_.limit && selector_ != nullptr) selector_->stop();
    if (args_.count) return;
    if (v.bytes_status == pgn::GameBytes::Status::TooLong) {
      std::fprintf(stderr,
                   "%s:%u:%u: error: game %llu is longer than %zu MiB, the limit for a "
                   "selected game (%llu bytes read before it was given up); not written\n",
                   file_.c_str(), v.where.line, v.where.column,
                   static_cast<unsigned long long>(game_base_ + v.number),
                   pgn::GameBytes::kDefaultLimit >> 20, static_cast<unsigned long long>(v.size));
      failed_ = true;
      return;
    }
    if (convert_ != nullptr) {
      convert_->select_next(true);
      return;
    }
    out_->write(v.bytes);
    out_->write(selected_game_tail(v.bytes));
  }

  void problem(const replay::Problem& problem) override {
    replay::Problem p = problem;
    if (p.game != 0) p.game += game_base_;
    text_.clear();
    append_problem_text(text_, file_, p, p.severity == replay::Severity::Error, false);
    std::fwrite(text_.data(), 1, text_.size(), stderr);
  }

  void syntax_between_games(const pgn::SyntaxIssue& issue) override {
    std::fprintf(stderr, "%s:%u:%u: %s[%s]: %s\n", file_.c_str(), issue.where.line,
                 issue.where.column, issue.severity == pgn::Severity::Error ? "error" : "warning",
                 std::string(pgn::syntax_code_name(issue.code)).c_str(),
                 std::string(pgn::syntax_message(issue.code)).c_str());
  }

  void regex_limit(std::uint64_t game, const select::RegexLimit& limit) override {
    failed_ = true;
    if (limit_reported_) return;  // once: the same pattern would say it for many games
    limit_reported_ = true;
    std::fprintf(stderr,
                 "%s: error: game %llu: regex '%s' on tag %s hit the match limit (%u steps: "
                 "catastrophic backtracking?); counted as no match\n",
                 file_.c_str(), static_cast<unsigned long long>(game_base_ + game),
                 limit.pattern.c_str(), limit.tag.c_str(), select::Regex::kMatchLimit);
  }

 private:
  const SelectArgs& args_;
  io::OutputSink* out_;
  SelectConverter* convert_;
  select::Selector* selector_ = nullptr;
  std::string file_, text_;
  std::uint64_t skipped_ = 0, written_ = 0, game_base_ = 0;
  bool failed_ = false, limit_reported_ = false;
};

// --range: the shard's games of one input (tools/shard.h). False on an I/O error (reported).
template <class ReadInput>
bool select_range(const SelectArgs& args, SelectOutput& sink, SelectConverter* convert,
                  const ReadInput& read_input) {
  if (args.files.size() != 1 || args.files.front() == "-") {
    std::fprintf(stderr, "pgnkit select: --range reads one input file\n");
    return false;
  }
  const std::unique_ptr<RangeInput> in = RangeInput::open(args.files.front(), args.shard);
  if (!in) return false;
  if (!in->empty()) {
    sink.set_game_base(in->game_base());
    if (convert != nullptr) convert->set_id_base(args.shard.id_base());
    read_input(in->source(), in->options());
  }
  std::fflush(stdout);
  return !report_read_error(in->source());
}

int run_select(const SelectArgs& args) {
  select::SelectOptions options;
  if (!build_filters(args.filters, options, "select")) return kExitUsage;
  options.diagnose = args.verbose;
  options.keep_bytes = !args.count && args.to.empty();
  if (!args.count && args.output != "-") {  // opening the output would truncate the input
    for (const std::string& in : args.files) {
      std::error_code ec;
      if (in != "-" && std::filesystem::equivalent(in, args.output, ec)) {
        std::fprintf(stderr, "pgnkit select: %s is both an input and the output\n", in.c_str());
        return kExitUsage;
      }
    }
  }
  io::IoError err;
  std::optional<io::OutputSink> out;
  if (!args.count) {
    out = io::OutputSink::open(args.output, &err);
    if (!out) {
      std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, args.output).c_str());
      return kExitUsage;
    }
  }
  std::optional<SelectConverter> convert;
  if (!args.to.empty() && out) {
    convert.emplace(args.to, *out);
    if (!args.no_header) convert->header();
  }
  SelectOutput sink(args, out ? &*out : nullptr, convert ? &*convert : nullptr);
  const auto read_input = [&](io::Source& source, const pgn::ReaderOptions& reader) {
    sink.set_file(std::string(source.name()));
    select::Selector selector(options, sink);
    sink.set_selector(&selector);
    if (convert) {
      convert->set_file_base();
      replay::RecordBuilder builder(*convert);
      builder.set_canonical_san(convert->canonical_san());
      SelectTee tee(selector, builder);
      pgn::read_pgn(source, tee, reader);
    } else {
      pgn::read_pgn(source, selector, reader);
    }
    sink.set_selector(nullptr);
    // --limit reached: the other inputs are not opened.
    return args.limit == 0 || sink.written() < args.limit;
  };
  bool failed = false;
  if (args.shard.ranged()) {
    failed = !select_range(args, sink, convert ? &*convert : nullptr, read_input);
  } else {
    failed = for_each_input(args.files, [&](io::Source& source) { return read_input(source, {}); });
  }
  if (args.count) std::printf("%llu\n", static_cast<unsigned long long>(sink.written()));
  if (args.shard.ndjson_summary()) {
    // For a driver that adds shards up (pgnkit-dask): the exit status follows `selected`.
    std::fprintf(stderr, "{\"summary\":\"select\",\"selected\":%llu}\n",
                 static_cast<unsigned long long>(sink.written()));
  }
  if (out) {
    failed |= !out->finish();
    if (out->error()) {
      std::fprintf(stderr, "pgnkit: %s\n", io::describe(*out->error(), out->name()).c_str());
      failed = true;
    }
  }
  if (failed || sink.failed()) return kExitUsage;
  return sink.written() > 0 ? kExitOk : kExitProblems;
}

}  // namespace

void register_select(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SelectArgs>();
  CLI::App* cmd = app.add_subcommand(
      "select", "Write the games that pass every filter, byte for byte (like grep for games).");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_option("-o,--output", args->output,
                  "Output file ('-' = stdout); a name ending in .zst is compressed");
  add_filter_options(*cmd, args->filters);
  cmd->add_flag("--count", args->count, "Print the number of selected games only");
  cmd->add_option("--limit", args->limit, "Stop after N selected games (after --skip)");
  cmd->add_option("--skip", args->skip, "Leave out the first N selected games");
  cmd->add_option("--to", args->to,
                  "Write the selected games as `pgnkit convert --to FORMAT` does (pgn, ndjson, "
                  "uci, lan, fen, epd, csv) instead of their original text")
      ->check(CLI::IsMember({"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"}));
  cmd->add_flag("--verbose", args->verbose,
                "Replay every game and print its syntax and move problems to stderr");
  cmd->add_flag("--no-header", args->no_header, "--to csv: no header row (a later shard)");
  add_shard_options(cmd, args->shard, true, true);
  cmd->footer(
      "Filters of different kinds must all pass; a filter given again ORs its values\n"
      "(--player Carlsen --player Nakamura); --tag filters are one kind per tag name.\n"
      "Output: each selected game exactly as in the input, from its first token through the\n"
      "line of its result, then a blank line (docs/select.md).\n"
      "Examples:\n"
      "  pgnkit select --player Carlsen --result 1-0 games.pgn.zst -o carlsen_wins.pgn\n"
      "  pgnkit select --tag 'WhiteElo>=2500' --tag 'BlackElo>=2500' --date 2020..2020 db.pgn\n"
      "  pgnkit select --ends stalemate --count games.pgn\n"
      "  pgnkit select --fen 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' "
      "db.pgn\n"
      "  pgnkit select --material KRP:KR --to fen db.pgn\n"
      "  pgnkit select --eco C20-C99 --eco-classify db.pgn   (by the moves, not the ECO tag)\n"
      "  pgnkit select --player Carlsen --range 0:26048332 db.pgn   (a shard of `pgnkit index`)\n"
      "Exit status (as grep): 0 a game was selected, 1 none, 2 usage or I/O error (also a\n"
      "regex that hit its match limit, or a selected game over 32 MiB). See docs/select.md.");
  cmd->callback([args, &exit_code] { exit_code = run_select(*args); });
}

}  // namespace pgnkit::tools
