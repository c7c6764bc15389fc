/* A code line that wraps (docs/assets/site.css) continues under its own indentation, not
   at the block's left edge: each line span gets its leading spaces as --gs-indent.
   Without this script a wrapped line continues at a fixed indent, its mark as clear.
   The leading spaces also go into a span of their own that cannot break (.gs-indent): a
   line whose first word is longer than the width would otherwise break right after its
   indentation, leaving an empty-looking line. The text, and so what is copied, is the same. */
(function () {
  "use strict";
  document.querySelectorAll('.md-typeset pre > code > span[id^="__span-"]').forEach(function (line) {
    var indent = /^ */.exec(line.textContent)[0].length;
    if (!indent) return;
    line.style.setProperty("--gs-indent", indent);
    var node = line.firstChild;
    while (node && node.nodeType !== Node.TEXT_NODE && !node.textContent) node = node.nextSibling;
    if (!node || node.nodeType !== Node.TEXT_NODE) return;
    var spaces = /^ +/.exec(node.data);
    if (!spaces) return;
    var span = document.createElement("span");
    span.className = "gs-indent";
    span.textContent = spaces[0];
    node.parentNode.insertBefore(span, node);
    node.data = node.data.slice(spaces[0].length);
  });
})();
