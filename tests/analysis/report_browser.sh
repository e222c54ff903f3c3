#!/usr/bin/env bash
# `futolab report` in a real browser (Debian's chromium, headless): the page loads without a
# console message, its script runs (it marks <body data-ready="1">), it references nothing
# outside itself, every data string is escaped (an instance id and sidecar text built to
# inject HTML stay text), and its summary, paired, per-instance and disagreements tables hold
# exactly the cells of `futolab analyze --tables`; every id is used once and each figure's <use>
# draws a symbol of its own figure. A screenshot is left in the scratch folder.
# Usage: report_browser.sh FUTOLAB SOURCE_DIR SCRATCH_DIR
set -euo pipefail
futolab=$1 src=$2 work=$3
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "report_browser: chromium is not installed (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work"
csv=$work/hostile.csv
cp "$src/tests/data/analysis/paired.csv" "$csv"
# An instance whose id is markup, run by two specs (so it is in every table), and by a third
# that disagrees with them (so it is in the disagreements table at the top).
for s in "backtracking,,61,1,count:2,unique,1" "fc,var=mrv,51,1,count:2,unique,1" "gac,,71,1,count:2,multiple,2"; do
  echo "t,\"<img src=x onerror=alert(1)>\",00000000000000ff,5,6,3,$s,9,0,0,0,0,3000417590,3000000,,30," >>"$csv"
done
cat >"$csv.meta.yaml" <<'YAML'
experiment: "<script>document.title='pwned'</script>"
machine: { cpu: "<b onmouseover=alert(2)>cpu</b>" }
config: |
  name: x
  # </pre><script>alert(3)</script>
YAML
"$futolab" report "$csv" --out "$work/report.html" --baseline backtracking --metric nodes,wall_ms >/dev/null
"$futolab" analyze "$csv" --by spec --metric nodes,wall_ms --baseline backtracking --tables "$work/tables" >/dev/null
run_browser() {
  timeout 60 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" \
    --enable-logging=stderr --v=0 "$@" "file://$work/report.html"
}
# A blocking alert() from injected markup keeps chromium from finishing: that is a failure too.
run_browser --dump-dom >"$work/dom.html" 2>"$work/chromium.log" ||
  { echo "report_browser: chromium did not finish loading the page (exit $?; a dialog from injected script?)"; exit 1; }
run_browser --screenshot="$work/report.png" --window-size=1400,2600 >/dev/null 2>>"$work/chromium.log"
test -s "$work/report.png"
# The page's own script at work: a copy with a probe appended sorts the summary by `runs`
# (a click on its header, twice: descending) and filters the instance table, then writes what
# it saw into <body data-probe=…>.
probe=$(cat <<'JS'
<script>
const th = [...document.querySelectorAll("#summary th")].find(h => h.textContent === "median");
th.click(); th.click();
const medians = [...document.querySelectorAll("#summary tbody tr")].map(r => parseFloat(r.cells[th.cellIndex].dataset.v));
const sorted = medians.every((v, i) => i === 0 || isNaN(v) || v <= medians[i - 1]);
const f = document.getElementById("instance-filter");
f.value = "onerror"; f.dispatchEvent(new Event("input"));
const shown = [...document.querySelectorAll("#instances tbody tr")].filter(r => !r.hidden).length;
// Every id once (round 12, F21: id="runs" twice, gnuplot's gpDot… once per figure), and every
// <use> of a figure draws a symbol of that same figure.
const ids = [...document.querySelectorAll("[id]")].map(e => e.id);
const uses = [...document.querySelectorAll("figure svg use")];
const badrefs = uses.filter(u => {
  const target = document.getElementById((u.getAttribute("href") || u.getAttribute("xlink:href") || "").slice(1));
  return !target || target.closest("svg") !== u.closest("svg");
}).length;
document.body.dataset.probe = `sorted=${sorted} shown=${shown} count=${document.getElementById("instance-count").textContent}` +
  ` dupids=${ids.length - new Set(ids).size} badrefs=${badrefs} uses=${uses.length > 0}`;
</script>
JS
)
page=$(cat "$work/report.html")
printf '%s\n' "${page/<\/body>/$probe</body>}" >"$work/probe.html"
timeout 60 "$browser" --headless --disable-gpu --no-sandbox --user-data-dir="$work/profile" --enable-logging=stderr --v=0 \
  --dump-dom "file://$work/probe.html" >"$work/probe-dom.html" 2>>"$work/probe.log"
