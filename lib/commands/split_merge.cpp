#include "commands/split_merge.h"

#include <filesystem>

#include "commands/selected_output.h"

namespace pgnkit::commands {

namespace {

// Open --by pieces at most; the least recently used is closed as a segment and reopened later.
constexpr std::size_t kMaxOpenPieces = 32;

}  // namespace

void SplitMerge::records(const pipeline::Records& records, std::uint64_t game_base) {
  // SplitJob's records.
  static_cast<const SplitRecords&>(records).for_each(game_base,
                                                     [this](const SplitFrame& f) { game(f); });
}

void SplitMerge::err(std::string_view bytes) {
  console_.err(bytes);
}

void SplitMerge::game(const SplitFrame& f) {
  console_.progress(bytes_, ++merged_);
  if (failed_) return;  // stop writing after an error: the rest is only read
  if (f.status != pgn::GameBytes::Status::Kept) {
    console_.err(file_ + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) +
                 ": error: game " + std::to_string(f.number) + " is longer than " +
                 std::to_string(pgn::GameBytes::kDefaultLimit >> 20) +
                 " MiB, the limit for a game (" + std::to_string(f.size) +
                 " bytes read before it was given up); not written\n");
    had_error_ = true;
    return;
  }
  const std::string_view tail = commands::selected_game_tail(f.bytes);
  PieceFile* piece =
      settings_.by.empty() ? numbered_piece(f.bytes.size() + tail.size()) : by_piece(f);
  if (piece == nullptr || !piece->write(f.bytes) || !piece->write(tail)) {
    failed_ = true;
    return;
  }
  piece_bytes_ += f.bytes.size() + tail.size();
  ++piece_games_;
  ++games_;
}

bool SplitMerge::finish() {
  bool ok = true;
  if (current_) ok &= close_numbered();
  for (auto& [value, piece] : by_value_) {
    if (piece.open) {
      auto temp = piece.open->close(console_);
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
    } else if (commit_piece(piece.segments, piece.name, console_)) {
      ++committed_;
    } else {
      ok = false;
    }
  }
  return ok && !failed_ && !had_error_;
}

bool SplitMerge::refuse(const std::string& name) {
  std::error_code ec;
  if (settings_.force || !std::filesystem::exists(name, ec)) return false;
  console_.command_message("split", name + " exists (use --force to overwrite); stopping");
  return true;
}

bool SplitMerge::close_numbered() {
  auto temp = current_->close(console_);
  current_.reset();
  if (!temp || !commit_piece({*temp}, name_, console_)) return false;
  ++committed_;
  return true;
}

PieceFile* SplitMerge::numbered_piece(std::uint64_t game_size) {
  const bool full = current_ && ((settings_.games != 0 && piece_games_ >= settings_.games) ||
                                 (settings_.max_bytes != 0 && piece_games_ > 0 &&
                                  piece_bytes_ + game_size > settings_.max_bytes));
  if (full && !close_numbered()) return nullptr;
  if (!current_) {
    name_ = settings_.pattern.name(++number_of_pieces_);
    if (refuse(name_)) return nullptr;
    current_ = PieceFile::create(name_, console_);
    piece_games_ = piece_bytes_ = 0;
    if (!current_) return nullptr;
  }
  return &*current_;
}

PieceFile* SplitMerge::by_piece(const SplitFrame& f) {
  key_.clear();
  if (f.has_value) {
    key_ += '=';
    key_.append(f.value);
  }
  auto it = by_value_.find(key_);
  if (it == by_value_.end()) {
    const std::string base =
        safe_file_part(f.has_value ? std::optional<std::string_view>(f.value) : std::nullopt);
    std::string name = settings_.pattern.name(base);
    for (int n = 2; used_names_.count(name) != 0; ++n) {  // another value, same safe name
      name = settings_.pattern.name(base + "~" + std::to_string(n));
    }
    if (refuse(name)) return nullptr;
    used_names_[name] = key_;
    it = by_value_.emplace(key_, ByPiece{name, {}, std::nullopt, 0}).first;
  }
  ByPiece& piece = it->second;
  piece.used = ++clock_;
  if (!piece.open) {
    if (open_count_ >= kMaxOpenPieces && !close_least_used()) return nullptr;
    piece.open = PieceFile::create(piece.name, console_);
    if (!piece.open) return nullptr;
    ++open_count_;
  }
  return &*piece.open;
}

bool SplitMerge::close_least_used() {
  ByPiece* oldest = nullptr;
  for (auto& [value, piece] : by_value_)
    if (piece.open && (oldest == nullptr || piece.used < oldest->used)) oldest = &piece;
  if (oldest == nullptr) return true;
  auto temp = oldest->open->close(console_);
  oldest->open.reset();
  --open_count_;
  if (!temp) return false;
  oldest->segments.push_back(*temp);
  return true;
}

}  // namespace pgnkit::commands
