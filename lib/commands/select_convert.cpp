#include "commands/select_convert.h"

#include <vector>

#include "write/annotate.h"
#include "write/line_writers.h"
#include "write/ndjson_writer.h"
#include "write/pgn_writer.h"

namespace pgnkit::commands {

void SelectConverter::header(std::string_view format, std::string& out) {
  if (format == "csv") write::write_csv_header(std::vector<std::string>{}, out);
}

bool SelectConverter::canonical_san() const {
  return format_ == "pgn" || format_ == "ndjson" || format_ == "lan" || format_ == "epd";
}

void SelectConverter::game(const replay::GameRecord& record) {
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
    id_at_.clear();
    write::write_positions(*g, {format_ == "epd", false, 0, &id_at_}, text_);
    holes_.clear();
    for (const std::size_t at : id_at_)
      holes_.push_back(pipeline::NumberHole{at, record.number, 0, pipeline::Scope::Run});
    out_.append(text_, holes_);
    return;
  }
  if (format_ == "csv") write::write_csv_row(*g, std::vector<std::string>{}, text_);
  out_.text().append(text_);
}

}  // namespace pgnkit::commands
