#include "core/yaml_aliases.hpp"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

namespace futolab {
namespace {

using Place = std::pair<int, int>;  // line, column, 1-based

Place place_of(const YAML::Mark& m) { return {m.line + 1, m.column + 1}; }

// One anchored node: its name, the places of every node inside it (its own first), and the
// places of the aliases that repeat it.
struct Anchor {
    std::string name;
    std::set<Place> inside;
    std::vector<Place> aliases;
};

// The anchors of one parse, from its events. A node's events nest: every anchor still open
// when a node starts contains it.
class AnchorEvents : public YAML::EventHandler {
public:
    std::map<YAML::anchor_t, Anchor> anchors;

    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnAnchor(const YAML::Mark&, const std::string& name) override { pending_name_ = name; }
    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor); }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        leaf(mark, 0);
        if (const auto it = anchors.find(anchor); it != anchors.end()) it->second.aliases.push_back(place_of(mark));
    }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string&) override {
        leaf(mark, anchor);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
        open(mark, anchor);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
        open(mark, anchor);
    }
    void OnMapEnd() override { close(); }

private:
    std::vector<YAML::anchor_t> open_;  // one entry per open collection: its anchor, or 0
    std::string pending_name_;

    void start(const YAML::Mark& mark, YAML::anchor_t anchor) {
        if (anchor != 0) anchors[anchor].name = std::exchange(pending_name_, {});
        for (const YAML::anchor_t a : open_)
            if (a != 0) anchors[a].inside.insert(place_of(mark));
        if (anchor != 0) anchors[anchor].inside.insert(place_of(mark));
    }
    void leaf(const YAML::Mark& mark, YAML::anchor_t anchor) { start(mark, anchor); }
    void open(const YAML::Mark& mark, YAML::anchor_t anchor) {
        start(mark, anchor);
        open_.push_back(anchor);
    }
    void close() {
        if (!open_.empty()) open_.pop_back();
    }
};

std::mutex registry_mutex;
std::map<std::string, std::vector<Anchor>>& registry() {
    static std::map<std::string, std::vector<Anchor>> noted;
    return noted;
}

}  // namespace

void note_yaml_aliases(const std::string& source, const std::string& text) {
    std::vector<Anchor> repeated;
    if (text.find('*') != std::string::npos) {  // no alias without one: most texts are not parsed twice
        AnchorEvents events;
        try {
            std::istringstream in(text);
            YAML::Parser parser(in);
            parser.HandleNextDocument(events);  // one document: load_yaml_bounded refuses a second
        } catch (const YAML::Exception&) {
            events.anchors.clear();
        }
        for (auto& [id, anchor] : events.anchors)
            if (!anchor.aliases.empty()) repeated.push_back(std::move(anchor));
    }
    const std::lock_guard<std::mutex> hold(registry_mutex);
    if (repeated.empty()) registry().erase(source);
    else registry()[source] = std::move(repeated);
}

std::string yaml_alias_note(const std::string& source, int line, int column) {
    const std::lock_guard<std::mutex> hold(registry_mutex);
    const auto it = registry().find(source);
    if (it == registry().end()) return "";
    // Every anchor holding the place, the innermost first: an alias of an outer one repeats the
    // place too (red-team round 30 spot check: only the innermost's aliases were named).
    std::vector<const Anchor*> holding;
    for (const Anchor& a : it->second)
        if (a.inside.count({line, column}) > 0) holding.push_back(&a);
    if (holding.empty()) return "";
    std::stable_sort(holding.begin(), holding.end(), [](const Anchor* a, const Anchor* b) { return a->inside.size() < b->inside.size(); });
    std::vector<std::string> parts;
    for (const Anchor* a : holding) {
        std::vector<std::string> places;
        for (std::size_t i = 0; i < a->aliases.size() && i < kShownAliases; ++i)
            places.push_back(fmt::format("{}:{}", a->aliases[i].first, a->aliases[i].second));
        const std::size_t more = a->aliases.size() - places.size();
        parts.push_back(fmt::format("inside anchor &{}, repeated by its alias{} at {}{}", a->name, a->aliases.size() == 1 ? "" : "es",
                                    fmt::join(places, ", "), more == 0 ? "" : fmt::format(" and {} more", more)));
    }
    return fmt::format(" ({})", fmt::join(parts, "; "));
}

}  // namespace futolab