# The hostile instance: 3 specs x 2 metrics = 6 rows.
grep -q 'data-probe="sorted=true shown=6 count=6 dupids=0 badrefs=0 uses=true"' "$work/probe-dom.html" ||
  { echo "report_browser: sorting, filtering or ids failed: $(grep -o 'data-probe="[^"]*"' "$work/probe-dom.html")"; exit 1; }
python3 - "$work" <<'PY'
import csv, html.parser, re, sys
work = sys.argv[1]
dom = open(f"{work}/dom.html", encoding="utf-8").read()
page = open(f"{work}/report.html", encoding="utf-8").read()
log = open(f"{work}/chromium.log", encoding="utf-8", errors="replace").read()
fails = []
def check(ok, what):
    if not ok:
        fails.append(what)

consoles = [l for l in log.splitlines() if ":CONSOLE" in l]
check(not consoles, "console messages: " + " | ".join(consoles))
check(re.search(r'<body[^>]*data-ready="1"', dom), "the page's script did not run to its end")
# Injection stays text: no element made from data, our one script only, the title untouched.
check("<img" not in dom, "an <img> element was created from data")
check(dom.count("<script") == 1, "a <script> element came from data")
check("<b onmouseover" not in dom, "sidecar markup became an element")
check("&lt;img src=x onerror=alert(1)&gt;" in dom, "the hostile instance id is not shown as text")
check("<title>futolab report</title>" in dom, "the title was changed")
# Self-contained: nothing to fetch.
external = re.findall(r'(?:src|href)\s*=\s*"(?!#)[^"]*"|url\((?!#)|@import', page)
check(not external, f"external references: {external[:5]}")

class Tables(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.current, self.row, self.cell = {}, None, None, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and "id" in a:
            self.current = self.tables.setdefault(a["id"], [])
        elif self.current is not None and tag == "tr":
            self.row = []
        elif self.row is not None and tag in ("td", "th"):
            self.cell = [a.get("data-v"), ""]
    def handle_data(self, data):
        if self.cell is not None:
            self.cell[1] += data
    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell)
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.current.append(self.row)
            self.row = None
        elif tag == "table":
            self.current = None

parser = Tables()
parser.feed(dom)
for name, keys in (("summary", 2), ("paired", 2), ("instances", 5), ("disagreements", 3)):
    expected = list(csv.reader(open(f"{work}/tables/{name}.csv", encoding="utf-8")))
    shown = parser.tables.get(name)
    if not shown:
        fails.append(f"no table {name} in the page")
        continue
    header = [c[1] for c in shown[0]]
    rows = {}
    for r in shown[1:]:
        cells = dict(zip(header, r))
        rows[tuple(cells[h][1] for h in expected[0][:keys])] = cells
    check(len(shown) - 1 == len(expected) - 1, f"{name}: {len(shown) - 1} rows in the page, {len(expected) - 1} in the CSV")
    for row in expected[1:]:
        cells = rows.get(tuple(row[:keys]))
        if cells is None:
            fails.append(f"{name}: row {row[:keys]} missing from the page")
            continue
        for h, want in zip(expected[0], row):
            base = h[: -len("_censored")]
            if h.endswith("_censored") and base in expected[0]:  # on the page: the base cell's "≥"
                check((want == "1") == cells[base][1].startswith("≥"), f"{name} {row[:keys]} {h}: CSV {want!r}, page {cells[base][1]!r}")
                continue
            value, text = cells[h]
            got = text if value is None else ("" if value == "NaN" else value)
            check(got == want, f"{name} {row[:keys]} {h}: page {got!r}, CSV {want!r}")
if fails:
    print("report_browser: FAILED", *fails[:20], sep="\n  ")
    sys.exit(1)
print(f"report_browser: ok ({sum(len(t) for t in parser.tables.values())} table rows checked, screenshot {work}/report.png)")
PY
