// The machine-readable description of a results CSV (SPEC §5, issue #44): a Frictionless Table
// Schema (https://datapackage.org/standard/table-schema/) with, per column, its name, type,
// unit, whether it may be empty and its meaning, generated from the one column list kColumns
// (records/columns.hpp). It is written beside every results CSV as `<csv>.schema.json`
// (write_sidecar writes it with the `.meta.yaml` sidecar: run, resume, redo and merge) and
// printed by `futolab schema [CSV]`. docs/schema.md shows it loaded with pandas.
//
// Beyond the standard's keys: `unit` per field (ns, ms, KiB), `jsonFields` on `output` (the
// keys of its JSON objects) and `fieldPatterns` (the param_<name> columns, which vary by
// config). Integers are plain digits and may be empty where `constraints.required` is false
// (`missingValues: [""]`): read them as nullable integers (pandas "Int64"), never floats.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace futolab {

// The schema of a CSV with these columns (its header, in order: fieldsMatch "exact", and the
// run key as primaryKey where it has those columns); without a header, the general schema:
// every column futolab writes, the param columns as a pattern, fieldsMatch "partial" (older
// files lack the later columns). A column futolab does not write is a string field that says
// so. Pretty-printed JSON with a trailing newline.
std::string table_schema_json(const std::optional<std::vector<std::string>>& header = std::nullopt);

std::string schema_path(const std::string& csv_path);  // "<csv>.schema.json"

// Writes the schema of the CSV at `csv_path` (its header as it is on disk; the general schema
// if the file has none yet) to schema_path(csv_path), atomically (core/atomic_file.hpp).
void write_schema_beside(const std::string& csv_path);

// Why the file at schema_path(csv_path) is not a column schema futolab writes for that CSV ("" if
// it is one): JSON with futolab's title and, as fields, the CSV's columns (or every column: the
// schema of a CSV without a header yet). Its wording is not compared (another build may word it
// otherwise). A resume writes it again, so anything else there is someone's file, which it
// refuses to replace (records/results_file.hpp, check_resumed_schema; red-team round 18, A F2).
std::string not_its_schema(const std::string& csv_path);

// The header of the CSV at `path` (its first record, RFC 4180; CR LF accepted); throws
// InputError naming the file if it cannot be read or has no header line.
std::vector<std::string> read_csv_header(const std::string& path);

}  // namespace futolab
