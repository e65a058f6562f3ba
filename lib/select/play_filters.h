// The filters of `pgnkit select` that need the moves replayed: plies, end status, result
// consistency, legality, positions reached (--fen, --position-pattern) and material
// (--material, --imbalance). Each kind ORs its repeated values; kinds AND. Positions are those
// of the main line, the start included.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"
#include "eco/book.h"
#include "replay/game_report.h"
#include "select/filters.h"
#include "select/pattern.h"

namespace pgnkit::select {

// Piece counts of one position, 4 bits per colour and piece type (12 nibbles).
using MaterialKey = std::uint64_t;
MaterialKey material_key(const chess::Position& p);
// "KRP:KR": White's pieces, ':', Black's, each a list of K Q R B N P letters in any order
// (each side exactly one K). Returns nullopt and fills error otherwise.
std::optional<MaterialKey> parse_material(std::string_view spec, FilterError& error);

// Per piece type Pawn..Queen (index(PieceType)), one byte: White's count minus Black's (two's
// complement). Kings are not counted.
using ImbalanceKey = std::uint64_t;
constexpr ImbalanceKey kPawnByte = 0xff;  // index(PieceType::Pawn) == 0
ImbalanceKey imbalance_key(const chess::Position& p);
// --imbalance "QvRR": after cancelling the pieces both sides have, one side has exactly the
// pieces left of 'v' (Q R B N P, in any order) and the other exactly those right of it; the
// key of either colour having the left side.
struct Imbalance {
  ImbalanceKey white_left = 0, black_left = 0;
};
// Returns nullopt and fills error for a letter other than Q R B N P, a type named on both
// sides, both sides empty or no 'v'.
std::optional<Imbalance> parse_imbalance(std::string_view spec, FilterError& error);

struct PlayFilters {
  struct PlyRange {
    std::uint32_t low = 0, high = 0;
  };
  std::vector<PlyRange> plies;
  std::vector<replay::GameStatus> ends;
  bool consistent = false, inconsistent = false;
  bool legal = false, illegal = false;
  std::vector<chess::Position> fens;
  bool fen_placement = false;  // compare the placement only (else the repetition key)
  std::vector<MaterialKey> materials;
  // --position-pattern: some main-line position fits one of them.
  std::vector<BoardPattern> patterns;
  // --imbalance: one of them holds in imbalance_plies consecutive main-line positions (with
  // material_final, a run that ends at the final position); imbalance_any_pawns: pawns are
  // not compared.
  std::vector<Imbalance> imbalances;
  bool imbalance_any_pawns = false;
  std::uint32_t imbalance_plies = 1;
  bool material_final = false;  // --material and --imbalance: the final position only
  // --eco-classify: the --eco codes and ranges (one "eco" group of TagFilters::add_eco) test
  // the book's classification of the main line (eco/classify.h: the deepest book position,
  // as annotate --eco and status --eco find it) instead of the ECO tag. A game the book does
  // not classify (a FEN start, out of the book at once) has no code: it passes no range.
  std::shared_ptr<const eco::Book> eco_book;  // null: --eco reads the tag
  TagFilters classified_eco;

  std::optional<FilterError> add_plies(std::string_view range);
  std::optional<FilterError> add_ends(std::string_view statuses);  // comma-separated
  std::optional<FilterError> add_fen(std::string_view fen);
  std::optional<FilterError> add_material(std::string_view spec);
  std::optional<FilterError> add_position_pattern(std::string_view pattern);
  std::optional<FilterError> add_imbalance(std::string_view spec);

  bool empty() const {
    return plies.empty() && ends.empty() && !consistent && !inconsistent && !legal && !illegal &&
           fens.empty() && materials.empty() && patterns.empty() && imbalances.empty() && !eco_book;
  }
  // Whether --eco-classify is the only play filter.
  bool only_eco_classify() const {
    return eco_book && plies.empty() && ends.empty() && !consistent && !inconsistent && !legal &&
           !illegal && fens.empty() && materials.empty() && patterns.empty() && imbalances.empty();
  }
  bool watches_positions() const {
    return !fens.empty() || (!materials.empty() && !material_final) || !patterns.empty() ||
           (!imbalances.empty() && (!material_final || imbalance_plies > 1));
  }
  // Whether a position's key (imbalance_key, pawns masked with imbalance_any_pawns) is one of
  // the --imbalance values.
  bool imbalance_matches(ImbalanceKey key) const;
  ImbalanceKey imbalance_mask() const {
    return imbalance_any_pawns ? ~kPawnByte : ~ImbalanceKey{0};
  }
};

// What a game's replay showed, as the play filters need it.
struct PlayFacts {
  std::uint32_t plies = 0;
  replay::GameStatus status = replay::GameStatus::Ongoing;
  bool replayed = false;  // the game could be replayed (not unsupported, valid set-up)
  bool judged = false;    // consistency is meaningful (replayed, no illegal move, not cut)
  bool consistent = false;
  std::uint32_t move_errors = 0;
  bool cut = false;
  bool fen_seen = false;        // a --fen position was reached on the main line
  bool material_seen = false;   // a --material key was met (at the end, with material_final)
  bool pattern_seen = false;    // a --position-pattern fitted a main-line position
  bool imbalance_seen = false;  // an --imbalance held long enough (at the end, material_final)
  bool eco_passes = false;      // the classification is in a --eco range (with eco_book)
};

bool play_passes(const PlayFilters& f, const PlayFacts& facts);

// Whether position p is one of the --fen targets (key or placement).
bool matches_fen(const PlayFilters& f, const chess::Position& p);
// Whether position p fits one of the --position-pattern values.
bool matches_pattern(const PlayFilters& f, const chess::Position& p);

}  // namespace pgnkit::select
