#include "records/columns.hpp"

namespace futolab {

const Column* column_named(std::string_view name) {
    for (const Column& c : kColumns)
        if (c.name == name) return &c;
    if (name.starts_with(kParamPrefix) && name.size() > kParamPrefix.size()) return &kParamColumn;
    return nullptr;
}

}  // namespace futolab
