#include "app/list_items.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace futolab::app {
namespace {

// The items of a value, empty ones too ("a,,b": a, "", b; "a,": a, "").
std::vector<std::string> items_of(const std::string& value, char delimiter) {
    std::vector<std::string> items;
    std::size_t start = 0;
    for (std::size_t end; (end = value.find(delimiter, start)) != std::string::npos; start = end + 1)
        items.push_back(value.substr(start, end - start));
    items.push_back(value.substr(start));
    return items;
}

// An option word split into its name and a value written in the same word: "--by=a,b" and
// "-sfc" (CLI11 reads both so); `attached` says whether there was one.
struct OptionWord {
    std::string name;
    std::string value;
    bool attached = false;
};

OptionWord split_word(const std::string& word) {
    if (word.rfind("--", 0) == 0) {
        const std::size_t eq = word.find('=');
        if (eq == std::string::npos) return {word, "", false};
        return {word.substr(0, eq), word.substr(eq + 1), true};
    }
    if (word.size() > 2) return {word.substr(0, 2), word.substr(2), true};
    return {word, "", false};
}

}  // namespace

void refuse_bad_list_items(const CLI::App& app, const std::vector<std::string>& words) {
    const CLI::App* command = &app;
    // The items seen so far per option: a repeatable list (--label a --label b) is one list.
    std::map<const CLI::Option*, std::set<std::string>> seen;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word == "--") return;
        if (word.size() < 2 || word[0] != '-') {  // a subcommand or an input
            const auto named = command->get_subcommands([&](const CLI::App* sub) { return sub->check_name(word); });
            if (!named.empty()) command = named.front();
            continue;
        }
        OptionWord w = split_word(word);
        const CLI::Option* option = command->get_option_no_throw(w.name);
        if (option == nullptr || option->get_items_expected_max() == 0) continue;  // a flag, or CLI11's to refuse
        if (!w.attached) {
            if (i + 1 == words.size()) return;  // no value: CLI11 says so
            w.value = words[++i];
        }
        const std::string where = command == &app ? w.name : command->get_name() + ": " + w.name;
        // `--out=` is an empty value too, refused as `--out ""` is (app/empty_value.hpp): CLI11
        // would take the next word as the value instead (`--out= --force` wrote a file "--force").
        if (w.attached && w.value.empty())
            throw InputError(fmt::format("{}: an empty value is not accepted (leave the option out for its default)",
                                         where));
        const char delimiter = option->get_delimiter();
        if (delimiter == '\0' || w.value.empty()) continue;  // "" itself: app/empty_value.hpp's message
        const std::vector<std::string> items = items_of(w.value, delimiter);
        if (std::find(items.begin(), items.end(), "") != items.end())
            throw InputError(fmt::format("{}: '{}' has an empty item (a list is values separated by single '{}')", where,
                                         w.value, delimiter));
        // An item twice would be shown, summarised or fitted twice (--by spec,spec: two spec
        // columns), or mean nothing more (--redo timeout,timeout).
        for (const std::string& item : items)
            if (!seen[option].insert(item).second)
                throw InputError(fmt::format("{} has {} twice (give each item of the list once)", where, item));
    }
}

}  // namespace futolab::app
