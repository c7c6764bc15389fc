/* The proofs behind a paragraph's claim mark (gradsite/claims.py gives each paragraph,
   list item or table cell that makes claims one mark, at its end): hovering, focusing or
   tapping it shows, for each of its claims, the sentence (when there are several), the
   assert lines that prove it, the example's file and line, the releases it passes on, and
   a link to the claim's row on the claims page. The page's data
   is a <script type="application/json" id="gs-claims-data">; without this script a mark is
   a plain link to that row. */
(function () {
  "use strict";
  var source = document.getElementById("gs-claims-data");
  if (!source) return;
  var data = JSON.parse(source.textContent);
  var words = data.words;
  var tip = document.createElement("div");
  tip.className = "gs-claim-tip";
  tip.setAttribute("role", "tooltip");
  tip.id = "gs-claim-tip";
  tip.hidden = true;
  document.body.appendChild(tip);
  var current = null, hideTimer = null;

  function escape(text) {
    return String(text).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }
  function say(key, values) {
    return escape(words[key]).replace(/\{(\w+)\}/g, function (_, name) {
      return escape(values[name]);
    });
  }
  /* Code as lines that wrap under their own indentation (site.css's .gs-line). */
  function lines(code) {
    return code.split("\n").map(function (line) {
      var indent = /^ */.exec(line)[0].length;
      return '<span class="gs-line"' + (indent ? ' style="--gs-indent:' + indent + '"' : "") +
             ">" + escape(line) + "\n</span>";
    }).join("");
  }
  function one(id, claim, alone, base) {
    var parts = [];
    if (!alone) parts.push('<p class="gs-claim-tip__sentence">' + claim.sentence + "</p>");
    if (claim.proofs.length) {
      claim.proofs.forEach(function (proof) {
        parts.push("<p>" + say("tip_asserted", { file: proof.file, line: proof.line }) + "</p>");
        parts.push("<pre><code>" + lines(proof.code) + "</code></pre>");
      });
      parts.push("<p>" + escape(claim.runs) + "</p>");
    } else {
      parts.push("<p>" + escape(words.tip_cited) + ' <a href="' + escape(claim.cite) + '">' +
                 escape(claim.cite) + "</a></p>");
    }
    parts.push('<p><a href="' + escape(base + "#" + id) + '">' + escape(words.tip_more) +
               "</a></p>");
    return '<div class="gs-claim-tip__claim">' + parts.join("") + "</div>";
  }
  /* A paragraph's mark: each of its claims, its sentence (when there are several), its
     proofs and a link to its row on the claims page. */
  function body(mark) {
    var ids = (mark.dataset.claims || mark.dataset.claim).split(" ").filter(function (id) {
      return data.claims[id];
    });
    var parts = ['<button type="button" class="gs-claim-tip__close" aria-label="' +
                 escape(words.close) + '">×</button>'];
    if (ids.length > 1) parts.push("<p>" + say("tip_many", { n: ids.length }) + "</p>");
    var base = mark.getAttribute("href").replace(/#[^#]*$/, "");
    ids.forEach(function (id) {
      parts.push(one(id, data.claims[id], ids.length === 1, base));
    });
    return parts.join("");
  }
  function place(mark) {
    var box = mark.getBoundingClientRect();
    var width = document.documentElement.clientWidth;
    tip.style.left = "0px";
    tip.style.top = "0px";
    var left = Math.max(8, Math.min(box.left, width - tip.offsetWidth - 8));
    tip.style.left = left + window.scrollX + "px";
    tip.style.top = box.bottom + window.scrollY + 4 + "px";
  }
  function show(mark) {
    clearTimeout(hideTimer);
    if (!data.claims[mark.dataset.claim]) return;
    if (current !== mark) {
      if (current) current.setAttribute("aria-expanded", "false");
      tip.innerHTML = body(mark);
      current = mark;
    }
    tip.hidden = false;
    mark.setAttribute("aria-expanded", "true");
    mark.setAttribute("aria-describedby", tip.id);
    place(mark);
  }
  function hide() {
    tip.hidden = true;
    if (current) current.setAttribute("aria-expanded", "false");
    current = null;
  }
  function hideSoon() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 300);
  }

  document.querySelectorAll("a.gs-claim__mark[data-claim]").forEach(function (mark) {
    mark.setAttribute("aria-expanded", "false");
    mark.addEventListener("mouseenter", function () { show(mark); });
    mark.addEventListener("mouseleave", hideSoon);
    mark.addEventListener("focus", function () { show(mark); });
    /* A tap (or click) shows the proof; the link inside it goes to the claims page. */
    mark.addEventListener("click", function (event) {
      event.preventDefault();
      if (current === mark && !tip.hidden && event.detail === 0) hide();
      else show(mark);
    });
  });
  tip.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
  tip.addEventListener("mouseleave", hideSoon);
  tip.addEventListener("click", function (event) {
    if (event.target.closest(".gs-claim__close, .gs-claim-tip__close")) hide();
  });
  document.addEventListener("click", function (event) {
    if (!tip.hidden && !tip.contains(event.target) &&
        !event.target.closest("a.gs-claim__mark")) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !tip.hidden) hide();
  });
  window.addEventListener("resize", function () { if (current && !tip.hidden) place(current); });
})();
