(function () {
  "use strict";
  /* The rule book's only script: search (typed, or driven by the keyboard: Down and Up move
     through the matches, Enter opens the chosen one or the first, Escape goes back to the
     field), the contents button on narrow screens, and a hint on tables that scroll sideways.
     Allowed by its hash in the page's CSP; it fetches nothing. Without it the page reads in full. */
  var doc = document, box = doc.getElementById("search"), field = doc.getElementById("q");
  var count = doc.getElementById("search-count"), toc = doc.getElementById("toc");
  var items = [].slice.call(doc.querySelectorAll("[data-search]"));
  var groups = [].slice.call(doc.querySelectorAll("[data-search-group]"));
  var others = [].slice.call(doc.querySelectorAll("[data-search-hide]"));
  var texts = items.map(function (el) {
    return (el.getAttribute("data-search") + " " + el.textContent).toLowerCase();
  });
  var picked = -1;
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
    pick(-1);
  }
  function matches() {
    return field.value.trim() ? items.filter(function (el) { return !el.hidden && el.offsetParent !== null; }) : [];
  }
  function pick(index) {
    var found = matches();
    items.forEach(function (el) { el.classList.remove("picked"); });
    picked = found.length ? Math.max(-1, Math.min(index, found.length - 1)) : -1;
    if (picked < 0) { return; }
    var el = found[picked];
    el.classList.add("picked");
    if (!el.hasAttribute("tabindex")) { el.setAttribute("tabindex", "-1"); }
    el.focus();
  }
  function open(el) {
    var target = el.id ? el : el.querySelector("[id]");
    if (target) { location.hash = "#" + target.id; }
    el.focus();
  }
  function keys(event) {
    var found = matches();
    if (!found.length) { return; }
    if (event.key === "ArrowDown") {
      event.preventDefault(); pick(picked + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (picked <= 0) { pick(-1); field.focus(); } else { pick(picked - 1); }
    } else if (event.key === "Enter" && event.target !== field) {
      event.preventDefault(); open(found[Math.max(picked, 0)]);
    } else if (event.key === "Escape") {
      pick(-1); field.focus();
    }
  }
  if (box && field && count) {
    box.hidden = false;
    field.addEventListener("input", run);
    field.addEventListener("keydown", keys);
    items.forEach(function (el) { el.addEventListener("keydown", keys); });
    box.addEventListener("submit", function (event) {
      event.preventDefault(); run();
      var found = matches();
      if (found.length) { pick(0); open(found[0]); }
    });
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
