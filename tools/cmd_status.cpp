// pgnkit status: how each game ended under the rules, and whether its result tells the truth.
#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "eco/classify.h"
#include "eco_option.h"
#include "input.h"
#include "laws_option.h"
#include "output_buffer.h"
#include "pgn/reader.h"
#include "replay/replayer.h"
#include "shard.h"
#include "status_eco.h"
#include "status_record.h"
#include "stdout_write.h"
#include "threads.h"
#include "write/json.h"

namespace pgnkit::tools {
namespace {

struct StatusArgs {
  std::vector<std::string> files;
  std::string format = "text";
  bool summary = false;
  bool no_variations = false;
  EcoArgs eco;
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  bool no_header = false;
  unsigned threads = 0;
  ShardArgs shard;
};

enum class Format : std::uint8_t { Text, Csv, Ndjson };

Format parse_format(const std::string& name) {
  return name == "ndjson" ? Format::Ndjson : name == "csv" ? Format::Csv : Format::Text;
}

// Counters (pipeline::Counters): games by replay::GameStatus, by consistency, inconsistent.
constexpr std::size_t kByStatus = 0, kByConsistency = 8, kInconsistent = 11;

class StatusSink : public replay::ReplaySink {
 public:
  // Records go into out; through `drain` (when set) every 64 KiB.
  StatusSink(const StatusArgs& args, std::string_view file, pipeline::ChunkResult& result,
             pipeline::Drain* drain)
      : args_(args),
        format_(parse_format(args.format)),
        file_(file),
        result_(result),
        drain_(drain) {}

  void problem(const replay::Problem&) override {}
  // With --eco: the classification of the game being reported.
  void set_classifier(const eco::Classifier* c) { eco_ = c; }

  void game_end(const replay::GameReport& r) override {
    // Counted in the result's counters (this runs once per game); named only for the summary.
    ++result_.counters[kByStatus + static_cast<std::size_t>(r.status)];
    const bool judged = status_judged(r);
    ++result_.counters[kByConsistency + (!judged ? 0 : r.consistent ? 1 : 2)];
    if ((judged && !r.consistent) || r.status == replay::GameStatus::Illegal)
      ++result_.counters[kInconsistent];
    if (args_.summary) return;
    const std::size_t row_start = out_.size();
    switch (format_) {
      case Format::Ndjson: put_status_ndjson(out_, file_, r); break;
      case Format::Csv: put_status_csv(out_, file_, r); break;
      case Format::Text: put_status_text(out_, r); break;
    }
    if (eco_) put_eco_columns(row_start);
    if (drain_ && out_.size() >= (std::size_t{1} << 16)) {  // one write per 64 KiB, not per game
      out_.move_to(result_.out);
      drain_->flush(result_);
    }
  }

  OutputBuffer& out() { return out_; }

 private:
  void put_eco_columns(std::size_t row_start) {
    switch (format_) {
      case Format::Ndjson: put_eco_ndjson(out_, eco_->opening()); break;
      case Format::Csv: put_eco_csv(out_, eco_->opening()); break;
      case Format::Text: put_eco_text(out_, row_start, eco_->opening()); break;
    }
  }

  const StatusArgs& args_;
  const eco::Classifier* eco_ = nullptr;
  const Format format_;
  StatusFile file_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  OutputBuffer out_;
};

// One read of status: the whole input with one thread, or a chunk of it (lib/pipeline).
class StatusJob final : public pipeline::Job {
 public:
  // book: the opening book of --eco, read-only and shared by the workers (or null).
  StatusJob(const StatusArgs& args, const eco::Book* book) : args_(args), book_(book) {
    opt_.variations = !args.no_variations;
    opt_.tag_checks = false;
    opt_.laws = args.laws;
  }
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    StatusSink sink(args_, read.input, result, read.drain);
    if (read.game_base) sink.out().set_base(*read.game_base);
    if (book_ != nullptr) {
      eco::Classifying<replay::Replayer> replayer(*book_, sink, opt_);
      sink.set_classifier(&replayer.classifier());
      result.stats = pgn::read_pgn(read.source, replayer, read.options);
    } else {
      replay::Replayer replayer(sink, opt_);
      result.stats = pgn::read_pgn(read.source, replayer, read.options);
    }
    sink.out().move_to(result.out);
  }

