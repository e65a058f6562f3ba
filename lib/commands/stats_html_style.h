// The report's stylesheet and its own script (stats_html.cpp), as text constants.
#pragma once

namespace pgnkit::commands {

// Light by default, dark by prefers-color-scheme; tables stack their cells on narrow screens.
inline constexpr const char* kStatsCss = R"css(
:root{--bg:#fff;--fg:#1b1f24;--muted:#5a6270;--card:#f3f5f8;--grid:#d5dae1;--accent:#3b6fd4;
--error:#c62828;--warning:#a86500;--light:#eed9b6;--dark:#b58863;--to:rgba(220,60,60,.45);
--arrow:rgba(30,110,220,.85)}
@media (prefers-color-scheme:dark){:root{--bg:#15181d;--fg:#e4e7eb;--muted:#9aa3ae;
--card:#20252c;--grid:#39414b;--accent:#6f9cf0;--error:#ef6b6b;--warning:#e0a040;
--light:#c8b595;--dark:#8a6a4f}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1100px;padding:12px;background:var(--bg);color:var(--fg);
font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
h1{font-size:1.5em;margin:.3em 0}h2{font-size:1.2em;margin:1.2em 0 .4em}
.muted,.inputs{color:var(--muted);overflow-wrap:anywhere}
.cards{display:flex;flex-wrap:wrap;gap:8px}
.card{background:var(--card);border-radius:8px;padding:8px 12px;min-width:120px;flex:1}
.card b{display:block;font-size:1.3em}
.note{border-left:4px solid var(--warning);background:var(--card);padding:8px 12px}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px}
figure{margin:0;background:var(--card);border-radius:8px;padding:8px;min-width:0}
figcaption{font-weight:600;margin-bottom:4px}
.chart-box{position:relative;height:240px}
table{border-collapse:collapse;width:100%;font-size:.93em}
th,td{text-align:left;padding:3px 6px;border-bottom:1px solid var(--grid);vertical-align:top;
overflow-wrap:anywhere}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.lists{align-items:start;display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:12px}
.error{color:var(--error);font-weight:600}.warning{color:var(--warning);font-weight:600}
code{font-size:.85em;overflow-wrap:anywhere}
svg.board{display:block;width:176px;max-width:100%;height:auto}
table.problems td:first-child{min-width:188px}
svg.board .light{fill:var(--light)}svg.board .dark{fill:var(--dark)}svg.board .to{fill:var(--to)}
svg.board text{font-size:.82px;text-anchor:middle;dominant-baseline:central;
font-family:"DejaVu Sans","Noto Sans Symbols2","Segoe UI Symbol",serif}
svg.board .pw{fill:#fff;stroke:#000;stroke-width:.035px}svg.board .pb{fill:#000}
svg.board .arrow line{stroke:var(--arrow);stroke-width:.16px;stroke-linecap:round}
svg.board .arrow polygon{fill:var(--arrow)}
@media (max-width:640px){table.problems thead{display:none}
table.problems tr{display:block;border-bottom:2px solid var(--grid);padding:6px 0}
table.problems td{display:block;border:0}}
)css";

// Draws each canvas[data-list] with Chart.js (when the page has it), then marks the canvas
// data-drawn="yes" when it holds ink, and the root element data-charts="DRAWN/ALL" (the
// browser test reads them); without Chart.js, data-charts="absent".
inline constexpr const char* kStatsScript = R"js(
(function () {
  var root = document.documentElement;
  var data = JSON.parse(document.getElementById('stats-data').textContent);
  var canvases = document.querySelectorAll('canvas[data-list]');
  if (typeof Chart === 'undefined') { root.setAttribute('data-charts', 'absent'); return; }
  var css = getComputedStyle(root);
  function v(name) { return css.getPropertyValue(name).trim(); }
  Chart.defaults.color = v('--fg');
  Chart.defaults.borderColor = v('--grid');
  Chart.defaults.animation = false;
  var drawn = 0;
  canvases.forEach(function (c) {
    var d = data[c.getAttribute('data-list')];
    new Chart(c, {
      type: 'bar',
      data: { labels: d.labels, datasets: [{ label: 'count', data: d.counts,
        backgroundColor: v('--accent') }] },
      options: { indexAxis: c.getAttribute('data-axis') || 'x', responsive: true,
        maintainAspectRatio: false, plugins: { legend: { display: false } } }
    });
    var ink = false;
    if (c.width > 0 && c.height > 0) {
      var px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (var i = 3; i < px.length; i += 4) { if (px[i] !== 0) { ink = true; break; } }
    }
    c.setAttribute('data-drawn', ink ? 'yes' : 'no');
    if (ink) drawn++;
  });
  root.setAttribute('data-charts', drawn + '/' + canvases.length);
})();
)js";

}  // namespace pgnkit::commands
