#include "commands/status.h"

#include <cstdio>
#include <functional>
#include <map>
#include <string_view>

#include "analysis/eval_tracking.h"
#include "commands/output_buffer.h"
#include "commands/run_inputs.h"
#include "commands/status_accuracy.h"
#include "commands/status_eco.h"
#include "commands/status_record.h"
#include "eco/classify.h"
#include "pgn/reader.h"
#include "replay/replayer.h"
#include "write/json.h"

namespace pgnkit::commands {
namespace {

enum class Format : std::uint8_t { Text, Csv, Ndjson };

Format parse_format(const std::string& name) {
  return name == "ndjson" ? Format::Ndjson : name == "csv" ? Format::Csv : Format::Text;
}

// Counters (pipeline::Counters): games by replay::GameStatus, by consistency, inconsistent.
constexpr std::size_t kByStatus = 0, kByConsistency = 8, kInconsistent = 11;

class StatusSink : public replay::ReplaySink {
 public:
  // Records go into out; through `drain` (when set) every 64 KiB.
  StatusSink(const StatusOptions& args, std::string_view file, pipeline::ChunkResult& result,
             pipeline::Drain* drain)
      : args_(args),
        format_(parse_format(args.format)),
        file_(file),
        result_(result),
        drain_(drain) {}

  void problem(const replay::Problem&) override {}
  // With --eco: the classification of the game being reported.
  void set_classifier(const eco::Classifier* c) { eco_ = c; }
  // With --accuracy: the evals of the game being reported.
  void set_tracker(const analysis::EvalTracker* t) { tracker_ = t; }

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
    if (tracker_) put_accuracy_columns(row_start, tracker_->figures(r));
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
      case Format::Text: {
        const std::size_t column =
            kEcoTextColumn + (tracker_ ? kAccuracyTextWidth + kAcplTextWidth : 0);
        put_eco_text(out_, row_start, eco_->opening(), column);
        break;
      }
    }
  }
  void put_accuracy_columns(std::size_t row_start, const analysis::GameFigures& f) {
    switch (format_) {
      case Format::Ndjson: put_accuracy_ndjson(out_, f); break;
      case Format::Csv: put_accuracy_csv(out_, f); break;
      case Format::Text: put_accuracy_text(out_, row_start, f); break;
    }
  }

  const StatusOptions& args_;
  const eco::Classifier* eco_ = nullptr;
  const analysis::EvalTracker* tracker_ = nullptr;
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
  StatusJob(const StatusOptions& args, const eco::Book* book) : args_(args), book_(book) {
    opt_.variations = !args.no_variations;
    opt_.tag_checks = false;
    opt_.laws = args.laws;
  }
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    StatusSink sink(args_, read.input, result, read.drain);
    if (read.game_base) sink.out().set_base(*read.game_base);
    // Four visitors: the Replayer, with the ECO classifier and the eval tracker or not.
    if (book_ != nullptr && args_.accuracy) {
      analysis::EvalTracking<eco::Classifying<replay::Replayer>> replayer(*book_, sink, opt_);
      sink.set_classifier(&replayer.classifier());
      sink.set_tracker(&replayer.tracker());
      result.stats = pgn::read_pgn(read.source, replayer, read.options);
    } else if (book_ != nullptr) {
      eco::Classifying<replay::Replayer> replayer(*book_, sink, opt_);
      sink.set_classifier(&replayer.classifier());
      result.stats = pgn::read_pgn(read.source, replayer, read.options);
    } else if (args_.accuracy) {
      analysis::EvalTracking<replay::Replayer> replayer(sink, opt_);
      sink.set_tracker(&replayer.tracker());
      result.stats = pgn::read_pgn(read.source, replayer, read.options);
    } else {
      replay::Replayer replayer(sink, opt_);
      result.stats = pgn::read_pgn(read.source, replayer, read.options);
    }
    sink.out().move_to(result.out);
  }
  bool cancelled() const override {
    return args_.cancel != nullptr && args_.cancel->load(std::memory_order_relaxed);
  }

 private:
  const StatusOptions& args_;
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

