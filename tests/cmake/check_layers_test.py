#!/usr/bin/env python3
"""cmake/check_layers.py on small planted trees, and on the real tree with the build's graph.

Usage: check_layers_test.py SOURCE_DIR LAYER=BELOW,... (the graph the build passes)
"""

import os
import subprocess
import sys
import tempfile
import unittest

SOURCE_DIR = sys.argv[1]
GRAPH = sys.argv[2:]
CHECKER = os.path.join(SOURCE_DIR, "cmake", "check_layers.py")
SMALL_GRAPH = ["core=", "solvers=core", "analysis=core", "app=core,solvers,analysis"]


def check(root, graph=SMALL_GRAPH):
    r = subprocess.run([sys.executable, CHECKER, "--root", root] + graph, capture_output=True, text=True)
    return r.returncode, r.stderr


def plant(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)


CLEAN = {
    "core/a.hpp": "#pragma once\n",
    "core/formats/f.cpp": '#include "core/a.hpp"\n',
    "solvers/solver.hpp": '#include "core/a.hpp"\n#include <vector>\n',
    "solvers/gac/gac.cpp": '#include "solvers/solver.hpp"\n#include "rules.inc"\n',
    "solvers/gac/rules.inc": "// rules\n",
    "solvers/registry/registry.cpp": '#include "solvers/gac/gac.hpp"\n',
    "solvers/gac/gac.hpp": '#include "solvers/solver.hpp"\n',
    "analysis/t.cpp": '#include "core/a.hpp"\n',
    "app/main.cpp": '#include "analysis/t.hpp"\n#include "solvers/registry/registry.hpp"\n',
}


class CheckLayers(unittest.TestCase):
    def tree(self, extra):
        d = tempfile.TemporaryDirectory()
        self.addCleanup(d.cleanup)
        plant(d.name, {**CLEAN, **extra})
        return d.name

    def test_a_clean_tree_passes(self):
        self.assertEqual(check(self.tree({})), (0, ""))

    def test_an_upward_include_fails_naming_file_and_line(self):
        code, err = check(self.tree({"solvers/gac/gac.cpp": '#include "core/a.hpp"\n#include "app/cli.hpp"\n'}))
        self.assertEqual(code, 1)
        self.assertIn("solvers/gac/gac.cpp:2: includes app/cli.hpp: layer solvers may include core", err)

    def test_a_sideways_include_fails(self):
        code, err = check(self.tree({"analysis/t.cpp": '#include "solvers/solver.hpp"\n'}))
        self.assertEqual(code, 1)
        self.assertIn("analysis/t.cpp:1: includes solvers/solver.hpp: layer analysis may include core", err)

    def test_the_bottom_layer_may_include_no_other(self):
        code, err = check(self.tree({"core/formats/f.cpp": '  #  include "solvers/solver.hpp"\n'}))
        self.assertEqual(code, 1)
        self.assertIn("layer core may include no other layer", err)

    def test_layers_below_are_transitive(self):
        graph = ["core=", "solvers=core", "app=solvers"]
        code, _ = check(self.tree({"analysis/t.cpp": ""}), ["core=", "solvers=core", "analysis=core", "app=solvers,analysis"])
        self.assertEqual(code, 0)
        code, _ = check(self.tree({"analysis/t.cpp": "", "app/main.cpp": '#include "core/a.hpp"\n'}), graph + ["analysis=core"])
        self.assertEqual(code, 0)

    def test_a_cycle_between_sub_folders_of_one_layer_fails(self):
        # The registry pattern gone wrong: a backend including the registry above it.
        code, err = check(self.tree({"solvers/gac/gac.hpp": '#include "solvers/registry/registry.hpp"\n'}))
        self.assertEqual(code, 1)
        self.assertIn("folders include each other", err)
        self.assertIn("solvers/gac/ -> solvers/registry/", err)
        self.assertIn("solvers/registry/ -> solvers/gac/", err)

    def test_a_folder_and_its_sub_folder_including_each_other_fail(self):
        code, err = check(self.tree({"core/a.hpp": '#include "core/formats/f.hpp"\n'}))
        self.assertEqual(code, 1)
        self.assertIn("core/ -> core/formats/", err)

    def test_a_sibling_include_is_read_relative_to_its_file(self):
        code, err = check(self.tree({"solvers/gac/gac.cpp": '#include "../../app/x.hpp"\n', "app/x.hpp": ""}))
        self.assertEqual(code, 1)
        self.assertIn("includes app/x.hpp", err)

    def test_system_and_unknown_folders_are_not_project_includes(self):
        code, _ = check(self.tree({"core/a.hpp": '#include <solvers/x.hpp>\n#include "fmt/format.h"\n'}))
        self.assertEqual(code, 0)

    def test_a_bad_graph_is_refused(self):
        root = self.tree({})
        self.assertEqual(check(root, ["core=", "solvers=core,nowhere"])[0], 2)
        self.assertEqual(check(root, ["core=solvers", "solvers=core"])[0], 2)
        self.assertEqual(check(root, ["core"])[0], 2)

    def test_the_real_tree_passes_with_the_builds_graph(self):
        self.assertGreaterEqual(len(GRAPH), 8)
        self.assertEqual(check(SOURCE_DIR, GRAPH), (0, ""))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
