// One NDJSON line -> GameData, with simdjson's On-Demand API (simdjson stays inside the .cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "ndjson/game_data.h"
#include "ndjson/reader.h"

namespace pgnkit::ndjson::detail {

struct ParseFailure {
  ErrorCode code = ErrorCode::InvalidJson;
  std::uint32_t column = 1;
  std::string message;
};

class GameParser {
 public:
  explicit GameParser(std::uint32_t max_variation_depth);
  ~GameParser();
  GameParser(const GameParser&) = delete;
  GameParser& operator=(const GameParser&) = delete;

  // Parses `line` (`size` bytes; `capacity` - `size` >= 64 readable bytes must follow it).
  // On success `game` holds views into this parser, valid until the next call.
  bool parse(const char* line, std::size_t size, std::size_t capacity, GameData& game,
             ParseFailure& failure);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgnkit::ndjson::detail
