#include "core/yaml_bounds.hpp"

#include "core/binary_data.hpp"
#include "core/error.hpp"
#include "core/yaml_aliases.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

#include <fmt/format.h>

#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace futolab {
namespace {

// At the first node past the limit, so a config or sidecar nested too deep names its line as
// every other error in it does.
[[noreturn]] void too_deep(const std::string& source, const YAML::Mark& at) {
    throw_input_error({source, at.line + 1, at.column + 1},
                      fmt::format("YAML nested deeper than {} levels: refusing it", kMaxYamlDepth));
}

// A scalar (a key or a value) holding a NUL, which a double-quoted escape ("\0", "\x00",
// "\u0000") makes although the file cannot hold one: `file: "g\0.tatham"` read the file g,
// `output: "out/z5\0.csv"` wrote out/z5 and a command's argv element "/bin/echo\0ignored" ran
// /bin/echo, as every C call cuts a text at its NUL (red-team round 14, B F3). Refused in every
// YAML file at the scalar; a config refuses the other control bytes too (experiments/config.cpp).
void check_scalar(const YAML::Node& node, const std::string& source) {
    if (node.Scalar().find('\0') == std::string::npos) return;
    throw_input_error({source, node.Mark().line + 1, node.Mark().column + 1}, escaped_binary_data(0));
}

// Visits every node as a walk over the tree would, aliases expanded, without recursion; stops
// at the first bound it passes.
void check_size(const YAML::Node& root, const std::string& source) {
    std::vector<std::pair<YAML::Node, std::size_t>> stack{{root, 1}};
    std::size_t seen = 0;
    while (!stack.empty()) {
        auto [node, depth] = std::move(stack.back());
        stack.pop_back();
        if (++seen > kMaxYamlNodes)
            throw InputError(fmt::format("{}: YAML of more than {} nodes once its aliases are expanded (anchors that "
                                         "refer to each other?): refusing it", source, kMaxYamlNodes));
        if (depth > kMaxYamlDepth) too_deep(source, node.Mark());
        if (node.IsMap()) {
            std::set<std::string> keys;
            for (const auto& item : node) {
                // yaml-cpp keeps both and answers a lookup with the first: a sidecar with a
                // second `experiment:` or `config_hash:` read as the first (round 7).
                if (item.first.IsScalar() && !keys.insert(item.first.Scalar()).second)
                    throw_input_error({source, item.first.Mark().line + 1, item.first.Mark().column + 1},
                                      fmt::format("key '{}' is given twice", item.first.Scalar()));
                stack.emplace_back(item.first, depth + 1);
                stack.emplace_back(item.second, depth + 1);
            }
        } else if (node.IsSequence()) {
            for (const auto& item : node) stack.emplace_back(item, depth + 1);
        } else if (node.IsScalar()) {
            check_scalar(node, source);
        }
    }
}

// Counts the documents of a YAML stream and keeps where the second starts; builds nothing.
// Refuses the first node nested deeper than kMaxYamlDepth as it is met, where the parser still
// knows its place (yaml-cpp's own guard, a few hundred levels down, names none).
class DocumentStarts : public YAML::EventHandler {
public:
    explicit DocumentStarts(const std::string& source) : source_(source) {}

    std::size_t count = 0;
    YAML::Mark second;

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++count == 2) second = mark;
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node_at(mark); }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { node_at(mark); }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override {
        node_at(mark);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        open_at(mark);
    }
    void OnSequenceEnd() override { --open_; }
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        open_at(mark);
    }
    void OnMapEnd() override { --open_; }

private:
    // A node inside `open_` collections is at depth open_ + 1 (the root at 1, as check_size counts).
    void node_at(const YAML::Mark& mark) const {
        if (open_ + 1 > kMaxYamlDepth) too_deep(source_, mark);
    }
    void open_at(const YAML::Mark& mark) {
        node_at(mark);
        ++open_;
    }

    const std::string& source_;
    std::size_t open_ = 0;
};

