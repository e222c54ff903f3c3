// `--fail-on-disagreement` of analyze, report and compare (SPEC §5a; analysis/agreement.hpp):
// the flag and the exit code it gives, written once for the three commands.
#pragma once

#include "analysis/agreement.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

namespace futolab::app {

inline CLI::Option* add_fail_on_disagreement(CLI::App* cmd, bool& flag) {
    return cmd->add_flag("--fail-on-disagreement", flag,
                         "Exit 1 if runs that decided an instance give different answers (status; in count:all the "
                         "solution count), 2 if no instance was decided by two runs or more in one mode");
}

// The exit code after everything was printed: with the gate 1 on a disagreement, 2 when
// agreement was not measured, else 0, saying why on stderr; without it 0, and a disagreement
// is still a warning on stderr (a report's reader may never open the page).
inline int agreement_exit(const Agreement& agreement, bool gate) {
    const AgreementVerdict verdict = disagreement_gate(agreement);
    if (!gate) {
        if (verdict.outcome == GateOutcome::fail) std::cerr << "futolab: warning: " << verdict.message << "\n";
        return 0;
    }
    if (!verdict.message.empty()) std::cerr << "futolab: --fail-on-disagreement: " << verdict.message << "\n";
    switch (verdict.outcome) {  // no default: a new outcome without its exit code does not compile
        case GateOutcome::pass: return 0;
        case GateOutcome::fail: return 1;
        case GateOutcome::unmeasured: return 2;
    }
    return 0;
}

// Several gates in one command: a change one gate measured (1) is never reported as input
// another could not measure (2); both have said why on stderr.
inline int combined_exit(int a, int b) { return a == 1 || b == 1 ? 1 : std::max(a, b); }

}  // namespace futolab::app
