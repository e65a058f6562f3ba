// `pgnkit stats --format html`: one self-contained page (docs/stats.md). Charts of the counts
// drawn by the charting library inlined into the page (Chart.js), each with its table, so
// that the page reads without it; the problems in a table with a board of the position before
// each move. Every value from the games is escaped: the page runs no script but its own.
#pragma once

#include <string>

#include "commands/stats_merge.h"

namespace pgnkit::commands {

struct StatsHtmlOptions {
  std::string chart_js;       // the library's text (empty: tables only, with a note)
  std::string chart_js_path;  // where it was looked for (the note names it)
};

std::string stats_html(const StatsReport& r, const StatsHtmlOptions& options);

// `text` for HTML text or a quoted attribute value: valid UTF-8 (other bytes read as
// Windows-1252), & < > " ' as references, control characters but tab and line feed dropped.
void append_html(std::string& out, std::string_view text);

}  // namespace pgnkit::commands
