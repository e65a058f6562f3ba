// pgnkit's NDJSON game format: one JSON object per game per line, always valid UTF-8. The
// schema is docs/game.schema.json, explained in docs/formats.md; lib/ndjson reads it back.
//
//   {"tags":{"Event":"...",...},"fen":null,
//    "moves":[{"san":"e4","uci":"e2e4","nags":[1],"clock":180,"eval":{"cp":17},
//              "comment":"...","variations":[[{"san":"d4","uci":"d2d4"}]]},...],
//    "result":"1-0","final_fen":"...","problems":[{"code":...},...]}
//
// It carries everything the PGN writer uses, so PGN -> NDJSON -> PGN is byte-identical.
#pragma once

#include <string>

#include "replay/game_record.h"
#include "write/text_buffer.h"

namespace pgnkit::write {

struct NdjsonWriteOptions {
  bool moves_only = false;  // "san" and "uci" arrays of the main line instead of "moves"
};

// Appends one game as one line (ending in '\n').
void write_ndjson(const replay::GameRecord& game, const NdjsonWriteOptions& options,
                  TextBuffer& out);
// The same, for callers that hold the text in a std::string.
void write_ndjson(const replay::GameRecord& game, const NdjsonWriteOptions& options,
                  std::string& out);

}  // namespace pgnkit::write
