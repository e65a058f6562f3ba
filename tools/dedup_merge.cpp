#include "dedup_merge.h"

#include "commands/selected_output.h"
#include "progress.h"
#include "write/json.h"

namespace pgnkit::tools {

void DedupMerge::set_learning(bool on) {
  learning_ = on;
  next_file_ = 0;
  if (!on) counts_ = {};  // the second pass counts again
}

void DedupMerge::input_begin(std::string_view name) {
  // cmd_dedup allows at most 65535 inputs. The names stay from the first pass: with --keep
  // longest a kept game may be in a later input.
  file_ = next_file_++;
  if (names_.size() <= file_) names_.resize(file_ + 1);
  names_[file_] = std::string(name);
}

std::string_view DedupMerge::out(std::string_view bytes) {
  GameFrame f;
  while (!bytes.empty() && take_frame(bytes, f, keys_)) game(f);
  return {};
}

void DedupMerge::err(std::string_view bytes) {
  std::fwrite(bytes.data(), 1, bytes.size(), stderr);
}

void DedupMerge::game(const GameFrame& f) {
  if (failed_) return;
  ++counts_.games;
  const dedup::Origin me{f.offset, static_cast<std::uint32_t>(f.number), file_, f.plies};
  dedup::Decision decision{dedup::Verdict::Kept, {}};
  switch (f.kind) {  // not compared, kept: no moves, a move error, an unsupported variant
    case GameFrame::Kind::Unsupported: ++counts_.unsupported; break;
    case GameFrame::Kind::MoveErrors: ++counts_.move_errors; break;
    case GameFrame::Kind::NoMoves: ++counts_.no_moves; break;
    case GameFrame::Kind::Compared:
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
    progress_before_output();
    std::fprintf(stderr, "pgnkit dedup: %s: game %u: longer than %zu bytes, not written\n",
                 names_[file_].c_str(), me.number, pgn::GameBytes::kDefaultLimit);
    ++counts_.too_long;
    return;
  }
  // Games exactly as select writes them (commands/selected_output.h): the raw bytes, then the line
  // break that ends them and one blank line.
  ++counts_.written;
  out_.write(f.bytes);
  out_.write(commands::selected_game_tail(f.bytes));
}

void DedupMerge::out_of_memory(const dedup::Origin& at) {
  failed_ = true;
  progress_before_output();
  std::fprintf(stderr,
               "pgnkit dedup: --max-memory %s exceeded: the tables of %zu distinct games "
               "and %zu prefixes would need %zu bytes, at %s game %u; stopped\n",
               max_memory_.c_str(), decider_.distinct(), decider_.prefixes(),
               decider_.needed_bytes(), names_[file_].c_str(), at.number);
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

}  // namespace pgnkit::tools
