#include "commands/select_filters.h"

#include <functional>
#include <memory>
#include <utility>

#include "eco/book.h"

namespace pgnkit::commands {

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
  };
  for (const auto& [values, add] : all) {
    for (const std::string& v : *values) {
      if (const auto e = add(v)) return e->message;
    }
  }
  if (a.fen_placement && a.fen.empty()) return "--fen-placement needs --fen";
  if (a.material_final && a.material.empty()) return "--material-final needs --material";
  if (classify) {
    if (a.eco.empty())
      return std::string(a.eco_classify ? "--eco-classify" : "--eco-file") + " needs --eco";
    eco::BookError error;
    auto book = eco::Book::load(a.eco_file.empty() ? a.eco_default : a.eco_file, error);
    if (!book) return "cannot use the ECO file: " + error.describe();
    o.play.eco_book = std::make_shared<const eco::Book>(std::move(*book));
  }
  o.play.consistent = a.consistent;
  o.play.inconsistent = a.inconsistent;
  o.play.legal = a.legal;
  o.play.illegal = a.illegal;
  o.play.fen_placement = a.fen_placement;
  o.play.material_final = a.material_final;
  o.invert = a.invert;
  return std::nullopt;
}

}  // namespace pgnkit::commands
