// futolab's own environment variables (FUTOLAB_*), read in one way. A switch such as
// FUTOLAB_NO_CGROUP takes 1/0, yes/no, true/false or on/off in any case; unset or empty
// means "not set"; any other value is an InputError naming the variable, never a silent
// "off" (FUTOLAB_NO_CGROUP=yes was once ignored because only "1" counted).
#pragma once

#include <optional>
#include <string_view>

namespace futolab {

// The switches futolab reads; check_environment() checks each once at start.
inline constexpr std::string_view kEnvSwitches[] = {"FUTOLAB_NO_CGROUP", "FUTOLAB_TEST_FAULTS"};
// The waits futolab reads (a duration as `limits.time` takes it: 30, 500ms, 2m): how long it
// waits for a worker's hello or a reply outside a run (sandbox/warm_worker.hpp), and the base
// of gnuplot's time per figure (analysis/gnuplot_run.hpp).
inline constexpr std::string_view kEnvWaits[] = {"FUTOLAB_WORKER_WAIT", "FUTOLAB_GNUPLOT_WAIT"};

// The value of a switch as read from `text` (the variable's value; nullptr: unset).
// `name` is for the message: "FUTOLAB_NO_CGROUP: 'maybe' is not a yes or no (…)".
std::optional<bool> parse_env_switch(std::string_view name, const char* text);

// The switch `name` from the environment; unset or empty: nullopt.
std::optional<bool> env_switch(const char* name);
// The same, unset or empty counting as off.
bool env_switch_on(const char* name);

// The wait `name` in seconds; unset or empty: nullopt. 0 is refused: a wait without end is
// what these variables exist to prevent.
std::optional<double> env_wait(const char* name);

// Every FUTOLAB_* value futolab reads, checked at start: a bad one is refused before any
// work, not at first use inside a worker thread.
void check_environment();

}  // namespace futolab
