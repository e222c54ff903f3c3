// Agreement between solvers (SPEC §5a, issue #41 item 7): the instances where runs that decided
// them give different answers. A wrong backend, or a flaky one, is found by the harness, not
// by the reader: `analyze`, `report` and `compare` list these, and `--fail-on-disagreement`
// gates on them.
//
// Definitions:
//   - Runs are grouped by (instance_hash, mode), the `mode` cell (`first`, `count:2`,
//     `count:all`, …); runs of different modes are never compared. Only solver modes count:
//     `first` and `count:…`. Rows of other tasks (generate, critical, exact: set records,
//     ResultsTable::set_record) are not a solver's answer, and neither are rows without an
//     `instance_hash` (or of results without a `mode` column).
//   - A run decided its instance when its status's outcome is `finished` (core/status.hpp) and
//     the status is an answer: `solved`, `unique`, `multiple`, `unsat`, `counted`. Censored
//     (timeout, node_limit, memout) and failed (crash, error) runs decided nothing.
//   - Its answer: in `count:all`, the number of solutions (`unsat` is 0; a `counted` run with
//     an empty `solutions` cell states no count and decided nothing); in every other mode the
//     status (`first`: `solved` or `unsat`; `count:K`: `unique`, `multiple` or `unsat`).
//   - Two decided runs of one (instance_hash, mode) disagree when their answers differ: two
//     specs, two builds, two inputs, or two repeats of one spec (a flaky solver) alike.
//   - Agreement was measured when some (instance_hash, mode) was decided by two runs or more;
//     else `--fail-on-disagreement` has nothing to check.
// Each run is named in the listing by a label (solver_label: the spec, with its build where
// the results say which build ran it; `compare` adds the input it came from).
#pragma once

#include "analysis/results_table.hpp"
#include "analysis/text_table.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace futolab {

// The name a run goes by in the listing: its spec, and where the results have a `build`
// column with a value in the row, " @ " and the build's name (the cell up to its first '@'):
// `gac @ release`.
std::string solver_label(const ResultsTable& table, std::size_t i);

// What a decided run answered, as an ordered key (the status's place in kStatuses, or the
// number of solutions in count:all) with its text ("unique", "3 solutions").
struct Answer {
    std::uint64_t key = 0;
    std::string text;
    friend bool operator<(const Answer& a, const Answer& b) { return a.key < b.key; }
};

// Run i's answer; nullopt when it decided nothing or is no solver run (see above).
std::optional<Answer> run_answer(const ResultsTable& table, std::size_t i);

// One answer to one (instance_hash, mode) and who gave it: (label, runs), labels sorted.
struct AnswerGivers {
    std::string answer;
    std::vector<std::pair<std::string, std::size_t>> labels;
};

struct Disagreement {
    std::string instance;  // the instance's ids (instance_labels.hpp: "a, b" if the same puzzle has two), else the hash
    std::string instance_hash, mode;
    std::vector<AnswerGivers> answers;  // two or more, in answer order
    std::size_t runs = 0;               // decided runs
};

struct Agreement {
    std::vector<Disagreement> disagreements;  // sorted by instance, instance_hash, mode
    std::size_t checked = 0;  // (instance_hash, mode)s decided by two runs or more
    std::size_t decided = 0;  // decided runs
    std::string missing;      // a column the check needs and the results lack ("" if none)
};

// The check over every row of `table`. Each run is named by solver_label; with
// `input_labels` (one per input of the table, ResultsTable::sources) followed by its input's:
// "gac (base.csv)".
Agreement check_agreement(const ResultsTable& table, const std::vector<std::string>& input_labels = {});

// The check over the rows of every input of `futolab compare` together, each run labelled
// "spec (input label)": each input's own disagreements and those between inputs. A file
// given twice is read once.
Agreement inputs_agreement(const std::vector<std::string>& inputs, const std::vector<std::string>& labels);

// "unique ← fc ×3, gac; multiple ← minizinc": the answers and who gave them (×N: N runs),
// each piece of data written by `shown` (analysis/text_table.hpp's DataText).
std::string answers_text(const Disagreement& d, DataText shown = as_is);
// "tatham-7x7:12 [3f2a…] count:2: unique ← fc ×3, gac; multiple ← minizinc".
std::string disagreement_text(const Disagreement& d, DataText shown = as_is);

// Columns instance, instance_hash, mode, answers (answers_text), runs; one row per
// disagreement. Named table_name(TableKind::disagreements).
TextTable disagreements_table(const Agreement& agreement);

// compare's text section: "## Disagreements (N)" with one line per disagreement (at most
// `max_list`, 0: all); "" when there are none.
std::string disagreements_text(const Agreement& agreement, std::size_t max_list);

// --fail-on-disagreement (SPEC §5a): `fail` when any disagreement was found, `unmeasured`
// when no (instance_hash, mode) was decided by two runs or more, else `pass`. The message
// says so in one line ("solvers that decided them disagree on 2 instances"; "" for pass).
enum class GateOutcome { pass, fail, unmeasured };
struct AgreementVerdict {
    GateOutcome outcome = GateOutcome::pass;
    std::string message;
};
AgreementVerdict disagreement_gate(const Agreement& agreement);

}  // namespace futolab
