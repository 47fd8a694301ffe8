"""The style sheet of ``index.html`` (inlined: the page fetches nothing)."""

CSS = """
:root{--ok:#1a7f37;--bad:#c62828;--vac:#8a6d00;--unk:#7b3294;--line:#e3e3e3;--ink:#1f2328}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
color:var(--ink);background:#f6f7f9}
main{max-width:1360px;margin:0 auto;padding:18px 24px 40px}
header h1{margin:0 0 4px;font-size:28px}
.sub{margin:2px 0;color:#555}
nav{margin:10px 0 4px;font-size:13px}
a{color:#0b57d0;text-decoration:none}
section{background:#fff;border:1px solid var(--line);border-radius:8px;padding:14px 18px;
margin:16px 0}
h2{margin:0 0 10px;font-size:20px;border-bottom:2px solid #eef0f3;padding-bottom:4px}
h3{margin:10px 0 6px;font-size:15px}
code{font:12px/1.3 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f3f4f6;
padding:1px 3px;border-radius:3px;word-break:break-word}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:10px}
.card{display:block;border:1px solid var(--line);border-left:6px solid var(--ok);border-radius:6px;
padding:8px 10px;background:#fff;color:inherit}
.card.failed{border-left-color:var(--bad)}.card.unknown{border-left-color:var(--unk)}
.card.vacuous{border-left-color:#e0b000}
.card h3{margin:0 0 6px;font-size:13px}
.card p{margin:6px 0 0;font-size:12px;color:#666}
.card .n{display:inline-block;margin-right:8px;font-size:12px}
.card .n b{font-size:17px}
.n.held b{color:var(--ok)}.n.failed b{color:var(--bad)}.n.vacuous b{color:var(--vac)}
.n.unknown b{color:var(--unk)}.n.zero{opacity:.4}
.card.big{background:#fff5f5}.card.big.held{background:#f3fbf4}
.huge{font-size:40px;font-weight:700;color:var(--bad);line-height:1}
.card.big.held .huge{color:var(--ok)}
.meta{color:#555;font-size:13px}
.bad{color:var(--bad)}
.mk{display:inline-block;white-space:nowrap;min-width:1.4em;padding:0 4px;border-radius:9px;text-align:center;
font-size:12px;font-weight:700;color:#fff;background:var(--ok)}
.mk.failed{background:var(--bad)}.mk.vacuous{background:#d4a800}.mk.unknown{background:var(--unk)}
.mk.judgement{background:#999}
.p1{display:flex;gap:22px;align-items:flex-start;flex-wrap:wrap}
.mx{flex:none}
.side{flex:1;min-width:320px}
svg text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.matrix .ax{font-size:11px;fill:#333}
.matrix .k{font-size:10px;font-weight:700;text-anchor:middle}
.matrix .sep{stroke:#555;stroke-width:1}
.matrix g.cell:hover rect{stroke:#000;stroke-width:2}
.legend{list-style:none;padding:0;margin:0 0 8px}
.legend li{margin:3px 0;font-size:13px}
.sw{display:inline-block;min-width:34px;padding:1px 4px;text-align:center;border:1px solid #bbb;
border-radius:3px;font-size:12px;font-weight:700;margin-right:4px}
.letters li{display:inline-block;margin-right:14px;font-size:12px}
.small{font-size:12px;color:#666}
.wrong{border:2px solid var(--bad);background:#fff5f5;border-radius:6px;padding:6px 12px;margin:8px 0}
.wrong h3{color:var(--bad);margin-top:4px}
.wrong ul{margin:4px 0 6px;padding-left:20px}
.wrong li{margin:6px 0}
.fine{border:1px solid var(--line);border-radius:6px;padding:6px 12px;margin:8px 0}
.fine h3{margin-top:4px}
.n.other b{color:#8a5a00}.n.total{color:#555}
blockquote{margin:4px 0 6px;padding:4px 10px;border-left:3px solid #c9ced6;color:#444;
background:#fafbfc;font-family:Georgia,"Times New Roman",serif;font-size:13px}
.note{font-size:12px;color:#666;margin-top:3px}
.hand{white-space:nowrap;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
font-size:12.5px;background:#f6f6ee;border:1px solid #e4e4d4;border-radius:3px;padding:0 4px}
.hand .s,.hand .c{color:#111}.hand .h,.hand .d{color:#d00}
.hand span{margin-right:1px}
table{border-collapse:collapse;margin:6px 0 10px;font-size:12.5px}
th,td{border-bottom:1px solid var(--line);padding:3px 7px;text-align:left;vertical-align:top}
th{background:#f3f5f8;position:sticky;top:0}
table.wide{width:100%}
.num{font-variant-numeric:tabular-nums;white-space:nowrap}
td:has(.num){text-align:right}
.cmp.paper-wrong{color:var(--bad);font-weight:700}.cmp.overcautious{color:#a55d00}
details>summary{cursor:pointer}
section>details,.p1+details{margin:8px 0}
section>details>summary{font-weight:600}
.tree{margin-top:8px}
.tree details{margin:1px 0}
.tree summary{padding:2px 4px;border-radius:4px;list-style-position:outside}
.tree summary:hover{background:#f0f4ff}
.tree .body{margin-left:18px;padding-left:10px;border-left:1px dashed #d0d4da}
details.prop{border:1px solid var(--line);border-radius:6px;padding:3px 6px;margin:5px 0}
details.prop>summary{font-size:14.5px}
details.prop.failed{border-color:#f0b4b4;background:#fffafa}
.lb{margin:0 3px}
.out{color:#0b57d0;font-weight:600}
.ref{color:#888;font-size:12px}
.counts{float:right;font-size:11px}
.counts .c{margin-left:6px}.c.held{color:var(--ok)}.c.failed{color:var(--bad);font-weight:700}
.c.vacuous{color:var(--vac)}.c.unknown{color:var(--unk)}
ul.checks{list-style:none;padding-left:0;margin:2px 0 4px}
ul.checks li{margin:2px 0;font-size:13px}
ul.checks li.failed{background:#fff0f0;border-radius:4px;padding:3px 5px}
.kind{color:#666;font-size:12px}
.wit{margin:3px 0 0 24px;color:var(--bad);font-weight:600}
.why{margin:2px 0 0 24px;font-size:12px;color:#555}
.ln{color:#999;font-size:11px;font-family:system-ui,sans-serif}
q{color:#444;font-family:Georgia,serif;font-size:12.5px}
.charts{display:flex;gap:20px;flex-wrap:wrap;align-items:flex-start}
.bars .title{font-size:13px;font-weight:700}
.bars .lab{font-size:11px}.bars .val{font-size:11px}.bars .cnt{fill:#888}
.bars .tick{font-size:10px;fill:#777}.bars .grid{stroke:#e8e8e8}
.flowbox{display:flex;gap:18px;flex-wrap:wrap;align-items:flex-start}
.flowtable{flex:1;min-width:360px}
.flow .sec{stroke:#888}.flow .term{fill:#fff;stroke:#888}
.flow .st{font-size:12.5px}.flow .num{font-weight:700}
.flow .bp{font-size:11px;fill:#333;font-family:ui-monospace,Menlo,Consolas,monospace}
.flow .bp.dead{fill:#c62828;font-weight:700}
.flow .fwd{stroke:#777;stroke-width:1.4}
.flow .exc{fill:none;stroke:#d62728;stroke-width:2.2;stroke-dasharray:6 4}
.flow .jmp{fill:none;stroke:#777;stroke-width:1.3;stroke-dasharray:3 3}
.flow .exc-t{font-size:12.5px;font-weight:700;fill:#d62728}.flow .exc-s{font-size:11px;fill:#d62728}
.flow .jmp-t{font-size:11px;fill:#555}.flow .jmp-s{font-size:10px;fill:#777}
.dot{overflow:auto;max-height:900px;border:1px solid var(--line);background:#fff;margin-top:6px}
footer{color:#888;font-size:12px;text-align:center;margin-top:18px}
"""
