#include "commands/tree_job.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "pgn/reader.h"
#include "pgn/tag.h"
#include "pgn/visitor.h"
#include "replay/replayer.h"
#include "tree/entry.h"
#include "tree/polyglot.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kDrainBytes = std::size_t{1} << 20;

// The keys a game has stood on, for TreeJobOptions::first_visit: an open-addressing set
// cleared by a generation stamp, so a game costs nothing to forget.
class VisitSet {
 public:
  void clear() {
    if (++generation_ == 0) {  // wrapped: clear the stamps for real
      std::fill(stamps_.begin(), stamps_.end(), 0);
      generation_ = 1;
    }
    size_ = 0;
  }
  // Whether `key` is new (and adds it).
  bool insert(std::uint64_t key) {
    if ((size_ + 1) * 2 > stamps_.size()) grow();
    const std::size_t mask = stamps_.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(key * 0x9E3779B97F4A7C15ULL >> 40) & mask;;
         i = (i + 1) & mask) {
      if (stamps_[i] != generation_) {
        stamps_[i] = generation_;
        keys_[i] = key;
        ++size_;
        return true;
      }
      if (keys_[i] == key) return false;
    }
  }

 private:
  void grow() {
    std::vector<std::uint64_t> keys;
    std::vector<std::uint32_t> stamps;
    keys.swap(keys_);
    stamps.swap(stamps_);
    keys_.assign(std::max<std::size_t>(256, keys.size() * 2), 0);
    stamps_.assign(keys_.size(), 0);
    const std::uint32_t live = generation_;
    size_ = 0;
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (stamps[i] == live) insert(keys[i]);
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> stamps_;
  std::uint32_t generation_ = 1;
  std::size_t size_ = 0;
};

std::uint16_t elo_of(std::string_view v) {
  unsigned n = 0;
  if (v.empty() || v.size() > 4) return 0;
  for (const char c : v) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + static_cast<unsigned>(c - '0');
  }
  return static_cast<std::uint16_t>(n);
}

std::uint16_t year_of(std::string_view date) {
  if (date.size() < 4) return 0;
  unsigned y = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    if (date[i] < '0' || date[i] > '9') return 0;
    y = y * 10 + static_cast<unsigned>(date[i] - '0');
  }
  return static_cast<std::uint16_t>(y);
}

std::optional<TreeResult> result_of(std::string_view v) {
  if (v == "1-0") return TreeResult::WhiteWins;
  if (v == "0-1") return TreeResult::BlackWins;
  if (v == "1/2-1/2") return TreeResult::Draw;
  return std::nullopt;
}