 private:
  const StatusArgs& args_;
  const eco::Book* book_;
  replay::ReplayOptions opt_;
};

void join_json(std::string& out, const std::map<std::string, std::uint64_t>& m) {
  bool first = true;
  for (const auto& [k, v] : m) {
    if (!first) out += ',';
    first = false;
    write::append_json_string(out, k);
    out += ':' + std::to_string(v);
  }
}

void print_summary(Format format, const pipeline::Counters& counts) {
  std::map<std::string, std::uint64_t> by_status, by_consistency;
  for (std::size_t i = 0; i < 8; ++i)
    if (counts[kByStatus + i])
      by_status[std::string(replay::game_status_name(static_cast<replay::GameStatus>(i)))] =
          counts[kByStatus + i];
  constexpr const char* kConsistency[3] = {"not_judged", "consistent", "inconsistent"};
  for (std::size_t i = 0; i < 3; ++i)
    if (counts[kByConsistency + i]) by_consistency[kConsistency[i]] = counts[kByConsistency + i];
  std::string text;
  if (format == Format::Ndjson) {
    text += "{\"summary\":true,\"by_status\":{";
    join_json(text, by_status);
    text += "},\"by_consistency\":{";
    join_json(text, by_consistency);
    text += "}}\n";
  } else {
    for (const auto& [k, v] : by_status) text += "status " + k + ": " + std::to_string(v) + "\n";
    for (const auto& [k, v] : by_consistency) text += k + ": " + std::to_string(v) + "\n";
  }
  write_stdout(text);
}

int run_status(const StatusArgs& args) {
  std::optional<eco::Book> book;
  if (args.eco.wanted() && !(book = load_eco_book(args.eco, "status"))) return kExitUsage;
  if (args.no_header) {
    // A later shard's output, or rows appended to an earlier table (pgnkit-dask).
  } else if (!args.summary && args.format == "csv") {
    std::string header;
    for (const std::string_view c : kStatusColumns) {
      if (!header.empty()) header += ',';
      header += c;
    }
    if (book) header += ",eco,opening";
    print_stdout("%s\n", header.c_str());
  } else if (!args.summary && args.format == "text") {
    if (book)
      print_stdout("%-6s%-20s%-20s%-8s%-6s%-23s%-8s%-4s%-9s%-24s%s\n", "game", "white", "black",
                   "tag", "plies", "status", "rules", "ok", "laws", "problems", kEcoTextHeaderTail);
    else
      print_stdout("%-6s%-20s%-20s%-8s%-6s%-23s%-8s%-4s%-9s%s\n", "game", "white", "black", "tag",
                   "plies", "status", "rules", "ok", "laws", "problems");
  }
  const StatusJob job(args, book ? &*book : nullptr);
  const pipeline::RunStats run =
      run_job(args.files, args.threads, job, nullptr, nullptr, &args.shard);
  if (args.summary) print_summary(parse_format(args.format), run.totals);
  const bool write_failed = !stdout_ok_or_report();
  if (run.io_failed || write_failed) return kExitUsage;
  return run.totals[kInconsistent] ? kExitProblems : kExitOk;
}

}  // namespace

void register_status(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<StatusArgs>();
  CLI::App* cmd = app.add_subcommand(
      "status", "How each game ended under FIDE rules, and whether its result is consistent.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_option("--format", args->format, "text (aligned table), csv (header row) or ndjson")
      ->check(CLI::IsMember({"text", "csv", "ndjson"}));
  cmd->add_flag("--summary", args->summary, "Print only counts by status and by consistency");
  cmd->add_flag("--no-variations", args->no_variations, "Do not replay variations (faster)");
  add_eco_options(*cmd, args->eco, false);
  add_laws_option(*cmd, args->laws);
  cmd->add_flag("--no-header", args->no_header,
                "No header row (csv) or heading line (text): for appending, or a later shard");
  add_threads_option(cmd, args->threads);
  add_shard_options(cmd, args->shard, false);
  cmd->footer(
      "Fields (ndjson/csv): file, game, white, black, result_tag, plies, status, result,\n"
      "  auto_draw_ply, threefold_ply, fifty_ply, final_fen, consistent, problems, laws\n"
      "  (the edition of the FIDE Laws that judged the game: current or pre-2014);\n"
      "  with --eco also eco, opening (docs/eco.md).\n"
      "status: checkmate, stalemate, insufficient_material, fivefold_repetition,\n"
      "  seventy_five_move_rule, ongoing, illegal, unsupported_variant.\n"
      "Examples:\n"
      "  pgnkit status data/sample.pgn\n"
      "  pgnkit status --format ndjson games.pgn.zst | jq 'select(.consistent == false)'\n"
      "  pgnkit status --summary --format ndjson games.pgn\n"
      "  pgnkit status --eco --format csv games.pgn\n"
      "  pgnkit status -j 8 --format csv games.pgn.zst > status.csv\n"
      "Exit status: 0 every judged game consistent, 1 an inconsistent or illegal game, 2 usage or\n"
      "I/O error. See docs/status.md.");
  cmd->callback([args, &exit_code] { exit_code = run_status(*args); });
}

}  // namespace pgnkit::tools
