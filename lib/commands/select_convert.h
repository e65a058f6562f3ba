// `select --to FORMAT`: the selected games written by the convert writers with their default
// options (docs/convert.md), so the output is what `pgnkit convert --to FORMAT` writes for
// the same games, locations in its comments included. One reader feeds both the Selector
// and a replay::RecordBuilder (SelectTee); the record of a game is written when the Selector
// has selected it (SelectConverter), into a read's pipeline::Output: EPD and FEN ids (game
// numbers across the inputs) as Scope::Run holes, as convert writes them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/output.h"
#include "replay/record_builder.h"
#include "select/selector.h"

namespace pgnkit::commands {

class SelectConverter : public replay::RecordSink {
 public:
  SelectConverter(std::string format, pipeline::Output& out)
      : format_(std::move(format)), out_(out) {}
  // The CSV header row (nothing for the other formats), for the start of the output.
  static void header(std::string_view format, std::string& out);
  // The Selector's verdict on the game whose record comes next.
  void select_next(bool selected) { selected_ = selected; }
  void game(const replay::GameRecord& record) override;
  bool canonical_san() const;

 private:
  std::string format_;
  pipeline::Output& out_;
  bool selected_ = false;
  replay::GameRecord work_;
  std::string text_;
  std::vector<std::size_t> id_at_;  // FEN, EPD: where the ids' game numbers go in text_
  std::vector<pipeline::NumberHole> holes_;
};

// Feeds one reader's calls to the Selector and a RecordBuilder. What the Selector declines
// (StopGame, a skipped variation) is withheld from it alone; the builder sees every token.
class SelectTee : public pgn::Visitor {
 public:
  SelectTee(select::Selector& s, replay::RecordBuilder& b) : s_(s), b_(b) {}

  void attach_buffer(const pgn::BufferedBytes* w) { s_.attach_buffer(w); }
  bool reading_done() const { return s_.reading_done(); }
  void before_buffer_moves() { s_.before_buffer_moves(); }
  void begin_game(const pgn::GameInfo& g) {
    stopped_ = false;
    skip_ = depth_ = 0;
    see(s_.begin_game(g));
    b_.begin_game(g);
  }
  void tag(std::string_view name, std::string_view value, pgn::Location at) {
    if (!stopped_) see(s_.tag(name, value, at));
    b_.tag(name, value, at);
  }
  void begin_movetext() {
    if (!stopped_) see(s_.begin_movetext());
    b_.begin_movetext();
  }
  void san(std::string_view text, pgn::Location at) {
    if (open()) see(s_.san(text, at));
    b_.san(text, at);
  }
  void nag(std::uint32_t code, pgn::Location at) { b_.nag(code, at); }
  void comment(std::string_view text, pgn::Location at) { b_.comment(text, at); }
  pgn::Skip begin_variation(pgn::Location at) {
    ++depth_;
    if (open() && s_.begin_variation(at) == pgn::Skip::Yes) skip_ = depth_;
    return b_.begin_variation(at);
  }
  void end_variation(pgn::Location at) {
    if (open()) see(s_.end_variation(at));
    if (skip_ == depth_) skip_ = 0;
    --depth_;
    b_.end_variation(at);
  }
  void termination(pgn::Outcome o, std::string_view text, pgn::Location at) {
    if (!stopped_) s_.termination(o, text, at);
    b_.termination(o, text, at);
  }
  void syntax_error(const pgn::SyntaxIssue& issue) {
    if (!stopped_) see(s_.syntax_error(issue));
    b_.syntax_error(issue);
  }
  void end_game(const pgn::EndInfo& e) {
    s_.end_game(e);  // the verdict first: the converter writes the record if selected
    b_.end_game(e);
  }

 private:
  bool open() const { return !stopped_ && skip_ == 0; }
  void see(pgn::Control c) { stopped_ |= c == pgn::Control::StopGame; }

  select::Selector& s_;
  replay::RecordBuilder& b_;
  bool stopped_ = false;
  std::uint64_t skip_ = 0, depth_ = 0;
};

}  // namespace pgnkit::commands
