// `select --to FORMAT`: the selected games' raw bytes, gathered in batches, read again with
// the convert writers' defaults (docs/convert.md), so the output is what `pgnkit convert
// --to FORMAT` writes for the same games. EPD ids count the selected games.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "io/sink.h"

namespace pgnkit::tools {

bool is_convert_format(std::string_view name);

class SelectConverter {
 public:
  SelectConverter(std::string format, io::OutputSink& out)
      : format_(std::move(format)), out_(out) {}
  void header();                     // the CSV header row
  void add(std::string_view bytes);  // one selected game (raw bytes)
  void finish();                     // converts what is left
  std::uint64_t move_error_games() const { return move_error_games_; }

 private:
  void convert_batch();
  std::string format_;
  io::OutputSink& out_;
  std::string batch_;
  std::uint64_t converted_ = 0;  // games converted so far (EPD ids)
  std::uint64_t pending_ = 0;
  std::uint64_t move_error_games_ = 0;
};

}  // namespace pgnkit::tools
