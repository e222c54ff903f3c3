// Tables as Markdown or CSV: the one renderer behind every table `futolab analyze` prints,
// so all of them format numbers the same way.
#pragma once

#include <string>
#include <vector>

namespace futolab {

struct TextTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::size_t text_columns = 0;  // the first ones, left-aligned in Markdown; the rest are numbers
};

// Three significant digits, whole numbers without decimals, very large or small in 1.23e+07 form.
std::string number_text(double v);

std::string table_markdown(const TextTable& table);
std::string table_csv(const TextTable& table);  // RFC 4180 quoting
std::string render_table(const TextTable& table, const std::string& format);  // "md" or "csv"

}  // namespace futolab
