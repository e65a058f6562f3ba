// pgnkit convert: games from PGN or NDJSON to PGN, NDJSON, UCI, LAN, FEN, EPD or CSV.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "diag/problem_text.h"
#include "input.h"
#include "io/sink.h"
#include "laws_option.h"
#include "ndjson/reader.h"
#include "pgn/reader.h"
#include "pipeline/pipeline.h"
#include "replay/record_builder.h"
#include "shard.h"
#include "threads.h"
#include "write/annotate.h"
#include "write/json.h"
#include "write/line_writers.h"
#include "write/ndjson_stream.h"
#include "write/ndjson_writer.h"
#include "write/pgn_writer.h"
#include "write/uci_stream.h"

namespace pgnkit::tools {
namespace {

enum class Format : std::uint8_t { Pgn, Ndjson, Uci, Lan, Fen, Epd, Csv };

struct ConvertArgs {
  std::vector<std::string> files;
  std::string output = "-";
  std::string to, from = "pgn";
  std::string on_error = "keep";
  std::string tags = "all";
  std::size_t line_length = 80;
  bool no_comments = false, no_nags = false, no_variations = false;
  bool moves_only = false, include_start = false;
  std::vector<std::string> columns;
  replay::LawsChoice laws = replay::LawsChoice::ByDate;
  unsigned threads = 0;
  bool no_header = false;  // csv: a later shard's rows, or rows appended to a table
  ShardArgs shard;
  // Derived.
  Format format = Format::Pgn;
  write::AnnotateOptions annotate;
  write::PgnWriteOptions pgn;
};

Format parse_format(const std::string& s) {
  if (s == "ndjson") return Format::Ndjson;
  if (s == "uci") return Format::Uci;
  if (s == "lan") return Format::Lan;
  if (s == "fen") return Format::Fen;
  if (s == "epd") return Format::Epd;
  if (s == "csv") return Format::Csv;
  return Format::Pgn;
}

// Counters of a read (pipeline::Counters): games, with move errors, dropped, bad NDJSON
// lines.
enum Counter : std::size_t { kGames, kBadGames, kDropped, kBadLines };

// Writes every game it receives in the output format into the result; its error problems
// and bad lines go to the result's stderr bytes.
class ConvertSink : public replay::RecordSink,
                    public write::UciGameSink,
                    public write::NdjsonGameSink,
                    public ndjson::ErrorSink {
 public:
  ConvertSink(const ConvertArgs& args, pipeline::ChunkResult& result, pipeline::Drain* drain,
              std::string_view file)
      : args_(args), result_(result), drain_(drain), file_(file) {}

  void problem(const replay::Problem& p) override {
    if (p.severity == replay::Severity::Error)
      diag::append_problem_text(result_.err, file_, p, true, false);
    // Errors are listed: say when some of a game's were not (replay::kMaxReportedProblems).
    if (p.code == replay::ProblemCode::TooManyProblems && errors_unreported_)
      diag::append_problem_text(result_.err, file_, p, false, false);
    if (p.code == replay::ProblemCode::TooManyProblems) errors_unreported_ = false;
  }
  void unreported(const replay::Problem& p) override {
    errors_unreported_ |= p.severity == replay::Severity::Error;
  }

  void line_error(const ndjson::LineError& e) override {
    ++result_.counters[kBadLines];
    std::string& text = result_.err.text();
    text += file_;
    text += ':' + std::to_string(e.where.line) + ':' + std::to_string(e.where.column);
    text += ": error[";
    text += ndjson::error_code_name(e.code);
    text += "]: ";
    write::append_utf8(text, e.message);
    text += " [game ";
    result_.err.game_number(e.game);
    result_.err.text() += ", line skipped]\n";
  }

  void game(const replay::GameRecord& record) override {
    ++result_.counters[kGames];
    const replay::GameRecord* game = &record;
    if (write::has_move_errors(record)) {
      ++result_.counters[kBadGames];
      work_ = record;
      if (!write::annotate(work_, args_.annotate)) {
        ++result_.counters[kDropped];
        drain();  // its errors were listed
        return;
      }
      game = &work_;
    }
    write_game(*game, record.number);
  }

  // A game streamed to NDJSON (no record, no move errors): the line is ready.
  void line(std::uint64_t /*number*/, std::string_view line) override {
    ++result_.counters[kGames];
    put(line);
  }
  // A game streamed to NDJSON that has move errors: the record path.
  void record(const replay::GameRecord& record) override { game(record); }

  // A game streamed to UCI (no record): the line is ready, only --on-error skip is left.
  void game(const write::UciGame& uci) override {
    ++result_.counters[kGames];
    if (uci.move_errors) {
      ++result_.counters[kBadGames];
      if (args_.annotate.on_error == write::OnError::Skip) {
        ++result_.counters[kDropped];
        drain();  // its errors were listed
        return;
      }
    }
    put(uci.line);
  }

 private:
  void put(std::string_view bytes) {
    result_.out.text().append(bytes);
    drain();
  }
  void drain() {
    // The errors listed count too: a game's are bounded (kMaxReportedProblems), many games' not.
    if (drain_ && result_.out.size() + result_.err.size() >= (std::size_t{1} << 16))
      drain_->flush(result_);
  }

  // number: the game's, relative to the read (EPD ids count the games of every input: a
  // Scope::Run number, filled in by whoever knows the games before).
  void write_game(const replay::GameRecord& game, std::uint64_t number) {
    if (args_.format == Format::Ndjson) {
      buffer_.clear();
      write::write_ndjson(game, {args_.moves_only}, buffer_);
      put(buffer_.view());
      return;
    }
    text_.clear();
    switch (args_.format) {
      case Format::Pgn: write::write_pgn(game, args_.pgn, text_); break;
      case Format::Ndjson: break;  // above
      case Format::Uci: write::write_uci_line(game, text_); break;
      case Format::Lan: write::write_lan_line(game, text_); break;
      case Format::Fen:
      case Format::Epd: {
        id_at_.clear();
        write::write_positions(game, {args_.format == Format::Epd, args_.include_start, 0, &id_at_},
                               text_);
        holes_.clear();
        for (const std::size_t at : id_at_)
          holes_.push_back(pipeline::NumberHole{at, number, 0, pipeline::Scope::Run});
        result_.out.append(text_, holes_);
        drain();
        return;
      }
      case Format::Csv: write::write_csv_row(game, args_.columns, text_); break;
    }
    put(text_);
  }

  const ConvertArgs& args_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  std::string_view file_;
  bool errors_unreported_ = false;  // in the game being read
  replay::GameRecord work_;
  std::string text_;
  std::vector<std::size_t> id_at_;  // EPD: where the ids' game numbers go in text_
  std::vector<pipeline::NumberHole> holes_;
  write::TextBuffer buffer_;  // NDJSON
};

// A RecordBuilder that can leave comments and NAGs out of the records when the output does
// not show them (read_pgn calls the callbacks of the type it is given: these hide the base's).
class Builder : public replay::RecordBuilder {
 public:
  Builder(replay::RecordSink& sink, const replay::ReplayOptions& options, bool comments, bool nags)
      : RecordBuilder(sink, options), comments_(comments), nags_(nags) {}
  pgn::Control comment(std::string_view text, pgn::Location where) {
    return comments_ ? RecordBuilder::comment(text, where) : pgn::Control::Continue;
  }
  pgn::Control nag(std::uint32_t code, pgn::Location where) {
    return nags_ ? RecordBuilder::nag(code, where) : pgn::Control::Continue;
  }

