#include "pipeline/output.h"

namespace pgnkit::pipeline {

void append_game_number(std::string& out, std::uint64_t number, std::uint32_t width) {
  char digits[20];
  const char* const end = std::to_chars(digits, digits + sizeof digits, number).ptr;
  const auto n = static_cast<std::size_t>(end - digits);
  out.append(digits, n);
  if (width > 0) out.append(n < width ? width - n : 1, ' ');
}

void fill_holes(std::string& out, std::string_view text, std::span<const NumberHole> holes,
                std::uint64_t base, std::uint64_t earlier) {
  std::size_t from = 0;
  for (const NumberHole& h : holes) {
    out.append(text.substr(from, h.at - from));
    append_game_number(out, base + h.relative + (h.scope == Scope::Run ? earlier : 0), h.width);
    from = h.at;
  }
  out.append(text.substr(from));
}

void Output::append(std::string_view text, std::span<const NumberHole> holes) {
  if (direct_) {
    fill_holes(text_, text, holes, base_, earlier_);
    return;
  }
  const std::size_t shift = text_.size();
  for (NumberHole h : holes) {
    h.at += shift;
    holes_.push_back(h);
  }
  text_.append(text);
}

}  // namespace pgnkit::pipeline
