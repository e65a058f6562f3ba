// Output written before its game numbers are known. A worker reading chunk k of an input
// cannot know how many games the chunks before it hold, so it writes each game number as a
// hole (where, the number relative to its reader, the cell's width) and the merger fills the
// holes with base + relative while copying the bytes out. Where the base is known (one
// thread, or a read on the merging thread) numbers are written at once.
#pragma once

#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::pipeline {

// Which games a number counts: those of its input (game numbers), or those of every input
// so far (convert's EPD ids).
enum class Scope : std::uint8_t { Input, Run };

struct NumberHole {
  std::size_t at = 0;          // byte position in the text
  std::uint64_t relative = 0;  // the game number as the reader counted it (1-based)
  std::uint32_t width = 0;     // > 0: left-aligned in a cell this wide, at least one space after
  Scope scope = Scope::Input;
};

// Appends base + relative (padded as the hole says) to out.
void append_game_number(std::string& out, std::uint64_t number, std::uint32_t width);

// text with every hole filled, appended to out: base + hole.relative, and for a Run hole
// also + earlier (the games of the inputs before this one).
void fill_holes(std::string& out, std::string_view text, std::span<const NumberHole> holes,
                std::uint64_t base, std::uint64_t earlier = 0);

class Output {
 public:
  // Numbers known now: game_number() writes base + relative at once (and a Run number
  // earlier + base + relative).
  void set_base(std::uint64_t base, std::uint64_t earlier = 0) {
    direct_ = true;
    base_ = base;
    earlier_ = earlier;
  }
  // Append bytes here (between game_number() calls).
  std::string& text() { return text_; }
  void game_number(std::uint64_t relative, std::uint32_t width = 0, Scope scope = Scope::Input) {
    if (direct_) {
      append_game_number(text_, base_ + relative + (scope == Scope::Run ? earlier_ : 0), width);
    } else {
      holes_.push_back(NumberHole{text_.size(), relative, width, scope});
    }
  }
  // Appends text whose holes are at positions relative to its start.
  void append(std::string_view text, std::span<const NumberHole> holes);

  bool empty() const { return text_.empty(); }
  std::size_t size() const { return text_.size(); }
  std::string_view view() const { return text_; }
  std::span<const NumberHole> holes() const { return holes_; }
  void clear() {
    text_.clear();
    holes_.clear();
  }
  // Empties it and forgets set_base(), keeping its memory: an Output reused for another read.
  void reset() {
    clear();
    base_ = earlier_ = 0;
    direct_ = false;
  }
  // The memory held (text and holes), for a pool that bounds what it keeps.
  std::size_t capacity_bytes() const {
    return text_.capacity() + holes_.capacity() * sizeof(NumberHole);
  }

 private:
  std::string text_;
  std::vector<NumberHole> holes_;
  std::uint64_t base_ = 0, earlier_ = 0;
  bool direct_ = false;
};

}  // namespace pgnkit::pipeline
