#include "commands/status_eco.h"

#include <string>

#include "write/json.h"
#include "write/table.h"

namespace pgnkit::commands {

std::string opening_text(const eco::Opening& o) {
  std::string text = o.name;
  for (const std::string* part : {&o.variation, &o.sub_variation}) {
    if (part->empty()) continue;
    if (!text.empty()) text += ", ";
    text += *part;
  }
  return text;
}

void put_eco_ndjson(OutputBuffer& out, const eco::Opening* o) {
  out.drop_back(2);  // the record's "}\n"
  if (!o) {
    out.put(",\"eco\":null,\"opening\":null}\n");
    return;
  }
  std::string& fields = out.scratch();
  fields += ",\"eco\":";
  write::append_json_string(fields, o->eco);
  fields += ",\"opening\":";
  write::append_json_string(fields, opening_text(*o));
  fields += "}\n";
  out.put(fields);
}

void put_eco_csv(OutputBuffer& out, const eco::Opening* o) {
  out.drop_back(1);  // the record's "\n"
  std::string& fields = out.scratch();
  fields += ',';
  if (o) write::append_csv_field(fields, o->eco);
  fields += ',';
  if (o) write::append_csv_field(fields, opening_text(*o));
  fields += '\n';
  out.put(fields);
}

void put_eco_text(OutputBuffer& out, std::size_t row_start, const eco::Opening* o,
                  std::size_t column) {
  out.drop_back(1);  // the row's "\n"
  const std::size_t used = out.size() - row_start;
  std::string& cells = out.scratch();
  cells.append(used < column ? column - used : 1, ' ');
  if (o) {
    write::append_padded(cells, o->eco, 5);
    cells += opening_text(*o);
  } else {
    cells += "-";
  }
  while (!cells.empty() && cells.back() == ' ') cells.pop_back();
  cells += '\n';
  out.put(cells);
}

}  // namespace pgnkit::commands
