// A command line as text a POSIX shell reads back word for word: the sidecar's `run.command`
// (records/sidecar.hpp), which a researcher pastes to re-run an experiment. Its words were
// joined with spaces, so `--square '2 1 4 3/…'` came back as 16 stray words and a file named
// `sq; touch PWNED.jsonl` ran `touch` when pasted (red-team round 26, C F4).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace futolab {

// `word` as one word of a POSIX shell command line: as it is when it holds only characters no
// shell gives a meaning to ([A-Za-z0-9_@%+=:,./-]), else in single quotes, inside which every
// byte is literal (a line feed, `$(…)`, `;`, a byte that is not UTF-8), a quote itself written
// '\'' (end the quotes, an escaped quote, quote again). "" is ''.
std::string shell_quoted(std::string_view word);

// `program` and then each of `words` shell_quoted, separated by single spaces.
std::string shell_command(std::string_view program, const std::vector<std::string>& words);

}  // namespace futolab
