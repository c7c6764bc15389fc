// Search highlighting, quieter than Material's own (search.highlight): loaded
// before Material's bundle, it takes the searched words out of the address
// (?h=...), so Material marks nothing, and marks them itself once the page is
// read: whole words only (not "a" inside "Pass"), no stop words, no one- or
// two-letter fragments (the search splits "can't" into "can" and "t"), no
// single Chinese character, and nothing inside code blocks or outputs, where
// the words of a pasted error message repeat dozens of times. A result that is a
// section (#id in the address) marks that section only, up to the next heading of
// its level: a Chinese question's 梯度 is on every line of a chapter.
(function () {
  var STOP = (
    "about above after again all also am an and any are as at be because been " +
    "before being below between both but by can could did do does doing down " +
    "during each few for from further had has have having he her here hers him " +
    "his how if in into is it its itself just me more most my no nor not now of " +
    "off on once only or other our out over own same she should so some such " +
    "than that the their them then there these they this those through to too " +
    "under until up very was we were what when where which while who whom why " +
    "will with would you your"
  ).split(" ");
  var url = new URL(location.href);
  var query = url.searchParams.get("h");
  if (query === null) return;
  url.searchParams.delete("h");
  history.replaceState(history.state, "", url.href);

  var words = query.split(/\s+/).filter(function (word) {
    if (/^[\u3400-\u9fff]$/.test(word)) return false;
    if (/^[A-Za-z0-9]{1,2}$/.test(word)) return false;
    return word && STOP.indexOf(word.toLowerCase()) < 0;
  });
  if (!words.length) return;
  words.sort(function (a, b) { return b.length - a.length; });
  var pattern = new RegExp(words.map(function (word) {
    var escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // A Latin end of a word must be a word's end: no fragments inside words. The search
    // sends a word of four letters or more as the start of its family (freez, for
    // freeze and Freezing: docs/assets/search-query.js): the whole word is marked.
    var end = /^[A-Za-z]{4,}$/.test(word) ? "\\w*" : /\w$/.test(word) ? "(?!\\w)" : "";
    return (/^\w/.test(word) ? "(?<!\\w)" : "") + escaped + end;
  }).join("|"), "gi");

  function section(article) {
    var range = document.createRange();
    range.selectNodeContents(article);
    var heading = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!heading || !/^H[1-6]$/.test(heading.tagName) || !article.contains(heading)) return range;
    range.setStartBefore(heading);
    var headings = article.querySelectorAll("h1, h2, h3, h4, h5, h6");
    for (var i = Array.prototype.indexOf.call(headings, heading) + 1; i < headings.length; i++) {
      if (headings[i].tagName <= heading.tagName) { range.setEndBefore(headings[i]); break; }
    }
    return range;
  }

  function mark() {
    var article = document.querySelector("article");
    if (!article) return;
    var range = section(article);
    var walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return !range.intersectsNode(node) ||
          node.parentElement.closest("pre, script, style, svg, mark, .headerlink")
          ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
    nodes.forEach(function (node) {
      var text = node.textContent, last = 0, parts = [], match;
      pattern.lastIndex = 0;
      while ((match = pattern.exec(text))) {
        parts.push(document.createTextNode(text.slice(last, match.index)));
        var element = document.createElement("mark");
        element.setAttribute("data-md-highlight", "");
        element.textContent = match[0];
        parts.push(element);
        last = match.index + match[0].length;
      }
      if (!parts.length) return;
      parts.push(document.createTextNode(text.slice(last)));
      node.replaceWith.apply(node, parts);
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mark);
  } else {
    mark();
  }
})();
