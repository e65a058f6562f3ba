#include "commands/dedup_merge.h"

#include "commands/selected_output.h"
#include "write/json.h"

namespace pgnkit::commands {

void DedupMerge::set_learning(bool on) {
  learning_ = on;
  next_file_ = 0;
  if (!on) counts_ = {};  // the second pass counts again
}

void DedupMerge::input_begin(std::string_view name) {
  // run_dedup allows at most 65535 inputs. The names stay from the first pass: with --keep
  // longest a kept game may be in a later input.
  file_ = next_file_++;
  if (names_.size() <= file_) names_.resize(file_ + 1);
  names_[file_] = std::string(name);
}

void DedupMerge::records(const pipeline::Records& records, std::uint64_t game_base) {
  // DedupJob's records.
  static_cast<const DedupRecords&>(records).for_each(game_base,
                                                     [this](const DedupFrame& f) { game(f); });
  if (!pending_.empty()) {  // one write per chunk (or drained 64 KiB), not per game
    console_.out(pending_);
    pending_.clear();
  }
}

void DedupMerge::err(std::string_view bytes) {
  console_.err(bytes);
}

void DedupMerge::write(std::string_view bytes) {
  if (out_ != nullptr) {
    out_->write(bytes);
  } else {
    pending_.append(bytes);
  }
}

void DedupMerge::game(const DedupFrame& f) {
  if (failed_) return;
  ++counts_.games;
  const dedup::Origin me{f.offset, static_cast<std::uint32_t>(f.number), file_, f.plies};
  dedup::Decision decision{dedup::Verdict::Kept, {}};
  switch (f.kind) {  // not compared, kept: no moves, a move error, an unsupported variant
    case DedupFrame::Kind::Unsupported: ++counts_.unsupported; break;
    case DedupFrame::Kind::MoveErrors: ++counts_.move_errors; break;
    case DedupFrame::Kind::NoMoves: ++counts_.no_moves; break;
    case DedupFrame::Kind::Compared:
      if (learning_) {
        if (!decider_.learn(f.keys, me)) out_of_memory(me);
      } else {
        decision = decider_.decide(f.keys, me);
        if (decision.verdict == dedup::Verdict::OutOfMemory) out_of_memory(me);
      }
      break;
  }
  if (failed_ || learning_) return;
  if (decision.verdict != dedup::Verdict::Kept) {
    ++counts_.dropped;
    write_report(me, decision);
    return;
  }
  if (f.bytes_status != pgn::GameBytes::Status::Kept) {
    console_.command_message(
        "dedup", names_[file_] + ": game " + std::to_string(me.number) + ": longer than " +
                     std::to_string(pgn::GameBytes::kDefaultLimit) + " bytes, not written");
    ++counts_.too_long;
    return;
  }
  // Games exactly as select writes them (commands/selected_output.h): the raw bytes, then the line
  // break that ends them and one blank line.
  ++counts_.written;
  write(f.bytes);
  write(selected_game_tail(f.bytes));
}

void DedupMerge::out_of_memory(const dedup::Origin& at) {
  failed_ = true;
  console_.command_message(
      "dedup", "--max-memory " + max_memory_ + " exceeded: the tables of " +
                   std::to_string(decider_.distinct()) + " distinct games and " +
                   std::to_string(decider_.prefixes()) + " prefixes would need " +
                   std::to_string(decider_.needed_bytes()) + " bytes, at " + names_[file_] +
                   " game " + std::to_string(at.number) + "; stopped");
}

void DedupMerge::write_report(const dedup::Origin& me, const dedup::Decision& d) {
  if (!report_) return;
  std::string& line = line_;
  line = "{\"file\":";
  write::append_json_string(line, names_[me.file]);
  line += ",\"input\":" + std::to_string(me.file) + ",\"game\":" + std::to_string(me.number) +
          ",\"offset\":" + std::to_string(me.offset) + ",\"plies\":" + std::to_string(me.plies) +
          ",\"reason\":\"";
  line += d.verdict == dedup::Verdict::Same           ? "same"
          : d.verdict == dedup::Verdict::KeptIsPrefix ? "kept_is_prefix"
                                                      : "is_prefix";
  line += "\",\"kept\":{\"file\":";
  write::append_json_string(line, names_[d.kept.file]);
  line += ",\"input\":" + std::to_string(d.kept.file) +
          ",\"game\":" + std::to_string(d.kept.number) +
          ",\"offset\":" + std::to_string(d.kept.offset) +
          ",\"plies\":" + std::to_string(d.kept.plies) + "}}\n";
  std::fwrite(line.data(), 1, line.size(), report_);
}

}  // namespace pgnkit::commands
