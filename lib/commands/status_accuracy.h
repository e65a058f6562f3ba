// The accuracy columns `status --accuracy` adds to each record (after the fields of
// status_record.h, before --eco's): each side's accuracy and ACPL from the [%eval]s of the
// game's main line (analysis/eval_tracking.h; the formulas of docs/analyse.md).
#pragma once

#include <cstddef>

#include "analysis/accuracy.h"
#include "commands/output_buffer.h"

namespace pgnkit::commands {

// The NDJSON keys and CSV columns, in order.
inline constexpr const char* kAccuracyCsvHeader =
    "white_accuracy,black_accuracy,white_acpl,black_acpl";

// Each takes the buffer just after the record (and adds to it): NDJSON numbers (accuracy with
// one decimal, ACPL whole) or null, CSV fields (empty when absent), text cells "87.3/66.9" and
// "44/102" ("-" for a side with no measured move) at kAccuracyTextColumn.
void put_accuracy_ndjson(OutputBuffer& out, const analysis::GameFigures& f);
void put_accuracy_csv(OutputBuffer& out, const analysis::GameFigures& f);
void put_accuracy_text(OutputBuffer& out, std::size_t row_start, const analysis::GameFigures& f);

// The text columns: where they start (where --eco's would) and their widths.
inline constexpr std::size_t kAccuracyTextWidth = 12, kAcplTextWidth = 10;

}  // namespace pgnkit::commands
