#include "convert_util.h"

#include <algorithm>
#include <filesystem>

#include "io/source.h"
#include "pgn/reader.h"
#include "write/ndjson_writer.h"
#include "write/pgn_writer.h"

namespace pgnkit::convert_test {

namespace fs = std::filesystem;

Collected read_pgn_text(const std::string& text, const pgn::ReaderOptions& options) {
  Collected c;
  auto source = io::Source::from_memory(std::string_view(text));
  replay::RecordBuilder builder(c);
  pgn::read_pgn(source, builder, options);
  return c;
}

Collected read_ndjson_text(const std::string& text) {
  Collected c;
  auto source = io::Source::from_memory(std::string_view(text));
  replay::RecordBuilder builder(c);
  ndjson::read_ndjson(source, builder, c);
  return c;
}

std::string read_file(const std::string& path) {
  std::string out;
  auto source = io::Source::open(path);
  if (!source) return out;
  char buf[1 << 16];
  while (const std::size_t n = source->read(buf, sizeof buf)) out.append(buf, n);
  return out;
}

std::optional<replay::GameRecord> on_error(const replay::GameRecord& game, write::OnError mode) {
  replay::GameRecord g = game;
  if (!write::has_move_errors(g)) return g;
  write::AnnotateOptions options;
  options.on_error = mode;
  if (!write::annotate(g, options)) return std::nullopt;
  return g;
}

std::vector<std::string> to_pgn(const std::vector<replay::GameRecord>& games) {
  std::vector<std::string> out;
  for (const auto& game : games) {
    const auto g = on_error(game);
    if (!g) continue;
    write::write_pgn(*g, {}, out.emplace_back());
  }
  return out;
}

std::vector<std::string> to_ndjson(const std::vector<replay::GameRecord>& games) {
  std::vector<std::string> out;
  for (const auto& game : games) {
    const auto g = on_error(game);
    if (!g) continue;
    write::write_ndjson(*g, {}, out.emplace_back());
  }
  return out;
}

std::optional<std::string> corpus_games_with(const std::string& path, std::string_view needle,
                                             std::size_t games) {
  if (!fs::exists(path)) return std::nullopt;
  auto source = io::Source::open(path);
  if (!source) return std::nullopt;
  std::string pending, out;
  std::size_t found = 0;
  char buf[1 << 16];
  // Games are cut at each "[Event " that starts a line; the last one read may be incomplete,
  // so it waits for the next read (or the end).
  auto take = [&](std::string_view game) {
    if (game.find(needle) == std::string_view::npos) return;
    out.append(game);
    ++found;
  };
  while (found < games) {
    const std::size_t n = source->read(buf, sizeof buf);
    if (n == 0) break;
    pending.append(buf, n);
    std::size_t start = 0;
    for (std::size_t at = 1;
         found < games && (at = pending.find("\n[Event ", at)) != std::string::npos; ++at) {
      take(std::string_view(pending).substr(start, at + 1 - start));
      start = at + 1;
    }
    pending.erase(0, start);
  }
  if (found < games && !pending.empty()) take(pending);
  return out;
}

std::optional<std::string> corpus_sample(const std::string& path, std::size_t games) {
  if (!fs::exists(path)) return std::nullopt;
  auto source = io::Source::open(path);
  if (!source) return std::nullopt;
  std::string text;
  char buf[1 << 16];
  std::size_t seen = 0, searched = 0;
  while (const std::size_t n = source->read(buf, sizeof buf)) {
    text.append(buf, n);
    for (std::size_t at; (at = text.find("[Event ", searched)) != std::string::npos;) {
      searched = at + 1;
      if (at != 0 && text[at - 1] != '\n') continue;
      if (++seen > games) {
        text.resize(at);
        return text;
      }
    }
    searched = text.size() > 8 ? text.size() - 8 : 0;
  }
  return text;
}

std::vector<std::string> pgn_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec)) {
    if (!e.is_regular_file()) continue;
    const std::string name = e.path().filename().string();
    if (name.ends_with(".txt")) continue;  // sources and pgn-extract argument lists
    out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string data_path(const std::string& relative) {
  return std::string(PGNKIT_SOURCE_DIR) + "/tests/data/" + relative;
}

std::string shared_path(const std::string& relative) {
  return std::string(PGNKIT_SHARED_DIR) + "/" + relative;
}

}  // namespace pgnkit::convert_test
