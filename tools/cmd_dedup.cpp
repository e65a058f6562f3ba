// pgnkit dedup: drop repeated games, keep the first of each (docs/dedup.md). The decisions are
// lib/dedup's; this file reads the inputs, writes the kept games' raw bytes and the report.
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "commands.h"
#include "dedup/decider.h"
#include "dedup/keyed.h"
#include "dedup/seen_set.h"
#include "input.h"
#include "io/sink.h"
#include "pgn/game_bytes.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"
#include "selected_output.h"
#include "write/json.h"

namespace pgnkit::tools {
namespace {

struct DedupArgs {
  std::vector<std::string> files;
  std::string output = "-";
  std::string report;
  std::string same_tags_list;  // "White,Black,Date"
  std::vector<std::string> same_tags;
  bool prefix = false;
  std::string keep = "first";
  std::string max_memory;
};

// "512M", "24G", "1000000": bytes (K, M, G, T are powers of 1024); nullopt when malformed.
std::optional<std::size_t> parse_size(const std::string& s) {
  std::size_t end = 0;
  unsigned long long n = 0;
  try {
    n = std::stoull(s, &end);
  } catch (...) {
    return std::nullopt;
  }
  const std::string unit = s.substr(end);
  int shift = 0;
  if (unit == "K" || unit == "KiB")
    shift = 10;
  else if (unit == "M" || unit == "MiB")
    shift = 20;
  else if (unit == "G" || unit == "GiB")
    shift = 30;
  else if (unit == "T" || unit == "TiB")
    shift = 40;
  else if (!unit.empty())
    return std::nullopt;
  return static_cast<std::size_t>(n) << shift;
}

struct Counts {
  std::uint64_t games = 0, written = 0, dropped = 0, no_moves = 0, move_errors = 0, unsupported = 0,
                too_long = 0;
};

class Deduper;
using KeyedReplayer = dedup::Keyed<replay::ReadThroughReplayer>;

// The pass over the inputs: decides each game (Deduper::decide) in ReplaySink::game_end, and
// writes it, if kept, in end_game from its raw bytes.
class DedupVisitor : public KeyedReplayer {
 public:
  DedupVisitor(Deduper& deduper, replay::ReplaySink& sink, dedup::KeyOptions key_options,
               replay::ReplayOptions replay_options)
      : KeyedReplayer(std::move(key_options), sink, replay_options), deduper_(deduper) {}

  void attach_buffer(const pgn::BufferedBytes* w) { raw_.attach_buffer(w); }
  void before_buffer_moves() { raw_.before_buffer_moves(); }
  void begin_game(const pgn::GameInfo& info);
  void end_game(const pgn::EndInfo& info);

  const pgn::GameInfo& where() const { return where_; }

 private:
  Deduper& deduper_;
  pgn::GameBytes raw_;
  pgn::GameInfo where_;
};

class Deduper : public replay::ReplaySink {
 public:
  Deduper(const DedupArgs& args, io::OutputSink* out, std::FILE* report, std::size_t limit)
      : args_(args),
        out_(out),
        report_(report),
        decider_(!args.prefix             ? dedup::Mode::Exact
                 : args.keep == "longest" ? dedup::Mode::PrefixLongest
                                          : dedup::Mode::PrefixFirst,
                 limit) {}

  void set_input(std::uint16_t index, std::string name, const DedupVisitor* visitor) {
    file_ = index;
    visitor_ = visitor;
    if (names_.size() <= index) names_.resize(index + 1);
    names_[index] = std::move(name);
  }
  // --keep longest: the first pass only learns; the second decides and writes.
  void set_learning(bool on) {
    learning_ = on;
    if (!on) counts_ = {};  // the second pass counts again
  }

  // A move after the game ended (by mate, say) leaves the status at the ending: looked for here.
  void problem(const replay::Problem& p) override {
    move_error_ |= p.code == replay::ProblemCode::IllegalMove ||
                   p.code == replay::ProblemCode::MoveAfterGameEnd;
  }
  void game_end(const replay::GameReport& r) override {
    if (failed_) return;
    ++counts_.games;
    // Not compared, kept: no moves, a move error, an unsupported variant.
    bool apart = true;
    if (r.unsupported_variant) {
      ++counts_.unsupported;
    } else if (r.status == replay::GameStatus::Illegal || r.cut || move_error_) {
      ++counts_.move_errors;
    } else if (r.plies == 0) {
      ++counts_.no_moves;
    } else {
      apart = false;
    }
    move_error_ = false;
    if (apart) {
      decision_ = {dedup::Verdict::Kept, {}};
    } else {
      decide();
    }
  }

  // Called by the visitor after game_end with the game's bytes.
  void finish_game(const pgn::GameBytes& raw) {
    if (failed_ || learning_) return;
    if (decision_.verdict != dedup::Verdict::Kept) {
      ++counts_.dropped;
      write_report();
      return;
    }
    if (raw.status() != pgn::GameBytes::Status::Kept) {
      std::fprintf(stderr, "pgnkit dedup: %s: game %llu: longer than %zu bytes, not written\n",
                   names_[file_].c_str(), static_cast<unsigned long long>(origin().number),
                   raw.limit());
      ++counts_.too_long;
      return;
    }
    // Games exactly as select writes them (selected_output.h): the raw bytes, then the line
    // break that ends them and one blank line.
    ++counts_.written;
    const std::string_view bytes = raw.bytes();
    out_->write(bytes);
    out_->write(selected_game_tail(bytes));
  }

