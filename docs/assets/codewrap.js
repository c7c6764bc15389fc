/* A code line that wraps (docs/assets/site.css) continues under its own indentation, not
   at the block's left edge: each line span gets its leading spaces as --gs-indent.
   Without this script a wrapped line continues at a fixed indent, its mark as clear. */
(function () {
  "use strict";
  document.querySelectorAll('.md-typeset pre > code > span[id^="__span-"]').forEach(function (line) {
    var indent = /^ */.exec(line.textContent)[0].length;
    if (indent) line.style.setProperty("--gs-indent", indent);
  });
})();
