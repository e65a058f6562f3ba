// check's own problem formats: compiler-style text and one NDJSON object per problem (the CI
// formats are in format.h). Also the writing commands' diagnostics on stderr.
#pragma once

#include <string>
#include <string_view>

#include "pipeline/output.h"
#include "replay/problem.h"

namespace pgnkit::diag {

// Game numbers go through Output::game_number(), so that a worker of lib/pipeline can print
// them before it knows them.

// FILE:LINE:COL: error[code]: message [game N, ply P, move 'SAN']  (+ "    position: FEN")
void append_problem_text(pipeline::Output& out, std::string_view file, const replay::Problem& p,
                         bool as_error, bool color);

// {"file":..,"game":..,"line":..,"column":..,"offset":..,"ply":..,"in_variation":..,
//  "severity":..,"code":..,"san":..,"message":..,"fen":..}
void append_problem_json(pipeline::Output& out, std::string_view file, const replay::Problem& p,
                         bool as_error);

// The same into a string, game numbers written as they are (one reader that knows them).
void append_problem_text(std::string& out, std::string_view file, const replay::Problem& p,
                         bool as_error, bool color);
void append_problem_json(std::string& out, std::string_view file, const replay::Problem& p,
                         bool as_error);

}  // namespace pgnkit::diag
