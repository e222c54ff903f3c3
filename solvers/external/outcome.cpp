#include "solvers/external/outcome.hpp"

#include "solvers/external/solutions.hpp"

#include <fmt/format.h>

#include <array>
#include <csignal>
#include <cstring>
#include <system_error>

namespace futolab::external {
namespace {

std::string signal_name(int sig) {
    const char* abbrev = sigabbrev_np(sig);  // glibc ≥ 2.32, thread-safe unlike strsignal
    return abbrev != nullptr ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", sig);
}

bool mentions_memory(std::string_view err) {
    // What the tools print when RLIMIT_AS refuses them memory (checked with each under a small
    // limit): minizinc "std::bad_alloc"; swipl "Could not allocate memory: Cannot allocate
    // memory" (or resource_error); cbc, at start-up, "failed to map segment from shared object";
    // a Python script run as a command (solvers/command) "MemoryError".
    static constexpr std::array<std::string_view, 9> kWords{
        "bad_alloc", "out of memory", "Out of memory", "Cannot allocate memory", "resource_error",
        "memory exhausted", "Not enough memory", "failed to map segment", "MemoryError"};
    for (std::string_view w : kWords)
        if (err.find(w) != std::string_view::npos) return true;
    return false;
}

// The first non-empty line of stderr that is not a warning (MiniZinc prints library warnings
// before the error that matters).
std::string first_error_line(std::string_view err) {
    std::string_view fallback;
    while (!err.empty()) {
        const std::size_t eol = err.find('\n');
        std::string_view line = err.substr(0, eol);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!line.empty() && fallback.empty()) fallback = line;
        if (!line.empty() && !line.starts_with("Warning") && !line.starts_with("WARNING")) return printable_line(line);
        if (eol == std::string_view::npos) break;
        err.remove_prefix(eol + 1);
    }
    return fallback.empty() ? "no message on stderr" : printable_line(fallback);
}

}  // namespace

std::string printable_line(std::string_view text) {
    std::string out;
    for (char c : text.substr(0, 200)) out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    return out;
}

SolveResult failed_result(Status status, std::string message) {
    SolveResult r;
    r.status = status;
    r.message = std::move(message);
    r.unknown = counter_bits({Counter::solutions, Counter::nodes, Counter::fails, Counter::checks,
                              Counter::propagations, Counter::max_depth});
    return r;
}

std::optional<SolveResult> process_failure(const ProcessResult& p, const ToolName& tool, std::uint64_t memory_bytes) {
    if (!p.started)
        return failed_result(Status::error, fmt::format("{} not found on PATH (Debian package {})", tool.program, tool.package));
    if (p.start_step != StartStep::none) {
        const std::string why = std::generic_category().message(p.start_errno);
        return failed_result(Status::error, p.start_step == StartStep::execve
                                                ? fmt::format("{} could not be executed: {}", tool.program, why)
                                                : fmt::format("{} could not be started in its run folder: {}", tool.program, why));
    }
    if (p.cpu_limited)
        return failed_result(Status::timeout, fmt::format("cpu time limit: {} and its children stopped", tool.program));
    if (p.timed_out) return failed_result(Status::timeout, fmt::format("wall time limit: {} stopped", tool.program));
    if (p.memory_exceeded)
        return failed_result(Status::memout,
                             fmt::format("{}'s processes held {} kB together (polled every {} ms), above the memory limit "
                                         "({} kB): stopped",
                                         tool.program, p.tree_peak_kb, kTreePollMs, memory_bytes >> 10));
    const bool abnormal = p.signal != 0 || p.exit_code != 0;
    const bool big = memory_bytes != 0 && p.max_rss_kb >= 0 &&
                     static_cast<std::uint64_t>(p.max_rss_kb) * 1024 >= memory_bytes / 10 * 9;
    if (abnormal && memory_bytes != 0 && (mentions_memory(p.err) || big))
        return failed_result(Status::memout, fmt::format("{} ran out of memory (limit {} kB, the tool's peak resident set {} kB)",
                                                         tool.program, memory_bytes >> 10, p.max_rss_kb));
    if (p.signal == SIGXFSZ || p.output_truncated)
        return failed_result(Status::error, fmt::format("{} wrote more than {} MiB of output", tool.program, kMaxOutputBytes >> 20));
    if (p.signal != 0) return failed_result(Status::crash, fmt::format("{} killed by {}", tool.program, signal_name(p.signal)));
    if (p.exit_code != 0)
        return failed_result(Status::error, fmt::format("{} exited with status {}: {}", tool.program, p.exit_code, first_error_line(p.err)));
    return std::nullopt;
}

}  // namespace futolab::external

namespace futolab::external {

std::optional<SolveResult> refuse_node_limit(const SolveRequest& request, std::string_view tool) {
    if (request.limits.nodes == 0) return std::nullopt;
    return failed_result(Status::error, fmt::format("{} cannot enforce a node limit (run it without one)", tool));
}

SolveResult completed_result(const ToolName& tool, const SolutionCollector& solutions, const Mode& mode,
                             CounterMask unknown) {
    SolveResult r;
    r.claimed_by = tool.program;
    r.counters.solutions = solutions.count();
    r.solution = solutions.first();
    r.status = completed_status(mode, solutions.count());
    r.unknown = unknown;
    return r;
}

}  // namespace futolab::external
