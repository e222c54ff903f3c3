// SVG pictures inlined into one HTML page share the page's one id space. gnuplot gives every
// picture the same ids (gnuplot_canvas, gpDot, gpPt0…gpPt14, textbox, greybox), each point
// drawn as <use xlink:href='#gpPt3'/>, so a page of several plots held each id many times
// (xmllint: "ID gpDot already defined") and a reference could resolve into another figure
// (red-team round 12, F21). Each picture's ids therefore get a prefix of its own, and every
// reference inside it the same prefix.
#pragma once

#include <string>
#include <string_view>

namespace futolab {

// The <svg> element of an SVG file (from its "<svg" on: no XML prolog, no doctype), with the
// value of every id attribute prefixed by `prefix`, and every reference to an id rewritten to
// match: an href or xlink:href "#name", and url(#name) (also url('#name')) in any attribute
// value (fill, filter, clip-path, style). Attributes are read as XML writes them, quoted with "
// or ' (gnuplot writes both); text, comments and CDATA are copied unchanged (gnuplot writes no
// id reference in a <style> or <script>). "" if the text has no <svg. `prefix` is part of the
// page's markup, so it may hold only ASCII letters, digits, '-' and '_' (std::invalid_argument
// otherwise).
std::string inline_svg(std::string_view svg_text, std::string_view prefix);

}  // namespace futolab
