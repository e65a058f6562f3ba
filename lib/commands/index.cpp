#include "commands/index.h"

#include <sys/stat.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <utility>

#include "io/archive_reader.h"
#include "io/source.h"
#include "io/zstd_frame_list.h"
#include "ndjson/line_starts.h"
#include "pgn/reader.h"
#include "write/json.h"

namespace pgnkit::commands {
namespace {

struct Shard {
  std::uint64_t start = 0, first_game = 1, games = 0;
  std::uint32_t first_line = 1;
};

// Finds where shards may start: a shard may start only where a reader of the whole input is
// between games and a game's first tag token begins a line (the reader's stop hook is asked
// exactly there), so that a fresh reader started there reads what this one reads. For each
// of a list of points (ascending) it records the first such game start at or after it. The
// points are the wished-for shard starts, or the frame starts of a zstd file that are found
// as it is decoded (ZstdFrameReader, one pass): a frame is listed before its bytes are read.
class Planner : public pgn::Visitor, public ndjson::LineStartVisitor {
 public:
  // Points given up front.
  explicit Planner(std::vector<std::uint64_t> points) : fixed_(std::move(points)) {}
  // Points: the content starts of frames[1..] as the list grows.
  explicit Planner(const std::vector<io::ZstdFrame>* frames) : frames_(frames) {}

  static bool at_game_start(void* self, std::uint64_t offset) {
    static_cast<Planner*>(self)->candidate_ = offset;
    return false;
  }

  void begin_game(const pgn::GameInfo& g) {
    ++games_;
    if (g.where.offset != candidate_ || g.where.column != 1) return;
    may_start(g.where.offset, g.number, g.where.line);
  }
  // NDJSON: every line start may start a shard.
  void line_start(const ndjson::LineStart& s) override { may_start(s.offset, s.game, s.line); }
  void set_games(std::uint64_t games) { games_ = games; }

  // The shards for `targets` (ascending points, each one of this planner's): each starts
  // at the first game start at or after its target; targets that fall on the same game, or
  // past the last one, make no shard of their own.
  std::vector<Shard> shards(const std::vector<std::uint64_t>& targets) const {
    std::vector<Shard> out{Shard{}};
    std::size_t k = 0;
    for (const std::uint64_t t : targets) {
      while (k < point_count() && point(k) < t) ++k;
      if (k == firsts_.size()) break;
      if (firsts_[k].start > out.back().start) out.push_back(firsts_[k]);
    }
    for (std::size_t i = 0; i < out.size(); ++i)
      out[i].games = (i + 1 < out.size() ? out[i + 1].first_game : games_ + 1) - out[i].first_game;
    return out;
  }

 private:
  void may_start(std::uint64_t offset, std::uint64_t game, std::uint32_t line) {
    while (firsts_.size() < point_count() && point(firsts_.size()) <= offset)
      firsts_.push_back(Shard{offset, game, 0, line});
  }
  std::size_t point_count() const {
    return frames_ != nullptr ? (frames_->empty() ? 0 : frames_->size() - 1) : fixed_.size();
  }
  std::uint64_t point(std::size_t i) const {
    return frames_ != nullptr ? (*frames_)[i + 1].decompressed_offset : fixed_[i];
  }