  bool failed() const { return failed_; }
  bool learning() const { return learning_; }
  const Counts& counts() const { return counts_; }
  std::size_t table_bytes() const { return decider_.peak_bytes(); }

 private:
  dedup::Origin origin() const {
    const pgn::GameInfo& g = visitor_->where();
    return {g.where.offset, static_cast<std::uint32_t>(g.number), file_, visitor_->plies()};
  }

  bool decide() {
    const dedup::GameKey key = visitor_->key();
    const std::span<const dedup::GameKey> plies =
        args_.prefix ? std::span<const dedup::GameKey>(visitor_->prefix_keys())
                     : std::span<const dedup::GameKey>(&key, 1);
    if (learning_) {
      if (!decider_.learn(plies, origin())) out_of_memory();
      decision_ = {dedup::Verdict::Kept, {}};
      return !failed_;
    }
    decision_ = decider_.decide(plies, origin());
    if (decision_.verdict == dedup::Verdict::OutOfMemory) out_of_memory();
    return !failed_;
  }

  void out_of_memory() {
    failed_ = true;
    std::fprintf(stderr,
                 "pgnkit dedup: --max-memory %s exceeded: the tables of %zu distinct games "
                 "and %zu prefixes would need %zu bytes, at %s game %u; stopped\n",
                 args_.max_memory.c_str(), decider_.distinct(), decider_.prefixes(),
                 decider_.needed_bytes(), names_[file_].c_str(), origin().number);
  }

  void write_report() {
    if (!report_) return;
    const dedup::Origin me = origin();
    std::string line = "{\"file\":";
    write::append_json_string(line, names_[me.file]);
    line += ",\"input\":" + std::to_string(me.file) + ",\"game\":" + std::to_string(me.number) +
            ",\"offset\":" + std::to_string(me.offset) + ",\"plies\":" + std::to_string(me.plies) +
            ",\"reason\":\"";
    line += decision_.verdict == dedup::Verdict::Same           ? "same"
            : decision_.verdict == dedup::Verdict::KeptIsPrefix ? "kept_is_prefix"
                                                                : "is_prefix";
    line += "\",\"kept\":{\"file\":";
    write::append_json_string(line, names_[decision_.kept.file]);
    line += ",\"input\":" + std::to_string(decision_.kept.file) +
            ",\"game\":" + std::to_string(decision_.kept.number) +
            ",\"offset\":" + std::to_string(decision_.kept.offset) +
            ",\"plies\":" + std::to_string(decision_.kept.plies) + "}}\n";
    std::fwrite(line.data(), 1, line.size(), report_);
  }

  const DedupArgs& args_;
  io::OutputSink* out_;
  std::FILE* report_;
  std::uint16_t file_ = 0;
  std::vector<std::string> names_;
  const DedupVisitor* visitor_ = nullptr;
  dedup::Decider decider_;
  dedup::Decision decision_{dedup::Verdict::Kept, {}};
  Counts counts_;
  bool learning_ = false;
  bool failed_ = false;
  bool move_error_ = false;  // in the game being read
};

void DedupVisitor::begin_game(const pgn::GameInfo& info) {
  raw_.begin_game(info);
  if (deduper_.learning()) raw_.drop();  // the first pass of --keep longest writes nothing
  where_ = info;
  KeyedReplayer::begin_game(info);
}

void DedupVisitor::end_game(const pgn::EndInfo& info) {
  raw_.end_game(info);
  KeyedReplayer::end_game(info);  // Deduper::game_end decides
  deduper_.finish_game(raw_);
}

// One pass over every input; false when one could not be read (reported).
bool read_inputs(const DedupArgs& args, Deduper& deduper) {
  dedup::KeyOptions key_options;
  key_options.same_tags = args.same_tags;
  key_options.prefixes = args.prefix;
  replay::ReplayOptions replay_options;
  replay_options.variations = false;
  replay_options.tag_checks = false;
  replay_options.want_last_move = true;
  std::uint16_t index = 0;
  return !for_each_input(args.files, [&](io::Source& source) {
    DedupVisitor visitor(deduper, deduper, key_options, replay_options);
    deduper.set_input(index++, std::string(source.name()), &visitor);
    pgn::read_pgn(source, visitor);
    return !deduper.failed();
  });
}

std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> names;
  std::size_t from = 0;
  while (from <= list.size()) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    if (comma > from) names.push_back(list.substr(from, comma - from));
    from = comma + 1;
  }
  return names;
}

