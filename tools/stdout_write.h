// Writes to stdout through stdio, keeping the first failure, so that every command ends on a
// failed write (a full disk, a closed pipe with SIGPIPE ignored) as those that write through
// io::OutputSink do: "pgnkit: <stdout>: write error: <why>" on stderr and exit status 2, after
// everything else the run had to say. Call from one thread at a time (the merging thread).
#pragma once

#include <string_view>

namespace pgnkit::tools {

// fwrite(bytes) to stdout; a short write keeps its errno. False once any write has failed.
bool write_stdout(std::string_view bytes);

// printf to stdout, kept likewise.
[[gnu::format(printf, 1, 2)]] bool print_stdout(const char* format, ...);

// fflush(stdout), kept likewise.
bool flush_stdout();

// At the end of a command's output: flushes stdout and, when anything written to it failed
// (also through std::cout or another stdio call), prints the message above once. Returns
// false when it failed.
bool stdout_ok_or_report();

}  // namespace pgnkit::tools
