// Cross-references in the Markdown pages resolve (issue #42 item 3). Every .md file under docs/
// and results/, and README.md, is read; a reference is broken when
//   - a link [text](path) or [text](path#anchor) with a relative path names a file or folder
//     that does not exist, or an #anchor that is not the GitHub anchor of a heading of the
//     target page (lower-cased, punctuation other than '-' and '_' dropped, each space a '-',
//     "-1", "-2", ... for repeated headings; or an explicit <a id="..."> / <a name="...">);
//   - a quoted section, the form these pages use in prose, names no section: `PAGE.md, "Title"`
//     (also `PAGE.md, section "Title"`, `[PAGE.md](...), "Title"`) must find a heading of PAGE
//     that begins with Title, and `section "Title"` / `see "Title"` / `below, "Title"` one of
//     the page itself; "below" or "above" next to the quote must point the right way. Where
//     no heading matches, a bold paragraph or list lead (**Title.** ...) counts as the section.
// Fenced code blocks are skipped. Every broken reference is reported as file:line with what is
// wrong, so one run lists all of them. Phrases without a quoted title ("see below", "the
// samples above") cannot be checked here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = FUTOLAB_SOURCE_DIR;

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The text with every line of a fenced code block (``` or ~~~, the fence lines included)
// blanked, so offsets and line numbers stay those of the file.
std::string without_fences(const std::string& text) {
    std::string out = text;
    bool in_fence = false;
    std::size_t pos = 0;
    while (pos < out.size()) {
        std::size_t end = out.find('\n', pos);
        if (end == std::string::npos) end = out.size();
        std::size_t first = out.find_first_not_of(" \t", pos);
        const bool fence = first != std::string::npos && first < end &&
                           (out.compare(first, 3, "```") == 0 || out.compare(first, 3, "~~~") == 0);
        if (fence) in_fence = !in_fence;
        if (fence || in_fence)
            for (std::size_t i = pos; i < end; ++i) out[i] = ' ';
        pos = end + 1;
    }
    return out;
}

