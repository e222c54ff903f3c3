// Where a value sits in a JSON text, for messages about a field of a whole-file JSON document
// (the futolab-bench manifest: app/bench_manifest.hpp). The parser (core/json_read.hpp) gives a
// line and column only for a syntax error; a field that parses but says the wrong thing ("the
// tier's count disagrees with the instances it lists") is found again by a scan of the text
// along its path of keys and indices, made only when there is something to report.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace futolab::app {

// One step from a JSON value into its content: a key of an object, an index of an array.
using JsonStep = std::variant<std::string, std::size_t>;

struct TextPlace {
    std::size_t line = 0, column = 0;  // 1-based; 0: not found (the text is not that JSON)
};

// The line and column of the first character of the value that `steps` reach from the top of
// `text` (JSON that parsed: core/json_read.hpp), or, where a step is not there (a missing key,
// an index past the end), of the deepest value on the way: the object that lacks the key.
// A key is matched as JSON decodes it ("\u0061" is "a"); the first of two equal keys is taken.
// With `at_key`, a last step that is a key found gives the place of the key itself (where an
// unknown key is named), not of its value.
TextPlace locate_json_value(std::string_view text, const std::vector<JsonStep>& steps, bool at_key = false);

}  // namespace futolab::app
