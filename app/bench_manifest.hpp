// The manifest of futolab-bench, the versioned benchmark library in bench/ (bench/README.md):
// every instance of every tier with its canonical instance hash (SPEC §5 instance_hash), its
// expected status and, for a unique instance, the hash of its solution. Read by
// `futolab check --expect` (app/check_expect.hpp) to verify a run against it. Like GBD's
// content hashes for SAT (Iser & Sinz), instances are matched by what they are, not by their
// file name or id, so a run over a converted copy of the files checks as well.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace futolab::app {

// The expected answer, in SPEC §4's words for a count to 2.
enum class Expected { unique, multiple, unsat };
std::string_view expected_name(Expected e);

struct BenchInstance {
    std::string tier, file, id;
    std::string hash;           // SPEC §5 instance_hash: 16 hex digits
    Expected status = Expected::unique;
    std::string solution_hash;  // solution_hash() of the only solution; empty unless unique
    int n = 0, h = 0, k = 0;    // the grid's side, givens and relations: h <= n², k <= 2n(n-1)
    int time_class = 0;         // floor(log10(gac's median wall seconds)), kTimeClasses
    std::vector<std::string> checked_by{};  // the checkers that agreed: some of kBenchCheckers, each once
};

// What a manifest's instance may say it was checked by (bench/README.md), and its time classes:
// 1 ns to 10^9 s.
inline constexpr std::string_view kBenchCheckers[] = {"gecode", "sat"};
inline constexpr int kMinTimeClass = -9;
inline constexpr int kMaxTimeClass = 9;

struct BenchManifest {
    std::string path;  // as given, for messages
    std::string name;  // "futolab-bench"
    int version = 0;
    std::vector<std::string> tiers;  // in manifest order
    std::vector<BenchInstance> instances;
};

// The manifest versions this futolab reads.
inline constexpr int kBenchManifestVersion = 1;

// Reads and checks a manifest. Throws InputError naming the file and the field
// ("m.json: instances[3] (id 'n04:2'): field 'status': 'maybe' is not unique, multiple or
// unsat"): not JSON, a version this futolab does not read, a missing or mistyped field, a hash
// that is not 16 hex digits, a solution hash on a non-unique instance or none on a unique one,
// an instance of an unlisted tier, one puzzle with two expected statuses, an n, h, k or
// time_class that is not a whole number in its range, a checked_by that is not a non-empty
// list of known checkers, each once.
BenchManifest read_bench_manifest(const std::string& path);

// The solution hash of futolab-bench: FNV-1a 64 (core/files.hpp, as instance_hash) of the
// solution written as the results CSV's `solution` cell (SPEC §5: rows separated by '/',
// values by one space, nothing else), as 16 lowercase hex digits.
std::string solution_hash(std::string_view solution_text);

}  // namespace futolab::app
