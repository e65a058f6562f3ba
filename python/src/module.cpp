// pgnkit._pgnkit: the C++ side of the Python face. It only converts: the work is
// lib/commands' (run_games, run_check, run_status), the same calls the command line makes.
// pgnkit/__init__.py turns Python sources into paths and gives the documented signatures.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "commands/check.h"
#include "commands/check_config.h"
#include "commands/game_tables.h"
#include "commands/games.h"
#include "commands/index.h"
#include "commands/stats.h"
#include "commands/status.h"
#include "game_stream.h"
#include "replay/game_report.h"
#include "replay/problem.h"

namespace py = pybind11;
using pgnkit::commands::GameMove;
using pgnkit::commands::GameValue;

namespace pgnkit::python {
namespace {

replay::LawsChoice laws_of(const std::string& name) {
  const auto laws = replay::parse_laws_choice(name);
  if (!laws)
    throw py::value_error("laws: expected 'by-date', 'current' or 'pre-2014', got '" + name + "'");
  return *laws;
}

pipeline::RunOptions run_of(unsigned threads) {
  pipeline::RunOptions run;
  run.threads = threads;
  return run;
}

using Pair = std::optional<std::pair<std::uint64_t, std::uint64_t>>;

// A shard of `pgnkit index`'s plan: range (START, END), its first game and line, and in a
// zstd file of many frames the frame (offset in the file, first decompressed byte).
struct ShardArgs {
  Pair range;
  std::uint64_t base_game = 1;
  std::uint64_t base_line = 1;
  Pair frame;
};

std::optional<pipeline::Shard> shard_of(const ShardArgs& a) {
  if (!a.range) return std::nullopt;
  pipeline::Shard shard;
  shard.range = {a.range->first, a.range->second};
  shard.base_game = a.base_game;
  shard.base_line = static_cast<std::uint32_t>(a.base_line);
  if (a.frame) shard.zstd_frame = pipeline::ByteRange{a.frame->first, a.frame->second};
  return shard;
}

// A game as a value is about 20 times its PGN (each move an object): chunks of a quarter of
// the command line's size keep the results in flight (about 2 * threads + 2 chunks) small.
constexpr std::size_t kGamesChunkSize = std::size_t{64} << 10;

commands::GamesOptions games_options(std::vector<std::string> paths, unsigned threads,
                                     const std::string& laws, bool variations, bool comments,
                                     const ShardArgs& shard = {}) {
  commands::GamesOptions options;
  options.inputs = std::move(paths);
  options.laws = laws_of(laws);
  options.variations = variations;
  options.comments = comments;
  options.run = run_of(threads);
  options.run.chunk_size = kGamesChunkSize;
  options.shard = shard_of(shard);
  return options;
}

// A batch of games iterated one by one; the stream is read batch by batch.
using GameStream = BatchStream<std::vector<GameValue>>;

class GameIterator {
 public:
  // name: what Game.file says instead of the one input's path (the caller's name for a pipe
  // it feeds); a directory's files and an archive's members keep their own names.
  GameIterator(commands::GamesOptions options, std::string name)
      : path_(options.inputs.size() == 1 ? options.inputs.front() : std::string()),
        name_(std::move(name)),
        stream_(std::make_unique<GameStream>(std::move(options), commands::run_games)) {}

  // The next game, or nullopt at the end.
  std::optional<GameValue> next() {
    if (at_ == batch_.size()) {
      if (!stream_) return std::nullopt;
      batch_.clear();
      at_ = 0;
      if (!stream_->next(batch_)) {
        finish();
        return std::nullopt;
      }
    }
    GameValue& g = batch_[at_++];
    if (g.file == path_) g.file = name_;
    return std::move(g);
  }
  void close() {
    if (stream_) finish();
  }
  const std::vector<std::string>& messages() const { return messages_; }
  bool io_failed() const { return io_failed_; }

 private:
  void finish() {
    stream_->close();
    messages_ = stream_->messages();
    io_failed_ = stream_->io_failed();
    stream_.reset();
    batch_.clear();
    at_ = 0;
  }

