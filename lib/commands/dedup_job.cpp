#include "commands/dedup_job.h"

#include "pgn/reader.h"
#include "replay/record_builder.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kDrainBytes = std::size_t{1} << 16;

using KeyedReplayer = dedup::Keyed<replay::ReadThroughReplayer>;

// Each game's record into the read's result, from the replayer's report and the visitor's keys.
class FrameVisitor : private replay::ReplaySink, public KeyedReplayer {
 public:
  // base: what the game numbers of this read add up to (ChunkRead::game_base, 0 unknown).
  FrameVisitor(const dedup::KeyOptions& key_options, const replay::ReplayOptions& replay_options,
               bool learning, pipeline::ChunkResult& result, pipeline::Drain* drain,
               std::uint64_t base)
      : KeyedReplayer(key_options, static_cast<replay::ReplaySink&>(*this), replay_options),
        prefixes_(key_options.prefixes),
        learning_(learning),
        result_(result),
        records_(pipeline::records_of<DedupRecords>(result)),
        drain_(drain),
        base_(base) {}

  void attach_buffer(const pgn::BufferedBytes* w) { raw_.attach_buffer(w); }
  void before_buffer_moves() { raw_.before_buffer_moves(); }
  void begin_game(const pgn::GameInfo& info) {
    raw_.begin_game(info);
    if (learning_) raw_.drop();  // the first pass of --keep longest writes nothing
    where_ = info;
    KeyedReplayer::begin_game(info);
  }
  void end_game(const pgn::EndInfo& info) {
    raw_.end_game(info);
    KeyedReplayer::end_game(info);  // game_end: the kind
    frame_.number = base_ + where_.number;
    frame_.offset = where_.where.offset;
    frame_.plies = plies();
    key_ = key();
    frame_.keys = prefixes_ ? std::span<const dedup::GameKey>(prefix_keys())
                            : std::span<const dedup::GameKey>(&key_, 1);
    frame_.bytes_status = raw_.status();
    frame_.bytes = raw_.status() == pgn::GameBytes::Status::Kept ? raw_.bytes() : "";
    records_.add(frame_);
    if (drain_ && records_.data_bytes() >= kDrainBytes) drain_->flush(result_);
  }

 private:
  void problem(const replay::Problem&) override {}
  // A move after the game ended (by mate, say) leaves the status at the ending: counted apart.
  void game_end(const replay::GameReport& r) override {
    using Kind = DedupFrame::Kind;
    frame_.kind = r.unsupported_variant ? Kind::Unsupported
                  : r.status == replay::GameStatus::Illegal || r.cut || r.move_errors > 0
                      ? Kind::MoveErrors
                  : r.plies == 0 ? Kind::NoMoves
                                 : Kind::Compared;
  }

  const bool prefixes_;
  const bool learning_;
  pipeline::ChunkResult& result_;
  DedupRecords& records_;
  pipeline::Drain* drain_;
  const std::uint64_t base_;
  pgn::GameBytes raw_;
  pgn::GameInfo where_;
  DedupFrame frame_;
  dedup::GameKey key_;
};

}  // namespace

void DedupRecords::add(const DedupFrame& f) {
  games_.push_back(Game{f.number, f.offset, f.plies, static_cast<std::uint32_t>(f.keys.size()),
                        static_cast<std::uint32_t>(f.bytes.size()), f.kind, f.bytes_status});
  keys_.insert(keys_.end(), f.keys.begin(), f.keys.end());
  text_.append(f.bytes);
}

void DedupJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  replay::ReplayOptions replay_options;
  replay_options.variations = false;
  replay_options.tag_checks = false;
  replay_options.want_last_move = true;
  FrameVisitor visitor(key_options_, replay_options, learning_, result, read.drain,
                       read.game_base.value_or(0));
  result.stats = pgn::read_pgn(read.source, visitor, read.options);
}

}  // namespace pgnkit::commands
