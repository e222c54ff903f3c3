#include "records/table_schema.hpp"

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/grades.hpp"
#include "core/isolation.hpp"
#include "core/status.hpp"
#include "records/columns.hpp"
#include "records/csv_reader.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <string_view>

namespace futolab {
namespace {

using Json = nlohmann::ordered_json;

std::string_view type_name(ColumnType type) {
    switch (type) {
        case ColumnType::integer: return "integer";
        case ColumnType::number: return "number";
        case ColumnType::string: return "string";
    }
    return "string";
}

template <class Words>
Json names_in(const Words& words) {
    Json out = Json::array();
    for (const auto& w : words) out.push_back(w.name);
    return out;
}

Json allowed_words(ColumnWords words) {
    switch (words) {
        case ColumnWords::status: return names_in(kStatuses);
        case ColumnWords::grade: return names_in(kGrades);
        case ColumnWords::isolation: return names_in(kIsolations);
        case ColumnWords::none: break;
    }
    return nullptr;
}

// The keys of the JSON objects in `output` (the JSONL instance format, docs/formats.md).
struct JsonKey {
    std::string_view name, type, meaning;
};
constexpr std::array<JsonKey, 6> kOutputKeys{{
    {"id", "string", "the instance's id"},
    {"n", "integer", "the grid's side"},
    {"givens", "array", "[row, column, value] triples; row and column 0-based, value 1..n"},
    {"lt", "array", "[r1, c1, r2, c2]: value(r1, c1) < value(r2, c2); 0-based"},
    {"solution", "array", "n rows of n integers, if stored"},
    {"meta", "object", "how it was made: generator parameters, seed, grade, search effort (e.g. gac_nodes, checks)"},
}};

Json output_keys() {
    Json keys = Json::array();
    for (const JsonKey& k : kOutputKeys) keys.push_back({{"name", k.name}, {"type", k.type}, {"description", k.meaning}});
    return keys;
}

Json field_of(const Column& c, std::string_view name) {
    Json f = {{"name", name}, {"type", type_name(c.type)}, {"description", c.meaning}};
    if (!c.unit.empty()) f["unit"] = c.unit;
    Json constraints = {{"required", c.required}};
    if (c.type == ColumnType::integer) constraints["minimum"] = 0;
    if (Json words = allowed_words(c.words); !words.is_null()) constraints["enum"] = std::move(words);
    f["constraints"] = std::move(constraints);
    if (name == "output") {
        f["contentType"] = "JSON Lines";
        f["jsonFields"] = output_keys();
    }
    return f;
}

Json field_named(const std::string& name) {
    if (const Column* c = column_named(name)) return field_of(*c, name);
    return {{"name", name},
            {"type", "string"},
            {"description", "not a column futolab writes (added by another program?)"},
            {"constraints", {{"required", false}}}};
}

Json param_pattern() {
    const Json field = field_of(kParamColumn, kParamColumn.name);
    Json f = {{"pattern", "^param_.+$"}};  // the pattern first, where a name would be
    for (const auto& [key, value] : field.items())
        if (key != "name") f[key] = value;
    return f;
}

std::vector<std::string> every_column() {
    std::vector<std::string> names;
    for (const Column& c : kColumns) names.emplace_back(c.name);
    return names;
}

// The run key of SPEC §5 (results_csv.hpp run_key), if the header has its columns.
Json primary_key(const std::vector<std::string>& header) {
    Json key = Json::array();
    for (const char* c : {"instance", "instance_hash", "solver", "options", "seed", "repeat", "build"}) {
        if (std::find(header.begin(), header.end(), c) != header.end()) key.push_back(c);
        else if (std::string_view(c) != "build") return nullptr;  // `build`: later; older files lack it
    }
    return key;
}

// The title and the fields' names of a schema: what says whose schema it is.
Json identity_of(const Json& schema) {
    Json names = Json::array();
    if (schema.is_object() && schema.contains("fields") && schema["fields"].is_array())
        for (const Json& field : schema["fields"]) names.push_back(field.is_object() ? field.value("name", Json()) : Json());
    return {schema.is_object() ? schema.value("title", Json()) : Json(), names};
}

// A schema futolab writes is some KiB (every column described): a file far larger is not read.
constexpr std::uintmax_t kLargestSchema = std::uintmax_t{1} << 20;

}  // namespace

std::string table_schema_json(const std::optional<std::vector<std::string>>& header) {
    Json schema = {{"$schema", "https://datapackage.org/profiles/2.0/tableschema.json"},
                   {"title", "futolab results CSV"},
                   {"description",
                    "One row per run (SPEC §5): UTF-8, RFC 4180 quoting, a header line first, LF line ends (CR LF "
                    "read too). Columns are found by name. Integers are plain digits; an empty cell is a missing "
                    "value (read integer columns as nullable integers, e.g. pandas Int64)."}};
    Json fields = Json::array();
    if (header)
        for (const std::string& name : *header) fields.push_back(field_named(name));
    else
        for (const Column& c : kColumns) fields.push_back(field_of(c, c.name));
    schema["fields"] = std::move(fields);
    schema["fieldsMatch"] = header ? "exact" : "partial";
    schema["missingValues"] = Json::array({""});
    if (Json key = primary_key(header ? *header : every_column()); !key.is_null()) schema["primaryKey"] = key;
    schema["fieldPatterns"] = Json::array({param_pattern()});
    return schema.dump(2) + "\n";
}

std::string schema_path(const std::string& csv_path) { return csv_path + ".schema.json"; }

std::vector<std::string> read_csv_header(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot be read");
    std::string line;
    if (!std::getline(in, line) || in.eof()) throw InputError(path + ": no header line");
    const CsvTable t = parse_csv(line + "\n", path);  // a CR of CR LF stays before the \n: parse_csv takes it
    if (t.header.empty()) throw InputError(path + ": no header line");
    return t.header;
}

std::string not_its_schema(const std::string& csv_path) {
    const std::string path = schema_path(csv_path);
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return "it cannot be read: " + ec.message();
    if (size > kLargestSchema) return fmt::format("{} bytes, far more than a column schema's", size);
    const Json found = identity_of(Json::parse(read_text_file(path), nullptr, false));
    std::optional<std::vector<std::string>> header;
    try {
        header = read_csv_header(csv_path);
    } catch (const InputError&) {
        // No header yet: the general schema, as write_schema_beside writes it then.
    }
    for (const auto& columns : {header, std::optional<std::vector<std::string>>()})
        if (found == identity_of(Json::parse(table_schema_json(columns)))) return "";
    return "its title and fields are not those of the CSV's column schema";
}

void write_schema_beside(const std::string& csv_path) {
    std::optional<std::vector<std::string>> header;
    try {
        header = read_csv_header(csv_path);
    } catch (const InputError&) {
        // No header yet (the CSV not made, or cut inside its first line): the general schema.
    }
    write_file_atomically(schema_path(csv_path), table_schema_json(header));
}

}  // namespace futolab
