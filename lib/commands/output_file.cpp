#include "commands/output_file.h"

namespace pgnkit::commands {

bool OutputFile::open(const std::string& path, std::optional<io::Compression> compression) {
  file_.reset();
  if (path == "-") return true;
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