std::string header(const StatusOptions& options) {
  char line[256];
  if (options.format == "csv") {
    std::string text;
    for (const std::string_view c : kStatusColumns) {
      if (!text.empty()) text += ',';
      text += c;
    }
    if (options.accuracy) (text += ',') += kAccuracyCsvHeader;
    if (options.eco != nullptr) text += ",eco,opening";
    return text + '\n';
  }
  if (options.accuracy) {
    std::snprintf(line, sizeof line, "%-6s%-20s%-20s%-8s%-6s%-23s%-8s%-4s%-9s%-24s%-*s%-*s%s",
                  "game", "white", "black", "tag", "plies", "status", "rules", "ok", "laws",
                  "problems", static_cast<int>(kAccuracyTextWidth), "accuracy",
                  static_cast<int>(kAcplTextWidth), "acpl",
                  options.eco != nullptr ? kEcoTextHeaderTail : "");
    std::string text = line;
    while (text.back() == ' ') text.pop_back();
    return text + '\n';
  }
  if (options.eco != nullptr) {
    std::snprintf(line, sizeof line, "%-6s%-20s%-20s%-8s%-6s%-23s%-8s%-4s%-9s%-24s%s\n", "game",
                  "white", "black", "tag", "plies", "status", "rules", "ok", "laws", "problems",
                  kEcoTextHeaderTail);
  } else {
    std::snprintf(line, sizeof line, "%-6s%-20s%-20s%-8s%-6s%-23s%-8s%-4s%-9s%s\n", "game", "white",
                  "black", "tag", "plies", "status", "rules", "ok", "laws", "problems");
  }
  return line;
}

}  // namespace

StatusSummary run_status(const StatusOptions& options, Console& console,
                         const std::function<bool()>& output_failed) {
  if (!options.no_header && !options.summary &&
      (options.format == "csv" || options.format == "text"))
    console.out(header(options));
  const StatusJob job(options, options.eco);
  StatusSummary s;
  s.run = run_inputs(options.inputs, job, console, console, options.run, options.shard, nullptr,
                     &s.used);
  const pipeline::RunStats& stats = s.run;
  for (std::size_t i = 0; i < s.by_status.size(); ++i) s.by_status[i] = stats.totals[kByStatus + i];
  for (std::size_t i = 0; i < s.by_consistency.size(); ++i)
    s.by_consistency[i] = stats.totals[kByConsistency + i];
  s.inconsistent = stats.totals[kInconsistent];
  s.games = stats.games;
  if (options.summary) console.out(status_counts_text(s, options.format == "ndjson"));
  s.io_failed = stats.io_failed || (output_failed && output_failed());
  s.exit_status = s.io_failed ? kExitUsage : s.inconsistent > 0 ? kExitProblems : kExitOk;
  return s;
}

std::string status_counts_text(const StatusSummary& s, bool ndjson) {
  std::map<std::string, std::uint64_t> by_status, by_consistency;
  for (std::size_t i = 0; i < s.by_status.size(); ++i) {
    if (s.by_status[i] == 0) continue;
    by_status[std::string(replay::game_status_name(static_cast<replay::GameStatus>(i)))] =
        s.by_status[i];
  }
  constexpr const char* kConsistency[3] = {"not_judged", "consistent", "inconsistent"};
  for (std::size_t i = 0; i < 3; ++i)
    if (s.by_consistency[i]) by_consistency[kConsistency[i]] = s.by_consistency[i];
  std::string text;
  if (ndjson) {
    text += "{\"summary\":true,\"by_status\":{";
    join_json(text, by_status);
    text += "},\"by_consistency\":{";
    join_json(text, by_consistency);
    text += "}}\n";
  } else {
    for (const auto& [k, v] : by_status) text += "status " + k + ": " + std::to_string(v) + "\n";
    for (const auto& [k, v] : by_consistency) text += k + ": " + std::to_string(v) + "\n";
  }
  return text;
}

}  // namespace pgnkit::commands
