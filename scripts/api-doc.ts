// Rewrites the call table of docs/api.md from the contract (npm run docs:api), so it never drifts.
import fs from 'node:fs';
import type { EndpointDef } from '@shared/contract/endpoint';
import { http } from '@shared/contract/http';
import { PENDING_ENDPOINTS } from '@server/http/pending';

const FILE = 'docs/api.md';
const START = '<!-- api-table:start -->';
const END = '<!-- api-table:end -->';

const pending: ReadonlySet<string> = new Set(PENDING_ENDPOINTS);
const rows = (Object.entries(http) as [string, EndpointDef][]).map(([key, def]) => {
  const marks = [def.encrypted ? 'encrypted' : '', def.form ? 'form' : ''].filter(Boolean).join(', ');
  return `| \`${key}\` | ${def.method} | \`${def.path}\` | ${def.token} | ${marks} | ${(def.reqs ?? []).join(', ')} | ${def.summary.replace(/\|/g, '\\|')} | ${pending.has(key) ? '501 pending' : 'built'} |`;
});
const table = [
  START,
  '| call | method | path | token | body | requirements | what it does | state |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  END,
].join('\n');

const text = fs.readFileSync(FILE, 'utf8');
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) throw new Error(`${FILE} has no ${START} … ${END} block`);
fs.writeFileSync(FILE, text.slice(0, from) + table + text.slice(to + END.length));
console.log(`${FILE}: ${rows.length} calls`);
