// The command line as one JSON document, for programs that drive pgnkit (pgnkit-dask reads
// which options take a value from it instead of scraping --help). The schema is in
// docs/install.md; kJsonModelVersion changes only when a key changes meaning or goes away
// (new keys may appear without it, so a reader ignores keys it does not know).
#pragma once

#include <string>
#include <string_view>

#include "clidoc/model.h"

namespace pgnkit::clidoc {

inline constexpr int kJsonModelVersion = 1;
inline constexpr std::string_view kJsonModelSchema = "pgnkit-cli-model";

// The model of `program` (hidden entries included, if it has them), indented, ending in a
// newline. `version` is the program's own version.
std::string render_json_model(const Command& program, std::string_view version);

// `text` as a JSON string, quotes included: '"', '\' and control characters escaped, UTF-8
// kept as it is and a byte that is not valid UTF-8 replaced by \ufffd (the document stays
// valid JSON whatever the help text holds).
std::string json_quote(std::string_view text);

}  // namespace pgnkit::clidoc
