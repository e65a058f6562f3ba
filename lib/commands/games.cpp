#include "commands/games.h"

#include "commands/game_tables.h"

#include <utility>

#include "chess/fen.h"
#include "commands/run_inputs.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "write/comment_commands.h"
#include "write/json.h"
#include "write/line_writers.h"
#include "write/pgn_writer.h"

namespace pgnkit::commands {
namespace {

// A chunk's games for the merging thread. The merger hands records over as const; the games
// are moved out to the caller there, once, so they are mutable.
class GameRecords final : public pipeline::Records {
 public:
  mutable std::vector<GameValue> batch;

  // On the merging thread: the numbers made whole, the input named.
  void number(std::uint64_t game_base, std::string_view input) const {
    for (GameValue& g : batch) {
      g.number += game_base;
      g.file = input;
    }
  }
  bool empty() const override { return batch.empty(); }
  void clear() override { batch.clear(); }
  std::size_t capacity_bytes() const override { return batch.capacity() * sizeof(GameValue); }
};

// Text as NDJSON writes it: valid UTF-8 as it is, other bytes read as Windows-1252.
std::string utf8(std::string_view text) {
  if (write::is_ascii(text) || write::valid_utf8(text)) return std::string(text);
  std::string out;
  write::append_utf8(out, text);
  return out;
}

// Comment text as NDJSON writes it: trimmed, each run of white space one space.
std::string folded(std::string_view text) {
  std::string out;
  std::size_t at = 0;
  for (std::string_view word; !(word = write::next_fold_word(text, at)).empty();) {
    if (!out.empty()) out += ' ';
    out.append(word);
  }
  return utf8(out);
}

std::vector<std::string> folded_all(const auto& texts) {
  std::vector<std::string> out;
  out.reserve(texts.size());
  for (const std::string& t : texts) out.push_back(folded(t));
  return out;
}

std::vector<GameMove> line_moves(const replay::Line& line, bool chess960);

GameMove move_value(const replay::MoveNode& node, bool chess960) {
  GameMove m;
  m.san = utf8(node.san);
  if (!node.written.empty()) m.written = utf8(node.written);
  m.played = node.played;
  m.chess960 = chess960;
  if (node.played) m.move = node.move;
  m.nags = node.nags;
  auto comment = node.comments.begin();
  write::CommentCommands commands;
  if (comment != node.comments.end() && write::parse_command_comment(*comment, commands)) {
    m.clock_ms = commands.clock_ms;
    m.emt_ms = commands.emt_ms;
    if (commands.eval) (commands.eval->mate ? m.eval_mate : m.eval_cp) = commands.eval->value;
    ++comment;
  }
  for (; comment != node.comments.end(); ++comment) m.comments.push_back(folded(*comment));
  for (const replay::Line& v : node.variations) m.variations.push_back(line_moves(v, chess960));
  return m;
}

// A line's move objects; a line of comments only is one object without a move (as NDJSON).
std::vector<GameMove> line_moves(const replay::Line& line, bool chess960) {
  std::vector<GameMove> moves;
  moves.reserve(line.moves.size() + (line.moves.empty() ? 1 : 0));
  if (line.moves.empty() && !line.leading_comments.empty()) {
    moves.emplace_back().comments_before = folded_all(line.leading_comments);
    return moves;
  }
  for (const replay::MoveNode& node : line.moves) moves.push_back(move_value(node, chess960));
  if (!moves.empty()) moves.front().comments_before = folded_all(line.leading_comments);
  return moves;
}

std::string fen_of(const chess::Position& position) {
  std::string fen;
  chess::append_fen(fen, position, chess::EpWrite::WhenLegal);
  return fen;
}

GameValue game_value(const replay::GameRecord& record) {
  GameValue g;
  g.number = record.number;
  // Tags as NDJSON writes them: each name once, at its first place, with its last value.
  for (const replay::Tag& t : record.tags) {
    bool seen = false;
    for (auto& [name, value] : g.tags) {
      if (name == t.name) {
        value = utf8(t.value);
        seen = true;
      }
    }
    if (!seen) g.tags.emplace_back(utf8(t.name), utf8(t.value));
  }
  const bool chess960 = write::is_chess960(record);
  if (record.replayed && write::tag_value(record, "FEN")) g.start_fen = fen_of(record.start);
  g.moves = line_moves(record.main, chess960);
  g.result = write::result_text(record);
  if (record.replayed) g.final_fen = fen_of(record.final_position);
  g.status = replay::game_status_name(record.status);
  if (record.rules_result) g.rules_result = pgn::outcome_text(*record.rules_result);
  g.plies = record.plies;
  if (record.replayed && record.status != replay::GameStatus::Illegal && !record.cut)
    g.consistent = record.consistent;
  g.auto_draw_ply = record.auto_draw_ply;
  g.threefold_ply = record.threefold_ply;
  g.fifty_ply = record.fifty_ply;
  g.errors = record.errors;
  g.warnings = record.warnings;
  g.chess960 = chess960;
  g.problems = record.problems;
  for (replay::Problem& p : g.problems) {
    p.message = utf8(p.message);
    p.san = utf8(p.san);
  }
  return g;
}

// Each game's value into the chunk's records.
class GamesSink final : public replay::RecordSink {
 public:
  static constexpr bool kKeepsWritten = true, kKeepsNags = true;
  // base: what the game numbers of this read add up to (ChunkRead::game_base, 0 unknown).
  // drain (one reader over a whole input): where the games go every kDrainGames, so that
  // memory stays bounded and the caller gets them as they come.
  GamesSink(pipeline::ChunkResult& result, pipeline::Drain* drain, std::uint64_t base)
      : result_(result),
        records_(pipeline::records_of<GameRecords>(result)),
        drain_(drain),
        base_(base) {}
  void at(const pgn::GameInfo& info) { where_ = info.where; }
  void game(const replay::GameRecord& record) override {
    GameValue& g = records_.batch.emplace_back(game_value(record));
    g.number += base_;
    g.offset = where_.offset;
    g.line = where_.line;
    if (drain_ && records_.batch.size() >= kDrainGames) drain_->flush(result_);
  }