int line_of(const std::string& text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// One UTF-8 code point starting at text[i]; i moves past it.
std::uint32_t next_code_point(const std::string& text, std::size_t& i) {
    const auto b = static_cast<unsigned char>(text[i]);
    int extra = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : 0;
    std::uint32_t cp = extra == 0 ? b : extra == 1 ? (b & 0x1Fu) : extra == 2 ? (b & 0x0Fu) : (b & 0x07u);
    ++i;
    for (; extra > 0 && i < text.size(); --extra, ++i) cp = (cp << 6) | (static_cast<unsigned char>(text[i]) & 0x3Fu);
    return cp;
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Punctuation and symbols outside ASCII that GitHub's anchors drop: Latin-1 signs (superscript
// digits and fractions included, as GitHub drops them), × and ÷, general punctuation (dashes,
// quotes), super- and subscripts, arrows, mathematical operators, technical symbols (⌊ ⌋), box
// drawing and other symbol blocks, CJK punctuation, full-width ASCII punctuation.
bool dropped_symbol(std::uint32_t cp) {
    if (cp >= 0x80 && cp <= 0xBF) return cp != 0xAA && cp != 0xB5 && cp != 0xBA;
    if (cp == 0xD7 || cp == 0xF7) return true;
    if (cp >= 0x2000 && cp <= 0x2BFF) return true;
    if (cp >= 0x2E00 && cp <= 0x2E7F) return true;
    if (cp >= 0x3000 && cp <= 0x303F) return true;
    if (cp >= 0xFF00 && cp <= 0xFF0F) return true;
    return false;
}

// A heading's text as GitHub shows it: links reduced to their text, emphasis and code marks
// gone.
std::string heading_plain_text(const std::string& heading) {
    std::string out;
    for (std::size_t i = 0; i < heading.size(); ++i) {
        const char c = heading[i];
        if (c == '[') {
            const std::size_t close = heading.find(']', i);
            if (close != std::string::npos && close + 1 < heading.size() && heading[close + 1] == '(') {
                const std::size_t paren = heading.find(')', close);
                if (paren != std::string::npos) {
                    out += heading.substr(i + 1, close - i - 1);
                    i = paren;
                    continue;
                }
            }
        }
        if (c == '`' || c == '*') continue;
        out += c;
    }
    return out;
}

// GitHub's anchor for a heading (github-slugger): lower case, punctuation and symbols dropped
// except '-' and '_', every space a '-'.
std::string github_slug(const std::string& heading) {
    const std::string text = heading_plain_text(heading);
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::uint32_t cp = next_code_point(text, i);
        if (cp < 0x80) {
            const char c = static_cast<char>(cp);
            if (c == ' ')
                out += '-';
            else if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')
                out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            continue;
        }
        if (dropped_symbol(cp)) continue;
        if ((cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) || (cp >= 0x391 && cp <= 0x3A9)) cp += 0x20;  // Latin-1, Greek capitals
        append_utf8(out, cp);
    }
    return out;
}

struct Section {
    int line;
    std::string title;  // normalised (see normalise)
};

struct Page {
    std::set<std::string> anchors;
    std::vector<Section> headings;
    std::vector<Section> bold_leads;
};

// For comparing a quoted title with a heading: code and emphasis marks gone, white space
// collapsed, ASCII lower case.
std::string normalise(const std::string& s) {
    std::string out;
    bool space = false;
    for (const char c : s) {
        if (c == '`' || c == '*') continue;
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

Page parse_page(const std::string& raw) {
    Page page;
    const std::vector<std::string> lines = lines_of(without_fences(raw));
    std::map<std::string, int> seen;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        const int line_no = static_cast<int>(i) + 1;
        std::size_t hashes = 0;
        while (hashes < line.size() && line[hashes] == '#') ++hashes;
        if (hashes >= 1 && hashes <= 6 && hashes < line.size() && line[hashes] == ' ') {
            std::string title = line.substr(hashes + 1);
            const auto trim = [&title] {
                while (!title.empty() && (title.back() == ' ' || title.back() == '\r')) title.pop_back();
            };
            trim();
            // An optional closing run of '#' after a space ("## Title ##"), not "## Issue #".
            std::size_t run = title.size();
            while (run > 0 && title[run - 1] == '#') --run;
            if (run < title.size() && (run == 0 || title[run - 1] == ' ')) {
                title.erase(run);
                trim();
            }
            const std::string slug = github_slug(title);
            const int n = seen[slug]++;
            page.anchors.insert(n == 0 ? slug : slug + "-" + std::to_string(n));
            page.headings.push_back({line_no, normalise(title)});
        }
        for (const char* attr : {"<a id=\"", "<a name=\""}) {
            for (std::size_t p = line.find(attr); p != std::string::npos; p = line.find(attr, p + 1)) {
                const std::size_t start = p + std::string(attr).size();
                const std::size_t end = line.find('"', start);
                if (end != std::string::npos) page.anchors.insert(line.substr(start, end - start));
            }
        }
        // A bold lead: "**Title.** text" at the start of a line or of a list item.
        std::size_t lead = line.find_first_not_of(' ');
        if (lead != std::string::npos && line.compare(lead, 2, "- ") == 0) lead += 2;
        if (lead != std::string::npos && line.compare(lead, 2, "**") == 0) {
            const std::size_t end = line.find("**", lead + 2);
            if (end != std::string::npos) page.bold_leads.push_back({line_no, normalise(line.substr(lead + 2, end - lead - 2))});
        }
    }
    return page;
}

bool title_begins_with(const std::string& title, const std::string& quoted) {
    if (quoted.empty() || title.compare(0, quoted.size(), quoted) != 0) return false;
    if (title.size() == quoted.size()) return true;
    const auto next = static_cast<unsigned char>(title[quoted.size()]);
    return !std::isalnum(next);  // "n = 6" names "n = 6: ...", not "n = 60"
}

class Checker {
public:
    explicit Checker(fs::path root) : root_(std::move(root)) {}

    // Every broken reference of the file, as "path:line: what".
    void check_file(const fs::path& file) {
        const std::string raw = read_text(file);
        const std::string text = without_fences(raw);
        const std::string name = fs::relative(file, root_).generic_string();
        check_links(file, name, text);
        check_quoted_sections(file, name, text);
    }

    const std::vector<std::string>& broken() const { return broken_; }
    int links_checked() const { return links_; }
    int sections_checked() const { return sections_; }

private:
    const Page& page(const fs::path& p) {
        const std::string key = fs::weakly_canonical(p).string();
        auto it = pages_.find(key);
        if (it == pages_.end()) it = pages_.emplace(key, parse_page(read_text(p))).first;
        return it->second;
    }

    void report(const std::string& name, const std::string& text, std::size_t offset, const std::string& what) {
        broken_.push_back(name + ":" + std::to_string(line_of(text, offset)) + ": " + what);
    }

    void check_links(const fs::path& file, const std::string& name, const std::string& text) {
        // Inline code is not a link: blank it (keeping offsets) before looking for "](".
        std::string plain = text;
        for (std::size_t i = 0; i < plain.size(); ++i) {
            if (plain[i] != '`') continue;
            const std::size_t end = plain.find('`', i + 1);
            const std::size_t eol = plain.find('\n', i + 1);
            if (end == std::string::npos || (eol != std::string::npos && eol < end)) continue;
            for (std::size_t j = i; j <= end; ++j) plain[j] = ' ';
            i = end;
        }
        for (std::size_t p = plain.find("]("); p != std::string::npos; p = plain.find("](", p + 2)) {
            const std::size_t start = p + 2;
            std::size_t end = start;
            while (end < plain.size() && plain[end] != ')' && plain[end] != ' ' && plain[end] != '\n') ++end;
            if (end >= plain.size()) continue;
            std::string target = plain.substr(start, end - start);
            if (target.empty() || target[0] == '<') continue;
            // Absolute URLs (http:, https:, mailto:, ...) are not checked.
            const std::size_t colon = target.find(':');
            const std::size_t slash = target.find('/');
            if (colon != std::string::npos && (slash == std::string::npos || colon < slash)) continue;
            if (target.rfind("//", 0) == 0) continue;
            ++links_;
            std::string path = target;
            std::string anchor;
            if (const std::size_t hash = target.find('#'); hash != std::string::npos) {
                path = target.substr(0, hash);
                anchor = target.substr(hash + 1);
            }
            for (std::size_t pc; (pc = path.find("%20")) != std::string::npos;) path.replace(pc, 3, " ");
            fs::path resolved = path.empty()       ? file
                                : path[0] == '/' ? root_ / path.substr(1)
                                                 : file.parent_path() / path;
            std::error_code ec;
            if (!fs::exists(resolved, ec)) {
                report(name, text, p, "link to a missing file: (" + target + ")");
                continue;
            }
            if (anchor.empty() || resolved.extension() != ".md" || !fs::is_regular_file(resolved, ec)) continue;
            if (page(resolved).anchors.count(anchor) == 0)
                report(name, text, p, "link to a missing heading: (" + target + ")");
        }
    }

    // The quoted title starting at text[open] (a '"'): up to the next '"' on the same or the next
    // line. Returns npos when there is none.
    static std::size_t closing_quote(const std::string& text, std::size_t open) {
        int newlines = 0;
        for (std::size_t i = open + 1; i < text.size() && i < open + 240; ++i) {
            if (text[i] == '"') return i;
            if (text[i] == '\n' && ++newlines > 1) return std::string::npos;
        }
        return std::string::npos;
    }

    static std::size_t skip_space(const std::string& text, std::size_t i) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t')) ++i;
        return i;
    }

    static bool word_at(const std::string& text, std::size_t i, const std::string& word) {
        if (text.compare(i, word.size(), word) != 0) return false;
        if (i > 0 && std::isalnum(static_cast<unsigned char>(text[i - 1]))) return false;
        const std::size_t after = i + word.size();
        return after >= text.size() || !std::isalnum(static_cast<unsigned char>(text[after]));
    }

    // "below" / "above" written next to the quote: after it ("n = 6" below), or before it
    // (below, "Title").
    static std::string direction_after(const std::string& text, std::size_t close) {
        const std::size_t i = skip_space(text, close + 1);
        if (word_at(text, i, "below")) return "below";
        if (word_at(text, i, "above")) return "above";
        return "";
    }

    void check_section(const fs::path& target, bool same_page, const std::string& name, const std::string& text,
                       std::size_t open, std::string direction) {
        const std::size_t close = closing_quote(text, open);
        if (close == std::string::npos) return;
        ++sections_;
        std::string quoted_raw;  // as written, on one line
        for (const char c : text.substr(open + 1, close - open - 1)) {
            const bool space = c == ' ' || c == '\n' || c == '\t';
            if (!space)
                quoted_raw += c;
            else if (!quoted_raw.empty() && quoted_raw.back() != ' ')
                quoted_raw += ' ';
        }
        const std::string quoted = normalise(quoted_raw);
        const Page& pg = page(target);
        std::vector<int> at;
        for (const Section& s : pg.headings)
            if (title_begins_with(s.title, quoted)) at.push_back(s.line);
        if (at.empty())
            for (const Section& s : pg.bold_leads)
                if (title_begins_with(s.title, quoted)) at.push_back(s.line);
        const std::string where = same_page ? "this page" : fs::relative(target, root_).generic_string();
        if (at.empty()) {
            report(name, text, open, "no section \"" + quoted_raw + "\" in " + where);
            return;
        }
        if (direction.empty()) direction = direction_after(text, close);
        if (!same_page || direction.empty()) return;
        const int line = line_of(text, open);
        const bool ok = std::any_of(at.begin(), at.end(), [&](int l) { return direction == "below" ? l > line : l < line; });
        if (!ok) report(name, text, open, "section \"" + quoted_raw + "\" is not " + direction + " (line " + std::to_string(at.front()) + ")");
    }

    void check_quoted_sections(const fs::path& file, const std::string& name, const std::string& text) {
        std::vector<std::size_t> done;  // quotes already taken as another page's section
        // PAGE.md, "Title" (the path possibly in backquotes or a link, "section" optional).
        for (std::size_t p = text.find(".md"); p != std::string::npos; p = text.find(".md", p + 3)) {
            std::size_t begin = p;
            while (begin > 0) {
                const char c = text[begin - 1];
                if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' || c == '-')
                    --begin;
                else
                    break;
            }
            if (begin == p) continue;
            std::size_t i = p + 3;
            if (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i]))) continue;  // ".mdx"
            while (i < text.size() && (text[i] == '`' || text[i] == ')' || text[i] == ']')) {
                if (text[i] == ']' && i + 1 < text.size() && text[i + 1] == '(') {  // [PAGE.md](target)
                    const std::size_t close = text.find(')', i);
                    if (close == std::string::npos) break;
                    i = close;
                }
                ++i;
            }
            bool separated = false;  // `"PAGE.md"` is a quoted name, not a page and a title
            if (i < text.size() && (text[i] == ',' || text[i] == ':')) {
                ++i;
                separated = true;
            }
            std::size_t q = skip_space(text, i);
            separated = separated || q > i;
            if (!separated) continue;
            if (word_at(text, q, "section")) q = skip_space(text, q + 7);
            if (q >= text.size() || text[q] != '"') continue;
            if (std::find(done.begin(), done.end(), q) != done.end()) continue;  // [PAGE.md](PAGE.md), "Title"
            const std::string path = text.substr(begin, p + 3 - begin);
            fs::path target = file.parent_path() / path;
            std::error_code ec;
            if (!fs::is_regular_file(target, ec)) target = root_ / path;
            if (!fs::is_regular_file(target, ec)) {
                report(name, text, begin, "quoted section of a missing file: " + path);
                continue;
            }
            done.push_back(q);
            check_section(target, fs::equivalent(target, file, ec), name, text, q, "");
        }
        // Sections of this page: section "Title", sections "Title", see "Title", below, "Title".
        for (const std::string lead : {"section", "sections", "see", "Section", "See", "below,", "above,"}) {
            for (std::size_t p = text.find(lead); p != std::string::npos; p = text.find(lead, p + 1)) {
                if (p > 0 && std::isalnum(static_cast<unsigned char>(text[p - 1]))) continue;
                const std::size_t after = p + lead.size();
                if (after < text.size() && std::isalnum(static_cast<unsigned char>(text[after]))) continue;
                const std::size_t q = skip_space(text, after);
                if (q == after || q >= text.size() || text[q] != '"') continue;
                if (std::find(done.begin(), done.end(), q) != done.end()) continue;
                done.push_back(q);
                const std::string direction = lead == "below," ? "below" : lead == "above," ? "above" : "";
                check_section(file, true, name, text, q, direction);
            }
        }
    }

    fs::path root_;
    std::map<std::string, Page> pages_;
    std::vector<std::string> broken_;
    int links_ = 0;
    int sections_ = 0;
};