 private:
  bool comments_, nags_;
};

// Reads one input (or a chunk of it) into `sink`.
pgn::ReadStats convert_source(io::Source& source, const ConvertArgs& args, ConvertSink& sink,
                              const pgn::ReaderOptions& reader) {
  if (args.format == Format::Uci && args.from == "pgn") {
    // UCI needs the main line's moves only: no record.
    return write::stream_uci_lines(source, sink, reader, args.laws);
  }
  if (args.format == Format::Ndjson && args.from == "pgn" && !args.moves_only) {
    // Records only for the games with move errors (--on-error).
    return write::stream_ndjson(source, sink, reader, args.laws);
  }
  const bool all = args.format == Format::Ndjson;
  const bool comments = all || (args.format == Format::Pgn && args.pgn.comments);
  const bool nags = all || (args.format == Format::Pgn && args.pgn.nags);
  replay::ReplayOptions replay_options;
  replay_options.laws = args.laws;
  Builder builder(sink, replay_options, comments, nags);
  // Only these formats print SAN (EPD's pm field included).
  builder.set_canonical_san(args.format == Format::Pgn || args.format == Format::Ndjson ||
                            args.format == Format::Lan || args.format == Format::Epd);
  if (args.from == "ndjson") {
    ndjson::ReadOptions options;
    options.comments = comments;
    options.nags = nags;
    options.start = reader.start;
    options.buffer_size = reader.buffer_size;
    const ndjson::ReadStats read = ndjson::read_ndjson(source, builder, sink, options);
    // What the pipeline needs: the game numbers used (bad lines have one too), and every
    // chunk ends at a line start, so a read ends exactly where the next begins.
    pgn::ReadStats stats;
    stats.games = read.games + read.bad_lines;
    stats.bytes = read.bytes;
    stats.clean_end = true;
    return stats;
  }
  return pgn::read_pgn(source, builder, reader);
}

// One read of convert: the whole input with one thread, or a chunk of it (lib/pipeline).
class ConvertJob final : public pipeline::Job {
 public:
  explicit ConvertJob(const ConvertArgs& args) : args_(args) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    ConvertSink sink(args_, result, read.drain, read.input);
    result.stats = convert_source(read.source, args_, sink, read.options);
  }
  bool reads_lines() const override { return args_.from == "ndjson"; }

