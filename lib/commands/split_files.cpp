#include "commands/split_files.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "io/compression.h"

namespace pgnkit::commands {
namespace {

void say(Console& console, const std::string& line) {
  console.command_message("split", line);
}

}  // namespace

std::string SplitPattern::name(std::uint64_t number) const {
  std::string digits = std::to_string(number);
  if (digits.size() < static_cast<std::size_t>(width)) {
    digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
  }
  return before + digits + after;
}

std::optional<SplitPattern> parse_split_pattern(std::string_view text, std::string* error) {
  SplitPattern p;
  std::string* part = &p.before;
  int fields = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%' && i + 1 < text.size() && text[i + 1] == '%') {
      *part += '%';
      ++i;
    } else if (c == '%') {
      std::size_t j = i + 1;
      int width = 0;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9' && width < 100) {
        width = width * 10 + (text[j] - '0');
        ++j;
      }
      if (j >= text.size() || text[j] != 'd') {
        *error = "'%' must start %d or %0Nd (or be written %%)";
        return std::nullopt;
      }
      p.width = width;
      ++fields;
      part = &p.after;
      i = j;
    } else if (c == '{') {
      const std::size_t close = text.find('}', i);
      if (close == std::string_view::npos || close == i + 1) {
        *error = "'{' must start {TAG}";
        return std::nullopt;
      }
      p.tag = std::string(text.substr(i + 1, close - i - 1));
      ++fields;
      part = &p.after;
      i = close;
    } else {
      *part += c;
    }
  }
  if (fields != 1) {
    *error = "the pattern needs exactly one %d (or %0Nd) or one {TAG}";
    return std::nullopt;
  }
  return p;
}

std::string safe_file_part(std::optional<std::string_view> value) {
  if (!value) return "_missing";
  if (value->empty()) return "_empty";
  std::string out;
  for (const char c : value->substr(0, 100)) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    out += ok ? c : '_';
  }
  if (out[0] == '.') out[0] = '_';
  return out;
}

std::optional<PieceFile> PieceFile::create(const std::string& final_name, Console& console) {
  const std::filesystem::path final_path(final_name);
  std::error_code ec;
  if (final_path.has_parent_path())
    std::filesystem::create_directories(final_path.parent_path(), ec);
  std::string temp =
      (final_path.parent_path() / ("." + final_path.filename().string() + ".pgnkit-XXXXXX"))
          .string();
  const int fd = mkstemp(temp.data());
  if (fd < 0) {
    say(console, final_name + ": cannot create a temporary file beside it");
    return std::nullopt;
  }
  ::close(fd);
  io::IoError err;
  // The final name decides the compression, never the temporary one.
  auto sink = io::OutputSink::open(
      temp, &err, io::compression_for_name(final_name).value_or(io::Compression::None));
  if (!sink) {
    say(console, io::describe(err, temp));
    std::filesystem::remove(temp, ec);
    return std::nullopt;
  }
  PieceFile piece;
  piece.final_ = final_name;
  piece.temp_ = std::move(temp);
  piece.sink_ = std::move(sink);
  return piece;
}

PieceFile::~PieceFile() {
  if (sink_) {  // never closed: an error or an interrupted run; leave no half-written piece
    sink_.reset();
    std::error_code ec;
    std::filesystem::remove(temp_, ec);
  }
}

std::optional<std::string> PieceFile::close(Console& console) {
  bool ok = sink_->finish();
  if (sink_->error()) {
    say(console, io::describe(*sink_->error(), final_));
    ok = false;
  }
  sink_.reset();
  if (!ok) {
    std::error_code ec;
    std::filesystem::remove(temp_, ec);
    return std::nullopt;
  }
  return temp_;
}

void remove_temporaries(const std::vector<std::string>& segments) {
  std::error_code ec;
  for (const std::string& s : segments) std::filesystem::remove(s, ec);
}

bool commit_piece(const std::vector<std::string>& segments, const std::string& final_name,
                  Console& console) {
  std::error_code ec;
  std::string whole = segments.front();
  if (segments.size() > 1) {  // segments of a --by piece that was closed and reopened
    whole = segments.front() + ".all";
    std::ofstream out(whole, std::ios::binary);
    for (const std::string& s : segments) {
      std::ifstream in(s, std::ios::binary);
      out << in.rdbuf();
    }
    out.close();
    remove_temporaries(segments);
    if (!out) {
      say(console, final_name + ": cannot write");
      std::filesystem::remove(whole, ec);
      return false;
    }
  }
  const mode_t mask = ::umask(0);  // mkstemp made it 0600: give it a new file's usual mode
  ::umask(mask);
  std::filesystem::permissions(whole, static_cast<std::filesystem::perms>(0666 & ~mask), ec);
  std::filesystem::rename(whole, final_name, ec);
  if (ec) {
    say(console, final_name + ": cannot rename into place: " + ec.message());
    std::filesystem::remove(whole, ec);
    return false;
  }
  return true;
}

}  // namespace pgnkit::commands
