// Material's suggestion (search.suggest) is the query again, faded, with its last
// word completed, drawn under the text of the search box. A query wider than the
// box (a pasted error message) scrolls inside the box and the suggestion does not,
// so the two overlap: the suggestion is hidden while the query overflows the box.
(function () {
  var box = document.querySelector("input.md-search__input");
  var suggest = document.querySelector(".md-search__suggest");
  if (!box || !suggest) return;
  function check() {
    suggest.classList.toggle("gs-search-suggest--hidden", box.scrollWidth > box.clientWidth);
  }
  ["input", "keyup", "focus"].forEach(function (name) { box.addEventListener(name, check); });
  window.addEventListener("resize", check);
})();