// The replayer and, with filters, a Selector, over the same tokens; the game's plies go into
// the read's TreeRecords, kept at the end when the game is chosen and has a result.
class TreeVisitor final : public pgn::Visitor,
                          private replay::ReplaySink,
                          private select::GameSink {
 public:
  TreeVisitor(const TreeJobOptions& o, pipeline::ChunkResult& result, pipeline::Drain* drain)
      : o_(o),
        result_(result),
        records_(pipeline::records_of<TreeRecords>(result)),
        drain_(drain),
        replayer_(static_cast<replay::ReplaySink&>(*this), replay_options(o)) {
    if (o.filtered)
      selector_ = std::make_unique<select::Selector>(o.select, static_cast<GameSink&>(*this));
  }

  void attach_buffer(const pgn::BufferedBytes* w) {
    if (selector_) selector_->attach_buffer(w);
  }
  void before_buffer_moves() {
    if (selector_) selector_->before_buffer_moves();
  }

  pgn::Control begin_game(const pgn::GameInfo& info) {
    ++records_.read;
    game_ = TreeGame{};
    game_.number = info.number;
    game_.offset = info.where.offset;
    game_.first_ply = static_cast<std::uint32_t>(records_.plies.size());
    result_tag_.reset();
    date_.clear();
    utc_date_.clear();
    if (o_.keep_tags) tag_values_.assign(kKeptTags, std::string());
    skip_ = false;
    chosen_ = !selector_;
    if (selector_) selector_->begin_game(info);
    replayer_.begin_game(info);
    if (o_.first_visit) visited_.clear();
    return pgn::Control::Continue;
  }

  pgn::Control tag(std::string_view name, std::string_view raw, pgn::Location where) {
    if (name == "Result") {
      result_tag_ = result_of(raw);
    } else if (name == "WhiteElo") {
      game_.white_elo = elo_of(raw);
    } else if (name == "BlackElo") {
      game_.black_elo = elo_of(raw);
    } else if (name == "Date") {
      pgn::unescape_tag(raw, date_);
    } else if (name == "UTCDate") {
      pgn::unescape_tag(raw, utc_date_);
    }
    if (o_.keep_tags) {
      for (std::size_t i = 0; i < kKeptTags; ++i)
        if (name == kTagNames[i] && tag_values_[i].empty()) pgn::unescape_tag(raw, tag_values_[i]);
    }
    if (selector_) selector_->tag(name, raw, where);
    return replayer_.tag(name, raw, where);
  }

  pgn::Control begin_movetext() {
    if (selector_) {
      selector_->begin_movetext();
      if (selector_->rejected_by_tags()) skip_ = true;
    }
    if (!result_tag_ && o_.unknown_result_is_draw) result_tag_ = TreeResult::Draw;
    if (!result_tag_) skip_ = true;
    if (skip_) return pgn::Control::StopGame;
    const pgn::Control c = replayer_.begin_movetext();
    const chess::Position* start = replayer_.start_position();
    if (start == nullptr) {
      skip_ = true;  // an unsupported variant or a set-up that cannot be played
      return pgn::Control::StopGame;
    }
    if (o_.key_kind == tree::KeyKind::Polyglot) polyglot_key_ = tree::polyglot_key(*start);
    return c;
  }

  pgn::Control san(std::string_view text, pgn::Location where) {
    if (skip_) return pgn::Control::StopGame;
    if (selector_ && selector_->replays()) selector_->san(text, where);
    const pgn::Control c = replayer_.san(text, where);
    const bool moves_matter = selector_ && selector_->replays();
    if (!moves_matter && o_.max_ply != 0 && plies_ >= o_.max_ply) return pgn::Control::StopGame;
    return c;
  }
  pgn::Skip begin_variation(pgn::Location where) {
    if (selector_ && selector_->replays()) selector_->begin_variation(where);
    return replayer_.begin_variation(where);
  }
  pgn::Control end_variation(pgn::Location where) {
    if (selector_ && selector_->replays()) selector_->end_variation(where);
    return replayer_.end_variation(where);
  }
  void termination(pgn::Outcome outcome, std::string_view text, pgn::Location where) {
    if (selector_) selector_->termination(outcome, text, where);
    replayer_.termination(outcome, text, where);
  }
  pgn::Control syntax_error(const pgn::SyntaxIssue& issue) {
    if (selector_) selector_->syntax_error(issue);
    return replayer_.syntax_error(issue);
  }

  void end_game(const pgn::EndInfo& info) {
    replayer_.end_game(info);  // game_end(): the position where the main line stopped
    if (selector_) selector_->end_game(info);  // game(): chosen_
    std::vector<TreePly>& plies = records_.plies;
    if (skip_ || !chosen_ || !result_tag_ || (o_.query && plies.size() == game_.first_ply)) {
      plies.resize(game_.first_ply);
    } else {
      game_.result = *result_tag_;
      game_.plies = static_cast<std::uint32_t>(plies.size() - game_.first_ply);
      game_.year = year_of(date_);
      if (game_.year == 0) game_.year = year_of(utc_date_);
      if (o_.keep_tags) keep_tags();
      records_.games.push_back(game_);
    }
    plies_ = 0;
    if (drain_ && records_.plies.size() * sizeof(TreePly) >= kDrainBytes) drain_->flush(result_);
  }

 private:
  static constexpr std::size_t kKeptTags = 5;
  static constexpr std::string_view kTagNames[kKeptTags] = {"White", "Black", "Date", "Event",
                                                            "Round"};

  static replay::ReplayOptions replay_options(const TreeJobOptions& o) {
    replay::ReplayOptions ro;
    // The Selector's replayer enters variations for --legal/--illegal; this one must take the
    // same branch at each '(' (both are fed the same tokens).
    ro.variations = o.filtered && (o.select.play.legal || o.select.play.illegal);
    ro.tag_checks = false;
    ro.want_moves = true;
    return ro;
  }

  // A position's key: the repetition key, or Polyglot's, kept up to date move by move along
  // the main line (polyglot_key_ is the current position's).
  std::uint64_t key_of(const chess::Position& p) const {
    return o_.key_kind == tree::KeyKind::Polyglot ? polyglot_key_ : p.key();
  }

  void add(const chess::Position& p, std::uint16_t move) {
    const bool black = p.side_to_move() == chess::Color::Black;
    if (o_.only_mover >= 0 && move != tree::kEndedHere && o_.only_mover != int{black}) return;
    const std::uint64_t key = key_of(p);
    if (o_.query && key != o_.query_key) return;
    if (o_.first_visit && !visited_.insert(key)) return;
    records_.plies.push_back(TreePly{key, move, black});
  }

  void keep_tags() {
    game_.tags_at = static_cast<std::uint32_t>(records_.tags.size());
    for (std::size_t i = 0; i < kKeptTags; ++i) {
      if (i != 0) records_.tags += '\t';
      for (const char c : tag_values_[i]) records_.tags += c == '\t' ? ' ' : c;
    }
    game_.tags_size = static_cast<std::uint32_t>(records_.tags.size() - game_.tags_at);
  }

  void problem(const replay::Problem&) override {}
  void move(const replay::MoveEvent& e) override {
    if (e.depth != 0 || skip_) return;
    plies_ = e.ply;
    if (o_.max_ply == 0 || e.ply <= o_.max_ply) add(e.before, e.move.raw());
    if (o_.key_kind == tree::KeyKind::Polyglot)
      polyglot_key_ = tree::polyglot_key_after(polyglot_key_, e.before, e.after);
  }
  void game_end(const replay::GameReport& r) override {
    if (skip_ || r.final_position == nullptr || r.unsupported_variant) return;
    if (o_.max_ply == 0 || r.plies < o_.max_ply) add(*r.final_position, tree::kEndedHere);
  }
  void game(const select::GameVerdict& v) override { chosen_ = v.selected; }

  const TreeJobOptions& o_;
  pipeline::ChunkResult& result_;
  TreeRecords& records_;
  pipeline::Drain* drain_;
  replay::Replayer replayer_;
  std::unique_ptr<select::Selector> selector_;
  TreeGame game_;
  std::optional<TreeResult> result_tag_;
  std::string date_, utc_date_;
  std::vector<std::string> tag_values_;
  VisitSet visited_;
  std::uint32_t plies_ = 0;
  std::uint64_t polyglot_key_ = 0;
  bool skip_ = false, chosen_ = true;
};

}  // namespace

void TreeJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  TreeVisitor visitor(options_, result, read.drain);
  result.stats = pgn::read_pgn(read.source, visitor, read.options);
}

}  // namespace pgnkit::commands
