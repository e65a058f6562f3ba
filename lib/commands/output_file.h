// Where a command that writes games (convert, annotate) puts them: the Console's out() for
// "-", or a file it creates (compressed as its name ends: .gz, .bz2, .xz, .zst), so that the
// library itself
// never writes to stdout. Either way the diagnostics, messages and progress go to the Console.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/console.h"
#include "io/sink.h"
#include "pipeline/pipeline.h"

namespace pgnkit::commands {

// Why creating `output` would destroy input before it is read: it is one of `inputs` (the
// same file under any name: creating it truncates it), or it lies under an input directory
// with a name the directory's listing takes (io::is_input_name: it would be read while it is
// written). The message, as "<input> is both an input and the
// output"; nullopt when it is safe ("-" always is).
std::optional<std::string> output_clobbers_input(const std::string& output,
                                                 const std::vector<std::string>& inputs);

class OutputFile final : public pipeline::Emitter {
 public:
  explicit OutputFile(Console& console) : console_(console) {}

  // "-": the console's out(). Otherwise creates (truncates) `path`; false, with the message
  // "<path>: <why>", when it cannot, or output_clobbers_input()'s when it is one of `inputs`.
  // `compression`: that format whatever the name (a temporary name); unset: as the name ends
  // (io::compression_for_name).
  bool open(const std::string& path, const std::vector<std::string>& inputs,
            std::optional<io::Compression> compression = std::nullopt);

  // Ends the output: a file is flushed and closed, a failure told as "<name>: <why>"; for
  // "-", `console_failed` (when set) says whether the caller's output failed. True when
  // everything was written.
  bool finish(const std::function<bool()>& console_failed = {});

  // pipeline::Emitter: the output to the file (or the console), the rest to the console.
  void out(std::string_view bytes) override;
  void err(std::string_view bytes) override { console_.err(bytes); }
  void open_failed(const std::string& path, const io::IoError& error) override {
    console_.open_failed(path, error);
  }
  void input_begin(std::string_view name) override { console_.input_begin(name); }
  void input_end(std::string_view name, const std::optional<io::IoError>& error) override {
    console_.input_end(name, error);
  }
  void skipped(std::string_view name, std::string_view why) override {
    console_.skipped(name, why);
  }
  void progress(std::uint64_t bytes, std::uint64_t games) override {
    console_.progress(bytes, games);
  }

 private:
  Console& console_;
  std::optional<io::OutputSink> file_;  // unset: the console
};

}  // namespace pgnkit::commands
