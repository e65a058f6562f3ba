#include "eco/book.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "io/source.h"
#include "pgn/reader.h"
#include "replay/record_builder.h"

namespace pgnkit::eco {
namespace {

using Line = std::pair<std::uint64_t, Opening>;

// Collects the book's lines, stopping at the first thing wrong with one.
class LineCollector : public replay::RecordSink {
 public:
  explicit LineCollector(std::string file) : file_(std::move(file)) {}

  void problem(const replay::Problem& p) override {
    if (p.severity != replay::Severity::Error || failed()) return;
    if (p.san.empty()) return fail(p.game, p.where, p.message);
    fail(p.game, p.where, "'" + p.san + "' at ply " + std::to_string(p.ply) + ": " + p.message);
  }

  void game(const replay::GameRecord& g) override {
    if (failed()) return;
    const pgn::Location where = g.problems.empty() ? pgn::Location{} : g.problems.front().where;
    if (!g.replayed) return fail(g.number, where, "the line could not be replayed");
    if (g.tag("FEN") || g.tag("SetUp"))
      return fail(g.number, where, "a book line must start from the initial position (no FEN)");
    const std::string* eco = g.tag("ECO");
    if (!eco || eco->empty()) return fail(g.number, where, "no [ECO] tag");
    chess::Position pos = g.start;
    std::uint32_t plies = 0;
    for (const replay::MoveNode& node : g.main.moves) {
      if (!node.played) continue;
      pos.play(node.move);
      ++plies;
    }
    if (plies == 0) return fail(g.number, where, "the line has no moves");
    Opening o;
    o.eco = *eco;
    if (const std::string* t = g.tag("Opening")) o.name = *t;
    if (const std::string* t = g.tag("Variation")) o.variation = *t;
    if (const std::string* t = g.tag("SubVariation")) o.sub_variation = *t;
    o.plies = plies;
    lines_.emplace_back(pos.key(), std::move(o));
  }

  bool failed() const { return !error_.message.empty(); }
  const BookError& error() const { return error_; }
  std::vector<Line>& lines() { return lines_; }

 private:
  void fail(std::uint64_t game, pgn::Location where, std::string message) {
    error_.file = file_;
    error_.line = where.line;
    error_.column = where.column;
    error_.game = game;
    error_.message = std::move(message);
  }

  std::string file_;
  BookError error_;
  std::vector<Line> lines_;
};

// Fills `lines`; false (with `error`) when the book cannot be used.
bool read_book(io::Source& source, const std::string& name, BookError& error,
               std::vector<Line>& lines) {
  LineCollector collector(name);
  replay::ReplayOptions options;
  options.tag_checks = false;
  options.variations = false;
  replay::RecordBuilder builder(collector, options);
  pgn::read_pgn(source, builder);
  if (source.error()) {
    error = BookError{"", 0, 0, 0, io::describe(*source.error(), name)};  // names the file
    return false;
  }
  if (collector.failed()) {
    error = collector.error();
    return false;
  }
  if (collector.lines().empty()) {
    error = BookError{name, 0, 0, 0, "no classification lines (games with an [ECO] tag)"};
    return false;
  }
  lines = std::move(collector.lines());
  return true;
}

}  // namespace

std::string BookError::describe() const {
  std::string out = file;
  if (line) out += ":" + std::to_string(line) + ":" + std::to_string(column);
  if (!out.empty()) out += ": ";
  if (game) out += "line " + std::to_string(game) + ": ";
  out += message;
  return out;
}

Book Book::build(std::vector<std::pair<std::uint64_t, Opening>> lines) {
  Book book;
  // At most half full, so a miss that passes the filter ends within a probe or two.
  const std::size_t capacity = std::bit_ceil(std::max<std::size_t>(16, 2 * lines.size()));
  book.keys_.assign(capacity, 0);
  book.slots_.assign(capacity, kEmpty);
  book.mask_ = capacity - 1;
  book.openings_.reserve(lines.size());
  for (auto& [key, opening] : lines) {
    // A later line into a known position still counts for the depth: a game may reach that
    // position by the longer way.
    book.max_plies_ = std::max(book.max_plies_, opening.plies);
    if (!book.insert(key, std::move(opening))) ++book.duplicates_;
  }
  return book;
}

bool Book::insert(std::uint64_t key, Opening opening) {
  for (std::size_t i = key & mask_;; i = (i + 1) & mask_) {
    if (slots_[i] == kEmpty) {
      keys_[i] = key;
      slots_[i] = static_cast<std::uint32_t>(openings_.size());
      break;
    }
    if (keys_[i] == key) return false;
  }
  const std::uint64_t bit = key >> (64 - kFilterBits);
  filter_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  openings_.push_back(std::move(opening));
  return true;
}

std::optional<Book> Book::load(const std::string& path, BookError& error) {
  io::IoError io_error;
  auto source = io::Source::open(path, &io_error);
  if (!source) {
    error = BookError{"", 0, 0, 0, io::describe(io_error, path)};  // names the file
    return std::nullopt;
  }
  std::vector<Line> lines;
  if (!read_book(*source, path, error, lines)) return std::nullopt;
  return build(std::move(lines));
}

std::optional<Book> Book::from_text(std::string_view text, const std::string& name,
                                    BookError& error) {
  auto source = io::Source::from_memory(text, name);
  std::vector<Line> lines;
  if (!read_book(source, name, error, lines)) return std::nullopt;
  return build(std::move(lines));
}

}  // namespace pgnkit::eco
