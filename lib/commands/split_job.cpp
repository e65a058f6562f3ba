#include "commands/split_job.h"

#include "pgn/reader.h"
#include "pgn/tag.h"

namespace pgnkit::commands {
namespace {

// A drained read (one thread, a continuation) hands its records on past this many bytes.
constexpr std::size_t kDrainBytes = std::size_t{1} << 16;

// Each game's record into the read's result. The movetext is only scanned: the bytes are all
// split needs.
class FrameVisitor : public pgn::Visitor {
 public:
  // base: what the game numbers of this read add up to (ChunkRead::game_base, 0 unknown).
  FrameVisitor(std::string_view tag, pipeline::ChunkResult& result, pipeline::Drain* drain,
               std::uint64_t base)
      : tag_(tag),
        result_(result),
        records_(pipeline::records_of<SplitRecords>(result)),
        drain_(drain),
        base_(base) {}

  void attach_buffer(const pgn::BufferedBytes* w) { raw_.attach_buffer(w); }
  void before_buffer_moves() { raw_.before_buffer_moves(); }
  void begin_game(const pgn::GameInfo& info) {
    raw_.begin_game(info);
    frame_.number = base_ + info.number;
    frame_.line = info.where.line;
    frame_.column = info.where.column;
    frame_.has_value = false;
  }
  void tag(std::string_view name, std::string_view value_raw, pgn::Location) {
    if (tag_.empty() || name != tag_ || frame_.has_value) return;  // the first one counts
    pgn::unescape_tag(value_raw, value_);
    frame_.has_value = true;
  }
  pgn::Control begin_movetext() { return pgn::Control::StopGame; }
  void end_game(const pgn::EndInfo& info) {
    raw_.end_game(info);
    frame_.status = raw_.status();
    frame_.size = raw_.size();
    frame_.value = frame_.has_value ? std::string_view(value_) : std::string_view();
    frame_.bytes = raw_.bytes();
    records_.add(frame_);
    if (drain_ != nullptr && records_.text_bytes() >= kDrainBytes) drain_->flush(result_);
  }

 private:
  std::string_view tag_;
  pipeline::ChunkResult& result_;
  SplitRecords& records_;
  pipeline::Drain* drain_;
  const std::uint64_t base_;
  pgn::GameBytes raw_;
  SplitFrame frame_;
  std::string value_;  // reused from game to game
};

}  // namespace

void SplitRecords::add(const SplitFrame& f) {
  const bool kept = f.status == pgn::GameBytes::Status::Kept;  // else only its numbers
  const std::string_view value = kept ? f.value : std::string_view();
  const std::string_view bytes = kept ? f.bytes : std::string_view();
  games_.push_back(Game{f.number, f.size, f.line, f.column,
                        static_cast<std::uint32_t>(value.size()),
                        static_cast<std::uint32_t>(bytes.size()), f.status, kept && f.has_value});
  text_.append(value);
  text_.append(bytes);
}

void SplitJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  FrameVisitor visitor(tag_, result, read.drain, read.game_base.value_or(0));
  result.stats = pgn::read_pgn(read.source, visitor, read.options);
}

}  // namespace pgnkit::commands
