// The methods of square tasks (experiments/methods.hpp): the spec of a method names only its
// non-default options (SPEC §3), like a backend's, and older rows that kept every option map
// to the same spec.
#include "experiments/methods.hpp"

#include <catch2/catch.hpp>

using namespace futolab;

TEST_CASE("spec_of drops the default options of methods and backends", "[methods][spec]") {
    // What critical rows wrote before: every option, defaults included.
    CHECK(spec_of("critical:iterations=0,objective=greedy,oracle=gac,time_ms=0,use=both,verify=gecode") == "critical");
    CHECK(spec_of("critical:iterations=0,objective=k,oracle=gac,time_ms=0,use=both,verify=sat") ==
          "critical:objective=k,verify=sat");
    CHECK(spec_of("critical") == "critical");
    CHECK(spec_of("critical:objective=k,verify=sat") == "critical:objective=k,verify=sat");  // idempotent
    CHECK(spec_of(parse_method_spec(Task::generate, "unique").text()) == "unique");
    CHECK(spec_of(parse_method_spec(Task::generate, "unique:use=relations").text()) == "unique:use=relations");
    // Backends as before (short_spec), and text that is no spec stays as written.
    CHECK(spec_of("fc:val=min,var=static") == "fc:var=static");
    CHECK(spec_of("gac") == "gac");
    CHECK(spec_of("not a spec: ,,=") == "not a spec: ,,=");
}

TEST_CASE("every method's default text has the bare method name as its spec", "[methods][spec]") {
    for (const Task task : {Task::generate, Task::critical}) {
        const SolverSpec method = parse_method_spec(task, std::string(method_name(task)));
        CHECK(spec_of(method.text()) == method_name(task));
    }
}
