// futolab convert INPUT --to FORMAT [--out FILE|DIR]: every instance is validated, then
// written in the target format. A single-instance format with several instances needs
// --out DIR and gets one file per instance, named after its id.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "core/error.hpp"
#include "core/formats/formats.hpp"

#include <filesystem>

namespace futolab::app {
namespace {

struct ConvertArgs {
    std::string input, to, out;
};

std::string file_name_for(const std::string& id) {
    std::string name = id;
    for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_' && ch != '.') ch = '_';
    return name;
}

int convert(const ConvertArgs& args) {
    const Format to = format_from_name(args.to);
    std::vector<Instance> instances;
    for (auto& [instance, puzzle] : load_instances({args.input})) instances.push_back(std::move(instance));
    const FormatInfo& info = format_info(to);
    const bool one_file = info.multi_instance || instances.size() <= 1;
    if (one_file) {
        write_output(args.out, write_instances(instances, to));
        return 0;
    }
    namespace fs = std::filesystem;
    if (args.out.empty() || (fs::exists(args.out) && !fs::is_directory(args.out)))
        throw InputError(args.input + ": " + std::to_string(instances.size()) + " instances, but format '" +
                         std::string(info.name) + "' holds one per file: give --out DIRECTORY");
    fs::create_directories(args.out);
    for (const Instance& in : instances)
        write_output((fs::path(args.out) / (file_name_for(in.id) + std::string(info.extensions.front()))).string(),
                     write_instances({in}, to));
    return 0;
}

}  // namespace

void add_convert(CLI::App& app, Action& run) {
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* cmd = app.add_subcommand("convert", "Convert instances between formats (validating them)");
    cmd->add_option("input", args->input, "Input file, or - for stdin (format from extension or content)")
        ->required();
    std::string targets;  // from the format table, so the help cannot drift from it
    for (const FormatInfo& f : format_table()) targets += (targets.empty() ? "" : ", ") + std::string(f.name);
    cmd->add_option("--to", args->to, "Target format: " + targets)->required();
    cmd->add_option("--out", args->out,
                    "Output file (default stdout); a directory for several instances in a one-instance format");
    cmd->callback([args, &run] { run = [args] { return convert(*args); }; });
}

}  // namespace futolab::app
