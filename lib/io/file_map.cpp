#include "io/file_map.h"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <mutex>
#include <utility>

namespace pgnkit::io {
namespace {

// The live maps' file pages, for the SIGBUS handler: [begin, end) by address, 0 when free.
struct LiveMap {
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};
  std::atomic<std::uintptr_t> zeros_from{0};  // the first page a fault replaced, if any
};
std::array<LiveMap, FileMap::kMaxLive> live_maps;
struct sigaction previous_sigbus {};
std::once_flag handler_installed;
bool handler_ok = false;

std::uintptr_t page_size() {
  static const auto size = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

// A SIGBUS inside a live map is a page the file no longer has: zero pages take the rest of
// that map, and the faulting read goes on with zeros. (mmap is a bare system call on Linux,
// safe here although POSIX does not list it.) Otherwise the previous disposition comes back
// and the fault, repeated on return, meets it.
void on_sigbus(int signal, siginfo_t* info, void* /*context*/) {
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (LiveMap& m : live_maps) {
    const std::uintptr_t begin = m.begin.load(std::memory_order_acquire);
    const std::uintptr_t end = m.end.load(std::memory_order_acquire);
    if (begin == 0 || address < begin || address >= end) continue;
    const std::uintptr_t page = address & ~(page_size() - 1);
    // NOLINTNEXTLINE(performance-no-int-to-ptr): the faulting page, as the kernel gave it
    void* at = reinterpret_cast<void*>(page);
    if (::mmap(at, end - page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
               0) != MAP_FAILED) {
      if (m.zeros_from.load(std::memory_order_relaxed) == 0)
        m.zeros_from.store(page, std::memory_order_release);
      return;
    }
  }
  ::sigaction(SIGBUS, &previous_sigbus, nullptr);
  if (info->si_code <= 0) ::raise(signal);  // sent, not a fault: it would not repeat
}

void install_handler() {
  struct sigaction action {};
  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO;
  ::sigemptyset(&action.sa_mask);
  handler_ok = ::sigaction(SIGBUS, &action, &previous_sigbus) == 0;
}

int claim_slot(std::uintptr_t begin, std::uintptr_t end) {
  for (std::size_t i = 0; i < live_maps.size(); ++i) {
    std::uintptr_t free = 0;
    if (live_maps[i].begin.compare_exchange_strong(free, 1, std::memory_order_acq_rel)) {
      live_maps[i].zeros_from.store(0, std::memory_order_relaxed);
      live_maps[i].end.store(end, std::memory_order_release);
      live_maps[i].begin.store(begin, std::memory_order_release);
      return static_cast<int>(i);
    }
  }
  return -1;
}

}  // namespace

std::optional<FileMap> FileMap::map(int fd, std::uint64_t offset, std::uint64_t size,
                                    std::size_t padding, std::atomic<std::uint64_t>* counter,
                                    std::uint64_t counted) {
  if (size == 0 || size > SIZE_MAX / 2) return std::nullopt;
  std::call_once(handler_installed, install_handler);
  if (!handler_ok) return std::nullopt;
  const std::uintptr_t page = page_size();
  const std::uint64_t first = offset & ~std::uint64_t{page - 1};
  const auto lead = static_cast<std::size_t>(offset - first);
  const std::size_t file_length = lead + static_cast<std::size_t>(size);
  const std::size_t length = (file_length + padding + page - 1) & ~(page - 1);
  // Anonymous zero pages for the whole span, then the file over its front: the padding (and
  // the rest of the last file page, which the kernel zero-fills) is writable, never SIGBUS.
  void* base = ::mmap(nullptr, length, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) return std::nullopt;
  if (::mmap(base, file_length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd,
             static_cast<off_t>(first)) == MAP_FAILED) {
    ::munmap(base, length);
    return std::nullopt;
  }
  FileMap m;
  m.base_ = static_cast<char*>(base);
  m.length_ = length;
  m.data_ = m.base_ + lead;
  m.size_ = static_cast<std::size_t>(size);
  m.given_back_ = m.base_;
  m.passed_ = m.data_;
  m.counter_ = counter;
  m.counted_to_ = m.data_ + static_cast<std::size_t>(std::min<std::uint64_t>(counted, size));
  const auto begin = reinterpret_cast<std::uintptr_t>(m.base_);
  m.slot_ = claim_slot(begin, begin + ((file_length + page - 1) & ~(page - 1)));
  if (m.slot_ < 0) return std::nullopt;  // m's destructor unmaps
  ::madvise(base, file_length, MADV_SEQUENTIAL);
  return m;
}

FileMap::FileMap(FileMap&& other) noexcept
    : base_(std::exchange(other.base_, nullptr)),
      length_(std::exchange(other.length_, 0)),
      data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      given_back_(std::exchange(other.given_back_, nullptr)),
      passed_(std::exchange(other.passed_, nullptr)),
      counted_to_(std::exchange(other.counted_to_, nullptr)),
      counter_(std::exchange(other.counter_, nullptr)),
      slot_(std::exchange(other.slot_, -1)) {}

FileMap& FileMap::operator=(FileMap&& other) noexcept {
  if (this != &other) {
    release();
    base_ = std::exchange(other.base_, nullptr);
    length_ = std::exchange(other.length_, 0);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    given_back_ = std::exchange(other.given_back_, nullptr);
    passed_ = std::exchange(other.passed_, nullptr);
    counted_to_ = std::exchange(other.counted_to_, nullptr);
    counter_ = std::exchange(other.counter_, nullptr);
    slot_ = std::exchange(other.slot_, -1);
  }
  return *this;
}

FileMap::~FileMap() {
  release();
}

void FileMap::release() {
  if (slot_ >= 0) {
    LiveMap& m = live_maps[static_cast<std::size_t>(slot_)];
    m.begin.store(0, std::memory_order_release);  // the handler no longer claims it
    m.end.store(0, std::memory_order_release);
    slot_ = -1;
  }
  if (base_ != nullptr) ::munmap(base_, length_);
  base_ = nullptr;
}

void FileMap::passed(const char* p) {
  if (p <= passed_) return;
  if (counter_ != nullptr && p > counted_to_) {
    counter_->fetch_add(static_cast<std::uint64_t>(p - std::max(passed_, counted_to_)),
                        std::memory_order_relaxed);
  }
  passed_ = p;
  const std::uintptr_t mask = ~(page_size() - 1);
  // NOLINTNEXTLINE(performance-no-int-to-ptr): p's page start, inside this map
  char* const page = reinterpret_cast<char*>(reinterpret_cast<std::uintptr_t>(p) & mask);
  if (page > given_back_) {
    ::madvise(given_back_, static_cast<std::size_t>(page - given_back_), MADV_DONTNEED);
    given_back_ = page;
  }
}

std::optional<std::size_t> FileMap::zeros_from() const {
  if (slot_ < 0) return std::nullopt;
  const std::uintptr_t page =
      live_maps[static_cast<std::size_t>(slot_)].zeros_from.load(std::memory_order_acquire);
  if (page == 0) return std::nullopt;
  const auto data = reinterpret_cast<std::uintptr_t>(data_);
  return page <= data ? 0 : static_cast<std::size_t>(page - data);
}

}  // namespace pgnkit::io
