// The figure-writing part of a test's own gnuplot (first on PATH). futolab's script names each
// output as `set output here.'NAME'`, in the script's folder (a temporary name: futolab takes a
// figure only whole, analysis/figure_check.hpp), so a fake gnuplot finds the names there.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace futolab::test {

// Shell text for a fake gnuplot called as `gnuplot SCRIPT`: writes each output SCRIPT names,
// whole and as small as its format allows (a PNG's signature and IEND chunk, "<svg>\n</svg>\n",
// "%PDF-1.5\n%%EOF\n"), but the one of `cut_format` ("png", "svg", "pdf") with `cut_writer`, a
// shell command writing to standard output.
inline std::string fake_figures_sh(const std::string& cut_format = "", const std::string& cut_writer = "") {
    static const char* const kWhole[][2] = {{"png", "printf '\\211PNG\\r\\n\\032\\n\\000\\000\\000\\000IEND\\256B`\\202'"},
                                            {"svg", "printf '<svg>\\n</svg>\\n'"},
                                            {"pdf", "printf '%%PDF-1.5\\n%%%%EOF\\n'"}};
    std::string sh = "dir=$(dirname \"$1\")\n"
                     "sed -n \"s/^set output here\\.'\\(.*\\)'\\$/\\1/p\" \"$1\" | while read -r name; do\n  case \"$name\" in\n";
    for (const auto& [format, whole] : kWhole)
        sh += std::string("    *.") + format + "|*." + format + ".tmp-*) " + (format == cut_format ? cut_writer : whole) +
              " > \"$dir/$name\" ;;\n";
    return sh + "  esac\ndone\n";
}

// DIR/bin/gnuplot, an executable shell script: `before` (shell text, may be empty), then the
// figures written whole (fake_figures_sh). Put DIR/bin first on PATH to use it.
inline void install_fake_gnuplot(const std::filesystem::path& dir, const std::string& before = "") {
    std::filesystem::create_directories(dir / "bin");
    std::ofstream(dir / "bin" / "gnuplot") << "#!/bin/sh\n" << before << fake_figures_sh();
    std::filesystem::permissions(dir / "bin" / "gnuplot", std::filesystem::perms::owner_all);
}

// Shell text that says the fake gnuplot started (touches `started`) and waits for `go` to exist.
inline std::string started_then_wait_sh(const std::filesystem::path& started, const std::filesystem::path& go) {
    return "touch '" + started.string() + "'\nwhile [ ! -e '" + go.string() + "' ]; do sleep 0.02; done\n";
}

}  // namespace futolab::test
