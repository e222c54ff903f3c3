// The modes of `futolab critical` (app/critical_modes.hpp, issue #27 item 5), through the real
// CLI11 parser of the command, in process and without running anything: two modes' flags are
// refused, every option a mode reads is accepted by it and refused by the modes that do not
// read it, a refinement without the option it refines is refused, and every `futolab
// critical` command line written in README.md, docs/, results/ and scripts/ still parses to
// a mode. The expected lists come from the table, never retyped here.
#include "app/commands.hpp"
#include "app/critical_modes.hpp"
#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace futolab;
using futolab::app::critical_mode_flags;
using futolab::app::critical_modes;
using futolab::app::CriticalMode;

namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// Parses `args` (after `critical`) as `futolab critical` would; returns the mode's name, or
// the message of the refusal (ParseError or InputError), prefixed "refused: ".
std::string parse(const std::string& args) {
    CLI::App app{"test"};
    app::Action run;
    app::add_critical(app, run);
    try {
        app.parse("critical " + args, false);
    } catch (const CLI::ParseError& e) {
        return std::string("refused: ") + e.what();
    } catch (const InputError& e) {
        return std::string("refused: ") + e.what();
    }
    const std::vector<std::string> given = [&] {
        std::vector<std::string> out;
        for (const CLI::Option* o : app.get_subcommand("critical")->get_options())
            if (o->count() > 0) out.push_back(o->get_name());
        return out;
    }();
    return std::string(app::critical_mode_for(given).name);
}

// The option as typed with a value if it takes one: the first name of a choice (its CLI11
// check lists them), else "4", which every other option's parser accepts (numbers, files and
// squares are checked only when the mode runs).
std::string with_value(std::string_view option) {
    CLI::App app{"test"};
    app::Action run;
    app::add_critical(app, run);
    CLI::Option* o = app.get_subcommand("critical")->get_option(std::string(option));
    if (o->get_expected_min() == 0) return std::string(option);
    std::string value = "4";
    try {
        const std::string choices = o->get_validator()->get_description();  // "{a,b,c}" for a vocabulary
        if (starts_with(choices, "{")) value = choices.substr(1, choices.find_first_of(",}") - 1);
    } catch (const CLI::OptionNotFound&) {  // no check
    }
    return std::string(option) + " " + value;
}

// The options that select `m`: its flag and its first variant option.
std::string selection(const CriticalMode& m) {
    std::string out = m.flag.empty() ? "" : with_value(m.flag);
    if (!m.with.empty()) out += " " + with_value(m.with.front());
    return out;
}

std::vector<std::string> all_options() {
    CLI::App app{"test"};
    app::Action run;
    app::add_critical(app, run);
    std::vector<std::string> out;
    for (const CLI::Option* o : app.get_subcommand("critical")->get_options())
        if (o->get_name() != "--help") out.push_back(o->get_name());
    return out;
}

}  // namespace

TEST_CASE("critical: every mode is selected by its flags, with every option it reads", "[critical][modes]") {
    for (const CriticalMode& m : critical_modes()) {
        INFO(m.name);
        CHECK(parse(selection(m)) == m.name);
        std::string all = selection(m);
        for (std::string_view option : m.takes) {
            INFO(option);
            std::string args = selection(m) + " " + with_value(option);
            for (const auto& [refinement, needed] : m.needs)
                if (refinement == option) args += " " + with_value(needed);
            CHECK(parse(args) == m.name);
            all += " " + with_value(option);
        }
        CHECK(parse(all) == m.name);  // all of them at once
    }
}

TEST_CASE("critical: two modes' flags are refused, for every pair of rows", "[critical][modes]") {
    for (const CriticalMode& a : critical_modes())
        for (const CriticalMode& b : critical_modes()) {
            if (&a == &b || a.flag.empty() || b.flag.empty()) continue;
            if (a.flag == b.flag && (a.with.empty() || b.with.empty())) continue;  // that is just the variant
            INFO(a.name << " with " << b.name);
            const std::string r = parse(selection(a) + " " + selection(b));
            CHECK(starts_with(r, "refused: "));
            if (a.flag != b.flag)
                CHECK(r.find(" are two modes: choose one") != std::string::npos);
            else  // two variants of one flag (--exact --sample --square): the second does not apply
                CHECK(r.find(" does not apply here") != std::string::npos);
        }
}

// "critical --exact --sample: " for the messages about mode `m`.
std::string prefix_of(const CriticalMode& m) {
    return "critical" + (m.flag.empty() ? "" : " " + critical_mode_flags(m)) + ": ";
}

