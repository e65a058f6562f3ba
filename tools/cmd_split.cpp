// pgnkit split: cuts the input into pieces of N games, of at most SIZE bytes, or one per
// value of a tag, each game written byte for byte as `select` writes it (docs/split.md).
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "input.h"
#include "pgn/game_bytes.h"
#include "pgn/reader.h"
#include "pgn/tag.h"
#include "selected_output.h"
#include "split_files.h"

namespace pgnkit::tools {
namespace {

// Open --by pieces at most; the least recently used is closed as a segment and reopened later.
constexpr std::size_t kMaxOpenPieces = 32;

struct SplitArgs {
  std::vector<std::string> files;
  std::string pattern;
  std::uint64_t games = 0;
  std::string bytes;
  std::string by;
  bool force = false;
  // Derived.
  SplitPattern parsed;
  std::uint64_t max_bytes = 0;
};

std::optional<std::uint64_t> parse_size(const std::string& text) {
  std::uint64_t v = 0;
  std::size_t i = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
    if (v > (UINT64_MAX - 9) / 10) return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(text[i++] - '0');
  }
  if (i == 0) return std::nullopt;
  const std::string unit = text.substr(i);
  int shift = 0;
  if (unit == "K" || unit == "k")
    shift = 10;
  else if (unit == "M" || unit == "m")
    shift = 20;
  else if (unit == "G" || unit == "g")
    shift = 30;
  else if (!unit.empty())
    return std::nullopt;
  if (v == 0 || v > (UINT64_MAX >> shift)) return std::nullopt;
  return v << shift;
}

class Splitter : public pgn::Visitor {
 public:
  explicit Splitter(const SplitArgs& args) : args_(args) {}
  bool failed() const { return failed_; }
  std::uint64_t games() const { return games_; }
  std::uint64_t pieces() const { return committed_; }
  void set_file(std::string name) { file_ = std::move(name); }

  void attach_buffer(const pgn::BufferedBytes* w) { raw_.attach_buffer(w); }
  void before_buffer_moves() { raw_.before_buffer_moves(); }
  pgn::Control begin_game(const pgn::GameInfo& info) {
    raw_.begin_game(info);
    where_ = info.where;
    number_ = info.number;
    value_.reset();
    if (failed_) {  // stop writing after an error: the rest is only scanned
      raw_.drop();
      return pgn::Control::StopGame;
    }
    return pgn::Control::Continue;
  }
  void tag(std::string_view name, std::string_view value_raw, pgn::Location) {
    if (args_.by.empty() || name != args_.by || value_) return;
    std::string v;
    pgn::unescape_tag(value_raw, v);
    value_ = std::move(v);
  }
  pgn::Control begin_movetext() { return pgn::Control::StopGame; }  // the bytes are enough
  void end_game(const pgn::EndInfo& info) {
    raw_.end_game(info);
    if (failed_) return;
    if (raw_.status() != pgn::GameBytes::Status::Kept) {
      std::fprintf(stderr,
                   "%s:%u:%u: error: game %llu is longer than %zu MiB, the limit for a game "
                   "(%llu bytes read before it was given up); not written\n",
                   file_.c_str(), where_.line, where_.column,
                   static_cast<unsigned long long>(number_), raw_.limit() >> 20,
                   static_cast<unsigned long long>(raw_.size()));
      had_error_ = true;
      return;
    }
    const std::string_view bytes = raw_.bytes();
    const std::string_view tail = selected_game_tail(bytes);
    PieceFile* piece = args_.by.empty() ? numbered_piece(bytes.size() + tail.size()) : by_piece();
    if (piece == nullptr || !piece->write(bytes) || !piece->write(tail)) {
      failed_ = true;
      return;
    }
    piece_bytes_ += bytes.size() + tail.size();
    ++piece_games_;
    ++games_;
  }

