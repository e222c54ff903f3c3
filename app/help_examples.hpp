// The examples every subcommand's --help ends with, in one table, so that a test can run each
// exactly as printed (tests/app/help_examples_test.cpp: in a scratch folder holding the files
// they name, each must exit 0). The files they name are the sample files of that test:
// puzzle.futo (one puzzle), puzzles.jsonl (a few), sweep.yaml (a small experiment whose CSV is
// results.csv), shards/ (its two shards), baseline.csv and new.csv, b1..b3.csv and n1..n3.csv
// (replicate sweeps), ab.csv (an A/B sweep of builds main and new).
#pragma once

#include <CLI/CLI.hpp>

#include <string_view>

namespace futolab::app {

struct HelpExample {
    std::string_view command;  // the subcommand
    std::string_view label;    // "" or what it shows, printed as "Example (LABEL): …"
    std::string_view line;     // the command line, starting with "futolab "
};

inline constexpr HelpExample kHelpExamples[] = {
    {"run", "", "futolab run sweep.yaml --jobs 2 --out again"},
    {"run", "one shard of two", "futolab run sweep.yaml --shard 0/2 --out parts"},
    {"merge", "", "futolab merge shards/results.shard-0-of-2.csv shards/results.shard-1-of-2.csv --out merged.csv"},
    {"solve", "uniqueness", "futolab solve -s gac puzzle.futo --count 2"},
    {"solve", "two solvers, CSV", "futolab solve -s fc:var=mrv -s gac puzzles.jsonl --format csv"},
    {"check", "", "futolab check puzzles.jsonl"},
    {"convert", "", "futolab convert puzzles.jsonl --to tatham --out puzzles.tatham"},
    {"list", "", "futolab list"},
    {"analyze", "", "futolab analyze results.csv --by spec --metric nodes,wall_ms"},
    {"report", "", "futolab report results.csv --out report.html"},
    {"compare", "CI", "futolab compare baseline.csv new.csv --fail-on-change status,nodes"},
    {"compare", "A/B", "futolab compare ab.csv --base main --fail-on-change status,nodes"},
    {"compare", "3 sweeps a side",
     "futolab compare b1.csv b2.csv b3.csv n1.csv n2.csv n3.csv --replicates 3 --fail-if-slower 5"},
    {"generate", "", "futolab generate unique --n 6 --count 3 --seed 7 --out made.jsonl"},
    {"grade", "", "futolab grade puzzles.jsonl"},
    {"critical", "", "futolab critical --square \"2 1 4 3/4 2 3 1/3 4 1 2/1 3 2 4\""},
    {"schema", "a CSV's columns", "futolab schema results.csv"},
    {"schema", "every column", "futolab schema"},
};

// Appends each subcommand's examples to its footer, one "Example: futolab …" line each.
void add_help_examples(CLI::App& app);

}  // namespace futolab::app
