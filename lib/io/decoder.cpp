#include "io/decoder.h"

#include <algorithm>

#include "io/decoder_util.h"
#include "io/zstd_stream.h"

namespace pgnkit::io {
namespace detail {

After after_unit(RawInput& input, std::string_view magic) {
  for (;;) {
    if (input.buffered().empty() && !input.refill()) return After::End;
    const std::string_view rest = input.buffered();
    const auto nonzero = std::find_if(rest.begin(), rest.end(), [](char c) { return c != 0; });
    input.consume(static_cast<std::size_t>(nonzero - rest.begin()));
    if (nonzero != rest.end()) break;
  }
  input.ensure(magic.size());
  return input.buffered().starts_with(magic) ? After::More : After::Garbage;
}

Fed feed_more(RawInput& input, std::size_t used) {
  if (input.buffered().empty()) {
    if (input.refill()) return Fed::More;
  } else if (used > 0 || input.ensure(input.buffered().size() + 1)) {
    return Fed::More;
  }
  return input.error(0) ? Fed::ReadFailed : Fed::Ended;
}

std::unique_ptr<Decoder> init_failed(Compression format, std::uint64_t delivered, IoError* err) {
  if (err != nullptr) *err = IoError{IoErrorCode::DecoderInitFailed, 0, delivered, nullptr, format};
  return nullptr;
}

}  // namespace detail

std::unique_ptr<Decoder> make_decoder(Compression format, RawInput&& input, std::uint64_t delivered,
                                      IoError* err) {
  switch (format) {
    case Compression::Zstd: {
      std::unique_ptr<Decoder> zstd = ZstdStream::create(std::move(input), delivered);
      return zstd ? std::move(zstd) : detail::init_failed(format, delivered, err);
    }
    case Compression::Gzip: return detail::make_gzip_decoder(std::move(input), delivered, err);
    case Compression::Bzip2: return detail::make_bzip2_decoder(std::move(input), delivered, err);
    case Compression::Xz: return detail::make_xz_decoder(std::move(input), delivered, err);
    case Compression::None: break;
  }
  if (err != nullptr) *err = IoError{IoErrorCode::UnsupportedCompression, 0, delivered, "none"};
  return nullptr;
}

}  // namespace pgnkit::io
