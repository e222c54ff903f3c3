// futolab schema [CSV]: the column schema of results CSVs as Frictionless Table Schema JSON
// (records/table_schema.hpp, docs/schema.md): without a CSV every column futolab writes (the
// param_* columns as a pattern), with one the schema of its actual columns, the same text as
// the `<csv>.schema.json` that run and merge write beside it.
#include "app/commands.hpp"
#include "app/load.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "records/columns.hpp"
#include "records/csv_reader.hpp"
#include "records/header_names.hpp"
#include "records/results_csv.hpp"
#include "records/results_head.hpp"
#include "records/table_schema.hpp"

#include <memory>

namespace futolab::app {
namespace {

int print_schema(const std::string& csv) {
    // Written as every command's text is (write_stdout_text): a write that fails names its cause
    // (red-team round 28, A F1: through std::cout a full disk said only "a write failed").
    if (csv.empty()) {
        write_stdout_text(table_schema_json());
        return 0;
    }
    // Only the header is needed, read under every input's rules (core/files.hpp): a FIFO or
    // /dev/zero is refused at once, and `schema a.csv >> a.csv` would append to the CSV.
    const std::string line = read_first_line(csv);
    // Not a results CSV at all (a JSON Lines file, a config, binary data, nothing): said so
    // before any RFC 4180 rule is asked of it (records/results_head.hpp).
    check_results_head(line, csv);
    if (line.back() != '\n') throw InputError(csv + ": no header line");
    const std::vector<std::string> header = parse_csv(line, csv).header;  // a CR of CR LF: parse_csv takes it
    if (header.empty()) throw InputError(csv + ": no header line");
    // A header of futolab's with a base column misspelt is named at that column, as merge and
    // resume name it; a CSV of other columns is none (records/header_names.hpp).
    if (!has_base_columns(header)) {
        check_looks_like_results_header(header, csv);
        throw InputError(csv + ": " + header_difference(header, plain_layout(), true));
    }
    write_stdout_text(table_schema_json(header));
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