// YAML::Load reads the first document of a stream and drops the rest unread: a config followed
// by `---` and `solvers: [ bogus ]`, or even by `---` and `[unclosed`, ran as its first part,
// while its sidecar kept the whole text (red-team round 13, F7). So the whole stream is parsed
// (a syntax error anywhere is refused as one in the first document is) and
// a second document is refused where it starts (its `---`, or its first token after `...`).
void check_one_document(const std::string& text, const std::string& source) {
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentStarts starts(source);
    // Until a second document is seen or the stream ends. A call that reads no new document
    // ends it too: on some malformed streams (",\n[,\n", found by the config fuzz target)
    // yaml-cpp's HandleNextDocument keeps answering true without reading on.
    for (std::size_t before = 0; starts.count < 2; before = starts.count)
        if (!parser.HandleNextDocument(starts) || starts.count == before) break;
    if (starts.count > 1)
        throw_input_error({source, starts.second.line + 1, starts.second.column + 1},
                          "a second YAML document starts here: futolab reads one document per file (remove it, "
                          "or make it a file of its own)");
}

// yaml-cpp ends a quoted scalar that meets the end of the text right after a line break as if
// it were closed: `output: "out/r.csv⏎` read as "out/r.csv " (a config's path gained a space),
// and a checkpoint file torn inside its last line read back whole (red-team round 21, B F3),
// while the same text without its final line end is refused ("illegal EOF in scalar"). So the
// stream is checked without the whitespace it ends with, where every unclosed quote at the end
// meets the end inside a line. Whitespace at the end closes and opens no token, so a well-formed
// text passes there too (the tree is still built from the whole text: a `|+` block keeps its
// line ends). This is the parser's own rule, where scanning for quotes here would have to know
// where YAML lets one open (`it's`, `# "`, a block scalar). A text refused both ways is named
// where the whole text has its error, as before (`a: [1⏎` at 2:1, not at the end of line 1).
void check_one_document_to_its_end(const std::string& text, const std::string& source) {
    try {
        check_one_document(text.substr(0, text.find_last_not_of(" \t\r\n") + 1), source);  // npos + 1: all blank
    } catch (const YAML::ParserException&) {
        check_one_document(text, source);  // its own error, if the whole text has one
        throw;                             // else the unclosed quote at its end
    }
}

}  // namespace

YAML::Node load_yaml_bounded(const std::string& text, const std::string& source, std::string_view what) {
    // Before anything else: yaml-cpp keeps a CR that no LF follows inside a plain scalar, so
    // `output: o.csv<CR>` wrote a results CSV of that name and `file: t4.tatham<CR>` matched no
    // file, while YAML 1.2 reads the CR as a line end (red-team round 28, C F3). CR LF reads as LF.
    if (const auto cr = find_lone_carriage_return(text))
        throw_input_error({source, static_cast<int>(cr->line), static_cast<int>(cr->column)}, lone_carriage_return());
    // The parser would take a NUL for the end of the text, or name a stray escape instead
    // (core/binary_data.hpp: every text reader refuses the byte, naming it).
    if (const auto bad = find_binary_byte(text))
        throw_input_error({source, static_cast<int>(bad->line), static_cast<int>(bad->column)}, binary_data(bad->byte));
    if (const auto bad = find_non_utf8_byte(text))
        throw_input_error({source, static_cast<int>(bad->line), static_cast<int>(bad->column)}, not_utf8(bad->byte));
    YAML::Node root;
    try {
        check_one_document_to_its_end(text, source);
        root = YAML::Load(text);
    } catch (const YAML::DeepRecursion& e) {
        // yaml-cpp's own guard (a few hundred levels, before its recursion can overflow the
        // stack) says only "bad file": the same refusal as past kMaxYamlDepth, at its place.
        too_deep(source, e.mark);
    } catch (const YAML::ParserException& e) {
        throw_input_error({source, e.mark.line + 1, e.mark.column + 1}, fmt::format("{}: {}", what, e.msg));
    }
    check_size(root, source);
    note_yaml_aliases(source, text);
    return root;
}

}  // namespace futolab
