// Where a command run from the library writes: a pipeline::Emitter (the output for stdout, the
// diagnostics for stderr, the inputs' open and read failures, progress) and one-line messages
// to the user. The command line gives one over the terminal; tests and other faces give their
// own (MemoryConsole keeps everything in strings). Nothing in lib/commands writes to a stream,
// exits or reads the environment.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "io/error.h"
#include "pipeline/pipeline.h"

namespace pgnkit::commands {

class Console : public pipeline::Emitter {
 public:
  // A message for the user, one line without the program's prefix or line feed: a usage or
  // I/O problem, or a note (e.g. "wrote 3 known problems to known.txt").
  virtual void message(std::string_view line) = 0;
  // A message of one command about its own options or files ("split", "--bytes: expected a
  // size ..."), which the command line prints as "pgnkit split: <line>" where message() prints
  // "pgnkit: <line>". By default the message "<command>: <line>".
  virtual void command_message(std::string_view command, std::string_view line) {
    std::string text(command);
    text += ": ";
    text += line;
    message(text);
  }

  // The inputs' failures are messages "<name>: <why>" (stdin named <stdin>).
  void open_failed(const std::string& path, const io::IoError& error) override {
    message(io::describe(error, path == "-" ? "<stdin>" : path));
  }
  void input_end(std::string_view name, const std::optional<io::IoError>& error) override {
    if (error) message(io::describe(*error, name));
  }
  // An archive member passed over: "twic.zip:readme.txt: skipped: not PGN (by its name)",
  // unless notes are off (check --quiet).
  void skipped(std::string_view name, std::string_view why) override {
    if (!notes) return;
    std::string line(name);
    line += ": skipped: ";
    line += why;
    message(line);
  }

  bool notes = true;  // skipped() says something

 protected:
  ~Console() = default;
};

// A Console that keeps what it is given (tests, the Python face).
class MemoryConsole final : public Console {
 public:
  std::string out_text, err_text;
  std::vector<std::string> messages;

  void out(std::string_view bytes) override { out_text += bytes; }
  void err(std::string_view bytes) override { err_text += bytes; }
  void message(std::string_view line) override { messages.emplace_back(line); }
};

}  // namespace pgnkit::commands
