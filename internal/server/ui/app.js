// app.js: the Sentinel web app. Everything from a scanned file or from the
// server is placed with textContent; this file never builds HTML from
// strings (the page's Content-Security-Policy enforces Trusted Types, so
// assigning markup to an element would throw).
import { render } from './reveal.js';

const $ = (id) => document.getElementById(id);
const MAX_FILE = 2 * 1024 * 1024;
const MAX_FILES = 200;

const state = {
  result: null,     // last JSON answer
  texts: new Map(), // path as sent -> text, for "Reveal hidden content"
  subject: '',
};

// el builds an element with text content and optional class.
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function setStatus(msg, isError) {
  const s = $('status');
  s.textContent = msg;
  s.classList.toggle('error', !!isError);
}

async function api(path, options) {
  let res;
  try {
    res = await fetch(path, options);
  } catch {
    throw new Error('The scanner is not reachable. Start it with "sentinel serve" and open the address it prints.');
  }
  let body = null;
  try { body = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    throw new Error((body && body.error) || `The server answered ${res.status}.`);
  }
  return body;
}

// ---- samples ---------------------------------------------------------------

// sampleButton is one sample as a button: a dot, its title and the verdict
// the live engine gives it; it scans the sample when pressed.
function sampleButton(s, withSummary) {
  const b = el('button', null, 'sample');
  b.type = 'button';
  b.dataset.name = s.name;
  const dot = el('span', null, 'dot ' + s.color_band);
  dot.setAttribute('aria-hidden', 'true');
  const title = el('span', s.title, 'title');
  if (withSummary) title.append(el('span', s.summary, 'sum'));
  b.append(dot, title, el('span', s.verdict, 'v ' + s.color_band));
  b.setAttribute('aria-label', `${s.title}: ${s.verdict}`);
  b.title = s.summary;
  b.addEventListener('click', () => runSample(s.name, s.title));
  return b;
}

// tally counts the samples' verdicts, attacks and honest files apart.
export function tally(samples) {
  const part = (kind, label) => {
    const list = samples.filter((s) => s.kind === kind);
    if (!list.length) return '';
    const counts = new Map();
    for (const s of list) counts.set(s.verdict, (counts.get(s.verdict) || 0) + 1);
    const by = ['COMPROMISED', 'SUSPICIOUS', 'CLEAN'].filter((v) => counts.has(v)).map((v) => `${counts.get(v)} ${v}`);
    return `${label} (${list.length}): ${by.join(', ')}.`;
  };
  return [part('attack', 'Attacks'), part('benign', 'Honest files')].filter(Boolean).join(' ');
}

async function loadSamples() {
  const ul = $('samples');
  const start = $('start-samples');
  try {
    const { samples } = await api('/samples');
    ul.replaceChildren();
    start.replaceChildren();
    for (const s of samples) {
      const li = el('li');
      li.append(sampleButton(s, false));
      ul.append(li);
      const row = el('li');
      row.append(sampleButton(s, true));
      start.append(row);
    }
    $('start-tally').textContent = tally(samples);
  } catch (e) {
    ul.replaceChildren(el('li', e.message, 'muted'));
    start.replaceChildren(el('li', e.message, 'muted'));
  }
}

async function runSample(name, title) {
  setStatus(`Scanning the sample "${title}"…`);
  try {
    const detail = await api('/samples/' + encodeURIComponent(name));
    const result = await api('/scan/demo?file=' + encodeURIComponent(name));
    state.texts = new Map(detail.contents.map((f) => [f.path, f.text]));
    show(result, `Sample: ${title}`);
  } catch (e) {
    setStatus(e.message, true);
  }
}

// ---- paste -----------------------------------------------------------------

async function scanPaste(ev) {
  ev.preventDefault();
  const filename = $('paste-name').value.trim() || 'CLAUDE.md';
  const text = $('paste-text').value;
  if (!text) { setStatus('Paste the content of a file first.', true); return; }
  setStatus(`Scanning ${filename}…`);
  try {
    const result = await api('/scan/text', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ filename, text }),
    });
    state.texts = new Map([[filename, text]]);
    show(result, `Pasted: ${filename}`);
  } catch (e) {
    setStatus(e.message, true);
  }
}

// ---- upload and drop ---------------------------------------------------------

