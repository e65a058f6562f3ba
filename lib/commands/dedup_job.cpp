#include "commands/dedup_job.h"

#include <cstring>

#include "commands/frame_bytes.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kDrainBytes = std::size_t{1} << 16;

using KeyedReplayer = dedup::Keyed<replay::ReadThroughReplayer>;

// Each game's frame into the read's result, from the replayer's report and the visitor's keys.
class FrameVisitor : private replay::ReplaySink, public KeyedReplayer {
 public:
  FrameVisitor(const dedup::KeyOptions& key_options, const replay::ReplayOptions& replay_options,
               bool learning, pipeline::ChunkResult& result, pipeline::Drain* drain)
      : KeyedReplayer(key_options, static_cast<replay::ReplaySink&>(*this), replay_options),
        prefixes_(key_options.prefixes),
        learning_(learning),
        result_(result),
        drain_(drain) {}

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
    frame_.number = where_.number;
    frame_.offset = where_.where.offset;
    frame_.plies = plies();
    key_ = key();
    frame_.keys = prefixes_ ? std::span<const dedup::GameKey>(prefix_keys())
                            : std::span<const dedup::GameKey>(&key_, 1);
    frame_.bytes_status = raw_.status();
    frame_.bytes = raw_.status() == pgn::GameBytes::Status::Kept ? raw_.bytes() : "";
    append_dedup_frame(result_.out, frame_);
    if (drain_ && result_.out.size() >= kDrainBytes) drain_->flush(result_);
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
  pipeline::Drain* drain_;
  pgn::GameBytes raw_;
  pgn::GameInfo where_;
  DedupFrame frame_;
  dedup::GameKey key_;
};

}  // namespace

void append_dedup_frame(pipeline::Output& out, const DedupFrame& f) {
  out.game_number(f.number, 1);  // the digits, then one space
  std::string& t = out.text();
  put_bytes(t, f.kind);
  put_bytes(t, f.bytes_status);
  put_bytes(t, f.offset);
  put_bytes(t, f.plies);
  put_bytes(t, static_cast<std::uint64_t>(f.keys.size()));
  t.append(reinterpret_cast<const char*>(f.keys.data()), f.keys.size() * sizeof(dedup::GameKey));
  put_sized(t, f.bytes);
}

bool take_dedup_frame(std::string_view& in, DedupFrame& f, std::vector<dedup::GameKey>& keys) {
  if (!take_game_number(in, f.number)) return false;
  std::uint64_t n = 0;
  if (!take_bytes(in, f.kind) || !take_bytes(in, f.bytes_status) || !take_bytes(in, f.offset) ||
      !take_bytes(in, f.plies) || !take_bytes(in, n) || in.size() / sizeof(dedup::GameKey) < n)
    return false;
  keys.resize(n);
  std::memcpy(keys.data(), in.data(), n * sizeof(dedup::GameKey));
  in.remove_prefix(n * sizeof(dedup::GameKey));
  f.keys = keys;
  return take_sized(in, f.bytes);
}

void DedupJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  replay::ReplayOptions replay_options;
  replay_options.variations = false;
  replay_options.tag_checks = false;
  replay_options.want_last_move = true;
  FrameVisitor visitor(key_options_, replay_options, learning_, result, read.drain);
  result.stats = pgn::read_pgn(read.source, visitor, read.options);
}

}  // namespace pgnkit::commands