  std::string path_;
  std::string name_;
  std::unique_ptr<GameStream> stream_;
  std::vector<GameValue> batch_;
  std::size_t at_ = 0;
  std::vector<std::string> messages_;
  bool io_failed_ = false;
};

template <class T>
py::array_t<T> array_of(std::vector<T>& v) {
  // The vector moves into a capsule that the array keeps: no copy.
  auto* owned = new std::vector<T>(std::move(v));
  py::capsule free(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>({owned->size()}, {sizeof(T)}, owned->data(), free);
}

py::array fixed_bytes(std::string& bytes, std::size_t width) {
  const std::size_t rows = bytes.size() / width;
  auto* owned = new std::string(std::move(bytes));
  py::capsule free(owned, [](void* p) { delete static_cast<std::string*>(p); });
  return py::array(py::dtype("S" + std::to_string(width)), {rows}, {width}, owned->data(), free);
}

py::list strings_of(const std::vector<std::string>& v) {
  py::list out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = py::str(v[i]);
  return out;
}

py::list optional_strings_of(const std::vector<std::optional<std::string>>& v) {
  py::list out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    out[i] = v[i] ? py::object(py::str(*v[i])) : py::object(py::none());
  return out;
}

// Runs `run` into `add`: read on the stream's thread, added here without the GIL, a batch at
// a time (Ctrl-C is looked for between batches).
template <class Batch, class Run, class Add>
std::pair<std::vector<std::string>, bool> fill(commands::GamesOptions options, Run run, Add&& add) {
  BatchStream<Batch> stream(std::move(options), run);
  Batch batch;
  while (stream.next(batch)) {
    py::gil_scoped_release release;
    add(batch);
    batch = Batch{};
  }
  stream.close();
  return {stream.messages(), stream.io_failed()};
}

py::dict games_columns(commands::GamesOptions options, std::vector<std::string> tags) {
  commands::GamesColumns c(std::move(tags));
  auto [messages, failed] = fill<std::vector<GameValue>>(std::move(options), commands::run_games,
                                                         [&](const std::vector<GameValue>& games) {
                                                           for (const GameValue& g : games)
                                                             c.add(g.file, g);
                                                         });
  py::dict d;
  d["file"] = strings_of(c.file);
  d["game"] = array_of(c.game);
  d["offset"] = array_of(c.offset);
  d["plies"] = array_of(c.plies);
  d["result"] = strings_of(c.result);
  d["status"] = strings_of(c.status);
  d["rules_result"] = optional_strings_of(c.rules_result);
  d["final_fen"] = optional_strings_of(c.final_fen);
  d["problems"] = array_of(c.problems);
  d["errors"] = array_of(c.errors);
  d["warnings"] = array_of(c.warnings);
  py::dict tag_columns;
  for (std::size_t i = 0; i < c.tag_names.size(); ++i)
    tag_columns[py::str(c.tag_names[i])] = optional_strings_of(c.tags[i]);
  return py::dict(py::arg("columns") = d, py::arg("tags") = tag_columns,
                  py::arg("messages") = messages, py::arg("io_failed") = failed);
}

py::dict moves_columns(commands::GamesOptions options) {
  commands::MovesColumns c;
  auto [messages, failed] =
      fill<commands::MovesColumns>(std::move(options), commands::run_moves,
                                   [&](const commands::MovesColumns& rows) { c.append(rows); });
  py::dict d;
  d["game"] = array_of(c.game);
  d["ply"] = array_of(c.ply);
  d["uci"] = fixed_bytes(c.uci, commands::MovesColumns::kUciWidth);
  d["san"] = fixed_bytes(c.san, commands::MovesColumns::kSanWidth);
  d["token"] = array_of(c.token);
  d["clock"] = array_of(c.clock);
  d["emt"] = array_of(c.emt);
  d["eval_cp"] = array_of(c.eval_cp);
  d["eval_mate"] = array_of(c.eval_mate);
  return py::dict(py::arg("columns") = d, py::arg("messages") = messages,
                  py::arg("io_failed") = failed);
}

// Runs `work` on a thread of its own while this one waits without the GIL, looking for Ctrl-C
// every 100 ms: then `cancel` is set, the work ends between chunks or games, and the signal's
// exception is raised.
template <class Work>
void run_interruptibly(std::atomic<bool>& cancel, Work&& work) {
  std::promise<void> done;
  std::future<void> finished = done.get_future();
  std::thread thread([&] {
    work();
    done.set_value();
  });
  for (;;) {
    bool ready = false;
    {
      py::gil_scoped_release release;
      ready = finished.wait_for(std::chrono::milliseconds(100)) == std::future_status::ready;
    }
    if (ready) break;
    if (PyErr_CheckSignals() != 0) {
      cancel.store(true);
      {
        py::gil_scoped_release release;
        thread.join();
      }
      throw py::error_already_set();
    }
  }
  thread.join();
}

// A command run from Python: run(o, console) on a thread of its own, Ctrl-C reaching it through
// o.cancel (run_interruptibly). Returns its summary; `console` holds its output and messages.
template <class Options, class Run>
auto run_command(Options& o, commands::MemoryConsole& console, Run run) {
  std::atomic<bool> cancel{false};
  o.cancel = &cancel;
  decltype(run(o, console)) s;
  run_interruptibly(cancel, [&] { s = run(o, console); });
  o.cancel = nullptr;  // `cancel` ends here
  return s;
}

// What such a command gives back: its output (under `key`: "ndjson", "json") as bytes, the
// summary, and the messages.
py::dict command_result(const char* key, const commands::MemoryConsole& console,
                        const py::dict& summary) {
  return py::dict(py::arg(key) = py::bytes(console.out_text), py::arg("summary") = summary,
                  py::arg("messages") = console.messages);
}

// check or status with the CLI's options, the output in NDJSON (one object per line).
py::dict run_check(std::vector<std::string> paths, unsigned threads, const std::string& laws,
                   bool strict, bool variations, bool allow_null, std::uint64_t max_errors,
                   commands::RuleKeys rules, std::optional<std::string> config) {
  commands::CheckOptions o;
  o.inputs = std::move(paths);
  o.strict = strict;
  o.no_variations = !variations;
  o.allow_null = allow_null;
  o.max_errors = max_errors;
  o.format = "ndjson";
  o.laws = laws_of(laws);
  o.laws_given = true;
  o.ci.rules = std::move(rules);
  o.ci.strict_given = true;
  o.ci.max_errors_given = true;
  // No pgnkit.toml unless one is named: a library call does not depend on the folder it runs in.
  if (config) {
    o.ci.config = *config;
  } else {
    o.ci.no_config = true;
  }
  o.run = run_of(threads);
  commands::MemoryConsole console;
  const commands::CheckSummary s = run_command(
      o, console, [](const auto& options, auto& out) { return commands::run_check(options, out); });
  py::dict summary(py::arg("games") = s.games, py::arg("plies") = s.plies,
                   py::arg("errors") = s.errors, py::arg("warnings") = s.warnings,
                   py::arg("games_with_errors") = s.games_with_errors,
                   py::arg("unsupported") = s.unsupported, py::arg("bytes") = s.bytes,
                   py::arg("stopped") = s.stopped, py::arg("io_failed") = s.io_failed,
                   py::arg("exit_status") = s.exit_status);
  return command_result("ndjson", console, summary);
}

py::dict run_status(std::vector<std::string> paths, unsigned threads, const std::string& laws,
                    bool variations, bool accuracy) {
  commands::StatusOptions o;
  o.inputs = std::move(paths);
  o.format = "ndjson";
  o.no_variations = !variations;
  o.accuracy = accuracy;
  o.laws = laws_of(laws);
  o.run = run_of(threads);
  commands::MemoryConsole console;
  const commands::StatusSummary s = run_command(o, console, [](const auto& options, auto& out) {
    return commands::run_status(options, out);
  });
  py::dict by_status;
  for (std::size_t i = 0; i < s.by_status.size(); ++i) {
    const auto status = static_cast<replay::GameStatus>(i);
    by_status[py::str(std::string(replay::game_status_name(status)))] = s.by_status[i];
  }
  py::dict summary(py::arg("games") = s.games, py::arg("by_status") = by_status,
                   py::arg("inconsistent") = s.inconsistent, py::arg("io_failed") = s.io_failed,
                   py::arg("exit_status") = s.exit_status);
  return command_result("ndjson", console, summary);
}

// stats --format json: the counts as JSON text (the package parses it), and the messages.
py::dict run_stats(std::vector<std::string> paths, unsigned threads, std::vector<std::string> by,
                   std::size_t top, bool variations) {
  commands::StatsOptions o;
  o.inputs = std::move(paths);
  o.format = commands::StatsFormat::Json;
  o.by = std::move(by);
  o.top = top;
  o.no_variations = !variations;
  o.run = run_of(threads);
  commands::MemoryConsole console;
  const commands::StatsSummary s = run_command(
      o, console, [](const auto& options, auto& out) { return commands::run_stats(options, out); });
  py::dict summary(py::arg("games") = s.games, py::arg("io_failed") = s.io_failed,
                   py::arg("exit_status") = s.exit_status);
  return command_result("json", console, summary);
}

// pgnkit.Problem (a Python dataclass, shared with check()), set when the package imports.
py::object& problem_type() {
  static py::object* type = new py::object();  // never destroyed: outlives the interpreter's end
  return *type;
}

py::object problem_of(const replay::Problem& p, const GameValue& g) {
  const auto text = [](const std::string& s) -> py::object {
    return s.empty() ? py::object(py::none()) : py::object(py::str(s));
  };
  return problem_type()(
      py::arg("file") = g.file, py::arg("game") = g.number, py::arg("line") = p.where.line,
      py::arg("column") = p.where.column, py::arg("offset") = p.where.offset,
      py::arg("ply") = p.ply == 0 ? py::object(py::none()) : py::object(py::int_(p.ply)),
      py::arg("in_variation") = p.in_variation,
      py::arg("severity") = std::string(replay::severity_name(p.severity)),
      py::arg("code") = std::string(p.code_name()), py::arg("san") = text(p.san),
      py::arg("message") = p.message, py::arg("fen") = text(p.fen));
}

// A game's moves as a read-only sequence over the game's own vector: len() and indexing make
// a Move only for what is asked (a list would make one per move at every access).
struct MoveSeq {
  const std::vector<GameMove>* moves;
};

std::size_t index_of(const MoveSeq& seq, std::ptrdiff_t i) {
  const auto n = static_cast<std::ptrdiff_t>(seq.moves->size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw py::index_error("move index out of range");
  return static_cast<std::size_t>(i);
}

void bind_move_seq(py::module_& m) {
  py::class_<MoveSeq>(m, "MoveList", "The moves of a line: a read-only sequence of Move.")
      .def("__len__", [](const MoveSeq& seq) { return seq.moves->size(); })
      .def(
          "__getitem__",
          [](const MoveSeq& seq, std::ptrdiff_t i) -> const GameMove& {
            return (*seq.moves)[index_of(seq, i)];
          },
          py::return_value_policy::reference_internal)
      .def("__getitem__",
           [](const py::object& self, const py::slice& slice) {
             const MoveSeq& seq = self.cast<const MoveSeq&>();
             std::size_t start = 0, stop = 0, step = 0, length = 0;
             if (!slice.compute(seq.moves->size(), &start, &stop, &step, &length)) {
               throw py::error_already_set();
             }
             py::list out;
             for (std::size_t k = 0; k < length; ++k, start += step) {
               out.append(py::cast(&(*seq.moves)[start],
                                   py::return_value_policy::reference_internal, self));
             }
             return out;
           })
      .def(
          "__iter__",
          [](const MoveSeq& seq) {
            return py::make_iterator(seq.moves->begin(), seq.moves->end());
          },
          py::keep_alive<0, 1>())
      .def("__bool__", [](const MoveSeq& seq) { return !seq.moves->empty(); })
      .def("__repr__", [](const MoveSeq& seq) {
        std::string text = "<MoveList";
        for (std::size_t i = 0; i < seq.moves->size() && i < 8; ++i)
          text += " " + (*seq.moves)[i].san;
        if (seq.moves->size() > 8) text += " ...";
        return text + ">";
      });
}

void bind_values(py::module_& m) {
  bind_move_seq(m);
  m.def("_set_problem_type", [](py::object type) { problem_type() = std::move(type); });
  py::class_<GameMove>(m, "Move", "One move of a game, with its comments and annotations.")
      .def_readonly("san", &GameMove::san)
      .def_property_readonly("written",
                             [](const GameMove& mv) { return std::string(mv.as_written()); })
      .def_property_readonly("uci",
                             [](const GameMove& mv) -> std::optional<std::string> {
                               if (!mv.played) return std::nullopt;
                               return mv.uci();
                             })
      .def_property_readonly("token",
                             [](const GameMove& mv) { return commands::uci_token(mv.uci()); })
      .def_readonly("played", &GameMove::played)
      .def_readonly("nags", &GameMove::nags)
      .def_readonly("comments", &GameMove::comments)
      .def_readonly("comments_before", &GameMove::comments_before)
      .def_property_readonly("clock",
                             [](const GameMove& mv) -> std::optional<double> {
                               if (!mv.clock_ms) return std::nullopt;
                               return static_cast<double>(*mv.clock_ms) / 1000.0;
                             })
      .def_property_readonly("emt",
                             [](const GameMove& mv) -> std::optional<double> {
                               if (!mv.emt_ms) return std::nullopt;
                               return static_cast<double>(*mv.emt_ms) / 1000.0;
                             })
      .def_readonly("eval_cp", &GameMove::eval_cp)
      .def_readonly("eval_mate", &GameMove::eval_mate)
      .def_property_readonly("variations",
                             [](const py::object& self) {
                               const GameMove& mv = self.cast<const GameMove&>();
                               py::list out;
                               for (const std::vector<GameMove>& line : mv.variations) {
                                 py::object seq = py::cast(MoveSeq{&line});
                                 py::detail::keep_alive_impl(
                                     seq, self);  // the list's lines keep the move alive
                                 out.append(seq);
                               }
                               return out;
                             })
      .def("__repr__", [](const GameMove& mv) { return "<Move " + mv.san + ">"; });

  py::class_<GameValue>(m, "Game", "One game, replayed: see help(pgnkit.read_games).")
      .def_readonly("file", &GameValue::file)
      .def_readonly("number", &GameValue::number)
      .def_readonly("offset", &GameValue::offset)
      .def_readonly("line", &GameValue::line)
      .def_property_readonly("tags",
                             [](const GameValue& g) {
                               py::dict d;
                               for (const auto& [name, value] : g.tags) d[py::str(name)] = value;
                               return d;
                             })
      .def_readonly("start_fen", &GameValue::start_fen)
      .def_property_readonly(
          "moves", [](const GameValue& g) { return MoveSeq{&g.moves}; }, py::keep_alive<0, 1>())
      .def_readonly("result", &GameValue::result)
      .def_readonly("final_fen", &GameValue::final_fen)
      .def_readonly("status", &GameValue::status)
      .def_readonly("rules_result", &GameValue::rules_result)
      .def_readonly("plies", &GameValue::plies)
      .def_readonly("consistent", &GameValue::consistent)
      .def_readonly("auto_draw_ply", &GameValue::auto_draw_ply)
      .def_readonly("threefold_ply", &GameValue::threefold_ply)
      .def_readonly("fifty_ply", &GameValue::fifty_ply)
      .def_readonly("errors", &GameValue::errors)
      .def_readonly("warnings", &GameValue::warnings)
      .def_readonly("chess960", &GameValue::chess960)
      .def_property_readonly("problems",
                             [](const GameValue& g) {
                               py::list out;
                               for (const replay::Problem& p : g.problems)
                                 out.append(problem_of(p, g));
                               return out;
                             })
      .def("__repr__", [](const GameValue& g) {
        return "<Game " + std::to_string(g.number) + " of " + g.file + ": " +
               std::to_string(g.plies) + " plies, " + g.result + ", " + g.status + ">";
      });
}

}  // namespace
}  // namespace pgnkit::python

PYBIND11_MODULE(_pgnkit, m) {
  using namespace pgnkit::python;
  namespace commands = pgnkit::commands;
  namespace io = pgnkit::io;
  m.doc() = "pgnkit's C++ side; use the pgnkit package.";
  bind_values(m);
  py::class_<GameIterator>(m, "GameIterator")
      .def(py::init([](std::vector<std::string> paths, unsigned threads, const std::string& laws,
                       bool variations, bool comments, std::string name) {
             return std::make_unique<GameIterator>(
                 games_options(std::move(paths), threads, laws, variations, comments),
                 std::move(name));
           }),
           py::arg("paths"), py::arg("threads"), py::arg("laws"), py::arg("variations"),
           py::arg("comments"), py::arg("name"))
      .def("next", &GameIterator::next)
      .def("close", &GameIterator::close)
      .def_property_readonly("messages", &GameIterator::messages)
      .def_property_readonly("io_failed", &GameIterator::io_failed);
  m.def(
      "games_columns",
      [](std::vector<std::string> paths, unsigned threads, const std::string& laws,
         std::vector<std::string> tags, Pair range, std::uint64_t base_game,
         std::uint64_t base_line, Pair frame) {
        return games_columns(games_options(std::move(paths), threads, laws, false, false,
                                           ShardArgs{range, base_game, base_line, frame}),
                             std::move(tags));
      },
      py::arg("paths"), py::arg("threads"), py::arg("laws"), py::arg("tags"),
      py::arg("range") = py::none(), py::arg("base_game") = 1, py::arg("base_line") = 1,
      py::arg("frame") = py::none());
  m.def(
      "index",
      [](const std::string& path, std::uint64_t shards, std::uint64_t shard_size) {
        commands::IndexOptions options;
        options.shards = shards;
        options.shard_size = shard_size;
        commands::IndexPlan plan;
        {
          py::gil_scoped_release release;
          plan = commands::plan_index(path, options);
        }
        std::string error;
        if (plan.open_error) error = io::describe(*plan.open_error, plan.file);
        if (plan.read_error) error = io::describe(*plan.read_error, plan.read_name);
        return py::dict(py::arg("ndjson") = commands::index_plan_ndjson(plan),
                        py::arg("error") = error);
      },
      py::arg("path"), py::arg("shards"), py::arg("shard_size"));
  m.def(
      "moves_columns",
      [](std::vector<std::string> paths, unsigned threads, const std::string& laws) {
        return moves_columns(games_options(std::move(paths), threads, laws, false, true));
      },
      py::arg("paths"), py::arg("threads"), py::arg("laws"));
  m.def(
      "check",
      [](std::vector<std::string> paths, unsigned threads, const std::string& laws, bool strict,
         bool variations, bool allow_null, std::uint64_t max_errors,
         std::optional<std::vector<std::string>> select,
         std::optional<std::vector<std::string>> ignore,
         std::optional<std::vector<std::string>> error,
         std::optional<std::vector<std::string>> warn, std::optional<std::string> config) {
        commands::RuleKeys rules{std::move(select), std::move(ignore), std::move(error),
                                 std::move(warn)};
        return run_check(std::move(paths), threads, laws, strict, variations, allow_null,
                         max_errors, std::move(rules), std::move(config));
      },
      py::arg("paths"), py::arg("threads"), py::arg("laws"), py::arg("strict"),
      py::arg("variations"), py::arg("allow_null"), py::arg("max_errors"), py::arg("select"),
      py::arg("ignore"), py::arg("error"), py::arg("warn"), py::arg("config"));
  m.def("status", &run_status, py::arg("paths"), py::arg("threads"), py::arg("laws"),
        py::arg("variations"), py::arg("accuracy"));
  m.def("stats", &run_stats, py::arg("paths"), py::arg("threads"), py::arg("by"), py::arg("top"),
        py::arg("variations"));
}
