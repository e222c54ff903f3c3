// The manifest of futolab-bench, the versioned benchmark library in bench/ (bench/README.md):
// every instance of every tier with its canonical instance hash (SPEC §5 instance_hash), its
// expected status and, for a unique instance, the hash of its solution. Read by
// `futolab check --expect` (app/check_expect.hpp) to verify a run against it. Like GBD's
// content hashes for SAT (Iser & Sinz), instances are matched by what they are, not by their
// file name or id, so a run over a converted copy of the files checks as well; a row's id is
// then compared with the ids the manifest gives its puzzle (a JSONL copy keeps them; a renamed
// copy of a Tatham file, whose ids are <file stem>:<line>, does not, and is said to).
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
    std::size_t entry = 0;                  // its index in the manifest's "instances", for messages
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
    std::string text{};  // the file as read (without its byte-order mark), to place a field in a message
};

// The manifest versions this futolab reads.
inline constexpr int kBenchManifestVersion = 1;

// Reads and checks a manifest, exactly as scripts/bench_manifest.py writes it. Throws
// InputError naming the file, the line and column, and the field ("m.json:40:7: instances[3]
// (id 'n04:2'): field 'status': 'maybe' is not unique, multiple or unsat"): not JSON, a version
// this futolab does not read, a key the writer does not write (at any level: the top, a
// definition, a source, a tier, a tier's file, an instance, its tags), a missing or mistyped
// field, an id that is not printable text (a control character: C0, DEL or C1; only white
// space) or is given twice in a tier, a hash that is not 16 hex digits (a file's sha256: 64), a
// solution hash on a non-unique instance or none on a unique one, an instance of an unlisted
// tier or of a file its tier does not list, one puzzle (one hash) listed twice in a tier or
// stated with two expected answers or two values of n, h or k, an n, h, k, time_class, count or
// version that is not a whole number in its range (-0 included), a checked_by that is not a non-empty list of known checkers, each once, a tier or
// file listed twice, a file of an unlisted source, and a tier's or a file's
// "instances" that is not a whole number from 0 or not the number of instances the manifest
// lists for it. The descriptions (description, status, hashes, time_class, a tier's description,
// committed and regenerate, an instance's tags) may be left out; given, they are typed.
BenchManifest read_bench_manifest(const std::string& path);

// "m.json:342:18: instances[0] (id 'u'): field 'n'": where `key` of `in`, an instance of `m`,
// sits, for a message about what it says (check --expect: an n the runs contradict).
std::string instance_field(const BenchManifest& m, const BenchInstance& in, const std::string& key);

// The solution hash of futolab-bench: FNV-1a 64 (core/files.hpp, as instance_hash) of the
// solution written as the results CSV's `solution` cell (SPEC §5: rows separated by '/',
// values by one space, nothing else), as 16 lowercase hex digits.
std::string solution_hash(std::string_view solution_text);

}  // namespace futolab::app