std::vector<fs::path> pages_to_check(const fs::path& root) {
    std::vector<fs::path> files;
    for (const char* dir : {"docs", "results"})
        for (const auto& entry : fs::recursive_directory_iterator(root / dir))
            if (entry.is_regular_file() && entry.path().extension() == ".md") files.push_back(entry.path());
    if (fs::exists(root / "README.md")) files.push_back(root / "README.md");
    std::sort(files.begin(), files.end());
    return files;
}

void write_file(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("every cross-reference in docs/, results/ and README.md resolves", "[docs]") {
    Checker checker(kRoot);
    const std::vector<fs::path> files = pages_to_check(kRoot);
    CHECK(files.size() >= 15);  // the pages were found
    for (const fs::path& f : files) checker.check_file(f);
    CHECK(checker.links_checked() > 50);     // links were found
    CHECK(checker.sections_checked() > 25);  // and quoted sections
    for (const std::string& b : checker.broken()) FAIL_CHECK(b);
    CHECK(checker.broken().empty());
}

TEST_CASE("GitHub anchors of headings", "[docs]") {
    CHECK(github_slug("Exact mode (issue #15)") == "exact-mode-issue-15");
    CHECK(github_slug("n = 6: the solver oracle, samples and a lower bound (issue #15)") ==
          "n--6-the-solver-oracle-samples-and-a-lower-bound-issue-15");
    CHECK(github_slug("The ⌊n²/4⌋ law (a conjecture, issue #26)") == "the-n4-law-a-conjecture-issue-26");
    CHECK(github_slug("Puzzle-space search (`--free-square`, `critical/zero_given/zero_given.*`)") ==
          "puzzle-space-search---free-square-criticalzero_givenzero_given");
    CHECK(github_slug("Study 3 — how close?") == "study-3--how-close");
    CHECK(github_slug("See [the spec](SPEC.md) **now**") == "see-the-spec-now");
}

TEST_CASE("broken links and sections are found, with their lines", "[docs]") {
    const fs::path root = fs::temp_directory_path() / "futolab-cross-references";
    fs::remove_all(root);
    write_file(root / "docs" / "a.md",
               "# Page a\n\n## Method\n\n**Where it comes from.** text\n\n## Method\n\n## Results (n = 6)\n");
    write_file(root / "results" / "r.md",
               "# R\n"                                                        // 1
               "[ok](../docs/a.md#method-1) [ok](../docs/a.md#results-n--6)\n"  // 2
               "[gone](../docs/b.md) [bad anchor](../docs/a.md#methods)\n"      // 3
               "`[code](not/checked.md)` [web](https://example.com/x)\n"        // 4
               "docs/a.md, \"Where it comes from\" and docs/a.md, \"Results\"\n"  // 5
               "docs/a.md, section \"Missing\" and section \"Later\" below\n"   // 6
               "see \"Earlier\" below; [a](../docs/a.md), \"Method\"\n"         // 7
               "```\n[fenced](nowhere.md) section \"Nowhere\"\n```\n"           // 8-10
               "## Earlier\n"                                                   // 11 (after line 7: fine)
               "docs/a.md, \"Results (n = 60)\"\n"                              // 12
               "section \"R\" below and \"docs/a.md\" \"quoted name\"\n"           // 13
               "docs/a.md, \"Where it\ncomes from\" and docs/a.md, \"No such\nthing\"\n");  // 14-15
    Checker checker(root);
    checker.check_file(root / "results" / "r.md");
    const std::vector<std::string> expected = {
        "results/r.md:3: link to a missing file: (../docs/b.md)",
        "results/r.md:3: link to a missing heading: (../docs/a.md#methods)",
        "results/r.md:6: no section \"Missing\" in docs/a.md",
        "results/r.md:12: no section \"Results (n = 60)\" in docs/a.md",
        "results/r.md:15: no section \"No such thing\" in docs/a.md",
        "results/r.md:6: no section \"Later\" in this page",
        "results/r.md:13: section \"R\" is not below (line 1)",
    };
    CHECK(checker.broken() == expected);
    CHECK(checker.links_checked() == 5);
    fs::remove_all(root);
}
