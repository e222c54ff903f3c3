#include "futolab_version.hpp"
#include <CLI/CLI.hpp>
int main(int argc, char** argv) {
    CLI::App app{"futolab"};
    app.set_version_flag("--version", FUTOLAB_VERSION);
    CLI11_PARSE(app, argc, argv);
    return 0;
}