  std::vector<std::uint64_t> fixed_;
  const std::vector<io::ZstdFrame>* frames_ = nullptr;
  std::vector<Shard> firsts_;  // the first game start at or after point i
  std::uint64_t games_ = 0;
  std::uint64_t candidate_ = std::numeric_limits<std::uint64_t>::max();
};

std::uint64_t shard_count(const IndexOptions& args, std::uint64_t size) {
  if (args.shards > 0) return args.shards;
  return args.shard_size > 0 ? (size + args.shard_size - 1) / args.shard_size : 1;
}

// Where shards 1..N-1 of a plain file of `size` bytes should start.
std::vector<std::uint64_t> plain_targets(std::uint64_t size, const IndexOptions& args) {
  std::vector<std::uint64_t> targets;
  const std::uint64_t n = shard_count(args, size);
  for (std::uint64_t k = 1; k < n; ++k) targets.push_back(size / n * k);
  return targets;
}

// Where shards 1..N-1 of a zstd file of these frames should start: each share of the bytes
// at the frame start nearest to it (after the last one), as a zstd file can be entered only
// at a frame start.
std::vector<std::uint64_t> frame_targets(const std::vector<io::ZstdFrame>& frames,
                                         const IndexOptions& args) {
  std::vector<std::uint64_t> targets;
  if (frames.size() < 2) return targets;
  const std::uint64_t size = frames.back().decompressed_offset + frames.back().decompressed_size;
  const std::uint64_t n = shard_count(args, size);
  std::size_t f = 1;
  for (std::uint64_t k = 1; k < n; ++k) {
    const std::uint64_t target = size / n * k;
    while (f < frames.size() && frames[f].decompressed_offset < target) ++f;
    std::size_t pick = f;
    if (pick == frames.size() || (pick > 1 && target - frames[pick - 1].decompressed_offset <=
                                                  frames[pick].decompressed_offset - target))
      --pick;
    const std::uint64_t start = frames[pick].decompressed_offset;
    if (start > 0 && (targets.empty() || targets.back() < start)) targets.push_back(start);
  }
  return targets;
}

bool regular_file(const std::string& path, std::uint64_t* size) {
  struct stat st {};
  if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  *size = static_cast<std::uint64_t>(st.st_size);
  return true;
}

// The plan of `shards` over `bytes` decompressed bytes; in a zstd file of many frames each
// shard also names the frame that holds its start (for --zstd-frame: a worker then decodes
// nothing before it).
void fill_plan(IndexPlan& plan, const std::vector<Shard>& shards, std::uint64_t bytes,
               const std::vector<io::ZstdFrame>* frames) {
  plan.framed = frames != nullptr && frames->size() > 1;
  plan.shards.clear();
  for (std::size_t i = 0; i < shards.size(); ++i) {
    IndexShard shard;
    shard.start = shards[i].start;
    shard.end = i + 1 < shards.size() ? shards[i + 1].start : bytes;
    shard.first_game = shards[i].first_game;
    shard.first_line = shards[i].first_line;
    shard.games = shards[i].games;
    if (plan.framed) {
      // The last frame whose content starts at or before the shard's start.
      const auto after = std::upper_bound(
          frames->begin(), frames->end(), shard.start,
          [](std::uint64_t at, const io::ZstdFrame& f) { return at < f.decompressed_offset; });
      const io::ZstdFrame f = after == frames->begin() ? io::ZstdFrame{} : *(after - 1);
      shard.frame_offset = f.compressed_offset;
      shard.frame_start = f.decompressed_offset;
    }
    plan.shards.push_back(shard);
  }
}

// Reads the whole input into the planner; the decompressed bytes read.
std::uint64_t plan_read(io::Source& source, Planner& planner, const IndexOptions& args) {
  if (args.from == "ndjson") {
    const ndjson::LineScanStats stats = ndjson::scan_line_starts(source, planner);
    planner.set_games(stats.games);
    return stats.bytes;
  }
  pgn::ReaderOptions options;
  options.stop_before_game = &Planner::at_game_start;
  options.stop_ctx = &planner;
  return pgn::read_pgn(source, planner, options).bytes;
}

// A zstd file of many frames that do not record their size (pzstd's): decoded once, frame
// by frame, finding the frame starts and the game starts in the same pass. nullopt when the
// decoding fails: the caller then reads the file the ordinary way, for its messages.
bool index_unsized_frames(IndexPlan& plan, const std::string& path, const IndexOptions& args) {
  auto reader = io::ZstdFrameReader::open(path);
  if (!reader) return false;
  io::Source source =
      io::Source::from_pull(path, [&](char* dst, std::size_t cap, std::optional<io::IoError>&) {
        return reader->read(dst, cap);
      });
  Planner planner(&reader->frames());
  const std::uint64_t bytes = plan_read(source, planner, args);
  if (reader->failed()) return false;
  const std::vector<io::ZstdFrame>& frames = reader->frames();
  fill_plan(plan, planner.shards(frame_targets(frames, args)), bytes, &frames);
  return true;
}

}  // namespace

IndexPlan plan_index(const std::string& path, const IndexOptions& options) {
  IndexPlan plan;
  plan.file = path;
  std::uint64_t size = 0;
  const bool regular = regular_file(path, &size);
  io::IoError error;
  auto source = io::Source::open(
      path, &error, {.decode_ahead = options.decode_ahead, .map_files = options.map_files});
  if (!source) {
    plan.open_error = error;
    return plan;
  }
  if (const auto archive = io::detect_archive(source->peek(io::kArchiveMagicBytes))) {
    plan.open_error =
        io::IoError{io::IoErrorCode::ArchiveNotOneStream, 0, 0,
                    *archive == io::ArchiveFormat::Zip ? "a zip archive" : "a tar archive"};
    return plan;
  }
  const bool zstd = source->compression() == io::Compression::Zstd;
  // gzip, bzip2 and xz have no place to start decoding but their beginning (a multi-member
  // gzip's members are not indexed): one shard, which is right, if not parallel.
  const bool one_stream = source->compression() != io::Compression::None && !zstd;

  if (regular && zstd && io::zstd_frames_unsized(path) &&
      index_unsized_frames(plan, path, options)) {
    return plan;
  }
  // A plain file is entered anywhere, a zstd file at a frame start (one of one frame, or a
  // pipe, is one shard).
  std::optional<io::ZstdFrameList> list;
  if (regular && zstd) list = io::list_zstd_frames(path);
  std::vector<std::uint64_t> targets;
  if (regular && !zstd && !one_stream) targets = plain_targets(size, options);
  if (list) targets = frame_targets(list->frames, options);
  Planner planner(targets);
  const std::uint64_t bytes = plan_read(*source, planner, options);
  if (one_stream && (options.shards > 1 || (options.shards == 0 && bytes > options.shard_size))) {
    plan.one_shard_why =
        "cannot be entered mid-stream: one shard (recompress it with zstd to "
        "shard it)";
  }
  // After a read error the plan covers the bytes read: its last shard, run, reads up to the
  // error and reports it exactly as a run over the whole input does.
  fill_plan(plan, planner.shards(targets), bytes, list ? &list->frames : nullptr);
  if (source->error()) {
    plan.read_error = *source->error();
    plan.read_name = source->name();
  }
  return plan;
}

std::string index_plan_ndjson(const IndexPlan& plan) {
  std::string out;
  for (std::size_t i = 0; i < plan.shards.size(); ++i) {
    const IndexShard& shard = plan.shards[i];
    out += "{\"file\":";
    write::append_json_string(out, plan.file);
    out += ",\"shard\":" + std::to_string(i);
    if (plan.framed) {
      out += ",\"frame_offset\":" + std::to_string(shard.frame_offset);
      out += ",\"frame_start\":" + std::to_string(shard.frame_start);
    }
    out += ",\"start\":" + std::to_string(shard.start);
    out += ",\"end\":" + std::to_string(shard.end);
    out += ",\"first_game\":" + std::to_string(shard.first_game);
    out += ",\"first_line\":" + std::to_string(shard.first_line);
    out += ",\"games\":" + std::to_string(shard.games);
    out += "}\n";
  }
  return out;
}

}  // namespace pgnkit::commands
