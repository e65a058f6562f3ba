// pgnkit __generate: writes the man pages and shell completions from the app's own option
// objects (the build runs it; the subcommand is hidden from --help), and the command line as
// JSON for programs that drive pgnkit (pgnkit-dask runs `pgnkit __generate --json -`). Being
// part of pgnkit, it sees exactly the commands and options of the binary that runs.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "build_info.h"
#include "cli_model.h"
#include "clidoc/completion.h"
#include "clidoc/json_model.h"
#include "clidoc/man_page.h"
#include "commands.h"
#include "stdout_write.h"

namespace pgnkit::tools {
namespace {

struct GenerateArgs {
  std::string man_dir, bash, zsh, fish, json;
  std::string date = "1970-01-01";
};

// Writes `text` to `path` through a temporary name, so a reader never sees half a file.
bool write_text(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out.flush()) {
      std::fprintf(stderr, "pgnkit: %s: cannot write\n", tmp.c_str());
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::fprintf(stderr, "pgnkit: %s: %s\n", path.c_str(), ec.message().c_str());
  return !ec;
}

// What --help does not say: the shared sections of every page.
clidoc::ManualText manual_text(const std::string& date) {
  clidoc::ManualText t;
  t.version = kBuildInfo.version;
  t.date = date;
  t.environment = {
      {"PGNKIT_DECODE_AHEAD",
       "Set to 0 to decompress zstd input on the reading thread instead of a second thread,\n"
       "to anything else to decompress it on a second thread also with --threads above 1 on\n"
       "two CPUs or fewer, where it is not done by default (the output is the same)."},
      {"PGNKIT_MAP_FILES",
       "Set to 0 to read a plain file with read(2) where one reader reads it (--threads 1, a\n"
       "--range shard, index), instead of mapping it into memory; the output is the same."},
      {"NO_COLOR", "When set (to anything), check --color auto prints no colour on a terminal."},
  };
  t.files = {
      {"pgnkit.toml",
       "The configuration file, where a command reads one: the first pgnkit.toml found\n"
       "walking up from the current directory. Options on the command line take precedence."},
      {"share/doc/pgnkit/",
       "Under the installation prefix (/usr for the Debian package): the documentation "
       "(README.md,\n"
       "docs/) and the sample games (data/sample.pgn, data/broken.pgn, data/perft/*.epd) the\n"
       "examples use."},
  };
  t.see_also = {{"zstd(1)", ""}};
  return t;
}

int run_generate(const CLI::App& program, const GenerateArgs& args) {
  const clidoc::Command model = describe_app(program);
  bool ok = true;
  if (!args.man_dir.empty()) {
    const clidoc::ManualText text = manual_text(args.date);
    std::error_code ec;
    std::filesystem::create_directories(args.man_dir, ec);
    const std::filesystem::path dir(args.man_dir);
    ok &= write_text((dir / (clidoc::page_name(model, nullptr) + ".1")).string(),
                     clidoc::render_program_page(model, text));
    for (const clidoc::Command& c : model.subcommands) {
      ok &= write_text((dir / (clidoc::page_name(model, &c) + ".1")).string(),
                       clidoc::render_command_page(model, c, text));
    }
  }
  if (!args.bash.empty()) ok &= write_text(args.bash, clidoc::render_bash_completion(model));
  if (!args.zsh.empty()) ok &= write_text(args.zsh, clidoc::render_zsh_completion(model));
  if (!args.fish.empty()) ok &= write_text(args.fish, clidoc::render_fish_completion(model));
  if (!args.json.empty()) {
    // Hidden entries too: a driver must know every option that takes a value.
    const std::string json =
        clidoc::render_json_model(describe_app(program, Hidden::List), kBuildInfo.version);
    // A failed write to stdout is reported by main(), as for every command.
    if (args.json == "-") {
      write_stdout(json);
    } else {
      ok &= write_text(args.json, json);
    }
  }
  return ok ? kExitOk : kExitUsage;
}

}  // namespace

void register_generate(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<GenerateArgs>();
  // The empty group hides it from --help, the man pages and the completions.
  CLI::App* cmd = app.add_subcommand(
      "__generate", "Write the man pages, the shell completions and the JSON model.");
  cmd->group("");
  cmd->add_option("--man-dir", args->man_dir, "Directory for pgnkit.1 and pgnkit-<command>.1");
  cmd->add_option("--bash", args->bash, "bash completion file");
  cmd->add_option("--zsh", args->zsh, "zsh completion file");
  cmd->add_option("--fish", args->fish, "fish completion file");
  cmd->add_option("--json", args->json,
                  "The command line as JSON (docs/install.md), hidden entries included; '-' = "
                  "stdout");
  cmd->add_option("--date", args->date, "The pages' date, YYYY-MM-DD");
  const CLI::App& program = app;
  cmd->callback([&program, args, &exit_code] { exit_code = run_generate(program, *args); });
}

}  // namespace pgnkit::tools