  // Commits every piece still open; false if any could not be.
  bool finish() {
    bool ok = true;
    if (current_) ok &= close_numbered();
    for (auto& [value, piece] : by_value_) {
      if (piece.open) {
        auto temp = piece.open->close();
        piece.open.reset();
        if (!temp) {
          ok = false;
          continue;
        }
        piece.segments.push_back(*temp);
      }
    }
    for (auto& [value, piece] : by_value_) {
      if (!ok || failed_) {
        remove_temporaries(piece.segments);
      } else if (commit_piece(piece.segments, piece.name)) {
        ++committed_;
      } else {
        ok = false;
      }
    }
    return ok && !failed_ && !had_error_;
  }

 private:
  struct ByPiece {
    std::string name;
    std::vector<std::string> segments;  // closed temporaries, in order
    std::optional<PieceFile> open;
    std::uint64_t used = 0;  // for closing the least recently used
  };

  bool refuse(const std::string& name) {
    std::error_code ec;
    if (args_.force || !std::filesystem::exists(name, ec)) return false;
    std::fprintf(stderr, "pgnkit split: %s exists (use --force to overwrite); stopping\n",
                 name.c_str());
    return true;
  }

  bool close_numbered() {
    auto temp = current_->close();
    current_.reset();
    if (!temp || !commit_piece({*temp}, name_)) return false;
    ++committed_;
    return true;
  }

  PieceFile* numbered_piece(std::uint64_t game_size) {
    const bool full =
        current_ &&
        ((args_.games != 0 && piece_games_ >= args_.games) ||
         (args_.max_bytes != 0 && piece_games_ > 0 && piece_bytes_ + game_size > args_.max_bytes));
    if (full && !close_numbered()) return nullptr;
    if (!current_) {
      name_ = args_.parsed.name(++number_of_pieces_);
      if (refuse(name_)) return nullptr;
      current_ = PieceFile::create(name_);
      piece_games_ = piece_bytes_ = 0;
      if (!current_) return nullptr;
    }
    return &*current_;
  }

  PieceFile* by_piece() {
    const std::string key = value_ ? "=" + *value_ : "";  // a missing tag differs from ""
    auto it = by_value_.find(key);
    if (it == by_value_.end()) {
      std::string base =
          safe_file_part(value_ ? std::optional<std::string_view>(*value_) : std::nullopt);
      std::string name = args_.parsed.name(base);
      for (int n = 2; used_names_.count(name) != 0; ++n) {  // another value, same safe name
        name = args_.parsed.name(base + "~" + std::to_string(n));
      }
      if (refuse(name)) return nullptr;
      used_names_[name] = key;
      it = by_value_.emplace(key, ByPiece{name, {}, std::nullopt, 0}).first;
    }
    ByPiece& piece = it->second;
    piece.used = ++clock_;
    if (!piece.open) {
      if (open_count_ >= kMaxOpenPieces && !close_least_used()) return nullptr;
      piece.open = PieceFile::create(piece.name);
      if (!piece.open) return nullptr;
      ++open_count_;
    }
    return &*piece.open;
  }

  bool close_least_used() {
    ByPiece* oldest = nullptr;
    for (auto& [value, piece] : by_value_)
      if (piece.open && (oldest == nullptr || piece.used < oldest->used)) oldest = &piece;
    if (oldest == nullptr) return true;
    auto temp = oldest->open->close();
    oldest->open.reset();
    --open_count_;
    if (!temp) return false;
    oldest->segments.push_back(*temp);
    return true;
  }

