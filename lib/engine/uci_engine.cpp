#include "engine/uci_engine.h"

#include <filesystem>

namespace pgnkit::engine {

std::string describe(const Limit& limit) {
  const char* const word = limit.kind == Limit::Kind::Nodes   ? "nodes "
                           : limit.kind == Limit::Kind::Depth ? "depth "
                                                              : "movetime ";
  return word + std::to_string(limit.value);
}

bool UciEngine::start(const EngineSettings& settings, std::string* why) {
  settings_ = settings;
  chess960_ = false;
  name_ = std::filesystem::path(settings.path).filename().string();
  std::string error;
  if (!process_.start(settings.path, &error)) {
    if (why) *why = "cannot start: " + error;
    return false;
  }
  const auto fail = [&](const std::string& text) {
    process_.kill();
    if (why) *why = text;
    return false;
  };
  if (!process_.send("uci")) return fail("not a UCI engine: it does not read 'uci'");
  const auto deadline = Clock::now() + settings.handshake_timeout;
  std::string line;
  for (;;) {
    const ReadStatus status = process_.read_line(line, deadline);
    if (status == ReadStatus::Closed) {
      return fail("not a UCI engine: it exited without answering 'uci' with 'uciok'");
    }
    if (status == ReadStatus::Timeout) {
      return fail("not a UCI engine: no 'uciok' within " +
                  std::to_string(settings.handshake_timeout.count() / 1000) + " s of 'uci'");
    }
    if (line == "uciok") break;
    if (std::optional<std::string> name = parse_id_name(line); name && !name->empty())
      name_ = std::move(*name);
  }
  process_.send("setoption name Threads value 1");
  for (const auto& [name, value] : settings.options) {
    std::string command = "setoption name ";
    command += name;
    command += " value ";
    command += value;
    process_.send(command);
  }
  return ready(why);
}

bool UciEngine::ready(std::string* why) {
  if (!process_.send("isready")) {
    if (why) *why = "the engine exited";
    process_.kill();
    return false;
  }
  const auto deadline = Clock::now() + settings_.handshake_timeout;
  std::string line;
  for (;;) {
    const ReadStatus status = process_.read_line(line, deadline);
    if (status == ReadStatus::Line) {
      if (line == "readyok") return true;
      continue;  // "info string ..." and the like
    }
    if (why) {
      *why = status == ReadStatus::Closed
                 ? "the engine exited"
                 : "no 'readyok' within " +
                       std::to_string(settings_.handshake_timeout.count() / 1000) +
                       " s of 'isready'";
    }
    process_.kill();
    return false;
  }
}

bool UciEngine::new_game(bool chess960, std::string* why) {
  if (chess960 != chess960_) {
    process_.send(std::string("setoption name UCI_Chess960 value ") +
                  (chess960 ? "true" : "false"));
    chess960_ = chess960;
  }
  if (!process_.send("ucinewgame")) {
    if (why) *why = "the engine exited";
    process_.kill();
    return false;
  }
  return ready(why);
}

Search UciEngine::search(std::string_view position, const Limit& limit,
                         std::chrono::milliseconds timeout) {
  Search result;
  if (!process_.send(position) || !process_.send("go " + describe(limit))) {
    result.why = "the engine exited";
    process_.kill();
    return result;
  }
  const auto deadline = Clock::now() + timeout;
  std::optional<Score> score;
  std::string line;
  for (;;) {
    const ReadStatus status = process_.read_line(line, deadline);
    if (status != ReadStatus::Line) {
      result.why = status == ReadStatus::Closed
                       ? "the engine exited (crashed?) during the search"
                       : "no 'bestmove' within " + std::to_string(timeout.count()) + " ms";
      process_.kill();
      return result;
    }
    if (std::optional<InfoLine> info = parse_info(line)) {
      if (info->malformed) {
        result.malformed_lines = true;
        continue;
      }
      // The principal line's exact scores; a bound is the search's interim word.
      if (info->multipv != 1 || !info->score || info->bound) continue;
      score = info->score;
      result.pv = std::move(info->pv);
      continue;
    }
    if (line.starts_with("bestmove")) {
      std::optional<std::string> best = parse_bestmove(line);
      if (!best) {
        result.status = Search::Status::NoScore;
        result.why = "unreadable '" + line.substr(0, 80) + "'";
        return result;
      }
      result.bestmove = std::move(*best);
      break;
    }
  }
  if (!score) {
    result.status = Search::Status::NoScore;
    result.why = result.malformed_lines ? "unreadable info lines and no score"
                                        : "no score before 'bestmove'";
    return result;
  }
  result.status = Search::Status::Ok;
  result.score = *score;
  return result;
}

}  // namespace pgnkit::engine
