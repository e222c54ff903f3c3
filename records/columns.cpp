#include "records/columns.hpp"

namespace futolab {

const Column* column_named(std::string_view name) {
    for (const Column& c : kColumns)
        if (c.name == name) return &c;
    if (name.starts_with(kParamPrefix) && name.size() > kParamPrefix.size()) return &kParamColumn;
    return nullptr;
}

bool has_base_columns(const std::vector<std::string>& header) {
    std::size_t i = 0;
    for (const Column& c : kColumns) {
        if (!c.base) break;  // the base columns come first
        if (i >= header.size() || header[i] != c.name) return false;
        ++i;
    }
    return true;
}

}  // namespace futolab
