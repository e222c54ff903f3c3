// One puzzle under several ids (one instance_hash) is named alike in every per-instance output,
// by all its ids, and loading says its runs are pooled: the per-instance table named it `beta` in
// gac's rows and `alpha` in fc's (red-team round 27, C F3).
#include "analysis/agreement.hpp"
#include "analysis/instance_labels.hpp"
#include "analysis/paired.hpp"
#include "analysis/run_groups.hpp"
#include "data.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace futolab;
using futolab::test::temp_csv;

namespace {

const std::string kHeader = "instance,instance_hash,n,solver,options,spec,seed,repeat,mode,status,nodes,wall_ns,cpu_ns\n";

std::string row(const std::string& id, const std::string& hash, const std::string& spec, const std::string& status = "unique") {
    return id + "," + hash + ",4," + spec + ",," + spec + ",1,1,count:2," + status + ",3,1000,1000\n";
}

// The instance column of every row of the per-instance table whose instance_hash is `hash`.
std::set<std::string> table_names(const ResultsTable& t, const std::string& hash) {
    std::set<std::string> out;
    for (const auto& r : instances_table(t, {"nodes"}).rows)
        if (r[1].text == hash) out.insert(r[0].text);
    return out;
}

}  // namespace

TEST_CASE("instance labels: one puzzle under two ids is named by both in every spec's rows", "[instance_labels]") {
    // gac meets it as beta first, fc as alpha first: each spec's first id differed.
    const std::string path = temp_csv("labels-twin.csv", kHeader + row("beta", "ca98", "gac") + row("alpha", "ca98", "fc") +
                                                             row("alpha", "ca98", "gac") + row("beta", "ca98", "fc") +
                                                             row("solo", "0001", "gac") + row("solo", "0001", "fc"));
    const ResultsTable t = ResultsTable::load({path});
    CHECK(table_names(t, "ca98") == std::set<std::string>{"beta, alpha"});
    CHECK(table_names(t, "0001") == std::set<std::string>{"solo"});
    for (const auto& r : instances_table(t, {"nodes"}).rows) CHECK(*r[5].number == (r[1].text == "ca98" ? 2 : 1));  // pooled
    for (const auto& [key, g] : run_groups(t))
        CHECK(g.instance == (key.instance_hash == "ca98" ? "beta, alpha" : "solo"));
    REQUIRE(t.warnings().size() == 1);
    CHECK(t.warnings()[0] == path + ":3:1: instance 'alpha' has the instance_hash of instance 'beta' (" + path +
                                 ":2:1), ca98: one puzzle under 2 ids, whose runs every per-instance table, pairing and "
                                 "noise figure pools as repeats of one instance, named 'beta, alpha'");
}

TEST_CASE("instance labels: many ids, several such puzzles, rows without ids", "[instance_labels]") {
    const std::string path = temp_csv("labels-many.csv", kHeader + row("a", "00aa", "gac") + row("b", "00aa", "fc") +
                                                             row("c", "00aa", "gac", "multiple") + row("d", "00aa", "fc") +
                                                             row("x", "00bb", "gac") + row("y", "00bb", "fc") +
                                                             row("", "00cc", "gac") + row("", "00cc", "fc"));
    const ResultsTable t = ResultsTable::load({path});
    const auto labels = instance_labels(t);
    CHECK(instance_label(labels, "00aa") == "a, b, c and 1 more");
    CHECK(instance_label(labels, "00bb") == "x, y");
    CHECK(instance_label(labels, "00cc") == "");
    CHECK(table_names(t, "00aa") == std::set<std::string>{"a, b, c and 1 more"});
    REQUIRE(t.warnings().size() == 1);
    CHECK(t.warnings()[0].find("instance 'b' has the instance_hash of instance 'a'") != std::string::npos);
    CHECK(t.warnings()[0].find("one puzzle under 4 ids") != std::string::npos);
    // "1 more puzzles have" (red-team round 28, C F9): the count agrees with its noun and verb.
    CHECK(t.warnings()[0].ends_with("named 'a, b, c and 1 more' (1 more puzzle has several ids)"));
    // The disagreement (gac's multiple against the others' unique) names it as the table does.
    const Agreement agreement = check_agreement(t);
    REQUIRE(agreement.disagreements.size() == 1);
    CHECK(agreement.disagreements[0].instance == "a, b, c and 1 more");
}

TEST_CASE("instance labels: one id a puzzle, no warning and names as before", "[instance_labels]") {
    const std::string path = temp_csv("labels-one.csv", kHeader + row("p", "0001", "gac") + row("p", "0001", "fc") +
                                                            row("q", "0002", "gac"));
    const ResultsTable t = ResultsTable::load({path});
    CHECK(t.warnings().empty());
    CHECK(several_ids_warning(t).empty());
    CHECK(table_names(t, "0001") == std::set<std::string>{"p"});
    CHECK(table_names(t, "0002") == std::set<std::string>{"q"});
}

TEST_CASE("instance labels: the warning counts the other puzzles of several ids in agreement", "[instance_labels]") {
    // Three puzzles of two ids each: "2 more puzzles have", where one more is "1 more puzzle has".
    const std::string path = temp_csv("labels-three.csv", kHeader + row("a", "00aa", "gac") + row("b", "00aa", "gac") +
                                                              row("c", "00bb", "gac") + row("d", "00bb", "gac") +
                                                              row("e", "00cc", "gac") + row("f", "00cc", "gac"));
    const ResultsTable t = ResultsTable::load({path});
    REQUIRE(t.warnings().size() == 1);
    CHECK(t.warnings()[0].ends_with("named 'a, b' (2 more puzzles have several ids)"));
}
