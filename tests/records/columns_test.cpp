// The one column list (records/columns.hpp) and the schema generated from it
// (records/table_schema.hpp): the header, the base and integer columns and every schema
// field come from kColumns, and the schema says what a reader needs (type, unit, nullable).
#include "core/counters.hpp"
#include "records/columns.hpp"
#include "records/csv_reader.hpp"
#include "records/results_csv.hpp"
#include "records/table_schema.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace futolab;
using Json = nlohmann::json;

namespace {

std::vector<std::string> names_of(const Json& fields) {
    std::vector<std::string> out;
    for (const Json& f : fields) out.push_back(f.at("name").get<std::string>());
    return out;
}

const Json& field(const Json& schema, const std::string& name) {
    for (const Json& f : schema.at("fields"))
        if (f.at("name") == name) return f;
    FAIL("no field " << name);
    throw;
}

}  // namespace

TEST_CASE("the header, base columns and integer columns come from the one column list", "[csv][schema]") {
    std::vector<std::string> all, base, integers;
    for (const Column& c : kColumns) {
        all.emplace_back(c.name);
        if (c.base) base.emplace_back(c.name);
        if (c.type == ColumnType::integer) integers.emplace_back(c.name);
    }
    CHECK(csv_columns() == all);
    CHECK(csv_base_columns() == base);
    CHECK(csv_integer_columns() == integers);
    // The base columns are a prefix: what every futolab wrote first.
    CHECK(std::equal(base.begin(), base.end(), all.begin()));
    // Every counter is an integer column that may be empty (SPEC §4: unknown is empty).
    for_each_counter(Counters{}, [&](std::string_view name, std::string_view, std::uint64_t) {
        const Column* c = column_named(name);
        REQUIRE(c != nullptr);
        CHECK(c->type == ColumnType::integer);
        CHECK_FALSE(c->required);
    });
    CHECK(has_base_columns(csv_columns(csv_layout({"givens"}))));
    CHECK(has_base_columns(base));
    CHECK_FALSE(has_base_columns(std::vector<std::string>(base.begin(), base.end() - 1)));
    CHECK_FALSE(has_base_columns({"run", "status"}));
    CHECK(column_named("param_givens") == &kParamColumn);
    CHECK(column_named("param_") == nullptr);
    CHECK(column_named("nonsense") == nullptr);
}

TEST_CASE("a written row reads back by the column list's names", "[csv][schema]") {
    ResultRow row;
    row.experiment = "e";
    row.instance_hash = "00000000000000ab";
    row.n = 5;
    row.seed = 42;
    row.counters.nodes = 17;
    row.wall_ns = 123;
    row.solution = "1 2/2 1";
    row.memory_limit_kb = 4096;
    row.time_limit_ms = 1500;
    row.deterministic = false;
    const CsvTable t = parse_csv(csv_header_line() + csv_line(row), "x.csv");
    REQUIRE(t.rows.size() == 1);
    const auto cell = [&](const char* name) { return t.rows[0][t.column(name, "x.csv")]; };
    CHECK(cell("instance_hash") == "00000000000000ab");
    CHECK(cell("n") == "5");
    CHECK(cell("seed") == "42");
    CHECK(cell("nodes") == "17");
    CHECK(cell("wall_ns") == "123");
    CHECK(cell("solution") == "1 2/2 1");
    CHECK(cell("memory_limit_kb") == "4096");
    CHECK(cell("time_limit_ms") == "1500");
    CHECK(cell("deterministic") == "0");
    CHECK(cell("max_rss_kb").empty());
    CHECK_NOTHROW(check_whole_number_columns(t, csv_integer_columns(), "x.csv"));
}

