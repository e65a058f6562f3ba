// The filters of `pgnkit select` as the command line gives them (the text of each flag,
// docs/select.md), and their parsing into select::SelectOptions. The flags themselves (CLI11)
// are the command line's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "select/selector.h"

namespace pgnkit::commands {

// Each filter's values, in the flags' syntax: a filter given again ORs its values; filters of
// different kinds must all pass (--tag: one kind per tag name).
struct FilterFlags {
  std::vector<std::string> tag, player, white, black, result, eco, variant, termination, elo, date,
      plies, ends, fen, material, position_pattern, imbalance;
  bool consistent = false, inconsistent = false, legal = false, illegal = false;
  bool fen_placement = false, material_final = false, invert = false;
  bool eco_classify = false;  // --eco tests the classification from the moves, not the tag
  std::string eco_file;     // the book to classify with (implies eco_classify); empty: eco_default
  std::string eco_default;  // the book when eco_file is empty (the command line: Debian's)
  // A saved tree (pgnkit tree --save): the --fen positions are looked up in it, and only the
  // games it lists through them can pass (nothing replayed for them).
  std::string tree;

  bool imbalance_any_pawns = false;   // --imbalance does not compare pawns
  std::uint32_t imbalance_plies = 0;  // positions in a row --imbalance needs; 0: not given (1)
};

// Parses every filter of `flags` into `out` (tags, play, invert) and, to classify, loads the
// ECO book. Returns why the first bad filter, a flag without the one it needs, or a book that
// cannot be used fails, as one line without a prefix ("--fen-placement needs --fen"); `out`
// is then partly filled. nullopt: every filter is in `out`.
std::optional<std::string> parse_filters(const FilterFlags& flags, select::SelectOptions& out);

}  // namespace pgnkit::commands
