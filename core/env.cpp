#include "core/env.hpp"

#include "core/error.hpp"
#include "core/files.hpp"
#include "core/message_text.hpp"
#include "core/numbers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

namespace futolab {
namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

}  // namespace

std::optional<bool> parse_env_switch(std::string_view name, const char* text) {
    if (text == nullptr || *text == '\0') return std::nullopt;
    const std::string word = lower(text);
    for (const char* on : {"1", "yes", "true", "on"})
        if (word == on) return true;
    for (const char* off : {"0", "no", "false", "off"})
        if (word == off) return false;
    // The value as typed, cut: main's visible_text shows its control bytes as markers.
    const std::string shown = message_text(text, 40);
    throw InputError(fmt::format("{}: '{}' is not a yes or no (accepted: 1/0, yes/no, true/false, on/off in any case; "
                                 "empty or unset = not set)",
                                 name, shown));
}

std::optional<bool> env_switch(const char* name) { return parse_env_switch(name, std::getenv(name)); }

bool env_switch_on(const char* name) { return env_switch(name).value_or(false); }

std::optional<double> env_wait(const char* name) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') return std::nullopt;
    return parse_duration(text, name, ZeroDuration::refused);  // 0 is no wait: refused
}

void check_environment() {
    for (const std::string_view name : kEnvSwitches) env_switch(std::string(name).c_str());
    for (const std::string_view name : kEnvWaits) env_wait(std::string(name).c_str());
    max_input_bytes();
}

}  // namespace futolab
