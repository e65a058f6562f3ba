// read_pgn(): the streaming, zero-copy PGN reader (syntax only).
//
//   struct Counter : pgn::Visitor {
//     std::uint64_t moves = 0;
//     void san(std::string_view, pgn::Location) { ++moves; }
//   };
//   Counter c;
//   pgn::ReadStats stats = pgn::read_pgn(*source, c);
//
// The visitor's callbacks and their order are documented in pgn/visitor.h; the syntax
// issues in pgn/syntax.h; buffer size and nesting limit in ReaderOptions (pgn/types.h).
// Memory is one buffer of ReaderOptions::buffer_size bytes; nothing is allocated per token
// and nothing throws. Time is linear in the input, whatever it contains. After the call,
// check source.error() to tell a clean end of input from an I/O failure (the reader also
// reports the failure as SyntaxCode::InputError).
#pragma once

#include "io/source.h"
#include "pgn/game_reader.h"
#include "pgn/syntax.h"
#include "pgn/types.h"
#include "pgn/visitor.h"

namespace pgnkit::pgn {

template <class V>
ReadStats read_pgn(io::Source& source, V& visitor, const ReaderOptions& options = {}) {
  return detail::GameReader<V>(source, visitor, options).run();
}

}  // namespace pgnkit::pgn