int run_dedup(DedupArgs& args) {
  args.same_tags = split_commas(args.same_tags_list);
  std::size_t limit = 0;
  if (!args.max_memory.empty()) {
    const auto parsed = parse_size(args.max_memory);
    if (!parsed || *parsed == 0) {
      std::fprintf(stderr, "pgnkit dedup: --max-memory '%s': expected a size such as 512M or 8G\n",
                   args.max_memory.c_str());
      return kExitUsage;
    }
    limit = *parsed;
  }
  if (args.files.size() > 65535) {
    std::fprintf(stderr, "pgnkit dedup: at most 65535 inputs\n");
    return kExitUsage;
  }
  const bool two_passes = args.prefix && args.keep == "longest";
  if (two_passes)
    for (const std::string& f : inputs_or_stdin(args.files))
      if (f == "-") {
        std::fprintf(
            stderr, "pgnkit dedup: --keep longest reads its inputs twice: give files, not stdin\n");
        return kExitUsage;
      }
  io::IoError err;
  auto out = io::OutputSink::open(args.output, &err);
  if (!out) {
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(err, args.output).c_str());
    return kExitUsage;
  }
  std::FILE* report = nullptr;
  if (!args.report.empty() && !(report = std::fopen(args.report.c_str(), "wb"))) {
    std::fprintf(stderr, "pgnkit dedup: %s: cannot create the report\n", args.report.c_str());
    return kExitUsage;
  }
  Deduper deduper(args, &*out, report, limit);
  bool failed = false;
  if (two_passes) {
    deduper.set_learning(true);
    failed |= !read_inputs(args, deduper);
    deduper.set_learning(false);
  }
  failed |= !read_inputs(args, deduper);
  const Deduper* run = &deduper;
  failed |= !out->finish();
  if (out->error()) {
    std::fprintf(stderr, "pgnkit: %s\n", io::describe(*out->error(), out->name()).c_str());
    failed = true;
  }
  if (report) {
    // A failed fwrite leaves only the error flag: fclose() alone may then succeed.
    const bool unwritten = std::fflush(report) != 0 || std::ferror(report) != 0;
    if (std::fclose(report) != 0 || unwritten) {
      std::fprintf(stderr, "pgnkit dedup: %s: write error\n", args.report.c_str());
      failed = true;
    }
  }
  const Counts& c = run->counts();
  const std::uint64_t games = c.games;
  const std::uint64_t apart = c.no_moves + c.move_errors + c.unsupported;
  std::fprintf(stderr,
               "%llu games: %llu written (%llu distinct, %llu not compared: %llu without moves, "
               "%llu with move errors, %llu unsupported variants), %llu duplicates dropped; "
               "table %zu MiB\n",
               static_cast<unsigned long long>(games), static_cast<unsigned long long>(c.written),
               static_cast<unsigned long long>(c.written - apart),
               static_cast<unsigned long long>(apart), static_cast<unsigned long long>(c.no_moves),
               static_cast<unsigned long long>(c.move_errors),
               static_cast<unsigned long long>(c.unsupported),
               static_cast<unsigned long long>(c.dropped), run->table_bytes() >> 20);
  if (failed || run->failed()) return kExitUsage;
  return c.move_errors || c.too_long ? kExitProblems : kExitOk;
}

}  // namespace

void register_dedup(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<DedupArgs>();
  CLI::App* cmd = app.add_subcommand(
      "dedup", "Drop repeated games: the same start position and main-line moves.");
  cmd->add_option("files", args->files,
                  "PGN files, plain or zstd-compressed, compared across in this order; '-' or "
                  "none for stdin");
  cmd->add_option("-o,--output", args->output,
                  "Output file ('-' = stdout); a name ending in .zst is compressed");
  cmd->add_option("--report", args->report,
                  "Write NDJSON, one line per dropped game: its file, game, offset and the kept "
                  "game's");
  cmd->add_option("--same-tags", args->same_tags_list,
                  "Also require equal values of these tags, e.g. White,Black,Date");
  cmd->add_flag("--prefix", args->prefix,
                "Also count a game whose moves are a prefix of another's as a duplicate");
  cmd->add_option("--keep", args->keep,
                  "With --prefix: which of the two survives: first (in input order) or longest")
      ->check(CLI::IsMember({"first", "longest"}));
  cmd->add_option("--max-memory", args->max_memory,
                  "Stop with an error (exit 2) before the tables pass SIZE (e.g. 512M, 8G)");
  cmd->footer(
      "Two games are the same when they start from the same position (its repetition key) and\n"
      "play the same main-line moves; variations, comments, NAGs, clocks and tags do not count.\n"
      "Games without moves, with move errors or of unsupported variants are never dropped.\n"
      "Kept games are written exactly as they were in the input, each followed by a blank line,\n"
      "  byte for byte as pgnkit select writes them.\n"
      "Examples:\n"
      "  pgnkit dedup merged.pgn -o unique.pgn\n"
      "  pgnkit dedup a.pgn b.pgn.zst --report dropped.ndjson -o unique.pgn.zst\n"
      "  pgnkit dedup --same-tags White,Black,Date --prefix --keep longest db.pgn -o clean.pgn\n"
      "Exit status: 0 done, 1 done but some games had move errors (kept), 2 usage, I/O error or\n"
      "--max-memory exceeded. See docs/dedup.md.");
  cmd->callback([args, &exit_code] { exit_code = run_dedup(*args); });
}

}  // namespace pgnkit::tools