 private:
  static constexpr std::size_t kDrainGames = 256;
  pipeline::ChunkResult& result_;
  GameRecords& records_;
  pipeline::Drain* drain_;
  std::uint64_t base_;
  pgn::Location where_;
};

// The RecordBuilder, plus where each game starts, and comments and NAGs left out on request.
template <class Sink>
class GamesBuilder final : public replay::RecordBuilder {
 public:
  GamesBuilder(Sink& sink, const replay::ReplayOptions& options, bool comments)
      : RecordBuilder(sink, options), sink_(sink), comments_(comments) {
    set_keep_written(Sink::kKeepsWritten);
  }
  void begin_game(const pgn::GameInfo& info) {
    sink_.at(info);
    RecordBuilder::begin_game(info);
  }
  pgn::Control comment(std::string_view text, pgn::Location where) {
    return comments_ ? RecordBuilder::comment(text, where) : pgn::Control::Continue;
  }
  pgn::Control nag(std::uint32_t code, pgn::Location where) {
    return Sink::kKeepsNags ? RecordBuilder::nag(code, where) : pgn::Control::Continue;
  }

 private:
  Sink& sink_;
  bool comments_;
};

// One read: the whole input with one thread, or a chunk of it, into Sink's records.
template <class Sink>
class GamesJob final : public pipeline::Job {
 public:
  explicit GamesJob(const GamesOptions& options) : options_(options) {}
  void read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const override {
    replay::ReplayOptions replay_options;
    replay_options.laws = options_.laws;
    replay_options.variations = options_.variations;
    Sink sink(result, read.drain, read.game_base.value_or(0));
    GamesBuilder<Sink> builder(sink, replay_options, options_.comments);
    result.stats = pgn::read_pgn(read.source, builder, read.options);
  }
  bool cancelled() const override {
    return options_.cancel && options_.cancel->load(std::memory_order_relaxed);
  }

 private:
  const GamesOptions& options_;
};

// A chunk's move rows for the merging thread (mutable: moved out there, as GameRecords).
class MoveRows final : public pipeline::Records {
 public:
  mutable MovesColumns batch;

