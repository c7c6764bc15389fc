/* "My PyTorch": each example's output as a chosen PyTorch release printed it.
   The page's data is a <script type="application/json" id="mx-data"> written by
   gradsite/compat_hook.py (from data/matrix.json and data/matrix-outputs.json);
   its words are in gradsite/compat.py. Without this script, or without the data,
   the page shows what the build ran: the pinned release. The choice is kept in
   localStorage, so it follows the reader to the next page and the other language.
   After a choice, a line under it counts the page's examples that print something else on
   that release, each a link; under each of them, what the release does (the line that
   raised quoted, never numbered: the page shows no line numbers), what a reader on it can
   do, and links to the previous and the next. */
(function () {
  "use strict";
  var KEY = "gradsite.torch";
  var source = document.getElementById("mx-data");
  if (!source) return;
  var data = JSON.parse(source.textContent);
  var words = data.words;

  function escape(text) {
    return String(text).replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }
  /* A template of compat.UI with its {names} filled in, values escaped. */
  function say(key, values) {
    return words[key].replace(/\{(\w+)\}/g, function (_, name) {
      return escape(values[name] == null ? "" : values[name]);
    });
  }
  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function store(release) {
    try {
      if (release === data.pinned) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, release);
    } catch (e) { /* storage off: the choice lasts for this page */ }
  }

  /* Each example: its marker, its output block (the code block right before it) and the
     output the page shows (the pinned release's). */
  var examples = [];
  document.querySelectorAll(".mx-versions[data-example]").forEach(function (marker) {
    var info = data.examples[marker.dataset.example];
    var block = marker.previousElementSibling;
    var code = block && block.matches(".highlight") && block.querySelector("code");
    if (!info || !code) return;
    examples.push({ marker: marker, info: info, block: block, code: code,
                    html: code.innerHTML, text: code.textContent, note: marker.innerHTML });
  });
  if (!examples.length) return;

  function differsOn(example, index) {
    var entry = example.info.releases[index];
    return entry !== 0 && entry !== null;
  }

  /* Line-level diff: which lines of `after` are not in a longest common subsequence with `before`. */
  function changedLines(before, after) {
    var a = before.split("\n"), b = after.split("\n"), n = a.length, m = b.length, i, j;
    var table = [];
    for (i = 0; i <= n; i++) table.push(new Array(m + 1).fill(0));
    for (i = n - 1; i >= 0; i--)
      for (j = m - 1; j >= 0; j--)
        table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    var changed = new Array(m).fill(true);
    for (i = 0, j = 0; i < n && j < m;) {
      if (a[i] === b[j]) { changed[j] = false; i++; j++; }
      else if (table[i + 1][j] >= table[i][j + 1]) i++;
      else j++;
    }
    return changed;
  }

  /* Each line a span that wraps under its own indentation, as the build writes code
     (docs/assets/site.css, .gs-line); the lines this release changed are marked. */
  function showText(example, text) {
    var lines = text.replace(/\n$/, "").split("\n");
    var changed = changedLines(example.text.replace(/\n$/, ""), lines.join("\n"));
    example.code.innerHTML = lines.map(function (line, k) {
      var indent = /^ */.exec(line)[0].length;
      var inner = changed[k] ? '<span class="mx-changed">' + escape(line) + "</span>" : escape(line);
      return '<span class="gs-line"' + (indent ? ' style="--gs-indent:' + indent + '"' : "") +
             ">" + inner + "\n</span>";
    }).join("");
  }

  /* The heading of the section an element is in, without its permalink. */
  function sectionOf(element) {
    var found = null;
    document.querySelectorAll("article h2, article h3").forEach(function (heading) {
      if (heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) found = heading;
    });
    if (!found) return "";
    var copy = found.cloneNode(true);
    copy.querySelectorAll(".headerlink").forEach(function (link) { link.remove(); });
    return copy.textContent.trim();
  }
  examples.forEach(function (example) { example.section = sectionOf(example.marker); });

  /* After a failure on `index`: the release it works from (an older release), or the last
     one it worked on (a newer release). */
  function advice(example, index, values) {
    var pinnedIndex = data.releases.indexOf(data.pinned), k, entry;
    function works(e) { return e === 0 || (e && e.status !== "failed"); }
    if (index < pinnedIndex) {
      for (k = index + 1; k <= pinnedIndex; k++) {
        if (works(example.info.releases[k])) {
          values.since = data.releases[k];
          return say("advice_since", values);
        }
      }
    } else {
      for (k = index - 1; k >= 0; k--) {
        entry = example.info.releases[k];
        if (works(entry)) {
          values.last_ok = data.releases[k];
          return say("advice_until", values);
        }
      }
    }
    return "";
  }
  function failure(example, entry, index, values) {
    if (!entry.code) return say("fails_plain", values);
    if (/^(assert|raise)\b/.test(entry.code)) return say("assert", values);
    var older = index < data.releases.indexOf(data.pinned);
    if (older && /^(AttributeError|ImportError|ModuleNotFoundError|TypeError)\b/.test(entry.error || ""))
      return say("missing", values);
    return say("stops", values);
  }

  function show(release) {
    var index = data.releases.indexOf(release);
    if (index < 0) { release = data.pinned; index = data.releases.indexOf(release); }
    var differing = release === data.pinned ? [] : examples.filter(function (example) {
      return differsOn(example, index);
    });
    examples.forEach(function (example) {
      var block = example.block, marker = example.marker;
      example.code.innerHTML = example.html;
      marker.innerHTML = example.note;
      block.removeAttribute("data-mx-label");
      if (/^mx-diff-/.test(block.id)) block.removeAttribute("id");
      block.classList.remove("mx-other", "mx-failed");
      if (release !== data.pinned) {
        var entry = example.info.releases[index];
        var values = { release: release, pinned: data.pinned };
        var label = say("label", values), status = "";
        block.classList.add("mx-other");
        if (entry === null) {
          label += " · " + say("untested");
          status = say("not_run", values);
        } else if (entry === 0) {
          label += " · " + say("same", values);
        } else {
          values.code = entry.code; values.error = entry.error || "";
          var same = entry.output === example.info.pinned;
          var text = same ? example.text : data.texts[entry.output];
          if (text == null) example.code.textContent = words.no_text;
          else if (!same) showText(example, text);
          if (entry.status === "failed") {
            block.classList.add("mx-failed");
            label += " · " + (entry.code ? say("fails") : say("fails_anywhere"));
            status = failure(example, entry, index, values);
            var next = advice(example, index, values);
            if (next) status += " " + next;
          } else {
            label += " · " + say(same ? "same" : "differs", values);
            status = same ? "" : say("changed", values);
            if (entry.status === "warned") status += (status ? " " : "") + say("warned", values);
          }
        }
        block.setAttribute("data-mx-label", label);
        /* What this release does stands in for the note (all releases at once) until the
           pinned release is chosen again. */
        var at = differing.indexOf(example);
        if (at >= 0) {
          block.id = "mx-diff-" + (at + 1);
          status += jumps(at, differing.length);
        }
        if (status) marker.innerHTML = '<p class="mx-status">' + status + "</p>";
      }
      buttons(example, release);
    });
    var select = document.querySelector(".mx-choice select");
    if (select) select.value = release;
    guide(release, differing);
  }

  /* Under a differing example: the previous and the next one, and where it is in the list. */
  function jumps(at, n) {
    var parts = [];
    if (at > 0) parts.push('<a class="mx-jump" href="#mx-diff-' + at + '">' + escape(words.previous) + "</a>");
    parts.push("<span>" + say("of", { i: at + 1, n: n }) + "</span>");
    if (at < n - 1) parts.push('<a class="mx-jump" href="#mx-diff-' + (at + 2) + '">' + escape(words.next) + "</a>");
    return ' <span class="mx-nav">' + parts.join(" ") + "</span>";
  }

  /* The line under the choice: how many examples of this page print something else on the
     chosen release, each a link to it. */
  function guide(release, differing) {
    var line = document.querySelector(".mx-guide");
    if (!line) return;
    if (release === data.pinned) { line.hidden = true; line.innerHTML = ""; return; }
    var values = { release: release, n: differing.length };
    if (!differing.length) { line.innerHTML = say("guide_none", values); line.hidden = false; return; }
    line.innerHTML = say(differing.length === 1 ? "guide_one" : "guide_many", values) + " " +
      differing.map(function (example, k) {
        return '<a class="mx-jump" href="#mx-diff-' + (k + 1) + '" title="' +
               say("guide_link", { i: k + 1, section: example.section }) + '">' + (k + 1) + "</a>";
      }).join(" ");
    line.hidden = false;
  }

  /* Under an example that differs somewhere, a button per release that differs (the newest of
     each run of releases with the same result) chooses it for the whole page. */
  function buttons(example, current) {
    var row = document.createElement("p");
    row.className = "mx-shortcuts";
    data.releases.forEach(function (release, index) {
      var entry = example.info.releases[index];
      var next = example.info.releases[index + 1];
      if (!differsOn(example, index) || JSON.stringify(entry) === JSON.stringify(next)) return;
      if (release !== current) add(row, release, say("show", { release: release }));
    });
    if (current !== data.pinned && differsOn(example, data.releases.indexOf(current)))
      add(row, data.pinned, say("back", { pinned: data.pinned }));
    if (row.childNodes.length) example.marker.appendChild(row);
  }
  function add(row, release, label) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button mx-show";
    button.dataset.release = release;
    button.innerHTML = label;
    row.appendChild(button);
  }

  function choose(release) {
    store(release);
    show(release);
  }

  /* The page's one control, under the title (and the downloads list, if any). */
  var title = document.querySelector("article h1");
  if (title) {
    var choice = document.createElement("div");
    choice.className = "mx-choice";
    var label = document.createElement("label");
    label.textContent = words.choose + " ";
    var select = document.createElement("select");
    data.releases.forEach(function (release, index) {
      var count = examples.filter(function (example) { return differsOn(example, index); }).length;
      var option = document.createElement("option");
      option.value = release;
      option.textContent = release === data.pinned ? say("pinned", { release: release })
        : count ? say("count", { release: release, n: count }) : release;
      select.appendChild(option);
    });
    select.addEventListener("change", function () { choose(select.value); });
    label.appendChild(select);
    choice.appendChild(label);
    if (data.about) {
      var about = document.createElement("a");
      about.href = data.about;
      about.textContent = words.about;
      choice.appendChild(about);
    }
    var line = document.createElement("p");
    line.className = "mx-guide";
    line.setAttribute("aria-live", "polite");
    line.hidden = true;
    choice.appendChild(line);
    var after = title.nextElementSibling && title.nextElementSibling.matches("ul.gs-downloads")
      ? title.nextElementSibling : title;
    after.insertAdjacentElement("afterend", choice);
  }
  /* A jump into a folded proof opens the fold first, so the browser can scroll to it. */
  document.addEventListener("click", function (event) {
    var jump = event.target.closest && event.target.closest("a.mx-jump");
    if (!jump) return;
    var target = document.getElementById(jump.getAttribute("href").slice(1));
    for (var fold = target && target.closest("details"); fold; fold = fold.parentElement.closest("details"))
      fold.open = true;
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.mx-show");
    if (!button) return;
    /* The outputs above change length: keep the example clicked where it was on screen. */
    var marker = button.closest(".mx-versions"), top = marker.getBoundingClientRect().top;
    choose(button.dataset.release);
    window.scrollBy(0, marker.getBoundingClientRect().top - top);
  });
  show(stored() || data.pinned);
})();
