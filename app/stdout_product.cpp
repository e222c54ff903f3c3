#include "app/stdout_product.hpp"

#include "core/atomic_file.hpp"

#include <fmt/format.h>

#include <string_view>
#include <unistd.h>

namespace futolab::app {
namespace {

constexpr std::string_view kClosed = "standard output is closed (started with >&- or 1>&-)";
constexpr std::string_view kOpenAdvice = "start it with standard output open (a file, a pipe or a terminal)";

// What a command writes onto standard output, and the options that take it elsewhere.
struct StdoutProduct {
    std::string_view command;
    std::string_view what;       // "the records", for the message
    std::string_view elsewhere;  // the option that writes it to a file instead ("": none)
    std::string_view value = "FILE";  // what that option takes
};

// Every command whose product is standard output. run, merge and report print a summary there
// only (their product is a file), and `worker` speaks to its parent through it.
constexpr StdoutProduct kStdoutProducts[] = {
    {"generate", "the instances", "--out"}, {"convert", "the instances", "--out"},
    {"critical", "the records", "--out"},   {"analyze", "the tables", "--tables", "DIR"},
    {"solve", "the results", ""},           {"grade", "the grades", ""},
    {"check", "the verdicts", ""},          {"compare", "the comparison", ""},
    {"list", "the listing", ""},            {"schema", "the schema", ""}};

// Whether the option `name` of `cmd` was given a file (not standard output by any name).
bool names_a_file(const CLI::App& cmd, std::string_view name) {
    const CLI::Option* opt = cmd.get_option_no_throw(std::string(name));
    if (opt == nullptr || opt->count() == 0) return false;
    const std::string value = opt->as<std::string>();
    return !value.empty() && value != "-" && own_stream_of(value) != STDOUT_FILENO;
}

// critical writes a certificate onto standard output too when it is `-` (or /dev/stdout).
bool certificate_to_stdout(const CLI::App& cmd) {
    const CLI::Option* opt = cmd.get_option_no_throw("--certificate");
    return opt != nullptr && opt->count() > 0 && !names_a_file(cmd, "--certificate");
}

}  // namespace

std::string closed_stdout_refusal(const CLI::App& app) {
    const auto parsed = app.get_subcommands();
    if (parsed.empty()) return "";
    const CLI::App& cmd = *parsed.front();
    for (const StdoutProduct& p : kStdoutProducts) {
        if (cmd.get_name() != p.command) continue;
        const bool elsewhere = !p.elsewhere.empty() && names_a_file(cmd, p.elsewhere);
        if (elsewhere && !(p.command == "critical" && certificate_to_stdout(cmd))) return "";
        const std::string advice = p.elsewhere.empty() || elsewhere
                                       ? std::string(kOpenAdvice)
                                       : fmt::format("give {} {}, or start it with standard output open", p.elsewhere, p.value);
        return fmt::format("{}: {}: {} would be lost; {}", p.command, kClosed, p.what, advice);
    }
    return "";
}

std::string closed_stdout_text_refusal(std::string_view what) {
    return fmt::format("{}: {} would be lost; {}", kClosed, what, kOpenAdvice);
}

}  // namespace futolab::app
