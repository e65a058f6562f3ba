// The move errors of the commands that write games (annotate, convert): each error problem is
// listed as text in the read's err output, and a game's `too_many_problems` note only when
// some of its errors were held back (replay::kMaxReportedProblems). One per read.
#pragma once

#include <string_view>

#include "diag/problem_text.h"
#include "pipeline/pipeline.h"
#include "replay/problem.h"

namespace pgnkit::commands {

class ErrorListing {
 public:
  // replay::ReplaySink::problem: lists `p` in `err` when it should be.
  void problem(pipeline::Output& err, std::string_view file, const replay::Problem& p) {
    if (p.severity == replay::Severity::Error) diag::append_problem_text(err, file, p, true, false);
    if (p.code != replay::ProblemCode::TooManyProblems) return;
    if (errors_unreported_) diag::append_problem_text(err, file, p, false, false);
    errors_unreported_ = false;
  }
  // replay::ReplaySink::unreported: a problem held back, not listed.
  void unreported(const replay::Problem& p) {
    errors_unreported_ |= p.severity == replay::Severity::Error;
  }

 private:
  bool errors_unreported_ = false;  // in the game being read
};

}  // namespace pgnkit::commands