 private:
  const ConvertArgs& args_;
};

// Options that only make sense for some formats: a usage error elsewhere.
bool check_options(const ConvertArgs& a, const std::vector<std::string>& given) {
  auto misplaced = [&](const char* option, bool ok, const char* formats) {
    for (const auto& g : given)
      if (g == option && !ok) {
        std::fprintf(stderr, "pgnkit convert: %s applies to --to %s only\n", option, formats);
        return true;
      }
    return false;
  };
  const bool pgn = a.format == Format::Pgn;
  return !(
      misplaced("--line-length", pgn, "pgn") || misplaced("--no-comments", pgn, "pgn") ||
      misplaced("--no-nags", pgn, "pgn") || misplaced("--no-variations", pgn, "pgn") ||
      misplaced("--tags", pgn, "pgn") ||
      misplaced("--moves-only", a.format == Format::Ndjson, "ndjson") ||
      misplaced("--include-start", a.format == Format::Fen || a.format == Format::Epd,
                "fen and epd") ||
      misplaced("--columns", a.format == Format::Csv, "csv") ||
      misplaced("--no-header", a.format == Format::Csv, "csv") ||
      misplaced("--base-id", a.format == Format::Fen || a.format == Format::Epd, "fen and epd"));
}

// The summary line, as text or (--summary-format ndjson) one JSON object for a driver.
void print_summary(const ConvertArgs& args, const pipeline::Counters& t, bool failed) {
  const auto n = [&](Counter c) { return static_cast<unsigned long long>(t[c]); };
  if (args.shard.ndjson_summary()) {
    std::fprintf(stderr,
                 "{\"summary\":\"convert\",\"games\":%llu,\"bad_games\":%llu,\"dropped\":%llu,"
                 "\"bad_lines\":%llu,\"io_failed\":%s}\n",
                 n(kGames), n(kBadGames), n(kDropped), n(kBadLines), failed ? "true" : "false");
    return;
  }
  std::fprintf(stderr, "%llu games, %llu with move errors (%s), %llu dropped", n(kGames),
               n(kBadGames), t[kBadGames] ? "see above" : "none", n(kDropped));
  if (args.from == "ndjson") std::fprintf(stderr, ", %llu bad lines", n(kBadLines));
  std::fputc('\n', stderr);
}

int run_convert(ConvertArgs& args, const std::vector<std::string>& given) {
  args.format = parse_format(args.to);
  if (!check_options(args, given)) return kExitUsage;
  args.annotate.on_error = args.on_error == "skip"       ? write::OnError::Skip
                           : args.on_error == "truncate" ? write::OnError::Truncate
                                                         : write::OnError::Keep;
  args.pgn.line_length = args.line_length;
  args.pgn.comments = !args.no_comments;
  args.pgn.nags = !args.no_nags;
  args.pgn.variations = !args.no_variations;
  args.pgn.tags = args.tags == "seven"  ? write::TagSet::Seven
                  : args.tags == "none" ? write::TagSet::None
                                        : write::TagSet::All;
  io::IoError err;
  auto out = io::OutputSink::open(args.output, &err);
  if (!out) {
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, args.output).c_str());
    return kExitUsage;
  }
  if (args.format == Format::Csv && !args.no_header) {
    std::string header;
    write::write_csv_header(args.columns, header);
    out->write(header);
  }
  const ConvertJob job(args);
  const pipeline::RunStats run =
      run_job(args.files, args.threads, job, &*out, nullptr, &args.shard);
  const pipeline::Counters& t = run.totals;
  bool failed = run.io_failed;
  failed |= !out->finish();
  if (out->error()) {
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(*out->error(), out->name()).c_str());
    failed = true;
  }
  print_summary(args, t, failed);
  if (failed) return kExitUsage;
  return t[kBadGames] || t[kBadLines] ? kExitProblems : kExitOk;
}

}  // namespace

