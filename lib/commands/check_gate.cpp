#include "commands/check_gate.h"

#include "diag/codes.h"

namespace pgnkit::commands {

void CheckGate::problem(const replay::Problem& p) {
  if (fingerprints_ && p.game != 0) {
    held_.push_back(p);
    return;
  }
  diag::FingerprintCounter between_games;  // no game to count identical problems in
  decide(p, 0, between_games);
}

void CheckGate::end_game() {
  const std::uint64_t key = key_.value();
  for (replay::Problem& p : held_) decide(std::move(p), key, counter_);
  held_.clear();
}

void CheckGate::decide(replay::Problem p, std::uint64_t game_key,
                       diag::FingerprintCounter& counter) {
  const std::size_t code = diag::code_index(p);
  // Every problem counts for the occurrence numbers, selected or not, so that a change of
  // rules leaves the fingerprints of the others as they were.
  const std::uint64_t fingerprint = fingerprints_ ? counter.next(game_key, p) : 0;
  if (!rules_.enabled(code)) return;
  const Verdict verdict =
      baseline_ && baseline_->contains(fingerprint) ? Verdict::Suppressed : Verdict::Report;
  const replay::Severity severity = rules_.severity(code, p.severity);
  decided_.push_back(Decided{std::move(p), severity, fingerprint, code, verdict});
}

}  // namespace pgnkit::commands
