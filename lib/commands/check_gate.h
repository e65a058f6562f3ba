// What `check` adds as a CI gate, between the replayer's problems and the output: rule
// selection per input, stable fingerprints (held per game until its tags are all known) and
// the baseline. The caller counts and prints what take() hands back.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diag/baseline.h"
#include "diag/fingerprint.h"
#include "diag/rules.h"
#include "replay/problem.h"

namespace pgnkit::commands {

class CheckGate {
 public:
  enum class Verdict : std::uint8_t { Report, Suppressed };  // ignored problems are dropped
  struct Decided {
    replay::Problem problem;
    replay::Severity severity;  // after the rules (not --strict)
    std::uint64_t fingerprint;  // 0 unless fingerprints are wanted
    std::size_t code;           // index in diag::all_codes()
    Verdict verdict;
  };

  // `baseline` (may be null) outlives the gate; fingerprints are computed only when wanted.
  CheckGate(const diag::Baseline* baseline, bool want_fingerprints)
      : baseline_(baseline), fingerprints_(want_fingerprints || baseline) {}

  void begin_file(diag::RuleSet rules) { rules_ = std::move(rules); }
  void begin_game() {
    key_.reset();
    counter_.reset();
  }
  void tag(std::string_view name, std::string_view value_raw) {
    if (fingerprints_) key_.add_tag(name, value_raw);
  }
  // A game's problems wait for end_game() (the fingerprint needs all its tags); others are
  // decided at once.
  void problem(const replay::Problem& p);
  void end_game();

  // The problems decided since the last call, in the order they were found.
  std::vector<Decided>& take() { return decided_; }

 private:
  void decide(replay::Problem p, std::uint64_t game_key, diag::FingerprintCounter& counter);

  const diag::Baseline* baseline_;
  bool fingerprints_;
  diag::RuleSet rules_;
  diag::GameKey key_;
  diag::FingerprintCounter counter_;
  std::vector<replay::Problem> held_;
  std::vector<Decided> decided_;
};

}  // namespace pgnkit::commands
