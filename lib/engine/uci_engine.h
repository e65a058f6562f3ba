// One UCI engine, driven for analysis: the handshake, a new game, one search per position
// with a limit and a deadline. Every wait has a deadline: an engine that crashes or stops
// answering comes back as a Failed search, never as a hang (the caller restarts it).
//
//   UciEngine engine;
//   std::string why;
//   if (!engine.start(settings, &why)) ...;   // not startable, or not a UCI engine
//   engine.new_game(false, &why);
//   const Search s = engine.search("position startpos moves e2e4", limit, timeout);
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/engine_process.h"
#include "engine/uci_lines.h"

namespace pgnkit::engine {

// How long one search may run: UCI's "go nodes N", "go depth D" or "go movetime MS".
struct Limit {
  enum class Kind : unsigned char { Nodes, Depth, MoveTime };
  Kind kind = Kind::Nodes;
  std::uint64_t value = 0;
};

// "nodes 10000", "depth 18", "movetime 500" (what follows "go", and the Annotator tag's).
std::string describe(const Limit& limit);

struct EngineSettings {
  std::string path;  // a name without '/' is looked up on the PATH
  // Sent in order after Threads=1, so that the user's Threads wins if given.
  std::vector<std::pair<std::string, std::string>> options;
  std::chrono::milliseconds handshake_timeout{10'000};  // uci -> uciok, isready -> readyok
};

struct Search {
  enum class Status : unsigned char {
    Ok,       // score set, perhaps a pv
    NoScore,  // the engine answered, but with no usable score (why says what it wrote)
    Failed,   // it crashed, closed its output or missed the deadline: restart it
  };
  Status status = Status::Failed;
  Score score;                   // side to move's view
  std::vector<std::string> pv;   // the last pv of the final score, as written
  std::string bestmove;          // empty when the engine said there is none
  std::string why;               // for NoScore and Failed
  bool malformed_lines = false;  // some info line could not be read (then ignored)
};

class UciEngine {
 public:
  // Starts the engine and shakes hands: "uci" until "uciok" (the engine's "id name" kept),
  // the options, "isready" until "readyok". False and `why` when it cannot be started or does
  // not answer as a UCI engine.
  bool start(const EngineSettings& settings, std::string* why);
  // The engine's "id name", or the path's last part when it gave none.
  const std::string& name() const { return name_; }
  // "ucinewgame" (after UCI_Chess960 when the mode changes), then isready/readyok.
  bool new_game(bool chess960, std::string* why);
  // Sends `position` (a whole "position ..." command) and "go <limit>", and reads until
  // "bestmove" or `timeout`. After Failed the process is killed: start() it again.
  Search search(std::string_view position, const Limit& limit, std::chrono::milliseconds timeout);
  void stop() { process_.kill(); }
  // The polite end, for engines that finished their work: "quit", then (end) up to `deadline`
  // for the process to exit before it is killed.
  void ask_to_quit() { process_.ask_to_quit(); }
  void end(Clock::time_point deadline) { process_.end(deadline); }

 private:
  bool ready(std::string* why);  // isready -> readyok

  EngineProcess process_;
  EngineSettings settings_;
  std::string name_;
  bool chess960_ = false;
};

}  // namespace pgnkit::engine
