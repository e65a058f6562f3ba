#include "commands/split_job.h"

#include "commands/frame_bytes.h"
#include "pgn/reader.h"
#include "pgn/tag.h"

namespace pgnkit::commands {
namespace {

// A drained read (one thread, a continuation) hands its frames on past this many bytes.
constexpr std::size_t kDrainBytes = std::size_t{1} << 16;

enum class FrameKind : std::uint8_t { Kept, TooLong };

// Each game's frame into the read's result. The movetext is only scanned: the bytes are all
// split needs.
class FrameVisitor : public pgn::Visitor {
 public:
  FrameVisitor(std::string_view tag, pipeline::ChunkResult& result, pipeline::Drain* drain)
      : tag_(tag), result_(result), drain_(drain) {}

  void attach_buffer(const pgn::BufferedBytes* w) { raw_.attach_buffer(w); }
  void before_buffer_moves() { raw_.before_buffer_moves(); }
  void begin_game(const pgn::GameInfo& info) {
    raw_.begin_game(info);
    frame_.number = info.number;
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
    append_split_frame(result_.out, frame_);
    if (drain_ != nullptr && result_.out.size() >= kDrainBytes) drain_->flush(result_);
  }

 private:
  std::string_view tag_;
  pipeline::ChunkResult& result_;
  pipeline::Drain* drain_;
  pgn::GameBytes raw_;
  SplitFrame frame_;
  std::string value_;  // reused from game to game
};

}  // namespace

void append_split_frame(pipeline::Output& out, const SplitFrame& f) {
  std::string& t = out.text();
  if (f.status != pgn::GameBytes::Status::Kept) {
    put_bytes(t, FrameKind::TooLong);
    out.game_number(f.number, 1);  // the digits, then one space
    put_bytes(t, f.line);
    put_bytes(t, f.column);
    put_bytes(t, f.size);
    return;
  }
  put_bytes(t, FrameKind::Kept);
  put_bytes(t, static_cast<std::uint8_t>(f.has_value));
  put_sized(t, f.value);
  put_sized(t, f.bytes);
}

bool take_split_frame(std::string_view& in, SplitFrame& f) {
  std::string_view rest = in;
  FrameKind kind{};
  if (!take_bytes(rest, kind)) return false;
  if (kind == FrameKind::TooLong) {
    if (!take_game_number(rest, f.number) || !take_bytes(rest, f.line) ||
        !take_bytes(rest, f.column) || !take_bytes(rest, f.size))
      return false;
    f.status = pgn::GameBytes::Status::TooLong;
    f.has_value = false;
    f.value = f.bytes = {};
  } else {
    std::uint8_t has_value = 0;
    if (!take_bytes(rest, has_value) || !take_sized(rest, f.value) || !take_sized(rest, f.bytes))
      return false;
    f.status = pgn::GameBytes::Status::Kept;
    f.has_value = has_value != 0;
  }
  in = rest;
  return true;
}

void SplitJob::read(const pipeline::ChunkRead& read, pipeline::ChunkResult& result) const {
  FrameVisitor visitor(tag_, result, read.drain);
  result.stats = pgn::read_pgn(read.source, visitor, read.options);
}

}  // namespace pgnkit::commands
