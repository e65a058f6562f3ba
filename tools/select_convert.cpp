#include "select_convert.h"

#include <cstdio>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "write/annotate.h"
#include "write/line_writers.h"
#include "write/ndjson_writer.h"
#include "write/pgn_writer.h"
#include "write/text_buffer.h"

namespace pgnkit::tools {
namespace {

constexpr std::size_t kBatchBytes = std::size_t{1} << 20;

class Writer : public replay::RecordSink {
 public:
  Writer(const std::string& format, io::OutputSink& out, std::uint64_t id_base)
      : format_(format), out_(out), id_base_(id_base) {}
  std::uint64_t move_error_games = 0;

  // Problems are select's to report (--verbose), from the input's own locations.
  void problem(const replay::Problem&) override {}

  void game(const replay::GameRecord& record) override {
    const replay::GameRecord* g = &record;
    if (write::has_move_errors(record)) {  // convert's default --on-error keep
      ++move_error_games;
      work_ = record;
      write::annotate(work_, write::AnnotateOptions{});
      g = &work_;
    }
    text_.clear();
    if (format_ == "ndjson") {
      buffer_.clear();
      write::write_ndjson(*g, write::NdjsonWriteOptions{}, buffer_);
      out_.write(buffer_.view());
      return;
    }
    if (format_ == "pgn") write::write_pgn(*g, write::PgnWriteOptions{}, text_);
    if (format_ == "uci") write::write_uci_line(*g, text_);
    if (format_ == "lan") write::write_lan_line(*g, text_);
    if (format_ == "fen" || format_ == "epd") {
      write::write_positions(*g, {format_ == "epd", false, id_base_ + record.number}, text_);
    }
    if (format_ == "csv") write::write_csv_row(*g, std::vector<std::string>{}, text_);
    out_.write(text_);
  }

 private:
  const std::string& format_;
  io::OutputSink& out_;
  std::uint64_t id_base_;
  replay::GameRecord work_;
  std::string text_;
  write::TextBuffer buffer_;
};

}  // namespace

bool is_convert_format(std::string_view name) {
  for (const char* f : {"pgn", "ndjson", "uci", "lan", "fen", "epd", "csv"})
    if (name == f) return true;
  return false;
}

void SelectConverter::header() {
  if (format_ != "csv") return;
  std::string text;
  write::write_csv_header(std::vector<std::string>{}, text);
  out_.write(text);
}

void SelectConverter::add(std::string_view bytes) {
  batch_.append(bytes);
  batch_ += "\n\n";  // games stay apart whatever their last line
  ++pending_;
  if (batch_.size() >= kBatchBytes) convert_batch();
}

void SelectConverter::finish() {
  convert_batch();
}

void SelectConverter::convert_batch() {
  if (batch_.empty()) return;
  Writer writer(format_, out_, converted_);
  replay::RecordBuilder builder(writer);
  builder.set_canonical_san(format_ == "pgn" || format_ == "ndjson" || format_ == "lan" ||
                            format_ == "epd");
  io::Source source = io::Source::from_memory(std::string_view(batch_));
  const pgn::ReadStats stats = pgn::read_pgn(source, builder);
  converted_ += stats.games;
  move_error_games_ += writer.move_error_games;
  batch_.clear();
  pending_ = 0;
}

}  // namespace pgnkit::tools