TEST_CASE("the general schema: every column with type, unit, nullable and meaning", "[csv][schema]") {
    const Json schema = Json::parse(table_schema_json());
    CHECK(schema.at("$schema") == "https://datapackage.org/profiles/2.0/tableschema.json");
    CHECK(schema.at("missingValues") == Json::array({""}));
    CHECK(schema.at("fieldsMatch") == "partial");
    CHECK(names_of(schema.at("fields")) == csv_columns());
    for (const Json& f : schema.at("fields")) {
        INFO(f.dump());
        CHECK_FALSE(f.at("description").get<std::string>().empty());
        CHECK(f.at("constraints").contains("required"));
        const std::string type = f.at("type");
        CHECK((type == "integer" || type == "number" || type == "string"));
    }
    for (const std::string& name : csv_integer_columns()) CHECK(field(schema, name).at("type") == "integer");
    const Json& nodes = field(schema, "nodes");
    CHECK(nodes.at("constraints").at("required") == false);  // a nullable integer
    CHECK(nodes.at("constraints").at("minimum") == 0);
    CHECK(field(schema, "wall_ns").at("unit") == "ns");
    CHECK(field(schema, "wall_ns").at("constraints").at("required") == true);
    CHECK(field(schema, "max_rss_kb").at("unit") == "KiB");
    CHECK(field(schema, "time_limit_ms").at("type") == "number");
    CHECK(field(schema, "status").at("constraints").at("enum").size() == kStatuses.size());
    CHECK(field(schema, "status").at("constraints").at("enum").front() == "solved");
    const Json& output = field(schema, "output");
    CHECK(names_of(output.at("jsonFields")) == std::vector<std::string>{"id", "n", "givens", "lt", "solution", "meta"});
    const Json& params = schema.at("fieldPatterns").at(0);
    CHECK(params.at("pattern") == "^param_.+$");
    CHECK(params.at("type") == "number");
    CHECK(schema.at("primaryKey") ==
          Json::array({"instance", "instance_hash", "solver", "options", "seed", "repeat", "build"}));
}

TEST_CASE("a CSV's schema has its actual columns, param and foreign ones included", "[csv][schema]") {
    std::vector<std::string> header = csv_base_columns();  // an older file: no later columns
    header.push_back("param_givens");
    header.push_back("note");
    const Json schema = Json::parse(table_schema_json(header));
    CHECK(names_of(schema.at("fields")) == header);
    CHECK(schema.at("fieldsMatch") == "exact");
    CHECK(field(schema, "param_givens").at("type") == "number");
    CHECK(field(schema, "note").at("type") == "string");
    CHECK(field(schema, "note").at("description").get<std::string>().find("not a column futolab writes") == 0);
    // No `build` column: the run key without it.
    CHECK(schema.at("primaryKey") == Json::array({"instance", "instance_hash", "solver", "options", "seed", "repeat"}));
    header.erase(std::find(header.begin(), header.end(), "seed"));
    CHECK_FALSE(Json::parse(table_schema_json(header)).contains("primaryKey"));
}

TEST_CASE("the schema beside a CSV follows its header, CR LF or not", "[csv][schema]") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "futolab-columns-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string csv = (dir / "r.csv").string();
    const CsvLayout layout{{"givens"}, "h"};
    std::string header = csv_header_line(layout);
    header.insert(header.size() - 1, "\r");  // as Python's csv module writes it
    std::ofstream(csv, std::ios::binary) << header;
    write_schema_beside(csv);
    CHECK(schema_path(csv) == csv + ".schema.json");
    std::ifstream in(schema_path(csv));
    const Json schema = Json::parse(in);
    CHECK(names_of(schema.at("fields")) == csv_columns(layout));
    // No CSV yet: the general schema.
    write_schema_beside((dir / "none.csv").string());
    std::ifstream general((dir / "none.csv.schema.json").string());
    CHECK(Json::parse(general).at("fieldsMatch") == "partial");
    fs::remove_all(dir);
}

TEST_CASE("a limit's cell is its value in ms to the nanosecond, not a binary residue", "[csv][limits]") {
    CHECK(fmt::format("{}", futolab::limit_ms(0.0004)) == "0.4");  // 400us: 0.39999999999999997 before
    CHECK(fmt::format("{}", futolab::limit_ms(0.05)) == "50");
    CHECK(fmt::format("{}", futolab::limit_ms(60)) == "60000");
    CHECK(fmt::format("{}", futolab::limit_ms(1e-9)) == "1e-06");
    CHECK(futolab::limit_ms(0) == 0);  // none stays none (an empty cell)
    CHECK(fmt::format("{}", futolab::limit_ms(9.2e9)) == "9200000000000");
}
