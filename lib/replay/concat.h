// Message building for the replayer (internal).
#pragma once

#include <string>
#include <string_view>

namespace pgnkit::replay::detail {

// Concatenates text pieces (messages are built only when a problem is found).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  (out.append(std::string_view(parts)), ...);
  return out;
}

}  // namespace pgnkit::replay::detail
