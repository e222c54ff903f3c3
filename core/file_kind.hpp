// What a futolab file is, told by its first bytes, where a file of another kind was given: a
// results CSV, its sidecar or column schema, or YAML (a config) named where puzzles, a
// certificate or the bench manifest belong got the JSON parser's own words ("malformed JSON:
// syntax error while parsing value - invalid literal; last read: 'e'") or "cannot tell the
// format", which send the user looking for a typo in a file that has none (red-team round 26,
// C F2). docs/formats.md: futolab tells a file by its first bytes, after a byte-order mark.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// The kind of futolab file `text` is by its first bytes, among those no puzzle, certificate or
// manifest reader takes; "" for any other text. Each is told as futolab writes it:
//   "a futolab results CSV"            its first line starts with SPEC §5's first columns,
//                                      `experiment,instance,`;
//   "a metadata sidecar"               its first line is the sidecar's first key, `experiment: `;
//   "a results CSV's column schema"    its first lines hold `"title": "futolab results CSV"`;
//   "YAML ('…': an experiment config?)" its first line that is not blank or a `#` comment is
//                                      `key:` (a letter, then letters, digits, `_` or `-`, a
//                                      colon and a space or the line's end), `---` or `%YAML`,
//                                      which no puzzle format, certificate or manifest begins with.
std::string other_file_kind(std::string_view text);

// Throws InputError "SOURCE: KIND, not WANTED" (WANTED e.g. "a puzzle file") if
// other_file_kind(text) names one.
void refuse_other_file_kind(std::string_view text, const std::string& source, std::string_view wanted);

}  // namespace futolab
