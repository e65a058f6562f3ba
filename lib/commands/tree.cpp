// tree: the options checked, then one of: a query answered from a saved tree; a streaming
// query (TreeJob keeps only the asked position's plies); or the whole tree built (TreeJob's
// plies into a tree::PlyTable in input order) and saved or made into a Polyglot book.
#include "commands/tree.h"

#include <algorithm>
#include <optional>
#include <string>

#include "chess/movegen.h"
#include "commands/byte_size.h"
#include "commands/output_file.h"
#include "commands/run_inputs.h"
#include "commands/tree_job.h"
#include "commands/tree_merge.h"
#include "commands/tree_print.h"
#include "io/input_list.h"
#include "io/sink.h"
#include "tree/ply_table.h"
#include "tree/polyglot.h"
#include "tree/tree_file.h"

namespace pgnkit::commands {
namespace {

constexpr std::size_t kGameLinesFlush = std::size_t{1} << 16;

std::string input_name(const std::vector<std::string>& inputs, tree::GameRef ref) {
  const std::string& name = ref.input() < inputs.size() ? inputs[ref.input()] : "?";
  return name == "-" ? std::string("<stdin>") : name;
}

std::string ref_text(const std::vector<std::string>& inputs, tree::GameRef ref) {
  return input_name(inputs, ref) + ':' + std::to_string(ref.number());
}

bool legal_in(const chess::Position& p, chess::Move m) {
  chess::MoveList moves;
  chess::generate_legal(p, moves);
  return moves.contains(m);
}

// The checks that need no input read; a message and false when one fails.
bool options_usable(const TreeOptions& o, Console& console) {
  const auto usage = [&console](const std::string& line) {
    console.command_message("tree", line);
    return false;
  };
  const bool book = o.format == TreeFormat::Polyglot;
  if (!o.open.empty() && !o.inputs.empty())
    return usage("--open answers from the saved tree: give no input files with it");
  if (!o.open.empty() && !o.save.empty()) return usage("--open and --save: choose one");
  if (book && o.output == "-")
    return usage("--format polyglot writes a binary book: give it a file with -o");
  if (book && (!o.save.empty() || !o.open.empty()))
    return usage("--format polyglot makes a book from the games: not with --save or --open");
  if (o.games && (book || !o.save.empty()))
    return usage("--games lists the games through a position: not with --save or a book");
  if (o.min_score < 0 || o.min_score > 100) return usage("--min-score: a percentage, 0 to 100");
  return true;
}

}  // namespace

TreeSummary run_tree(const TreeOptions& options, Console& console,
                     const std::function<bool()>& output_failed) {
  TreeSummary summary;
  summary.exit_status = kExitUsage;
  if (!options_usable(options, console)) return summary;
  const auto usage = [&console](const std::string& line) { console.command_message("tree", line); };
  const bool book = options.format == TreeFormat::Polyglot;
  const bool build = book || !options.save.empty();
  const auto memory = parse_byte_size(options.memory);
  if (!memory || *memory < (std::uint64_t{1} << 16)) {
    usage("--memory '" + options.memory + "': expected a size of 64K or more, such as 512M");
    return summary;
  }
  std::string error;
  const std::optional<chess::Position> position = query_position(options.fen, options.moves, error);
  if (!position) {
    usage(error);
    return summary;
  }
  TreeJobOptions job;
  if (const auto bad = parse_filters(options.filters, job.select)) {
    usage(*bad);
    return summary;
  }
  job.select.keep_bytes = false;
  job.filtered = !job.select.tags.empty() || !job.select.play.empty() || job.select.invert;
  job.max_ply = options.max_ply;
  if (options.white_moves) job.only_mover = *options.white_moves ? 0 : 1;
  // A book counts every visit under Polyglot's keys, as polyglot make-book does.
  job.key_kind = book ? tree::KeyKind::Polyglot : tree::KeyKind::Repetition;
  job.first_visit = !book;
  job.unknown_result_is_draw = book;
  job.query = !build;
  job.keep_tags = !build || !options.save.empty();
  job.query_key = position->key();

  OutputFile out(console);
  if (!build && !out.open(options.output, options.inputs)) return summary;

  TreeAnswer answer;
  answer.position = *position;
  if (!options.open.empty()) {  // a saved tree
    const auto file = tree::TreeFile::open(options.open, error);
    if (!file) {
      console.message(error);
      return summary;
    }
    for (const tree::TreeEntry& e : file->position(position->key())) {
      answer.games += e.stats.games;
      const auto move = std::bit_cast<chess::Move>(e.move);
      if (e.move == tree::kEndedHere) {
        answer.ended += e.stats.games;
      } else if (legal_in(*position, move)) {  // else another position under the same key
        answer.rows.push_back(TreeRow{move, e.stats, ref_text(file->info().inputs, e.stats.example),
                                      std::string(file->game_tags(e.stats.example))});
      }
    }
    summary.ran = true;
    summary.games = summary.counted = file->info().games;
    summary.position_games = answer.games;
    order_rows(answer, options.min_games);
    if (options.games) {
      std::string lines;
      for (const tree::Posting& p : file->games(position->key())) {
        const TreeQueryGame g{p.ref, p.move, static_cast<TreeResult>(std::min<int>(p.result, 2)),
                              file->game_tags(p.ref)};
        append_game_line(lines, options.format == TreeFormat::Ndjson,
                         input_name(file->info().inputs, p.ref), g, *position);
        if (lines.size() >= kGameLinesFlush) {
          out.out(lines);
          lines.clear();
        }
      }
      out.out(lines);
    } else {
      out.out(options.format == TreeFormat::Ndjson ? answer_ndjson(answer) : answer_text(answer));
    }
  } else {
    tree::PlyTable table(tree::TableOptions{static_cast<std::size_t>(*memory), options.temp_dir});
    std::string lines;
    const bool ndjson = options.format == TreeFormat::Ndjson;
    std::function<void(const TreeQueryGame&)> on_game;
    TreeMerge* merge_ptr = nullptr;
    if (options.games) {
      on_game = [&](const TreeQueryGame& g) {
        append_game_line(lines, ndjson, input_name(merge_ptr->inputs(), g.ref), g, *position);
        if (lines.size() >= kGameLinesFlush) {
          out.out(lines);
          lines.clear();
        }
      };
    }
    // The saved tree is created first: a file that cannot be made stops the run before it
    // reads anything.
    std::optional<tree::TreeFileWriter> writer =
        options.save.empty() ? std::nullopt : tree::TreeFileWriter::create(options.save, error);
    std::function<void(tree::GameRef, std::uint64_t, std::string_view)> on_counted;
    if (!options.save.empty()) {
      if (!writer) {
        console.message(error);
        return summary;
      }
      on_counted = [&writer](tree::GameRef ref, std::uint64_t offset, std::string_view tags) {
        writer->add_game(ref, offset, tags);
      };
    }
    TreeMerge merge(console, build ? &table : nullptr, on_game, on_counted);
    merge_ptr = &merge;
    summary.run =
        run_inputs(options.inputs, TreeJob(job), console, out, options.run, std::nullopt, &merge);
    summary.ran = true;
    summary.games = summary.run.games;
    summary.counted = merge.counted();
    summary.io_failed = summary.run.io_failed;
    if (!lines.empty()) out.out(lines);
    if (!build) {
      for (const auto& [raw, m] : merge.moves()) {
        answer.games += m.stats.games;
        if (raw == tree::kEndedHere) {
          answer.ended += m.stats.games;
          continue;
        }
        answer.rows.push_back(TreeRow{std::bit_cast<chess::Move>(raw), m.stats,
                                      ref_text(merge.inputs(), m.stats.example), m.example_tags});
      }
      summary.position_games = answer.games;
      order_rows(answer, options.min_games);
      if (!options.games)
        out.out(options.format == TreeFormat::Ndjson ? answer_ndjson(answer) : answer_text(answer));
    } else if (!options.save.empty()) {
      bool ok = table.drain(
          [&](const tree::TreeEntry& e) {
            if (e.stats.games >= options.min_games) {
              writer->add(e);
              ++summary.entries;
            }
          },
          [&](const tree::Posting& p) { writer->add_posting(p); });
      if (!ok) error = table.error();
      tree::TreeFileInfo info;
      info.key_kind = job.key_kind;
      info.max_ply = options.max_ply;
      info.games = summary.counted;
      info.inputs = merge.inputs();
      if (ok) ok = writer->finish(info, error);
      if (!ok) {
        console.message(error);
        summary.io_failed = true;
      }
    } else {
      // make-book counts each play in game order and halves a position's counts as one of
      // them reaches its limit: a position's records come in that order, so a counter per
      // position gives its counts exactly. Moves whose games all stopped short of min_games
      // are dropped there, before make_book, to keep the list small.
      std::vector<tree::BookMove> moves;
      tree::BookCounter counter;
      chess::Color mover = chess::Color::White;
      std::uint64_t key = 0;
      const auto end_key = [&] { counter.take_moves(moves, options.min_games); };
      const bool drained = table.drain(
          [&](const tree::TreeEntry& e) {
            if (e.key != key) end_key();
            key = e.key;
            mover = e.black_to_move != 0 ? chess::Color::Black : chess::Color::White;
          },
          [&](const tree::Posting& p) {
            if (p.move == tree::kEndedHere) return;
            const bool won = p.result == (mover == chess::Color::White ? 0 : 2);
            const bool lost = p.result == (mover == chess::Color::White ? 2 : 0);
            counter.add(p.key, tree::polyglot_move(std::bit_cast<chess::Move>(p.move)), mover,
                        won    ? 2
                        : lost ? 0
                               : 1);
          });
      end_key();
      tree::BookOptions bo;
      bo.min_games = options.min_games;
      bo.min_score = options.min_score;
      bo.uniform = options.uniform;
      const std::vector<tree::BookEntry> entries = tree::make_book(moves, bo);
      summary.entries = entries.size();
      io::IoError err;
      auto sink = io::OutputSink::open(options.output, &err, io::Compression::None);
      if (!drained) {
        console.message(table.error());
        summary.io_failed = true;
      } else if (!sink) {
        console.message(io::describe(err, options.output));
        summary.io_failed = true;
      } else if (!sink->write(tree::book_bytes(entries)) || !sink->finish()) {
        console.message(io::describe(*sink->error(), options.output));
        summary.io_failed = true;
      }
    }
    summary.peak_bytes = table.peak_bytes();
    summary.runs = table.runs();
  }
  if (!out.finish(output_failed)) summary.io_failed = true;
  summary.exit_status = summary.io_failed ? kExitUsage : kExitOk;
  return summary;
}

std::vector<std::string> tree_input_files(const std::string& tree_path, std::string& error) {
  std::vector<std::string> files;
  const auto file = tree::TreeFile::open(tree_path, error);
  if (!file) return files;
  for (const std::string& name : file->info().inputs) {
    std::string path = name;
    for (std::size_t colon = name.find(':'); colon != std::string::npos;
         colon = name.find(':', colon + 1)) {
      if (io::is_archive_name(name.substr(0, colon))) {
        path = name.substr(0, colon);
        break;
      }
    }
    if (files.empty() || files.back() != path) files.push_back(path);
  }
  return files;
}

std::string tree_summary_text(const TreeSummary& s) {
  std::string t = std::to_string(s.games) + (s.games == 1 ? " game" : " games");
  t += ", " + std::to_string(s.counted) + " in the tree";
  if (s.entries != 0) t += ", " + std::to_string(s.entries) + " entries";
  if (s.peak_bytes != 0)
    t += "; table " + std::to_string((s.peak_bytes + (1 << 19)) >> 20) + " MiB";
  if (s.runs != 0) t += ", " + std::to_string(s.runs) + " runs spilled";
  return t;
}

}  // namespace pgnkit::commands
