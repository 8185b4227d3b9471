/**
 * The dashboard's stylesheet and script, served by the app itself (no CDN, nothing fetched at run time) and
 * bundled into the API function as strings. The script only copies secrets to the clipboard; every page works
 * without it.
 */
export const DASHBOARD_CSS = `
:root{--fg:#1b1f24;--muted:#57606a;--bg:#f6f8fa;--card:#fff;--line:#d0d7de;--accent:#0a58ca;--accent-fg:#fff;--danger:#b42318;--ok:#1a7f37;--warn:#9a6700;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
*{box-sizing:border-box}
body{margin:0;line-height:1.5}
a{color:var(--accent)}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px;z-index:2}
header.top{display:flex;flex-wrap:wrap;align-items:center;gap:16px;padding:10px 24px;background:#0d1b2a;color:#fff}
header.top a{color:#fff;text-decoration:none;padding:6px 10px;border-radius:6px}
header.top a[aria-current=page]{background:#27415e;font-weight:600}
header.top nav ul{display:flex;gap:4px;margin:0;padding:0;list-style:none}
.brand{font-weight:700;font-size:1.05rem;margin-right:12px}.logo{color:#7cc4ff}
.who{margin-left:auto;display:flex;align-items:center;gap:12px}
.who .link{color:#fff}
.plan{text-transform:capitalize}
.envbar{display:flex;gap:10px;align-items:center;padding:8px 24px;background:#e7edf3;border-bottom:1px solid var(--line)}
.envbar a{padding:2px 10px;border-radius:12px;border:1px solid var(--line);background:#fff;text-decoration:none}
.envbar a[aria-current=true]{background:var(--accent);color:#fff;border-color:var(--accent)}
main{max-width:1100px;margin:0 auto;padding:8px 24px 48px}
main.narrow{max-width:440px;padding-top:48px}
h1{font-size:1.6rem;margin:16px 0}
h2{font-size:1.15rem;margin:0 0 12px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:16px 0}
label{display:block;font-weight:600;margin:12px 0 4px}
label.check{display:inline-flex;gap:6px;font-weight:400;margin:4px 16px 4px 0}
input[type=text],input[type=email],input[type=password],input[type=url],select{width:100%;max-width:520px;padding:8px 10px;border:1px solid #8c959f;border-radius:6px;font:inherit;background:#fff}
fieldset{border:1px solid var(--line);border-radius:6px;margin:12px 0;padding:8px 12px}
legend{font-weight:600;padding:0 4px}
button,.button{display:inline-block;font:inherit;padding:7px 14px;border-radius:6px;border:1px solid #8c959f;background:#fff;color:var(--fg);cursor:pointer;text-decoration:none}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
button.danger,.button.danger{background:var(--danger);border-color:var(--danger);color:#fff}
button.link{background:none;border:none;padding:0;text-decoration:underline}
.actions{display:flex;gap:12px;align-items:center;margin-top:16px}.actions.wrap{flex-wrap:wrap}
form.inline{display:inline}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:7px 10px;border-bottom:1px solid var(--line);vertical-align:top}
thead th{background:#eef2f6;font-size:.9rem}
caption{text-align:left;padding:4px 0}
.row-actions a{margin-right:10px}
.scopes{font-size:.85rem;max-width:220px}
td code,th.mono{white-space:nowrap}
.muted{color:var(--muted)}
.mono,code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem;word-break:break-all}
.notice{background:#dafbe1;border:1px solid #4ac26b;padding:8px 12px;border-radius:6px}
.error{background:#ffebe9;border:1px solid #ff8182;padding:8px 12px;border-radius:6px;color:#82071e}
.secret-row{display:flex;gap:8px;align-items:center}
.secret-row input{max-width:none;flex:1}
.copied{color:var(--ok);min-width:60px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0 0 12px}
dl.facts dt{font-weight:600}dl.facts dd{margin:0}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:.85rem;border:1px solid}
.badge.succeeded{color:var(--ok);border-color:var(--ok)}.badge.failed{color:var(--danger);border-color:var(--danger)}.badge.pending{color:var(--warn);border-color:var(--warn)}
.filters{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-end;margin:12px 0}
.filters label{margin-top:0}.filters select{min-width:180px}
pre.payload{background:#0d1b2a;color:#e6edf3;padding:12px;border-radius:6px;overflow:auto;max-height:420px;white-space:pre-wrap}
.totals{display:flex;gap:24px;list-style:none;padding:0;margin:0 0 8px}
svg.chart{width:100%;height:auto;max-width:760px;display:block}
svg .grid{stroke:#d8dee4;stroke-width:1}
svg .tick,svg .legend text{font-size:11px;fill:#57606a}
svg .requests{fill:#8fb8ef}svg .scans{fill:#0a58ca}svg .limited{fill:#b42318}
details{margin-top:12px}
`;

export const DASHBOARD_JS = `
document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button[data-copy]');
  if (!button) return;
  var field = document.getElementById(button.getAttribute('data-copy'));
  var status = button.parentElement.querySelector('.copied');
  function done(ok) { if (status) status.textContent = ok ? 'Copied' : 'Select and copy'; }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(function () { done(true); }, function () { field.select(); done(false); });
  } else {
    field.select();
    done(document.execCommand && document.execCommand('copy'));
  }
});
`;