bool is_in(const std::vector<std::string_view>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

TEST_CASE("critical: an option a mode does not read is refused, naming the mode", "[critical][modes]") {
    for (const CriticalMode& m : critical_modes()) {
        std::string takes;
        for (std::string_view t : m.takes) takes += (takes.empty() ? "" : ", ") + std::string(t);
        for (const std::string& option : all_options()) {
            // Skipped: what m reads, --force, and what selects another mode (tested above).
            const bool selects = std::any_of(critical_modes().begin(), critical_modes().end(), [&](const CriticalMode& o) {
                return (!o.flag.empty() && o.flag == option) || (o.flag == m.flag && is_in(o.with, option));
            });
            if (selects || is_in(m.takes, option) || option == "--force") continue;
            INFO(m.name << " " << option);
            CHECK(parse(selection(m) + " " + with_value(option)) ==
                  "refused: " + prefix_of(m) + option + " does not apply here (it takes " + takes + ")");
        }
    }
    CHECK(parse("--n 4 --force") == "greedy");  // --force: any mode
}

TEST_CASE("critical: a refinement without the option it refines is refused", "[critical][modes]") {
    std::size_t pairs = 0;
    for (const CriticalMode& m : critical_modes())
        for (const auto& [option, needed] : m.needs) {
            INFO(m.name << ": " << option << " needs " << needed);
            ++pairs;
            CHECK(parse(selection(m) + " " + with_value(option)) ==
                  "refused: " + prefix_of(m) + std::string(option) + " needs " + std::string(needed));
            CHECK(parse(selection(m) + " " + with_value(option) + " " + with_value(needed)) == m.name);
        }
    CHECK(pairs >= 4);  // the table was read
}

TEST_CASE("critical --help shows the mode table", "[critical][modes]") {
    const std::string help = app::critical_modes_help();
    for (const CriticalMode& m : critical_modes()) {
        INFO(m.name);
        CHECK(help.find("  " + std::string(m.name) + " (") != std::string::npos);
        for (std::string_view option : m.takes) CHECK(help.find(option) != std::string::npos);
    }
}

namespace {

// Values for the placeholders of the synopsis lines (capitals) and the shell variables of the
// scripts. A new placeholder fails the test below by name: add it here.
const std::map<std::string, std::string> kPlaceholders{
    {"N", "5"},    {"C", "1"},        {"S", "1"},      {"SEC", "10"},       {"FILE", "x.jsonl"}, {"BACKEND", "gecode"},
    {"I", "1"},    {"K", "5"},        {"J", "1"},      {"DIR", "d"},        {"T", "0.5"},        {"R", "2"},
    {"P", "3"},    {"B", "9"},        {"X", "1"},      {"O", "k"},          {"I/N", "1/4"},      {"START", "x.jsonl"},
    {"M", "2"},
};
const std::map<std::string, std::string> kShellValues{
    {"n", "5"}, {"o", "k"}, {"K", "5"}, {"v", "--no-shrink"}, {"sq", "1 2/2 1"}, {"objective", "k"},
    {"limit", "--cpu-limit 60"}, {"D", "d"}, {"name", "x"}, {"(cyc N)", "1 2/2 1"},
    {"(python3 results/critical/per-square/squares.py cyclic 7)", "1 2/2 1"},
    {"C6", "1 2/2 1"}, {"C7", "1 2/2 1"}, {"c", "x.cert"},  // results/critical/certificates/README.md
};

std::string read(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The text of the command after `critical`, up to where the shell or the Markdown ends it.
std::string command_after(const std::string& text, std::size_t from, bool in_code_span) {
    std::string out;
    char quote = 0;
    for (std::size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {  // a continued line
            ++i;
            continue;
        }
        if (quote) {
            if (c == quote) quote = 0;
            out += c;
            continue;
        }
        if (c == '"' || c == '\'') quote = c;
        else if (c == '>') {  // a redirection ends it, and its descriptor ("2>>") is not an argument
            if (!out.empty() && std::isdigit(static_cast<unsigned char>(out.back()))) out.pop_back();
            break;
        } else if (c == '`' || c == ';' || c == '&' || c == '#') break;
        else if (c == '\n' && !in_code_span) break;
        else if (c == '\n') {
            out += ' ';
            continue;
        }
        out += c;
    }
    return out;
}

// The first of each alternative of options: "[--square S|--input FILE|--n N --count C [--seed
// S]]" keeps "--square S" (the rest of the bracket goes); outside brackets, "--square S|--input
// FILE --objective O" drops "--input FILE" only.
std::string first_alternatives(const std::string& cmd) {
    std::string out;
    int depth = 0;
    for (std::size_t i = 0; i < cmd.size(); ++i) {
        const char c = cmd[i];
        depth += c == '[' ? 1 : c == ']' ? -1 : 0;
        const std::size_t next = cmd.find_first_not_of(' ', i + 1);
        if (c != '|' || next == std::string::npos || cmd.compare(next, 2, "--") != 0) {
            out += c;
            continue;
        }
        if (depth > 0) {  // to the end of this bracket
            int inner = 0;
            for (i = next; i < cmd.size() && !(cmd[i] == ']' && inner == 0); ++i) inner += cmd[i] == '[' ? 1 : cmd[i] == ']' ? -1 : 0;
            --i;
        } else {  // the option and its value
            i = cmd.find(' ', next);
            if (i != std::string::npos && i + 1 < cmd.size() && cmd.compare(i + 1, 2, "--") != 0) i = cmd.find(' ', i + 1);
            if (i == std::string::npos) break;
            --i;
        }
    }
    return out;
}

// A synopsis made concrete: brackets dropped, the first of each alternative kept,
// placeholders and shell variables replaced. "" with `why` set if a word is unknown.
std::string concrete(std::string cmd, std::string& why) {
    cmd = first_alternatives(cmd);
    cmd = std::regex_replace(cmd, std::regex(R"(\|[^\s\]"]+)"), "");  // "2h+3k|h+k|k": the first value
    cmd = std::regex_replace(cmd, std::regex(R"([\[\]]|…)"), " ");
    std::string out;
    std::smatch m;
    const std::regex word(R"(\$(\([^)]*\)|\{?\w+\}?)|\b[A-Z][A-Z/]*\b)");
    std::string rest = cmd;
    while (std::regex_search(rest, m, word)) {
        out += m.prefix();
        std::string key = m.str(0);
        const bool shell = key[0] == '$';
        if (shell) key = m.str(1);
        if (shell && key.front() == '{') key = key.substr(1, key.size() - 2);
        const auto& table = shell ? kShellValues : kPlaceholders;
        const auto it = table.find(key);
        if (it == table.end()) {
            why = "unknown placeholder or variable '" + m.str(0) + "'";
            return "";
        }
        out += it->second;
        rest = m.suffix();
    }
    return out + rest;
}

}  // namespace

TEST_CASE("critical: every command line written in the docs, results and scripts still parses", "[critical][modes]") {
    namespace fs = std::filesystem;
    const fs::path root(FUTOLAB_SOURCE_DIR);
    std::vector<fs::path> files{root / "README.md"};
    for (const char* folder : {"docs", "results", "scripts"})
        for (const auto& e : fs::recursive_directory_iterator(root / folder)) {
            const std::string name = e.path().filename().string(), ext = e.path().extension().string();
            if (e.is_regular_file() && (ext == ".md" || ext == ".sh" || starts_with(name, "run.log"))) files.push_back(e.path());
        }
    // "futolab critical", "futolab2 critical" (a log of a second build), "$F" critical (run.sh).
    const std::regex invocation(R"((futolab\w*|\$F"?) critical\b)");
    std::size_t lines = 0;
    std::map<std::string, std::size_t> per_mode;
    for (const fs::path& file : files) {
        const std::string text = read(file);
        for (auto it = std::sregex_iterator(text.begin(), text.end(), invocation); it != std::sregex_iterator(); ++it) {
            const std::size_t at = static_cast<std::size_t>(it->position(0));
            const std::size_t line_start = text.rfind('\n', at) + 1;  // npos + 1 = 0
            const std::string before = text.substr(line_start, at - line_start);
            if (before.find("=\"") != std::string::npos) continue;  // a string being built (run.sh logs it, then runs it)
            const bool in_code_span = std::count(before.begin(), before.end(), '`') % 2 == 1;
            std::string why;
            const std::string args = concrete(command_after(text, at + it->length(0), in_code_span), why);
            const std::string where = fs::relative(file, root).string() + ": critical" +
                                      command_after(text, at + it->length(0), in_code_span);
            INFO(where);
            INFO(why);
            REQUIRE(why.empty());
            if (args.find("--help") != std::string::npos) continue;
            const std::string mode = parse(args);
            CHECK_FALSE(starts_with(mode, "refused: "));
            if (starts_with(mode, "refused: ")) UNSCOPED_INFO(mode);
            ++per_mode[mode];
            ++lines;
        }
    }
    CHECK(lines >= 60);  // the files were found and read
    for (const CriticalMode& m : critical_modes()) {
        INFO(m.name << " appears in no documented command line");
        CHECK(per_mode[std::string(m.name)] > 0);
    }
}
