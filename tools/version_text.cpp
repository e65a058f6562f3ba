#include "build_info.h"

namespace pgnkit::tools {

std::string version_text() {
  const BuildInfo& b = kBuildInfo;
  std::string text = std::string("pgnkit ") + b.version + "\n";
  text += *b.commit ? std::string("commit ") + b.commit
                    : std::string("commit unknown (not built from git)");
  text +=
      std::string("\nbuild ") + b.build_type + ", " + b.flavour + ", sanitizers: " + b.sanitizers;
  return text;
}

}  // namespace pgnkit::tools
