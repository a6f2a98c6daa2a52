(function () {
  "use strict";
  /* The rule book's only script: search, the contents button on narrow screens, and a hint on
     tables that scroll sideways. Allowed by its hash in the page's CSP; it fetches nothing.
     Without it the page reads in full. */
  var doc = document, box = doc.getElementById("search"), field = doc.getElementById("q");
  var count = doc.getElementById("search-count"), toc = doc.getElementById("toc");
  var items = [].slice.call(doc.querySelectorAll("[data-search]"));
  var groups = [].slice.call(doc.querySelectorAll("[data-search-group]"));
  var others = [].slice.call(doc.querySelectorAll("[data-search-hide]"));
  var texts = items.map(function (el) {
    return (el.getAttribute("data-search") + " " + el.textContent).toLowerCase();
  });
  function run() {
    var words = field.value.toLowerCase().split(/\s+/).filter(Boolean), shown = 0;
    items.forEach(function (el, i) {
      var hit = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      el.hidden = words.length > 0 && !hit;
      if (hit && words.length) { shown += 1; }
    });
    groups.forEach(function (g) {
      g.hidden = words.length > 0 && !g.querySelector("[data-search]:not([hidden])");
    });
    others.forEach(function (el) { el.hidden = words.length > 0; });
    count.textContent = !words.length ? "" :
      (shown === 0 ? box.getAttribute("data-none") :
       (shown === 1 ? box.getAttribute("data-one") : box.getAttribute("data-many").replace("{n}", shown)));
  }
  if (box && field && count) {
    box.hidden = false;
    field.addEventListener("input", run);
    box.addEventListener("submit", function (event) { event.preventDefault(); run(); });
    var start = /[?&]q=([^&]*)/.exec(location.search);
    if (start) { field.value = decodeURIComponent(start[1].replace(/\+/g, " ")); run(); }
  }
  if (toc && window.matchMedia && window.matchMedia("(max-width: 63.99rem)").matches) {
    toc.open = false;
  }
  [].slice.call(doc.querySelectorAll(".table-wrap")).forEach(function (w) {
    if (w.scrollWidth > w.clientWidth + 1) {
      w.classList.add("scrolls");
      w.setAttribute("data-hint", box ? box.getAttribute("data-hint") : "\u2192");
    }
  });
})();