// Which paths an agent obeys: the same list the scanner's discovery uses.
export function isAgentFile(p) {
  const parts = p.split('/');
  const base = parts[parts.length - 1];
  const parent = parts.length > 1 ? parts[parts.length - 2] : '';
  const grand = parts.length > 2 ? parts[parts.length - 3] : '';
  if (['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'AGENT.md', 'GEMINI.md', 'SKILL.md', '.cursorrules', '.windsurfrules', '.mcp.json'].includes(base)) return true;
  if (parent === '.claude' && (base === 'settings.json' || base === 'settings.local.json')) return true;
  if (parent === '.gemini' && base === 'settings.json') return true;
  if (parent === '.cursor' && (base === 'mcp.json' || base === 'hooks.json')) return true;
  if (parent === '.vscode' && (base === 'tasks.json' || base === 'mcp.json')) return true;
  if (parent === '.github' && base === 'copilot-instructions.md') return true;
  if ((parent === 'commands' || parent === 'agents') && grand === '.claude' && base.endsWith('.md')) return true;
  if (parent === 'instructions' && grand === '.github' && base.endsWith('.instructions.md')) return true;
  if (base.endsWith('.mdc') && p.includes('.cursor/rules/')) return true;
  return false;
}

const SKIP_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn']);

// pickFromFolder keeps the files an agent obeys and the scripts that their
// text names (the targets of hooks, tasks and servers).
export function pickFromFolder(entries) {
  const agent = entries.filter((e) => isAgentFile(e.path));
  return { agent, rest: entries.filter((e) => !isAgentFile(e.path)) };
}

async function readEntries(list) {
  const out = [];
  const skipped = [];
  for (const { path, file } of list) {
    if (file.size > MAX_FILE) { skipped.push(`${path} (larger than 2 MB)`); continue; }
    out.push({ path, text: await file.text() });
  }
  return { out, skipped };
}

// stripTop removes the folder the user picked from every path.
function stripTop(list) {
  const tops = new Set(list.map((e) => e.path.split('/')[0]));
  if (tops.size === 1 && list.every((e) => e.path.includes('/'))) {
    return list.map((e) => ({ ...e, path: e.path.slice(e.path.indexOf('/') + 1) }));
  }
  return list;
}

async function scanFolder(list) {
  list = stripTop(list).filter((e) => !e.path.split('/').some((seg) => SKIP_DIRS.has(seg)));
  const total = list.length;
  const { agent, rest } = pickFromFolder(list);
  if (agent.length === 0) {
    setStatus(`None of the ${total} files in that folder is one an AI coding agent obeys, so there is nothing to scan.`, true);
    return;
  }
  const read = await readEntries(agent);
  // Scripts named by an agent file: what its hooks, tasks and servers run.
  const corpus = read.out.map((f) => f.text).join('\n');
  const scripts = rest.filter((e) => corpus.includes(e.path));
  const more = await readEntries(scripts);
  const files = read.out.concat(more.out).slice(0, MAX_FILES);
  const skipped = read.skipped.concat(more.skipped);
  $('upload-note').textContent = `Sent ${files.length} of ${total} files: ${agent.length} that an agent obeys and ${scripts.length} script${scripts.length === 1 ? '' : 's'} they run.` +
    (skipped.length ? ` Skipped: ${skipped.join(', ')}.` : '');
  await scanBundle(files, `Folder: ${files.length} files`);
}

async function scanLoose(list) {
  const { out, skipped } = await readEntries(list.slice(0, MAX_FILES));
  $('upload-note').textContent = skipped.length ? `Skipped: ${skipped.join(', ')}.` : '';
  if (out.length === 0) { setStatus('No file could be sent.', true); return; }
  if (out.length === 1) {
    setStatus(`Scanning ${out[0].path}…`);
    try {
      const result = await api('/scan/text', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filename: out[0].path, text: out[0].text }),
      });
      state.texts = new Map([[out[0].path, out[0].text]]);
      show(result, `File: ${out[0].path}`);
    } catch (e) { setStatus(e.message, true); }
    return;
  }
  await scanBundle(out, `${out.length} files`);
}

