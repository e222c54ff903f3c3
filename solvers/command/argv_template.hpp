// One element of a command's argument vector (`commands: argv:`, docs/solvers.md): text with
// placeholders in braces, each replaced by its value inside that one element — an element
// never splits into two and nothing is ever read by a shell, so a value (a path with spaces,
// quotes or `;`) stays data. `{{` and `}}` stand for literal braces.
//   {instance}  the absolute path of the instance file, written in the declared format
//   {count}     the solutions wanted: 1 for a first solution, K to count to K, 0 for all
//   {seed}      the run's seed
//   {cwd}       futolab's working directory (absolute): the tool runs in a private
//               temporary folder, so a relative path to a script is written {cwd}/path
#pragma once

#include <string>
#include <string_view>

namespace futolab::command {

struct TemplateValues {
    std::string instance, count, seed, cwd;
};

// Why `element` is not a valid template ("" if it is): an unknown placeholder, a '{' never
// closed, a lone '}'.
std::string template_problem(std::string_view element);

// Whether `element` holds the {instance} placeholder.
bool names_instance(std::string_view element);

// `element` (valid: template_problem is "") with every placeholder replaced.
std::string expand(std::string_view element, const TemplateValues& values);

}  // namespace futolab::command
