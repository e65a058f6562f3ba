#include "write/line_writers.h"

#include "chess/fen.h"
#include "replay/tag_checks.h"
#include "write/pgn_writer.h"
#include "write/table.h"

namespace pgnkit::write {
namespace {

constexpr std::string_view kRoster[7] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};

void append_square(std::string& out, chess::Square s) {
  out += static_cast<char>('a' + chess::file_of(s));
  out += static_cast<char>('1' + chess::rank_of(s));
}

// Calls f(node) for each move of the main line until one was not played.
template <class F>
void for_each_played(const replay::GameRecord& game, F&& f) {
  if (!game.replayed) return;
  for (const replay::MoveNode& node : game.main.moves) {
    if (node.san.empty()) continue;  // holds variations before the first move
    if (!node.played) return;
    f(node);
  }
}

void append_lan(std::string& out, const replay::MoveNode& node) {
  const std::string_view san = node.san;
  if (san.starts_with("O-O") || node.move.is_null()) {
    out += san;
    return;
  }
  if (san[0] >= 'A' && san[0] <= 'Z') out += san[0];
  append_square(out, node.move.from());
  out += san.find('x') != std::string_view::npos ? 'x' : '-';
  append_square(out, node.move.to());
  const std::size_t tail = san.find_first_of("=+#");
  if (tail != std::string_view::npos) out += san.substr(tail);
}

// The first four FEN fields.
std::string_view epd_fields(std::string_view fen) {
  std::size_t spaces = 0;
  for (std::size_t i = 0; i < fen.size(); ++i)
    if (fen[i] == ' ' && ++spaces == 4) return fen.substr(0, i);
  return fen;
}

}  // namespace

void append_uci(std::string& out, chess::Move m, bool chess960) {
  char buf[kMaxUci];
  out.append(buf, put_uci(buf, m, chess960));
}

bool is_chess960(const replay::GameRecord& game) {
  return game.chess960 || game.start.chess960();
}

void write_uci_line(const replay::GameRecord& game, std::string& out) {
  const bool chess960 = is_chess960(game);
  const std::size_t start = out.size();
  out.resize(start + game.main.moves.size() * (kMaxUci + 1) + 1);
  char* const first = out.data() + start;
  char* p = first;
  for_each_played(game, [&](const replay::MoveNode& node) {
    if (p != first) *p++ = ' ';
    p = put_uci(p, node.move, chess960);
  });
  *p++ = '\n';
  out.resize(static_cast<std::size_t>(p - out.data()));
}

void write_lan_line(const replay::GameRecord& game, std::string& out) {
  bool first = true;
  for_each_played(game, [&](const replay::MoveNode& node) {
    if (!first) out += ' ';
    first = false;
    append_lan(out, node);
  });
  out += '\n';
}

void write_positions(const replay::GameRecord& game, const PositionOptions& opt, std::string& out) {
  if (!game.replayed) return;
  chess::Position pos = game.start;
  std::uint32_t ply = 0;
  std::string fen;
  auto line = [&](const replay::MoveNode* next) {
    fen = chess::write_fen(pos, chess::EpWrite::WhenLegal);
    if (!opt.epd) {
      out += fen;
      out += '\n';
      return;
    }
    out += epd_fields(fen);
    if (next) {
      out += " pm ";
      out += next->san;
      out += ';';
    }
    out += " id \"";
    if (opt.id_at != nullptr) {
      opt.id_at->push_back(out.size());
    } else {
      out += std::to_string(opt.game_id);
    }
    out += '.';
    out += std::to_string(ply);
    out += "\";\n";
  };
  const replay::MoveNode* prev = nullptr;
  for_each_played(game, [&](const replay::MoveNode& node) {
    if (prev || opt.include_start) line(&node);
    pos.play(node.move);
    ++ply;
    prev = &node;
  });
  if (prev || opt.include_start) line(nullptr);
}

const std::string* tag_value(const replay::GameRecord& game, std::string_view name) {
  if (replay::seven_tag_roster_index(name) >= 0) return game.tag(name);
  for (auto it = game.tags.rbegin(); it != game.tags.rend(); ++it)
    if (it->name == name) return &it->value;
  return nullptr;
}

void write_csv_header(std::span<const std::string> columns, std::string& out) {
  for (std::string_view name : kRoster) {
    append_csv_field(out, name);
    out += ',';
  }
  for (const std::string& name : columns) {
    append_csv_field(out, name);
    out += ',';
  }
  out += "plies,final_fen\n";
}

void write_csv_row(const replay::GameRecord& game, std::span<const std::string> columns,
                   std::string& out) {
  for (std::string_view name : kRoster) {
    if (name == "Result") {
      append_csv_field(out, result_text(game));
    } else if (const std::string* v = tag_value(game, name)) {
      append_csv_field(out, *v);
    }
    out += ',';
  }
  for (const std::string& name : columns) {
    if (const std::string* v = tag_value(game, name)) append_csv_field(out, *v);
    out += ',';
  }
  out += std::to_string(game.plies);
  out += ',';
  if (game.replayed) out += chess::write_fen(game.final_position, chess::EpWrite::WhenLegal);
  out += '\n';
}

}  // namespace pgnkit::write