  const SplitArgs& args_;
  pgn::GameBytes raw_;
  std::string file_;
  pgn::Location where_;
  std::uint64_t number_ = 0;
  std::optional<std::string> value_;
  bool failed_ = false;     // writing stopped
  bool had_error_ = false;  // a game could not be written
  std::uint64_t games_ = 0, committed_ = 0;
  // Numbered pieces.
  std::optional<PieceFile> current_;
  std::string name_;
  std::uint64_t number_of_pieces_ = 0, piece_games_ = 0, piece_bytes_ = 0;
  // --by pieces.
  std::map<std::string, ByPiece> by_value_;
  std::map<std::string, std::string> used_names_;
  std::size_t open_count_ = 0;
  std::uint64_t clock_ = 0;
};

int run_split(SplitArgs& args) {
  const int modes = (args.games != 0) + !args.bytes.empty() + !args.by.empty();
  if (modes != 1) {
    std::fprintf(stderr, "pgnkit split: give exactly one of --games, --bytes, --by\n");
    return kExitUsage;
  }
  std::string error;
  auto pattern = parse_split_pattern(args.pattern, &error);
  if (!pattern) {
    std::fprintf(stderr, "pgnkit split: -o '%s': %s\n", args.pattern.c_str(), error.c_str());
    return kExitUsage;
  }
  if (!args.by.empty() && pattern->tag != args.by) {
    std::fprintf(stderr, "pgnkit split: --by %s needs {%s} in the -o pattern\n", args.by.c_str(),
                 args.by.c_str());
    return kExitUsage;
  }
  if (args.by.empty() && !pattern->tag.empty()) {
    std::fprintf(stderr, "pgnkit split: {%s} in the -o pattern needs --by %s\n",
                 pattern->tag.c_str(), pattern->tag.c_str());
    return kExitUsage;
  }
  args.parsed = *pattern;
  if (!args.bytes.empty()) {
    const auto size = parse_size(args.bytes);
    if (!size) {
      std::fprintf(stderr,
                   "pgnkit split: --bytes: expected a size such as 1000000, 64K, 10M or 2G\n");
      return kExitUsage;
    }
    args.max_bytes = *size;
  }
  Splitter splitter(args);
  bool failed = for_each_input(args.files, [&](io::Source& source) {
    splitter.set_file(std::string(source.name()));
    pgn::read_pgn(source, splitter);
    return !splitter.failed();
  });
  failed |= !splitter.finish();
  std::fprintf(stderr, "%llu games in %llu files\n",
               static_cast<unsigned long long>(splitter.games()),
               static_cast<unsigned long long>(splitter.pieces()));
  return failed ? kExitUsage : kExitOk;
}

}  // namespace

void register_split(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<SplitArgs>();
  CLI::App* cmd = app.add_subcommand(
      "split", "Cut games into files of N games, of at most SIZE bytes, or one per tag value.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed; '-' or none for stdin");
  cmd->add_option("-o,--output", args->pattern,
                  "File name pattern: one %d or %0Nd (the piece number, from 1), or {TAG} with "
                  "--by TAG; a name ending in .zst is compressed")
      ->required();
  cmd->add_option("--games", args->games, "N games per file")->check(CLI::PositiveNumber);
  cmd->add_option("--bytes", args->bytes,
                  "At most SIZE bytes per file (K, M, G: 1024-based), never cutting a game; a "
                  "longer game gets a file of its own");
  cmd->add_option("--by", args->by, "One file per distinct value of tag TAG");
  cmd->add_flag("--force", args->force, "Overwrite existing files");
  cmd->footer(
      "Each game is written byte for byte as `pgnkit select` writes it; concatenating the\n"
      "numbered pieces in order gives the `select` output of all games. --by names files from\n"
      "the value: bytes other than A-Z a-z 0-9 . _ - become _, a missing tag is _missing, an\n"
      "empty value _empty; a second value with the same name gets ~2, ~3, ...\n"
      "Every file is written under a temporary name and renamed when complete.\n"
      "Examples:\n"
      "  pgnkit split --games 1000 games.pgn.zst -o 'out/part-%04d.pgn'\n"
      "  pgnkit split --bytes 10M games.pgn -o 'out/part-%d.pgn.zst'\n"
      "  pgnkit split --by Event games.pgn -o 'out/{Event}.pgn'\n"
      "Exit status: 0 done, 2 usage or I/O error, an existing file without --force, or a game\n"
      "over 32 MiB (not written). See docs/split.md.");
  cmd->callback([args, &exit_code] { exit_code = run_split(*args); });
}

}  // namespace pgnkit::tools
