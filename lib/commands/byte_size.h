// Sizes as the command line writes them: "1000000", "64K", "512M", "8G", "1T" (K, M, G, T in
// either case, or KiB, MiB, GiB, TiB: 1024-based).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnkit::commands {

// The size in bytes; nullopt when malformed or past 64 bits.
std::optional<std::uint64_t> parse_byte_size(std::string_view text);

}  // namespace pgnkit::commands
