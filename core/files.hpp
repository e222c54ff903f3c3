// Reading whole input files, with the one-line InputError every reader gives.
#pragma once

#include <cstdint>
#include <string>

namespace futolab {

// The whole file ("-" = standard input). Throws InputError "PATH: cannot read: REASON"
// (missing, a directory, unreadable).
std::string read_text_file(const std::string& path);

// FNV-1a, 64 bits (Fowler, Noll & Vo): the stable, machine-independent hash behind
// instance_hash and the config hash of experiment sidecars.
std::uint64_t fnv1a64(const std::string& text);

}  // namespace futolab
