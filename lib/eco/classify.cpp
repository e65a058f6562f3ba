#include "eco/classify.h"

namespace pgnkit::eco {
namespace {

void set_tag(replay::GameRecord& g, std::string_view name, const std::string& value) {
  for (auto& t : g.tags) {
    if (t.name == name) {
      t.value = value;
      return;
    }
  }
  g.tags.push_back({std::string(name), value});
}

// Set when the classification has it, removed otherwise (a stale Variation from another
// classification would contradict the new ECO).
void set_or_remove(replay::GameRecord& g, std::string_view name, const std::string& value) {
  if (!value.empty()) return set_tag(g, name, value);
  g.tags.erase_if([name](const replay::Tag& t) { return t.name == name; });
}

}  // namespace

std::uint64_t Classifier::initial_key() {
  static const std::uint64_t key = chess::Position::start().key();
  return key;
}

const Opening* classify(const Book& book, const replay::GameRecord& game) {
  Classifier classifier(book);
  if (!game.replayed) return nullptr;
  classifier.start(game.start);
  chess::Position pos = game.start;
  for (const replay::MoveNode& node : game.main.moves) {
    if (!classifier.active()) break;
    if (!node.played) {
      if (node.san.empty()) continue;
      break;  // the main line stopped at an illegal move
    }
    pos.play(node.move);
    classifier.position(pos.key());
  }
  return classifier.opening();
}

void set_tags(replay::GameRecord& game, const Opening* opening, bool keep) {
  if (!opening || (keep && game.tag("ECO"))) return;
  set_tag(game, "ECO", opening->eco);
  set_or_remove(game, "Opening", opening->name);
  set_or_remove(game, "Variation", opening->variation);
  set_or_remove(game, "SubVariation", opening->sub_variation);
}

}  // namespace pgnkit::eco