  void number(std::uint64_t game_base, std::string_view /*input*/) const {
    batch.renumber(game_base);
  }
  bool empty() const override { return batch.rows() == 0; }
  void clear() override { batch.clear(); }
  std::size_t capacity_bytes() const override { return batch.capacity_bytes(); }
};

// Each game's played moves into the chunk's rows.
class MovesSink final : public replay::RecordSink {
 public:
  static constexpr bool kKeepsWritten = false, kKeepsNags = false;
  MovesSink(pipeline::ChunkResult& result, pipeline::Drain* drain, std::uint64_t base)
      : result_(result),
        records_(pipeline::records_of<MoveRows>(result)),
        drain_(drain),
        base_(base) {}
  void at(const pgn::GameInfo&) {}
  void game(const replay::GameRecord& record) override {
    // The rows went to the caller with the last drain: room for the next drain's at once.
    if (drain_ && records_.batch.game.capacity() == 0) records_.batch.reserve(kDrainRows + 1024);
    records_.batch.add(record, base_ + record.number);
    if (drain_ && records_.batch.rows() >= kDrainRows) drain_->flush(result_);
  }

 private:
  static constexpr std::size_t kDrainRows = std::size_t{1} << 15;
  pipeline::ChunkResult& result_;
  MoveRows& records_;
  pipeline::Drain* drain_;
  std::uint64_t base_;
};

// Hands each chunk's batch (Rows::batch) to the caller, in order, with its game numbers made
// whole (Rows::number); the caller may move the batch away.
template <class Rows>
class BatchHook final : public pipeline::MergeHook {
 public:
  using Batch = decltype(Rows::batch);
  using Handler = std::function<void(std::string_view, Batch&)>;
  explicit BatchHook(const Handler& on_batch) : on_batch_(on_batch) {}
  std::string_view out(std::string_view bytes) override { return bytes; }
  void err(std::string_view) override {}
  void input_begin(std::string_view name) override { input_ = name; }
  void records(const pipeline::Records& records, std::uint64_t game_base) override {
    const Rows& rows = static_cast<const Rows&>(records);
    rows.number(game_base, input_);
    on_batch_(input_, rows.batch);
    rows.batch.clear();
  }

 private:
  const Handler& on_batch_;
  std::string input_;
};

// run_games and run_moves: the job of Sink over the inputs, its batches through BatchHook.
template <class Sink, class Rows>
GamesSummary run_batches(const GamesOptions& options, Console& console,
                         const typename BatchHook<Rows>::Handler& on_batch) {
  GamesJob<Sink> job(options);
  BatchHook<Rows> hook(on_batch);
  const pipeline::RunStats stats =
      run_inputs(options.inputs, job, console, console, options.run, options.shard, &hook);
  GamesSummary summary;
  summary.games = stats.games;
  summary.io_failed = stats.io_failed;
  summary.cancelled = job.cancelled();
  return summary;
}

}  // namespace

GamesSummary run_games(const GamesOptions& options, Console& console,
                       const GameBatchHandler& on_batch) {
  return run_batches<GamesSink, GameRecords>(options, console, on_batch);
}

GamesSummary run_moves(const GamesOptions& options, Console& console,
                       const std::function<void(std::string_view, MovesColumns&)>& on_batch) {
  return run_batches<MovesSink, MoveRows>(options, console, on_batch);
}

std::string GameMove::uci() const {
  std::string text;
  if (played) write::append_uci(text, move, chess960);
  return text;
}

std::uint16_t uci_token(std::string_view uci) {
  if (uci.size() < 4) return 0;
  const auto square = [&](std::size_t at) {
    return static_cast<unsigned>(uci[at] - 'a') + 8 * static_cast<unsigned>(uci[at + 1] - '1');
  };
  unsigned promotion = 0;
  if (uci.size() == 5) {
    switch (uci[4]) {
      case 'n': promotion = 1; break;
      case 'b': promotion = 2; break;
      case 'r': promotion = 3; break;
      case 'q': promotion = 4; break;
      default: break;
    }
  }
  return static_cast<std::uint16_t>(square(0) | square(2) << 6 | promotion << 12);
}

}  // namespace pgnkit::commands
