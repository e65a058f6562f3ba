// pgnkit status: how each game ended under the rules, and whether its result tells the truth.
#include <array>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "chess/fen.h"
#include "commands.h"
#include "input.h"
#include "pgn/reader.h"
#include "replay/replayer.h"
#include "write/json.h"
#include "write/table.h"

namespace pgnkit::tools {
namespace {

struct StatusArgs {
  std::vector<std::string> files;
  std::string format = "text";
  bool summary = false;
  bool no_variations = false;
};

constexpr const char* kColumns[] = {"file",          "game",          "white",     "black",
                                    "result_tag",    "plies",         "status",    "result",
                                    "auto_draw_ply", "threefold_ply", "fifty_ply", "final_fen",
                                    "consistent",    "problems"};

void set_number(std::string& out, const std::optional<std::uint32_t>& v) {
  out.clear();
  if (v) out += std::to_string(*v);
}

// One game's fields as text ("" for null), in kColumns order, into `f` (14 strings reused
// from game to game: this runs once per game, so it allocates nothing once warmed up).
void fields(std::vector<std::string>& f, const std::string& file, const replay::GameReport& r) {
  f.resize(std::size(kColumns));
  const bool judged = r.final_position && r.status != replay::GameStatus::Illegal && !r.cut;
  f[0].assign(file);
  f[1].assign(std::to_string(r.game));
  f[2].assign(r.tags->white);
  f[3].assign(r.tags->black);
  f[4].assign(r.tags->has_result ? std::string_view(r.tags->result) : std::string_view());
  f[5].assign(std::to_string(r.plies));
  f[6].assign(replay::game_status_name(r.status));
  f[7].assign(r.rules_result ? pgn::outcome_text(*r.rules_result) : std::string_view());
  set_number(f[8], r.auto_draw_ply);
  set_number(f[9], r.threefold_ply);
  set_number(f[10], r.fifty_ply);
  if (r.final_position) {
    f[11] = chess::write_fen(*r.final_position, chess::EpWrite::WhenLegal);
  } else {
    f[11].clear();
  }
  f[12].assign(judged ? (r.consistent ? "true" : "false") : "");
  f[13].clear();
  for (const auto code : r.inconsistencies) {
    if (!f[13].empty()) f[13] += ' ';
    f[13] += replay::problem_code_name(code);
  }
}

class StatusSink : public replay::ReplaySink {
 public:
  explicit StatusSink(const StatusArgs& args) : args_(args) {}
  void set_file(std::string f) { file_ = std::move(f); }
  std::uint64_t inconsistent() const { return inconsistent_; }

  void problem(const replay::Problem&) override {}

  void game_end(const replay::GameReport& r) override {
    // Counted in arrays (this runs once per game); named and sorted only for the summary.
    ++status_counts_[static_cast<std::size_t>(r.status)];
    const bool judged = r.final_position && r.status != replay::GameStatus::Illegal && !r.cut;
    ++consistency_counts_[!judged ? 0 : r.consistent ? 1 : 2];
    if ((judged && !r.consistent) || r.status == replay::GameStatus::Illegal) ++inconsistent_;
    if (args_.summary) return;
    fields(fields_, file_, r);
    const auto& f = fields_;
    if (args_.format == "ndjson") {
      ndjson(r, f);
    } else if (args_.format == "csv") {
      for (std::size_t i = 0; i < f.size(); ++i) {
        if (i) out_ += ',';
        write::append_csv_field(out_, f[i]);
      }
      out_ += '\n';
    } else {
      write::append_padded(out_, f[1], 6);
      write::append_padded(out_, f[2], 20);
      write::append_padded(out_, f[3], 20);
      write::append_padded(out_, f[4].empty() ? "-" : f[4], 8);
      write::append_padded(out_, f[5], 6);
      write::append_padded(out_, f[6], 23);
      write::append_padded(out_, f[7].empty() ? "-" : f[7], 8);
      write::append_padded(out_, f[12].empty() ? "-" : (f[12] == "true" ? "yes" : "NO"), 4);
      out_ += f[13];
      while (!out_.empty() && out_.back() == ' ') out_.pop_back();
      out_ += '\n';
    }
    if (out_.size() >= (std::size_t{1} << 16)) flush();  // one write per 64 KiB, not per game
  }

  void flush() {
    std::fwrite(out_.data(), 1, out_.size(), stdout);
    out_.clear();
  }

