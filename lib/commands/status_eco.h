// The `eco` and `opening` columns `status --eco` adds at the end of each record (after the
// fields of status_record.h, whose output they extend in place).
#pragma once

#include <cstddef>

#include "commands/output_buffer.h"
#include "eco/book.h"

namespace pgnkit::commands {

// The text the `opening` column holds: "Opening, Variation, SubVariation" (those present).
std::string opening_text(const eco::Opening& o);

// Each takes the buffer just after a put_status_* call and adds the two fields to that record
// (null classification: JSON null, empty CSV fields, "-" in text).
void put_eco_ndjson(OutputBuffer& out, const eco::Opening* o);
void put_eco_csv(OutputBuffer& out, const eco::Opening* o);
// `row_start` is the buffer's size before the row was put: the columns start at a fixed place.
// `column`: where the eco cell starts (further right after status --accuracy's cells).
void put_eco_text(OutputBuffer& out, std::size_t row_start, const eco::Opening* o,
                  std::size_t column);

// The text table's header with the two columns.
inline constexpr const char* kEcoTextHeaderTail = "eco  opening";
// Where the eco column starts in a text row (the problems cell is this much wider than the
// fixed columns before it); --accuracy's cells start there too, and eco after them.
inline constexpr std::size_t kEcoTextColumn = 6 + 20 + 20 + 8 + 6 + 23 + 8 + 4 + 24;

}  // namespace pgnkit::commands
