/* stud8 report: open the <details> a link points into, filter scenarios and engines, copy commands. */
(function () {
  "use strict";
  function openTarget(id) {
    var target = id && document.getElementById(id);
    if (!target) { return; }
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") { node.open = true; }
    }
    target.scrollIntoView({block: "start"});
  }
  function fromHash() { openTarget(decodeURIComponent(location.hash.slice(1))); }
  window.addEventListener("hashchange", fromHash);
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#']") : null;
    if (link) { openTarget(decodeURIComponent(link.getAttribute("href").slice(1))); }
  });
  fromHash();

  var form = document.getElementById("filter");
  var box = document.getElementById("q");
  var mode = document.getElementById("show");
  var count = document.getElementById("count");
  function apply() {
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    var rows = document.querySelectorAll("tr[data-search]");
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      var text = row.getAttribute("data-search");
      var ok = words.every(function (word) { return text.indexOf(word) >= 0; });
      if (mode.value === "failing") { ok = ok && row.getAttribute("data-failing") === "yes"; }
      if (mode.value === "differs") { ok = ok && row.getAttribute("data-differs") === "yes"; }
      row.hidden = !ok;
      if (ok) { shown++; }
    }
    var filtering = words.length > 0 || mode.value !== "all";
    var areas = document.querySelectorAll("details.area");
    for (var j = 0; j < areas.length; j++) {
      var visible = areas[j].querySelectorAll("tr[data-search]:not([hidden])").length;
      areas[j].hidden = filtering && visible === 0;
      if (filtering && visible > 0) { areas[j].open = true; }
    }
    count.textContent = filtering ? shown + " of " + rows.length + " scenarios" : "";
  }
  if (form) {
    form.hidden = false;
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    box.addEventListener("input", apply);
    mode.addEventListener("change", apply);
  }

  var engineForm = document.getElementById("engine-filter");
  if (engineForm) {
    var engineBox = document.getElementById("eq");
    var engineCount = document.getElementById("engine-count");
    engineForm.hidden = false;
    engineForm.addEventListener("submit", function (event) { event.preventDefault(); });
    engineBox.addEventListener("input", function () {
      var words = engineBox.value.toLowerCase().split(/\s+/).filter(Boolean);
      var rows = document.querySelectorAll("tr[data-engine]");
      var shown = 0;
      for (var i = 0; i < rows.length; i++) {
        var text = rows[i].getAttribute("data-engine");
        var ok = words.every(function (word) { return text.indexOf(word) >= 0; });
        rows[i].hidden = !ok;
        if (ok) { shown++; }
      }
      engineCount.textContent = words.length ? shown + " of " + rows.length + " rows" : "";
    });
  }

  var buttons = document.querySelectorAll("button[data-copy]");
  for (var k = 0; k < buttons.length; k++) {
    buttons[k].hidden = false;
    buttons[k].addEventListener("click", function (event) {
      var button = event.currentTarget;
      if (navigator.clipboard) {
        navigator.clipboard.writeText(button.getAttribute("data-copy")).then(function () { button.textContent = "copied"; },
          function () { button.textContent = "select the command to copy it"; });
      }
    });
  }
}());
