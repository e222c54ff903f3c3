// The JSONL record of a construction (SPEC §2.2, the same meta as every critical set): the
// puzzle with L as its solution, verified like any set futolab writes — uniqueness asked of an
// independent backend, every relation shown necessary by its row or column exchange, checked
// as a witness square (critical/oracle/witness.hpp).
#pragma once

#include "core/instance.hpp"
#include "critical/construction/chain_construction.hpp"

#include <string>

namespace futolab::critical {

// meta: h, k, h+k, 2h+3k, bound, slack, uniquely_completable, critical, verified_by,
// verified_witnesses, then construction ("chains"), split and law (⌊n²/4⌋).
Instance construction_record(const ChainConstruction& c, const std::string& verify_backend, bool& verified);

}  // namespace futolab::critical
