#include "analysis/labels.hpp"

#include "core/error.hpp"
#include "solvers/options.hpp"
#include "solvers/registry.hpp"

namespace futolab {

std::string short_spec(const std::string& spec) {
    try {
        const SpecText parts = split_spec(spec, "spec");
        const BackendInfo& info = backend_info(parts.name);
        std::string options;
        for (const auto& [key, value] : parts.options)
            for (const OptionSpec& o : info.options)
                if (o.key == key && o.default_value != value) options += (options.empty() ? "" : ",") + key + "=" + value;
        return options.empty() ? parts.name : parts.name + ":" + options;
    } catch (const InputError&) {
        return spec;  // not a backend spec (e.g. a critical-set method): keep it whole
    }
}

}  // namespace futolab