async function scanBundle(files, subject) {
  setStatus(`Scanning ${files.length} files…`);
  // No prototype: a file named __proto__ would otherwise set the object's
  // prototype instead of a key, and never be sent.
  const body = { files: Object.create(null) };
  for (const f of files) body.files[f.path] = f.text;
  try {
    const result = await api('/scan/bundle', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    state.texts = new Map(files.map((f) => [f.path, f.text]));
    show(result, subject);
  } catch (e) {
    setStatus(e.message, true);
  }
}

// walkEntry lists the files below a dropped folder entry.
function walkEntry(entry, prefix, out) {
  return new Promise((resolve) => {
    if (entry.isFile) {
      entry.file((file) => { out.push({ path: prefix + entry.name, file }); resolve(); }, () => resolve());
      return;
    }
    if (SKIP_DIRS.has(entry.name)) { resolve(); return; }
    const reader = entry.createReader();
    const all = [];
    const next = () => reader.readEntries(async (batch) => {
      if (batch.length === 0) {
        for (const child of all) await walkEntry(child, prefix + entry.name + '/', out);
        resolve();
        return;
      }
      all.push(...batch);
      next();
    }, () => resolve());
    next();
  });
}

async function onDrop(ev) {
  ev.preventDefault();
  $('drop').classList.remove('over');
  const items = [...(ev.dataTransfer.items || [])];
  const entries = items.map((it) => it.webkitGetAsEntry && it.webkitGetAsEntry()).filter(Boolean);
  if (entries.length > 0 && entries.some((e) => e.isDirectory)) {
    const out = [];
    for (const e of entries) await walkEntry(e, '', out);
    await scanFolder(out);
    return;
  }
  const files = [...ev.dataTransfer.files].map((file) => ({ path: file.name, file }));
  if (files.length) await scanLoose(files);
}

// ---- result ----------------------------------------------------------------

const VERDICT_TEXT = {
  CLEAN: 'Nothing here would make an agent act against you, as far as the rules can tell.',
  SUSPICIOUS: 'Something here runs or connects by itself, or reads like an order: a person should look and approve it once.',
  COMPROMISED: 'Do not open this project with an AI coding agent until the findings below are fixed.',
};

function show(result, subject) {
  state.result = result;
  state.subject = subject;
  $('start').hidden = true;
  $('report').hidden = false;
  setStatus(`${subject}: ${result.verdict}, trust score ${result.trust_score} of 100.`);

  const v = $('verdict');
  v.textContent = result.verdict;
  v.className = 'verdict ' + result.color_band;
  $('subject').textContent = subject;
  $('verdict-score').textContent = `${result.trust_score} / 100`;
  const needle = $('needle');
  needle.style.left = Math.max(0, Math.min(100, result.trust_score)) + '%';
  $('needle-label').textContent = String(result.trust_score);
  $('scale').setAttribute('aria-label', `Trust score ${result.trust_score} of 100, in the ${result.verdict.toLowerCase()} zone`);
  const nFind = (result.files || []).reduce((n, f) => n + f.findings.length, 0);
  const nObs = (result.observations || []).length;
  $('summary').textContent = `${VERDICT_TEXT[result.verdict] || ''} ${nFind} finding${nFind === 1 ? '' : 's'}` +
    (nObs ? `, ${nObs} observation${nObs === 1 ? '' : 's'} (shown, not scored)` : '') + ` in ${(result.files || []).length} file${(result.files || []).length === 1 ? '' : 's'}.`;

  renderPlacement(result);
  renderFiles(result);
  renderMath(result);
  renderNotices(result);
  const pressed = $('reveal').getAttribute('aria-pressed') === 'true';
  if (pressed) renderReveal();
  $('result').focus({ preventScroll: true });
  bringVerdictIntoView();
}

// bringVerdictIntoView scrolls the result's top into view when the verdict
// is not wholly visible: on a phone the result sits below the inputs, and
// focusing the (tall) result alone would scroll to its middle. On a narrow
// screen the verdict row is sticky (app.css), so it stays in view while the
// findings below it are read.
function bringVerdictIntoView() {
  const r = $('verdict-row').getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  $('result').scrollIntoView({ block: 'start' });
}

function renderPlacement(result) {
  const box = $('placement');
  box.replaceChildren();
  // Only say something when a file was moved, or read as instructions
  // although no agent reads its name.
  const told = (result.treated_as || []).filter((p) => p.as !== p.path || !isAgentFile(p.path));
  if (!told.length) return;
  const ul = el('ul', null, 'placement');
  for (const p of told) {
    const li = el('li');
    li.append(el('code', p.path), document.createTextNode(' was read as '), el('code', p.as), document.createTextNode(` (${p.kind}): ${p.reason}.`));
    ul.append(li);
  }
  box.append(el('h3', 'How the files were read'), ul);
  if (result.mode === 'files' && told.some((p) => p.kind !== 'instructions')) {
    box.append(el('p', 'These are loose files, not a project: a script that a hook runs but that was not sent is not judged missing. Drop the whole folder to check that too.', 'hint'));
  }
}

// spans shows text whose `quoted` parts are code as text nodes and <code>
// elements, never as HTML; an unpaired backtick stays text.
function spans(text) {
  const out = el('span');
  const parts = String(text).split('`');
  if (parts.length % 2 === 0) { const last = parts.pop(); parts[parts.length - 1] += '`' + last; }
  parts.forEach((part, i) => {
    if (i % 2 === 1 && part.trim() !== '') out.append(el('code', part));
    else out.append(document.createTextNode(i % 2 === 1 ? '`' + part + '`' : part));
  });
  return out;
}

function findingCard(f, observation) {
  const card = el('article', null, 'finding' + (observation ? ' obs' : (f.forces_compromised ? ' force' : '')));
  const head = el('header');
  head.append(el('span', f.rule_id, 'rid'), el('span', f.rule_name || '', 'rname'));
  const where = el('span', `${f.path}${f.line ? ':' + f.line : ''}`, 'where');
  head.append(where);
  if (observation) head.append(el('span', 'observation, not scored', 'tag'));
  else head.append(el('span', `−${f.penalty}` + (f.forces_compromised ? ' · forces COMPROMISED' : (f.ceiling != null ? ` · ceiling ${f.ceiling}` : '')), 'pen'));
  card.append(head);
  card.append(el('p', f.message, 'msg'));
  const dl = el('dl');
  const row = (k, v, cls) => { if (!v) return; dl.append(el('dt', k)); const dd = el('dd', null, cls); dd.append(cls === 'ev' ? el('code', v) : spans(v)); dl.append(dd); };
  row('What happens', f.impact);
  row('What to do', f.fix);
  row('Evidence', f.evidence, 'ev');
  row('Decoded hidden text', f.decoded, 'ev');
  card.append(dl);
  return card;
}

function renderFiles(result) {
  const box = $('files');
  box.replaceChildren();
  for (const file of result.files || []) {
    const sec = el('section', null, 'file');
    const h = el('h3');
    const dot = el('span', null, 'dot ' + file.color_band);
    dot.setAttribute('aria-hidden', 'true');
    h.append(dot, el('code', file.path), el('span', ` ${file.verdict} · ${file.trust_score}`, 'fv ' + file.color_band));
    sec.append(h);
    if (!file.findings.length && !file.observations.length) sec.append(el('p', 'No findings.', 'hint'));
    for (const f of file.findings) sec.append(findingCard(f, false));
    for (const f of file.observations) sec.append(findingCard(f, true));
    box.append(sec);
  }
}

function renderMath(result) {
  const box = $('math-body');
  box.replaceChildren();
  const table = el('table');
  const cap = el('caption', 'Points taken off, per file');
  const thead = el('thead');
  const hr = el('tr');
  for (const t of ['File', 'Rule', 'Points', 'Effect']) hr.append(el('th', t));
  thead.append(hr);
  const tbody = el('tbody');
  for (const file of result.files || []) {
    const seen = new Set();
    for (const f of file.findings) {
      if (seen.has(f.rule_id)) continue; // each rule counts once per file
      seen.add(f.rule_id);
      const tr = el('tr');
      tr.append(el('td', file.path), el('td', `${f.rule_id} ${f.rule_name || ''}`), el('td', `−${f.penalty}`),
        el('td', f.forces_compromised ? 'forces COMPROMISED (≤ 39)' : (f.ceiling != null ? `ceiling ${f.ceiling}` : '')));
      tbody.append(tr);
    }
  }
  table.append(cap, thead, tbody);
  box.append(table);
  const ul = el('ul', null, 'arith');
  for (const line of result.breakdown || []) {
    const li = el('li');
    li.append(el('code', line));
    ul.append(li);
  }
  if (!(result.breakdown || []).length) ul.append(el('li', 'Every file: 100, nothing taken off.'));
  box.append(ul);
  $('formula').textContent = `Engine ${result.engine}, scoring formula v${result.formula_version}.`;
}

function renderNotices(result) {
  const box = $('notices');
  box.replaceChildren();
  if (!(result.notices || []).length) return;
  const ul = el('ul', null, 'notices');
  for (const n of result.notices) ul.append(el('li', `${n.path}: ${n.message}`));
  box.append(el('h3', 'Notes'), ul);
}

// ---- reveal ----------------------------------------------------------------

function renderReveal() {
  const body = $('reveal-body');
  body.replaceChildren();
  const result = state.result;
  if (!result) return;
  const placed = new Map((result.treated_as || []).map((p) => [p.path, p.as]));
  for (const [path, text] of state.texts) {
    const scanned = placed.get(path) || path;
    const file = (result.files || []).find((f) => f.path === scanned || f.path === path);
    const hits = new Set();
    const decoded = [];
    if (file) {
      for (const f of file.findings.concat(file.observations)) {
        if (f.line) hits.add(f.line);
        if (f.decoded) decoded.push(f);
      }
    }
    const sec = el('section', null, 'rv');
    sec.append(el('h4', path));
    const { node, summary } = render(text, hits);
    // The scanner's own analysis, when it sent one, is the authority on
    // which characters are honest (emoji joiners, flags, a BOM) and on what
    // a zero-width run spells; the page's markers show where they stand.
    const hc = (result.hidden_content || []).find((h) => h.path === path);
    const facts = [];
    if (hc) {
      facts.push(`${hc.invisible_count} invisible character${hc.invisible_count === 1 ? '' : 's'} outside the allowlist`);
      if (hc.allowed_count) facts.push(`${hc.allowed_count} that honest text needs (emoji joiners, flags, a byte-order mark, script joiners)`);
      facts.push(hc.comments.length ? `${hc.comments.length} HTML comment${hc.comments.length === 1 ? '' : 's'}` : 'no HTML comments');
    } else {
      facts.push(summary.invisible ? `${summary.invisible} invisible character${summary.invisible === 1 ? '' : 's'}` : 'no invisible characters');
      facts.push(summary.comments ? `${summary.comments} HTML comment${summary.comments === 1 ? '' : 's'}` : 'no HTML comments');
    }
    sec.append(el('p', facts.join(' · ') + '.', 'hint'));
    const seen = new Set();
    const items = [];
    for (const d of (hc ? hc.decoded : [])) {
      if (seen.has(d.text)) continue;
      seen.add(d.text);
      items.push({ text: d.text, note: ` (${d.kind}, ${d.count} characters, line ${d.line})` });
    }
    for (const f of decoded) {
      if (seen.has(f.decoded)) continue;
      seen.add(f.decoded);
      items.push({ text: f.decoded, note: ` (${f.rule_id}, line ${f.line})` });
    }
    if (!items.length && !hc) {
      for (const d of summary.decoded) items.push({ text: d, note: ' (spelled by tag characters)' });
    }
    if (items.length) {
      const box = el('div', null, 'decoded');
      box.append(el('h5', 'Decoded hidden text, as the agent reads it'));
      for (const it of items) {
        const q = el('blockquote');
        q.append(el('span', it.text, 'dtext'), el('span', it.note, 'hint'));
        box.append(q);
      }
      sec.append(box);
    }
    sec.append(node);
    body.append(sec);
  }
  if (!state.texts.size) body.append(el('p', 'There is no text to reveal for this result.', 'hint'));
}

function toggleReveal() {
  const b = $('reveal');
  const on = b.getAttribute('aria-pressed') !== 'true';
  b.setAttribute('aria-pressed', String(on));
  b.textContent = on ? 'Hide hidden content' : 'Reveal hidden content';
  $('reveal-panel').hidden = !on;
  if (on) renderReveal();
}

// ---- copy and download -------------------------------------------------------

async function copyJSON() {
  if (!state.result) return;
  try {
    await navigator.clipboard.writeText(JSON.stringify(state.result, null, 2));
    setStatus('The result was copied as JSON.');
  } catch {
    setStatus('The browser did not allow copying; use Download JSON instead.', true);
  }
}

function downloadJSON() {
  if (!state.result) return;
  const blob = new Blob([JSON.stringify(state.result, null, 2) + '\n'], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = el('a');
  a.href = url;
  a.download = 'sentinel-result.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- a saved report -----------------------------------------------------------

const BANDS = new Set(['red', 'amber', 'green']);
const VERDICTS = new Set(['CLEAN', 'SUSPICIOUS', 'COMPROMISED']);

// reportToResult reads a saved JSON report (the repository shape, or the
// single-file shape of `sentinel scan FILE --json` and `sentinel detonate
// --json`) into the shape show() renders; null when it is not one. Its
// strings are placed with textContent like any scan's.
export function reportToResult(doc) {
  if (!doc || typeof doc !== 'object' || !VERDICTS.has(doc.verdict) || typeof doc.trust_score !== 'number') return null;
  const arr = (v) => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') : []);
  const band = (b, v) => (BANDS.has(b) ? b : (v === 'COMPROMISED' ? 'red' : v === 'SUSPICIOUS' ? 'amber' : 'green'));
  const file = (f) => ({
    path: String(f.path || f.filename || 'file'),
    verdict: VERDICTS.has(f.verdict) ? f.verdict : doc.verdict,
    trust_score: typeof f.trust_score === 'number' ? f.trust_score : doc.trust_score,
    color_band: band(f.color_band, f.verdict || doc.verdict),
    findings: arr(f.findings), observations: arr(f.observations),
  });
  const files = Array.isArray(doc.files) ? arr(doc.files).map(file) : (Array.isArray(doc.findings) ? [file(doc)] : null);
  if (!files) return null;
  const breakdown = Array.isArray(doc.breakdown) ? doc.breakdown.map(String) : (typeof doc.breakdown === 'string' ? [doc.breakdown] : []);
  return {
    verdict: doc.verdict, trust_score: doc.trust_score, color_band: band(doc.color_band, doc.verdict),
    files, observations: files.flatMap((f) => f.observations), breakdown,
    notices: arr(doc.notices), engine: String(doc.engine || '?'), formula_version: String(doc.formula_version || '?'),
  };
}

async function openReport(file) {
  if (file.size > MAX_FILE) {
    setStatus(`${file.name} is larger than a report can be (2 MB).`, true);
    return;
  }
  let doc;
  try {
    doc = JSON.parse(await file.text());
  } catch {
    setStatus(`${file.name} is not JSON: choose a report written by sentinel scan --json or sentinel detonate --json.`, true);
    return;
  }
  const result = reportToResult(doc);
  if (!result) {
    setStatus(`${file.name} is not a Sentinel report: it has no verdict, trust score and findings.`, true);
    return;
  }
  state.texts = new Map();
  show(result, `${file.name} (saved report)`);
}

// ---- wiring ----------------------------------------------------------------

function init() {
  $('paste-form').addEventListener('submit', scanPaste);
  $('pick-files').addEventListener('change', (ev) => {
    const files = [...ev.target.files].map((file) => ({ path: file.name, file }));
    if (files.length) scanLoose(files);
    ev.target.value = '';
  });
  $('pick-folder').addEventListener('change', (ev) => {
    const files = [...ev.target.files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    if (files.length) scanFolder(files);
    ev.target.value = '';
  });
  $('pick-report').addEventListener('change', (ev) => {
    const [file] = ev.target.files;
    if (file) openReport(file);
    ev.target.value = '';
  });
  const drop = $('drop');
  drop.addEventListener('dragover', (ev) => { ev.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', onDrop);
  drop.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); $('pick-folder').click(); }
  });
  $('reveal').addEventListener('click', toggleReveal);
  $('copy').addEventListener('click', copyJSON);
  $('download').addEventListener('click', downloadJSON);
  loadSamples();
  offerExtension();
}

// offerExtension shows the .vsix link when the server was started with
// --vsix, and the how-to otherwise.
async function offerExtension() {
  try {
    const res = await fetch('/download/extension.json');
    const info = res.ok ? await res.json() : null;
    if (info && info.available === true) {
      $('vsix-link').hidden = false;
      $('vsix-none').hidden = true;
    }
  } catch (_) { /* the how-to stays */ }
}

init();
