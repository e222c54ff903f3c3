// YAML from files futolab did not necessarily write (configs, sidecars), read with bounds. An
// alias (`*a`) is a reference, so a few lines of anchors that refer to each other (the
// "billion laughs" document) parse quickly into a small graph that every walk over it —
// the config reader, the report's provenance table — expands to 10^9 nodes: 1.2 GB and no
// answer in 100 s (issue #25). So after parsing, the tree is walked once as a reader would,
// aliases expanded, and refused past kMaxYamlNodes nodes or kMaxYamlDepth levels, or at a key
// given twice in one map (yaml-cpp would keep both and read the first). Every YAML file futolab
// reads (configs, sidecars, the config text a sidecar holds, checkpoint tables) is read here,
// and holds one document and no binary data (red-team round 13, F7 and F8), is UTF-8 (a byte
// that is not came back from the sidecar's emitter as U+FFFD), has no scalar holding a NUL
// (an escape such as "\0", which C calls cut the text at: red-team round 14, B F3 and F4), and
// has LF or CR LF line ends only (a lone CR was kept inside a value: red-team round 28, C F3).
#pragma once

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace futolab {

inline constexpr std::size_t kMaxYamlNodes = 100000;  // a config or sidecar has a few hundred
inline constexpr std::size_t kMaxYamlDepth = 64;

// Parses `text` and throws InputError "SOURCE:LINE:COLUMN: WHAT: <the parser's words>" at a syntax
// error (WHAT is "malformed YAML" unless the caller names the kind of file, as the sidecar reader
// does: yaml-cpp's own text names no file, and a reader that forgot to catch it let "yaml-cpp:
// error at line 2, column 1: …" out as an internal error, exit 1: red-team round 20, A F1), or
// "SOURCE: YAML of more than 100000 nodes once its aliases are expanded
// (anchors that refer to each other?): refusing it" (or "SOURCE:LINE:COLUMN: YAML nested deeper
// than 64 levels: refusing it" at the first node past that depth, or
// "SOURCE:LINE:COLUMN: key 'K' is given twice", "SOURCE:LINE:COLUMN: a second YAML document starts
// here: …", "SOURCE:LINE:COLUMN: a carriage return not followed by a line feed (old Mac line ends):
// …", "SOURCE:LINE:COLUMN: binary data (byte 0x00): not a text file", "SOURCE:LINE:COLUMN:
// byte 0xe9 is not UTF-8: …", or, at a scalar an escape made a NUL in, "SOURCE:LINE:COLUMN:
// binary data (byte 0x00) …: not text").
YAML::Node load_yaml_bounded(const std::string& text, const std::string& source,
                             std::string_view what = "malformed YAML");

}  // namespace futolab
