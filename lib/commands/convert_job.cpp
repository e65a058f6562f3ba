#include "commands/convert_job.h"

#include <string_view>

#include "commands/error_listing.h"
#include "ndjson/reader.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "write/json.h"
#include "write/line_writers.h"
#include "write/ndjson_stream.h"
#include "write/ndjson_writer.h"
#include "write/uci_stream.h"

namespace pgnkit::commands {
namespace {

// Writes every game it receives in the output format into the result; its error problems
// and bad lines go to the result's stderr bytes.
class ConvertSink : public replay::RecordSink,
                    public write::UciGameSink,
                    public write::NdjsonGameSink,
                    public ndjson::ErrorSink {
 public:
  ConvertSink(const ConvertPlan& plan, pipeline::ChunkResult& result, pipeline::Drain* drain,
              std::string_view file)
      : plan_(plan), result_(result), drain_(drain), file_(file) {}

  void problem(const replay::Problem& p) override { errors_.problem(result_.err, file_, p); }
  void unreported(const replay::Problem& p) override { errors_.unreported(p); }

  void line_error(const ndjson::LineError& e) override {
    ++result_.counters[kConvertBadLines];
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
    ++result_.counters[kConvertGames];
    const replay::GameRecord* game = &record;
    if (write::has_move_errors(record)) {
      ++result_.counters[kConvertBadGames];
      work_ = record;
      if (!write::annotate(work_, plan_.annotate)) {
        ++result_.counters[kConvertDropped];
        drain();  // its errors were listed
        return;
      }
      game = &work_;
    }
    write_game(*game, record.number);
  }

  // A game streamed to NDJSON (no record, no move errors): the line is ready.
  void line(std::uint64_t /*number*/, std::string_view line) override {
    ++result_.counters[kConvertGames];
    put(line);
  }
  // A game streamed to NDJSON that has move errors: the record path.
  void record(const replay::GameRecord& record) override { game(record); }

  // A game streamed to UCI (no record): the line is ready, only --on-error skip is left.
  void game(const write::UciGame& uci) override {
    ++result_.counters[kConvertGames];
    if (uci.move_errors) {
      ++result_.counters[kConvertBadGames];
      if (plan_.annotate.on_error == write::OnError::Skip) {
        ++result_.counters[kConvertDropped];
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
    if (plan_.format == ConvertFormat::Ndjson) {
      buffer_.clear();
      write::write_ndjson(game, {plan_.moves_only}, buffer_);
      put(buffer_.view());
      return;
    }
    text_.clear();
    switch (plan_.format) {
      case ConvertFormat::Pgn: write::write_pgn(game, plan_.pgn, text_); break;
      case ConvertFormat::Ndjson: break;  // above
      case ConvertFormat::Uci: write::write_uci_line(game, text_); break;
      case ConvertFormat::Lan: write::write_lan_line(game, text_); break;
      case ConvertFormat::Fen:
      case ConvertFormat::Epd: {
        id_at_.clear();
        write::write_positions(
            game, {plan_.format == ConvertFormat::Epd, plan_.include_start, 0, &id_at_}, text_);
        holes_.clear();
        for (const std::size_t at : id_at_)
          holes_.push_back(pipeline::NumberHole{at, number, 0, pipeline::Scope::Run});
        result_.out.append(text_, holes_);
        drain();
        return;
      }
      case ConvertFormat::Csv: write::write_csv_row(game, plan_.columns, text_); break;
    }
    put(text_);
  }

  const ConvertPlan& plan_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  std::string_view file_;
  ErrorListing errors_;
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
pgn::ReadStats convert_source(io::Source& source, const ConvertPlan& plan, ConvertSink& sink,
                              const pgn::ReaderOptions& reader) {
  if (plan.format == ConvertFormat::Uci && !plan.from_ndjson) {
    // UCI needs the main line's moves only: no record.
    return write::stream_uci_lines(source, sink, reader, plan.laws);
  }
  if (plan.format == ConvertFormat::Ndjson && !plan.from_ndjson && !plan.moves_only) {
    // Records only for the games with move errors (--on-error).
    return write::stream_ndjson(source, sink, reader, plan.laws);
  }
  const bool all = plan.format == ConvertFormat::Ndjson;
  const bool comments = all || (plan.format == ConvertFormat::Pgn && plan.pgn.comments);
  const bool nags = all || (plan.format == ConvertFormat::Pgn && plan.pgn.nags);
  replay::ReplayOptions replay_options;
  replay_options.laws = plan.laws;
  Builder builder(sink, replay_options, comments, nags);
  // Only these formats print SAN (EPD's pm field included).
  builder.set_canonical_san(plan.format == ConvertFormat::Pgn ||
                            plan.format == ConvertFormat::Ndjson ||
                            plan.format == ConvertFormat::Lan || plan.format == ConvertFormat::Epd);
  if (plan.from_ndjson) {
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

}  // namespace

void ConvertJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  ConvertSink sink(plan_, result, read.drain, read.input);
  result.stats = convert_source(read.source, plan_, sink, read.options);
}

}  // namespace pgnkit::commands
