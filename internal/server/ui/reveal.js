// reveal.js: find what a reader cannot see in a text. Pure functions, no DOM
// except render(), which builds nodes with textContent only: the scanned
// text is never parsed as HTML.

// Short names for invisible and direction-changing code points: the same
// set the scanner's text package classifies as invisible.
const NAMES = new Map([
  [0x00ad, 'SHY'], [0x034f, 'CGJ'], [0x061c, 'ALM'], [0x115f, 'HF'], [0x1160, 'HF'],
  [0x180e, 'MVS'], [0x200b, 'ZWSP'], [0x200c, 'ZWNJ'], [0x200d, 'ZWJ'], [0x200e, 'LRM'],
  [0x200f, 'RLM'], [0x202a, 'LRE'], [0x202b, 'RLE'], [0x202c, 'PDF'], [0x202d, 'LRO'],
  [0x202e, 'RLO'], [0x2060, 'WJ'], [0x2061, 'FA'], [0x2062, 'IT'], [0x2063, 'IS'],
  [0x2064, 'IP'], [0x2066, 'LRI'], [0x2067, 'RLI'], [0x2068, 'FSI'], [0x2069, 'PDI'],
  [0x3164, 'HF'], [0xfeff, 'BOM'], [0xffa0, 'HF'], [0xfff9, 'IAA'], [0xfffa, 'IAS'], [0xfffb, 'IAT'],
  [0x17b4, 'KIV'], [0x17b5, 'KIV'], [0x2065, 'U+2065'],
]);

// kind names the family of an invisible code point, or '' for a visible one.
export function kind(cp) {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'vs';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi';
  if ((cp >= 0x206a && cp <= 0x206f) || (cp >= 0x1d173 && cp <= 0x1d17a)) return 'zw';
  if (NAMES.has(cp)) return 'zw';
  return '';
}

export function name(cp) {
  if (NAMES.has(cp)) return NAMES.get(cp);
  if (cp >= 0xfe00 && cp <= 0xfe0f) return 'VS' + (cp - 0xfe00 + 1);
  if (cp >= 0xe0100 && cp <= 0xe01ef) return 'VS' + (cp - 0xe0100 + 17);
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'TAG';
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

// decodeTags turns a run of tag characters into the ASCII they spell.
export function decodeTags(cps) {
  let s = '';
  for (const cp of cps) {
    const c = cp - 0xe0000;
    if (c >= 0x20 && c < 0x7f) s += String.fromCharCode(c);
  }
  return s;
}

// marker describes one run of invisible characters of one family.
function marker(fam, cps, prev) {
  const n = cps.length;
  if (fam === 'tag') {
    const text = decodeTags(cps);
    // A subdivision flag is a black flag followed by tags ending in CANCEL TAG.
    if (prev === 0x1f3f4 && cps[n - 1] === 0xe007f) {
      return { family: fam, count: n, label: `flag ${text}`, title: `${n} tag characters: the flag of ${text}` };
    }
    return { family: fam, count: n, label: text ? `hidden: ${text}` : `${n}×TAG`, title: `${n} Unicode tag characters` + (text ? ` spelling "${text}"` : ''), decoded: text };
  }
  const names = [...new Set(cps.map(name))];
  const label = n === 1 ? names[0] : (names.length === 1 ? `${names[0]}×${n}` : `${n} invisible: ${names.slice(0, 3).join(' ')}${names.length > 3 ? '…' : ''}`);
  return { family: fam, count: n, label, title: `${n} invisible character${n === 1 ? '' : 's'}: ${names.join(', ')}` };
}

// scan splits text into lines of parts: {text} for visible runs,
// {marker} for invisible runs, each with comment=true inside <!-- -->.
export function scan(text) {
  const lines = [];
  let parts = [];
  let buf = '';
  let inComment = false;
  let run = null; // {family, cps, prev}
  let prev = 0;
  const flushText = () => { if (buf) { parts.push({ text: buf, comment: inComment }); buf = ''; } };
  const flushRun = () => { if (run) { parts.push({ marker: marker(run.family, run.cps, run.prev), comment: inComment }); run = null; } };
  const cps = Array.from(text, (c) => c.codePointAt(0));
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    if (cp === 0x0a) { flushText(); flushRun(); lines.push(parts); parts = []; prev = cp; continue; }
    const fam = kind(cp);
    if (fam) {
      flushText();
      if (run && run.family !== fam) flushRun();
      if (!run) run = { family: fam, cps: [], prev };
      run.cps.push(cp);
      continue;
    }
    flushRun();
    // Comment boundaries, checked on the visible characters.
    if (!inComment && cp === 0x3c && cps[i + 1] === 0x21 && cps[i + 2] === 0x2d && cps[i + 3] === 0x2d) {
      flushText();
      inComment = true;
    }
    buf += String.fromCodePoint(cp);
    // "-->" closes a comment, but not the dashes of its own opening "<!--".
    if (inComment && cp === 0x3e && cps[i - 1] === 0x2d && cps[i - 2] === 0x2d && !buf.endsWith('<!-->') && !buf.endsWith('<!--->')) {
      flushText();
      inComment = false;
    }
    prev = cp;
  }
  flushText();
  flushRun();
  lines.push(parts);
  return lines;
}

// summary counts what scan found.
export function summary(lines) {
  let invisible = 0, comments = 0, decoded = [];
  for (const parts of lines) {
    for (const p of parts) {
      if (p.marker) { invisible += p.marker.count; if (p.marker.decoded) decoded.push(p.marker.decoded); }
      if (p.comment && p.text && p.text.startsWith('<!--')) comments++;
    }
  }
  return { invisible, comments, decoded };
}

// render builds the revealed view of text: one row per line, with its
// number, markers in place and comments highlighted. hitLines is a Set of
// 1-based line numbers that have findings.
export function render(text, hitLines, maxLines = 4000) {
  const lines = scan(text);
  const pre = document.createElement('div');
  pre.className = 'code';
  pre.setAttribute('role', 'list');
  lines.slice(0, maxLines).forEach((parts, i) => {
    const row = document.createElement('div');
    row.className = 'ln' + (hitLines.has(i + 1) ? ' hit' : '');
    row.setAttribute('role', 'listitem');
    const no = document.createElement('span');
    no.className = 'no';
    no.textContent = String(i + 1);
    no.setAttribute('aria-label', `line ${i + 1}`);
    const body = document.createElement('span');
    body.className = 'tx';
    for (const p of parts) {
      let el;
      if (p.marker) {
        el = document.createElement('mark');
        el.className = 'mk mk-' + p.marker.family;
        el.textContent = '⟨' + p.marker.label + '⟩';
        el.title = p.marker.title;
      } else {
        el = document.createElement('span');
        el.textContent = p.text;
      }
      if (p.comment) el.classList.add('cmt');
      body.append(el);
    }
    row.append(no, body);
    pre.append(row);
  });
  if (lines.length > maxLines) {
    const more = document.createElement('p');
    more.className = 'hint';
    more.textContent = `${lines.length - maxLines} more lines not shown.`;
    pre.append(more);
  }
  return { node: pre, summary: summary(lines) };
}
