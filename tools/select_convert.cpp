#include "select_convert.h"

#include <vector>

#include "write/annotate.h"
#include "write/line_writers.h"
#include "write/ndjson_writer.h"
#include "write/pgn_writer.h"

namespace pgnkit::tools {

void SelectConverter::header() {
  if (format_ != "csv") return;
  text_.clear();
  write::write_csv_header(std::vector<std::string>{}, text_);
  out_.write(text_);
}

bool SelectConverter::canonical_san() const {
  return format_ == "pgn" || format_ == "ndjson" || format_ == "lan" || format_ == "epd";
}

void SelectConverter::game(const replay::GameRecord& record) {
  file_games_ = std::max(file_games_, record.number);
  if (!selected_) return;
  selected_ = false;
  const replay::GameRecord* g = &record;
  if (write::has_move_errors(record)) {  // convert's default, --on-error keep
    work_ = record;
    write::annotate(work_, write::AnnotateOptions{});
    g = &work_;
  }
  text_.clear();
  if (format_ == "pgn") write::write_pgn(*g, write::PgnWriteOptions{}, text_);
  if (format_ == "ndjson") write::write_ndjson(*g, write::NdjsonWriteOptions{}, text_);
  if (format_ == "uci") write::write_uci_line(*g, text_);
  if (format_ == "lan") write::write_lan_line(*g, text_);
  if (format_ == "fen" || format_ == "epd") {
    write::write_positions(*g, {format_ == "epd", false, id_base_ + record.number}, text_);
  }
  if (format_ == "csv") write::write_csv_row(*g, std::vector<std::string>{}, text_);
  out_.write(text_);
}

}  // namespace pgnkit::tools
