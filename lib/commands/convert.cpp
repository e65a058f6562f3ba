#include "commands/convert.h"

#include <array>
#include <string_view>
#include <utility>

#include "commands/convert_job.h"
#include "commands/line_length.h"
#include "commands/output_file.h"
#include "write/line_writers.h"

namespace pgnkit::commands {
namespace {

constexpr std::array<std::pair<std::string_view, ConvertFormat>, 7> kFormats = {{
    {"pgn", ConvertFormat::Pgn},
    {"ndjson", ConvertFormat::Ndjson},
    {"uci", ConvertFormat::Uci},
    {"lan", ConvertFormat::Lan},
    {"fen", ConvertFormat::Fen},
    {"epd", ConvertFormat::Epd},
    {"csv", ConvertFormat::Csv},
}};

std::optional<ConvertFormat> parse_format(std::string_view name) {
  for (const auto& [n, format] : kFormats)
    if (n == name) return format;
  return std::nullopt;
}

std::optional<write::TagSet> parse_tags(std::string_view name) {
  if (name == "all") return write::TagSet::All;
  if (name == "seven") return write::TagSet::Seven;
  if (name == "none") return write::TagSet::None;
  return std::nullopt;
}

// The plan of a read, or nullopt after telling the console why the options cannot run (the
// values the command line's choices allow, then the options that do not apply to the format).
std::optional<ConvertPlan> make_plan(const ConvertOptions& o, Console& console) {
  const auto usage = [&](const std::string& line) {
    console.command_message("convert", line);
    return std::nullopt;
  };
  const std::optional<ConvertFormat> format = parse_format(o.to);
  if (!format) return usage("unknown --to '" + o.to + "' (pgn, ndjson, uci, lan, fen, epd or csv)");
  if (o.from != "pgn" && o.from != "ndjson")
    return usage("unknown --from '" + o.from + "' (pgn or ndjson)");
  const std::optional<write::OnError> on_error = write::on_error_named(o.on_error);
  if (!on_error) return usage("unknown --on-error '" + o.on_error + "' (skip, truncate or keep)");
  const std::optional<write::TagSet> tags = parse_tags(o.tags);
  if (!tags) return usage("unknown --tags '" + o.tags + "' (all, seven or none)");

  // Options that only make sense for some formats.
  const auto misplaced = [&](std::string_view option, bool ok, std::string_view formats) {
    if (ok) return false;
    for (const std::string& g : o.given) {
      if (g == option) {
        console.command_message(
            "convert", std::string(option) + " applies to --to " + std::string(formats) + " only");
        return true;
      }
    }
    return false;
  };
  const bool pgn = *format == ConvertFormat::Pgn;
  const bool positions = *format == ConvertFormat::Fen || *format == ConvertFormat::Epd;
  const bool csv = *format == ConvertFormat::Csv;
  if (misplaced("--line-length", pgn, "pgn") || misplaced("--no-comments", pgn, "pgn") ||
      misplaced("--no-nags", pgn, "pgn") || misplaced("--no-variations", pgn, "pgn") ||
      misplaced("--tags", pgn, "pgn") ||
      misplaced("--moves-only", *format == ConvertFormat::Ndjson, "ndjson") ||
      misplaced("--include-start", positions, "fen and epd") ||
      misplaced("--columns", csv, "csv") || misplaced("--no-header", csv, "csv") ||
      misplaced("--base-id", positions, "fen and epd"))
    return std::nullopt;
  if (const std::optional<std::string> problem = line_length_problem(o.line_length))
    return usage(*problem);

  ConvertPlan plan;
  plan.format = *format;
  plan.from_ndjson = o.from == "ndjson";
  plan.annotate.on_error = *on_error;
  plan.pgn.line_length = o.line_length;
  plan.pgn.comments = !o.no_comments;
  plan.pgn.nags = !o.no_nags;
  plan.pgn.variations = !o.no_variations;
  plan.pgn.tags = *tags;
  plan.moves_only = o.moves_only;
  plan.include_start = o.include_start;
  plan.columns = o.columns;
  plan.laws = o.laws;
  return plan;
}

}  // namespace

ConvertSummary run_convert(const ConvertOptions& options, Console& console,
                           const std::function<bool()>& output_failed,
                           const AfterRead& after_read) {
  ConvertSummary s;
  s.from_ndjson = options.from == "ndjson";
  const std::optional<ConvertPlan> plan = make_plan(options, console);
  if (!plan) {
    s.exit_status = kExitUsage;
    return s;
  }
  OutputFile out(console);
  if (!out.open(options.output, options.inputs)) {
    s.exit_status = kExitUsage;
    return s;
  }
  s.ran = true;
  if (plan->format == ConvertFormat::Csv && !options.no_header) {
    std::string header;
    write::write_csv_header(plan->columns, header);
    out.out(header);
  }
  const ConvertJob job(*plan);
  pipeline::Settings used;
  const pipeline::RunStats stats =
      run_inputs(options.inputs, job, console, out, options.run, options.shard, nullptr, &used);
  if (after_read) after_read(stats, used);
  s.games = stats.totals[kConvertGames];
  s.bad_games = stats.totals[kConvertBadGames];
  s.dropped = stats.totals[kConvertDropped];
  s.bad_lines = stats.totals[kConvertBadLines];
  s.io_failed = stats.io_failed;
  s.io_failed |= !out.finish(output_failed);
  if (s.io_failed) {
    s.exit_status = kExitUsage;
  } else {
    s.exit_status = s.bad_games > 0 || s.bad_lines > 0 ? kExitProblems : kExitOk;
  }
  return s;
}

std::string convert_summary_text(const ConvertSummary& s) {
  std::string line = std::to_string(s.games) + " games, " + std::to_string(s.bad_games) +
                     " with move errors (" + (s.bad_games > 0 ? "see above" : "none") + "), " +
                     std::to_string(s.dropped) + " dropped";
  if (s.from_ndjson) line += ", " + std::to_string(s.bad_lines) + " bad lines";
  return line;
}

std::string convert_summary_ndjson(const ConvertSummary& s) {
  return "{\"summary\":\"convert\",\"games\":" + std::to_string(s.games) +
         ",\"bad_games\":" + std::to_string(s.bad_games) +
         ",\"dropped\":" + std::to_string(s.dropped) +
         ",\"bad_lines\":" + std::to_string(s.bad_lines) +
         ",\"io_failed\":" + (s.io_failed ? "true" : "false") + "}";
}

}  // namespace pgnkit::commands