  void print_summary() {
    flush();
    std::map<std::string, std::uint64_t> by_status, by_consistency;
    for (std::size_t i = 0; i < status_counts_.size(); ++i)
      if (status_counts_[i])
        by_status[std::string(replay::game_status_name(static_cast<replay::GameStatus>(i)))] =
            status_counts_[i];
    constexpr const char* kConsistency[3] = {"not_judged", "consistent", "inconsistent"};
    for (std::size_t i = 0; i < 3; ++i)
      if (consistency_counts_[i]) by_consistency[kConsistency[i]] = consistency_counts_[i];
    if (args_.format == "ndjson") {
      out_ += "{\"summary\":true,\"by_status\":{";
      join_json(by_status);
      out_ += "},\"by_consistency\":{";
      join_json(by_consistency);
      out_ += "}}\n";
    } else {
      for (const auto& [k, v] : by_status) out_ += "status " + k + ": " + std::to_string(v) + "\n";
      for (const auto& [k, v] : by_consistency) out_ += k + ": " + std::to_string(v) + "\n";
    }
    flush();
  }

 private:
  void join_json(const std::map<std::string, std::uint64_t>& m) {
    bool first = true;
    for (const auto& [k, v] : m) {
      if (!first) out_ += ',';
      first = false;
      write::append_json_string(out_, k);
      out_ += ':' + std::to_string(v);
    }
  }

  void ndjson(const replay::GameReport& r, const std::vector<std::string>& f) {
    const bool judged = !f[12].empty();
    out_ += '{';
    for (std::size_t i = 0; i < f.size(); ++i) {
      if (i) out_ += ',';
      out_ += '"';
      out_ += kColumns[i];
      out_ += "\":";
      const bool is_number = i == 1 || i == 5 || (i >= 8 && i <= 10);
      if (i == 12) {
        out_ += judged ? f[i] : "null";
      } else if (i == 13) {
        if (!judged) {
          out_ += "null";
          continue;
        }
        out_ += '[';
        for (std::size_t k = 0; k < r.inconsistencies.size(); ++k) {
          if (k) out_ += ',';
          write::append_json_string(out_, replay::problem_code_name(r.inconsistencies[k]));
        }
        out_ += ']';
      } else if (f[i].empty() && i != 2 && i != 3) {
        out_ += "null";
      } else if (is_number) {
        out_ += f[i];
      } else {
        write::append_json_string(out_, f[i]);
      }
    }
    out_ += "}\n";
  }

  const StatusArgs& args_;
  std::string file_;
  std::string out_;
  std::vector<std::string> fields_;
  std::array<std::uint64_t, 8> status_counts_{};       // by replay::GameStatus
  std::array<std::uint64_t, 3> consistency_counts_{};  // not judged, consistent, inconsistent
  std::uint64_t inconsistent_ = 0;
};

int run_status(const StatusArgs& args) {
  StatusSink sink(args);
  replay::ReplayOptions opt;
  opt.variations = !args.no_variations;
  opt.tag_checks = false;
  if (!args.summary && args.format == "csv") {
    std::string header;
    for (const char* c : kColumns) header += std::string(header.empty() ? "" : ",") + c;
    std::printf("%s\n", header.c_str());
  } else if (!args.summary && args.format == "text") {
    std::printf("%-6s%-20s%-20s%-8s%-6s%-23s%-8s%-4s%s\n", "game", "white", "black", "tag", "plies",
                "status", "rules", "ok", "problems");
  }
  const bool io_failed = for_each_input(args.files, [&](io::Source& source) {
    sink.set_file(std::string(source.name()));
    replay::Replayer replayer(sink, opt);
    pgn::read_pgn(source, replayer);
    sink.flush();
  });
  if (args.summary) sink.print_summary();
  if (io_failed) return kExitUsage;
  return sink.inconsistent() ? kExitProblems : kExitOk;
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
  cmd->footer(
      "Fields (ndjson/csv): file, game, white, black, result_tag, plies, status, result,\n"
      "  auto_draw_ply, threefold_ply, fifty_ply, final_fen, consistent, problems.\n"
      "status: checkmate, stalemate, insufficient_material, fivefold_repetition,\n"
      "  seventy_five_move_rule, ongoing, illegal, unsupported_variant.\n"
      "Examples:\n"
      "  pgnkit status data/sample.pgn\n"
      "  pgnkit status --format ndjson games.pgn.zst | jq 'select(.consistent == false)'\n"
      "  pgnkit status --summary --format ndjson games.pgn\n"
      "Exit status: 0 every judged game consistent, 1 an inconsistent or illegal game, 2 usage or\n"
      "I/O error. See docs/status.md.");
  cmd->callback([args, &exit_code] { exit_code = run_status(*args); });
}

}  // namespace pgnkit::tools
