#include "support/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <gtest/gtest.h>
#include <pcre2.h>

#include <utility>

namespace pgnkit::testing {

struct Regex::Compiled {
  pcre2_code* code = nullptr;
  ~Compiled() { pcre2_code_free(code); }
};

Regex::Regex(std::string_view pattern) : pattern_(pattern) {
  auto compiled = std::make_shared<Compiled>();
  int error = 0;
  PCRE2_SIZE offset = 0;
  compiled->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern_.data()), pattern_.size(), 0,
                                 &error, &offset, nullptr);
  if (compiled->code == nullptr) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(error, message, sizeof message);
    ADD_FAILURE() << "bad test regex '" << pattern_ << "' at offset " << offset << ": "
                  << reinterpret_cast<const char*>(message);
  }
  compiled_ = std::move(compiled);
}

RegexMatch Regex::run(std::string_view text, std::size_t from, std::uint32_t options) const {
  RegexMatch m;
  if (compiled_->code == nullptr || from > text.size()) return m;
  pcre2_match_data* data = pcre2_match_data_create_from_pattern(compiled_->code, nullptr);
  const char* subject = text.data() != nullptr ? text.data() : "";
  const int rc = pcre2_match(compiled_->code, reinterpret_cast<PCRE2_SPTR>(subject), text.size(),
                             from, options, data, nullptr);
  if (rc > 0) {
    const PCRE2_SIZE* ovector = pcre2_get_ovector_pointer(data);
    m.begin = ovector[0];
    m.end = ovector[1];
    const std::uint32_t pairs = pcre2_get_ovector_count(data);
    for (std::uint32_t i = 0; i < pairs; ++i) {
      const PCRE2_SIZE b = ovector[2 * i], e = ovector[2 * i + 1];
      m.groups.push_back(b == PCRE2_UNSET ? std::string() : std::string(text.substr(b, e - b)));
    }
  } else if (rc != PCRE2_ERROR_NOMATCH) {
    ADD_FAILURE() << "test regex '" << pattern_ << "': match error " << rc;
  }
  pcre2_match_data_free(data);
  return m;
}

RegexMatch Regex::search(std::string_view text, std::size_t from) const {
  return run(text, from, 0);
}

RegexMatch Regex::full_match(std::string_view text) const {
  return run(text, 0, PCRE2_ANCHORED | PCRE2_ENDANCHORED);
}

std::vector<RegexMatch> Regex::search_all(std::string_view text) const {
  std::vector<RegexMatch> all;
  for (std::size_t from = 0;;) {
    RegexMatch m = search(text, from);
    if (!m) break;
    from = m.end > m.begin ? m.end : m.end + 1;  // an empty match moves on by one byte
    all.push_back(std::move(m));
  }
  return all;
}

}  // namespace pgnkit::testing
