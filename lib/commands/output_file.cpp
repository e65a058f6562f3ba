#include "commands/output_file.h"

#include <filesystem>
#include <system_error>

#include "io/input_list.h"

namespace pgnkit::commands {

std::optional<std::string> output_clobbers_input(const std::string& output,
                                                 const std::vector<std::string>& inputs) {
  if (output == "-") return std::nullopt;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path out = fs::weakly_canonical(output, ec);
  for (const std::string& in : inputs) {
    if (in == "-") continue;
    if (fs::equivalent(in, output, ec)) return in + " is both an input and the output";
    // Under a directory only a name the listing takes would be read (a report.html is not).
    const std::string name = out.filename().string();
    const bool listed = !name.starts_with('.') &&
                        (io::is_input_name(name) || io::is_input_name(name, /*lines=*/true));
    if (!listed || !fs::is_directory(in, ec)) continue;
    const fs::path dir = fs::weakly_canonical(in, ec);
    if (ec || dir.empty()) continue;
    // out's parent chain reaches dir: the output would be listed among the inputs.
    for (fs::path p = out.parent_path(); !p.empty(); p = p.parent_path()) {
      if (p == dir) {
        std::string why = output;
        why += " is inside the input directory ";
        why += in;
        return why;
      }
      if (p == p.root_path()) break;
    }
  }
  return std::nullopt;
}

bool OutputFile::open(const std::string& path, const std::vector<std::string>& inputs,
                      std::optional<io::Compression> compression) {
  file_.reset();
  if (path == "-") return true;
  if (const std::optional<std::string> why = output_clobbers_input(path, inputs)) {
    console_.message(*why);
    return false;
  }
  io::IoError error;
  file_ = io::OutputSink::open(path, &error, compression);
  if (!file_) console_.message(io::describe(error, path));
  return file_.has_value();
}

bool OutputFile::finish(const std::function<bool()>& console_failed) {
  if (!file_) return !(console_failed && console_failed());
  bool ok = file_->finish();
  if (file_->error()) {
    console_.message(io::describe(*file_->error(), file_->name()));
    ok = false;
  }
  return ok;
}

void OutputFile::out(std::string_view bytes) {
  if (file_) {
    file_->write(bytes);  // a failure is kept, and told by finish()
  } else {
    console_.out(bytes);
  }
}

}  // namespace pgnkit::commands
