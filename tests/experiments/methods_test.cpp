// The methods of square tasks (experiments/methods.hpp): the spec of a method names the
// options given, as a backend's does (SPEC §3); `options` (text()) keeps every one.
#include "experiments/methods.hpp"

#include <catch2/catch.hpp>

using namespace futolab;

TEST_CASE("a method's spec is the method as written", "[methods][spec]") {
    CHECK(parse_method_spec(Task::critical, "critical").spec() == "critical");
    CHECK(parse_method_spec(Task::critical, "critical:verify=sat,objective=k").spec() == "critical:objective=k,verify=sat");
    CHECK(parse_method_spec(Task::critical, "critical:objective=greedy").spec() == "critical:objective=greedy");
    CHECK(parse_method_spec(Task::critical, "critical").text() ==
          "critical:iterations=0,objective=greedy,oracle=gac,order=easy-first,time_ms=0,use=both,verify=gecode");
    CHECK(parse_method_spec(Task::generate, "unique:use=relations").spec() == "unique:use=relations");
    CHECK(parse_method_spec(Task::exact, "exact:objective=k").spec() == "exact:objective=k");
}

TEST_CASE("every method's default text has the bare method name as its spec", "[methods][spec]") {
    for (const Task task : {Task::generate, Task::critical, Task::exact}) {
        const SolverSpec method = parse_method_spec(task, std::string(method_name(task)));
        CHECK(method.spec() == method_name(task));
    }
}
