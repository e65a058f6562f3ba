#include "commands/status_accuracy.h"

#include <string>

#include "analysis/game_evals.h"
#include "commands/status_eco.h"

namespace pgnkit::commands {
namespace {

void append_json(std::string& out, const std::optional<double>& v, bool accuracy) {
  if (!v) {
    out += "null";
    return;
  }
  out += accuracy ? analysis::accuracy_text(*v) : analysis::acpl_text(*v);
}

void append_csv(std::string& out, const std::optional<double>& v, bool accuracy) {
  if (v) out += accuracy ? analysis::accuracy_text(*v) : analysis::acpl_text(*v);
}

// "87.3/66.9", with "-" for a side without a figure.
std::string pair_text(const std::optional<double>& white, const std::optional<double>& black,
                      bool accuracy) {
  std::string text;
  append_csv(text, white, accuracy);
  if (!white) text += '-';
  text += '/';
  append_csv(text, black, accuracy);
  if (!black) text += '-';
  return text;
}

}  // namespace

void put_accuracy_ndjson(OutputBuffer& out, const analysis::GameFigures& f) {
  out.drop_back(2);  // the record's "}\n"
  std::string& fields = out.scratch();
  fields += ",\"white_accuracy\":";
  append_json(fields, f.white.accuracy, true);
  fields += ",\"black_accuracy\":";
  append_json(fields, f.black.accuracy, true);
  fields += ",\"white_acpl\":";
  append_json(fields, f.white.acpl, false);
  fields += ",\"black_acpl\":";
  append_json(fields, f.black.acpl, false);
  fields += "}\n";
  out.put(fields);
}

void put_accuracy_csv(OutputBuffer& out, const analysis::GameFigures& f) {
  out.drop_back(1);  // the record's "\n"
  std::string& fields = out.scratch();
  fields += ',';
  append_csv(fields, f.white.accuracy, true);
  fields += ',';
  append_csv(fields, f.black.accuracy, true);
  fields += ',';
  append_csv(fields, f.white.acpl, false);
  fields += ',';
  append_csv(fields, f.black.acpl, false);
  fields += '\n';
  out.put(fields);
}

void put_accuracy_text(OutputBuffer& out, std::size_t row_start, const analysis::GameFigures& f) {
  out.drop_back(1);  // the row's "\n"
  const std::size_t used = out.size() - row_start;
  std::string& cells = out.scratch();
  cells.append(used < kEcoTextColumn ? kEcoTextColumn - used : 1, ' ');
  std::string accuracy = pair_text(f.white.accuracy, f.black.accuracy, true);
  accuracy.resize(std::max(accuracy.size() + 1, kAccuracyTextWidth), ' ');
  cells += accuracy;
  cells += pair_text(f.white.acpl, f.black.acpl, false);
  cells += '\n';
  out.put(cells);
}

}  // namespace pgnkit::commands
