// A query none of whose words the site has: say so under the search box, in the
// page's language, and point to the error index and to troubleshooting, instead
// of Material's bare "no matching documents". docs/assets/search-query.js tells
// whether a query is such a miss (its "gs-search-query" event); the words are
// gradsite/words.py's, in the page's <template id="gs-search-miss">.
(function () {
  var template = document.getElementById("gs-search-miss");
  var config = document.getElementById("__config");
  if (!template || !config) return;
  // The language's home: Material's base (gradsite/languages.py gives English pages /en/).
  var home = new URL(JSON.parse(config.textContent).base.replace(/\/?$/, "/"), location.href);
  var note = null;
  window.addEventListener("gs-search-query", function (event) {
    var meta = document.querySelector(".md-search-result__meta");
    if (!meta) return;
    if (!note) {
      note = document.createElement("div");
      note.className = "gs-search-miss";
      note.setAttribute("role", "status");
      meta.after(note);
    }
    note.hidden = !event.detail.miss;
    if (note.hidden) return;
    var title = document.createElement("p");
    title.className = "gs-search-miss__title";
    title.textContent = template.dataset.title.replace("{query}", event.detail.query.trim());
    note.replaceChildren(title, template.content.cloneNode(true));
    note.querySelectorAll("a[href]").forEach(function (link) {
      // Pages are folders; the offline copy, opened from disk, names their index.html.
      var target = new URL(link.getAttribute("href"), home);
      link.href = target.href + (location.protocol === "file:" ? "index.html" : "");
    });
  });
})();
