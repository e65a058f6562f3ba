#include "commands/select_filters.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <utility>

#include "eco/book.h"
#include "tree/tree_file.h"

namespace pgnkit::commands {
namespace {

// --tree: the games the saved tree lists through the --fen positions become the only ones
// that can pass, found by their byte offsets; the positions are not looked for by replaying.
std::optional<std::string> use_tree(const FilterFlags& a, select::SelectOptions& o) {
  if (a.fen.empty()) return "--tree needs --fen: the position to look up";
  if (a.fen_placement) return "--tree finds whole positions: not with --fen-placement";
  std::string error;
  const auto file = tree::TreeFile::open(a.tree, error);
  if (!file) return "--tree: " + error;
  if (file->info().key_kind != tree::KeyKind::Repetition)
    return "--tree: " + a.tree + " is not keyed by positions as select compares them";
  auto games = std::make_shared<select::GameOffsets>();
  const std::vector<std::string>& inputs = file->info().inputs;
  for (const chess::Position& p : o.play.fens) {
    for (const tree::Posting& g : file->games(p.key())) {
      const auto row = file->game(g.ref);
      if (row && g.ref.input() < inputs.size())
        (*games)[inputs[g.ref.input()]].push_back(row->offset);
    }
  }
  for (auto& [name, offsets] : *games) {
    std::sort(offsets.begin(), offsets.end());
    offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
  }
  o.only_games = std::move(games);
  o.play.fens.clear();
  return std::nullopt;
}

}  // namespace

std::optional<std::string> parse_filters(const FilterFlags& a, select::SelectOptions& o) {
  const bool classify = a.eco_classify || !a.eco_file.empty();
  using Add = std::function<std::optional<select::FilterError>(const std::string&)>;
  const std::pair<const std::vector<std::string>*, Add> all[] = {
      {&a.tag, [&](const std::string& v) { return o.tags.add_tag(v); }},
      {&a.player, [&](const std::string& v) { return o.tags.add_player("player", v); }},
      {&a.white, [&](const std::string& v) { return o.tags.add_player("white", v); }},
      {&a.black, [&](const std::string& v) { return o.tags.add_player("black", v); }},
      {&a.result, [&](const std::string& v) { return o.tags.add_result(v); }},
      {&a.eco,
       [&](const std::string& v) {
         return classify ? o.play.classified_eco.add_eco(v) : o.tags.add_eco(v);
       }},
      {&a.variant, [&](const std::string& v) { return o.tags.add_variant(v); }},
      {&a.termination, [&](const std::string& v) { return o.tags.add_termination(v); }},
      {&a.elo, [&](const std::string& v) { return o.tags.add_elo(v); }},
      {&a.date, [&](const std::string& v) { return o.tags.add_date(v); }},
      {&a.plies, [&](const std::string& v) { return o.play.add_plies(v); }},
      {&a.ends, [&](const std::string& v) { return o.play.add_ends(v); }},
      {&a.fen, [&](const std::string& v) { return o.play.add_fen(v); }},
      {&a.material, [&](const std::string& v) { return o.play.add_material(v); }},
      {&a.position_pattern, [&](const std::string& v) { return o.play.add_position_pattern(v); }},
      {&a.imbalance, [&](const std::string& v) { return o.play.add_imbalance(v); }},
  };
  for (const auto& [values, add] : all) {
    for (const std::string& v : *values) {
      if (const auto e = add(v)) return e->message;
    }
  }
  if (a.fen_placement && a.fen.empty()) return "--fen-placement needs --fen";
  if (a.material_final && a.material.empty() && a.imbalance.empty())
    return "--material-final needs --material";
  if (a.imbalance.empty() && (a.imbalance_any_pawns || a.imbalance_plies != 0)) {
    return std::string(a.imbalance_any_pawns ? "--imbalance-any-pawns" : "--imbalance-plies") +
           " needs --imbalance";
  }
  if (a.imbalance_any_pawns) {
    for (const std::string& v : a.imbalance) {
      if (v.find('P') != std::string::npos)
        return "--imbalance: '" + v + "' names pawns, which --imbalance-any-pawns does not compare";
    }
  }
  if (classify) {
    if (a.eco.empty())
      return std::string(a.eco_classify ? "--eco-classify" : "--eco-file") + " needs --eco";
    eco::BookError error;
    auto book = eco::Book::load(a.eco_file.empty() ? a.eco_default : a.eco_file, error);
    if (!book) return "cannot use the ECO file: " + error.describe();
    o.play.eco_book = std::make_shared<const eco::Book>(std::move(*book));
  }
  if (!a.tree.empty()) {
    if (auto why = use_tree(a, o)) return why;
  }
  o.play.consistent = a.consistent;
  o.play.inconsistent = a.inconsistent;
  o.play.legal = a.legal;
  o.play.illegal = a.illegal;
  o.play.fen_placement = a.fen_placement;
  o.play.material_final = a.material_final;
  o.play.imbalance_any_pawns = a.imbalance_any_pawns;
  o.play.imbalance_plies = a.imbalance_plies == 0 ? 1 : a.imbalance_plies;
  o.invert = a.invert;
  return std::nullopt;
}

}  // namespace pgnkit::commands
