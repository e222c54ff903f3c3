// What a futolab file is, told by its first bytes, where a file of another kind was given: a
// results CSV, its sidecar or column schema, or YAML (a config) named where puzzles, a
// certificate or the bench manifest belong got the JSON parser's own words ("malformed JSON:
// syntax error while parsing value - invalid literal; last read: 'e'") or "cannot tell the
// format", which send the user looking for a typo in a file that has none (red-team round 26,
// C F2); a certificate, the bench manifest or a puzzle JSONL file given where another of them
// belongs likewise (round 27, C F9). docs/formats.md: futolab tells a file by its first bytes,
// after a byte-order mark.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// The kind of futolab file `text` is by its first bytes, "" for any other text. One table
// (file_kind.cpp) tells each kind as futolab writes it:
//   "a futolab results CSV"            its first line starts with SPEC §5's first columns,
//                                      `experiment,instance,`;
//   "a metadata sidecar"               its first line is the sidecar's first key, `experiment: `;
//   "a results CSV's column schema"    its first lines hold `"title": "futolab results CSV"`;
//   "a futolab certificate"            its first bytes are `{"certificate":"futolab-` (every
//                                      certificate's header, critical --certificate);
//   "a futolab-bench manifest"         `{`, then `"name": "futolab-bench"` as its first member
//                                      (bench/v1/manifest.json, scripts/bench_manifest.py);
//   "a puzzle file (JSON Lines)"       its first line that is not blank or a `#` comment starts
//                                      `{"id":` or `{"n":` (spaces allowed around the key), a
//                                      puzzle record on one line (docs/formats.md);
//   "YAML ('…': an experiment config?)" its first line that is not blank or a `#` comment is
//                                      `key:` (a letter, then letters, digits, `_` or `-`, a
//                                      colon and a space or the line's end), `---` or `%YAML`,
//                                      which no puzzle format, certificate or manifest begins with.
std::string file_kind(std::string_view text);

// file_kind(text) if it is a kind no puzzle, certificate or manifest reader takes (a results CSV,
// sidecar, schema or YAML), else "".
std::string other_file_kind(std::string_view text);

// Throws InputError "SOURCE: KIND, not WANTED" if file_kind(text) names a kind other than WANTED,
// the reader's own: "a puzzle file" (a puzzle JSONL is one; every puzzle format futolab ships
// reads as no kind), "a futolab certificate" or "a futolab-bench manifest". A certificate given
// as puzzles was read as a puzzle with no clues (red-team round 27, C F9), a manifest or puzzle
// file given as the manifest got JSON's syntax error: each is named before any parser reads it.
void refuse_other_file_kind(std::string_view text, const std::string& source, std::string_view wanted);

}  // namespace futolab