void register_convert(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ConvertArgs>();
  CLI::App* cmd = app.add_subcommand(
      "convert", "Convert games between PGN, NDJSON, UCI, LAN, FEN, EPD and CSV.");
  cmd->add_option("files", args->files,
                  "Input files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_option("--to", args->to, "Output format")
      ->required()
      ->check(CLI::IsMember({"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"}));
  cmd->add_option("--from", args->from,
                  "Input format: pgn (default) or ndjson (pgnkit's or lichess's)")
      ->check(CLI::IsMember({"pgn", "ndjson"}));
  cmd->add_option("-o,--output", args->output,
                  "Output file ('-' = stdout); a name ending in .zst is compressed");
  cmd->add_option("--on-error", args->on_error,
                  "Games with illegal moves: skip (drop), truncate (legal prefix, result *), keep "
                  "(as written, with a comment at the bad move)")
      ->check(CLI::IsMember({"skip", "truncate", "keep"}));
  cmd->add_option("--line-length", args->line_length,
                  "pgn: wrap movetext at N characters (a [%...] comment command is never broken)")
      ->check(CLI::Range(20, 100000));
  cmd->add_flag("--no-comments", args->no_comments, "pgn: leave out comments");
  cmd->add_flag("--no-nags", args->no_nags, "pgn: leave out NAGs");
  cmd->add_flag("--no-variations", args->no_variations, "pgn: leave out variations");
  cmd->add_option("--tags", args->tags, "pgn: which tags to write")
      ->check(CLI::IsMember({"all", "seven", "none"}));
  cmd->add_flag("--moves-only", args->moves_only,
                "ndjson: compact \"san\" and \"uci\" arrays instead of move objects");
  cmd->add_flag("--include-start", args->include_start,
                "fen, epd: also the position before the first move");
  cmd->add_option("--columns", args->columns, "csv: extra tag columns, e.g. WhiteElo,ECO")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_flag("--no-header", args->no_header,
                "csv: no header row (a later shard, or rows appended to a table)");
  add_laws_option(*cmd, args->laws);
  add_threads_option(cmd, args->threads);
  add_shard_options(cmd, args->shard, true, true);
  cmd->footer(
      "Formats: pgn (export format), ndjson (one JSON object per game, docs/formats.md), uci and\n"
      "lan (one line of moves per game), fen and epd (one line per position), csv (one row per\n"
      "game). --from ndjson reads pgnkit's NDJSON and lichess's game export.\n"
      "Examples:\n"
      "  pgnkit convert --to ndjson games.pgn -o games.ndjson.zst\n"
      "  pgnkit convert --from ndjson --to pgn lichess_export.ndjson -o games.pgn\n"
      "  pgnkit convert --to uci --on-error truncate games.pgn.zst\n"
      "  pgnkit convert --to csv --columns WhiteElo,BlackElo,ECO games.pgn\n"
      "  pgnkit convert -j 8 --to ndjson games.pgn.zst -o games.ndjson   (same bytes as -j 1)\n"
      "  pgnkit convert --to ndjson --range 26048332:52095842 --base-game 37375 --base-line "
      "827650 games.pgn\n"
      "    (one shard of `pgnkit index`; the shards concatenate to the whole output)\n"
      "  pgnkit convert --from ndjson --to pgn --range 505248:1007752 --base-game 216 "
      "--base-line 216 games.ndjson\n"
      "    (a shard of `pgnkit index --from ndjson`: the lines that start in the range)\n"
      "-j/--threads: every --to, and --from ndjson (split at line feeds), on N threads.\n"
      "Exit status: 0 converted, 1 some games had move errors or some NDJSON lines were bad\n"
      "(the rest is converted), 2 usage or I/O error. See docs/convert.md.");
  cmd->callback([args, cmd, &exit_code] {
    std::vector<std::string> given;
    for (const CLI::Option* o : cmd->get_options())
      if (o->count() > 0) given.push_back(o->get_name());
    exit_code = run_convert(*args, given);
  });
}

}  // namespace pgnkit::tools
