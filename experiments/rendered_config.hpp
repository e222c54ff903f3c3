// Configs written by commands that run an experiment of their own (`futolab critical`'s default
// search, issue #43): the YAML text a config file with these values would hold, made by
// yaml-cpp's emitter with every string double-quoted, so nothing typed on a command line
// becomes YAML syntax and parse_config reads back exactly these values. The sidecar keeps the
// text as it keeps any config's: --resume and merge rebuild the same run matrix from it.
#pragma once

#include "experiments/config.hpp"

#include <string>

namespace futolab {

struct RenderedConfig {
    std::string name;
    std::string description;
    Task task = Task::greedy;
    CriticalSquaresSource squares;  // the one instance source: a critical_squares: kind's,
    CriticalOrdersSource orders;    // or a critical_orders: kind's (task_info(task).inputs says which),
    ClassesSource classes = {};     // or a classes: kind's (task exact)
    FewRelationsSource few_relations = {};  // or a few_relations: kind's (task few-relations)
    std::string method;             // the one `methods:` entry
    double time_seconds = 0;        // limits.time and limits.cpu of each run (0: none)
    double cpu_seconds = 0;
    bool thread_isolation = false;  // `isolation: thread` (else the default, process)
    std::string output;             // the results CSV
};

// The config's text: its runs in matrix order (`order: sequential`), one repeat.
std::string render_config(const RenderedConfig& config);

}  // namespace futolab
