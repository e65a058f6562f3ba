#include "select/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace pgnkit::select {

namespace {

// Match data for whether a pattern matches (one ovector pair is enough: a match that does
// not fit says 0, still a match), one per thread: pcre2_match writes it, and select's
// workers (--threads) match the same compiled patterns at once. Made once per thread, so
// no allocation per call.
pcre2_match_data* thread_match_data() {
  struct Data {
    pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
    ~Data() { pcre2_match_data_free(data); }
  };
  static thread_local Data d;
  return d.data;
}

}  // namespace

// Read-only once compiled: shared by every copy of the filter and every thread.
struct Regex::Compiled {
  pcre2_code* code = nullptr;
  pcre2_match_context* context = nullptr;
  ~Compiled() {
    pcre2_match_context_free(context);
    pcre2_code_free(code);
  }
};

bool Regex::compile(std::string_view pattern, Regex& out, RegexError& error, bool caseless,
                    std::uint32_t match_limit) {
  int code = 0;
  PCRE2_SIZE offset = 0;
  auto compiled = std::make_shared<Compiled>();
  std::uint32_t options = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
  if (caseless) options |= PCRE2_CASELESS;
  compiled->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                 options, &code, &offset, nullptr);
  if (compiled->code == nullptr) {
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(code, message, sizeof message);
    error.message = reinterpret_cast<const char*>(message);
    error.offset = offset;
    return false;
  }
  // Without the JIT (an unsupported CPU, no executable memory) the interpreter matches the
  // same strings, more slowly; the match limit applies to both.
  pcre2_jit_compile(compiled->code, PCRE2_JIT_COMPLETE);
  compiled->context = pcre2_match_context_create(nullptr);
  pcre2_set_match_limit(compiled->context, match_limit);
  out.code_ = std::move(compiled);
  out.pattern_ = std::string(pattern);
  return true;
}

Regex::Match Regex::match(std::string_view subject) const {
  if (code_ == nullptr) return Match::No;
  const char* text = subject.data() != nullptr ? subject.data() : "";
  const int rc = pcre2_match(code_->code, reinterpret_cast<PCRE2_SPTR>(text), subject.size(), 0, 0,
                             thread_match_data(), code_->context);
  if (rc >= 0) return Match::Yes;
  if (rc == PCRE2_ERROR_NOMATCH) return Match::No;
  return Match::Limit;  // the match or depth limit, or another run-time error: not an answer
}

}  // namespace pgnkit::select
