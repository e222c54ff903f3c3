// futolab schema [CSV]: the column schema of results CSVs as Frictionless Table Schema JSON
// (records/table_schema.hpp, docs/schema.md): without a CSV every column futolab writes (the
// param_* columns as a pattern), with one the schema of its actual columns, the same text as
// the `<csv>.schema.json` that run and merge write beside it.
#include "app/commands.hpp"
#include "core/error.hpp"
#include "records/columns.hpp"
#include "records/table_schema.hpp"

#include <iostream>
#include <memory>

namespace futolab::app {
namespace {

int print_schema(const std::string& csv) {
    if (csv.empty()) {
        std::cout << table_schema_json();
        return 0;
    }
    const std::vector<std::string> header = read_csv_header(csv);
    if (!has_base_columns(header))
        throw InputError(csv + ": not a futolab results CSV (its header does not start with futolab's columns)");
    std::cout << table_schema_json(header);
    return 0;
}

}  // namespace

void add_schema(CLI::App& app, Action& run) {
    auto csv = std::make_shared<std::string>();
    CLI::App* cmd = app.add_subcommand(
        "schema", "Print the column schema of results CSVs: Frictionless Table Schema JSON (name, type, unit, "
                  "nullable, meaning; docs/schema.md)");
    cmd->add_option("csv", *csv,
                    "A results CSV: the schema of its actual columns, as in <csv>.schema.json beside it (default: "
                    "every column futolab writes, the param_* columns as a pattern)");
    cmd->callback([csv, &run] { run = [csv] { return print_schema(*csv); }; });
}

}  // namespace futolab::app
