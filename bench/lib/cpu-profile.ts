// Reads a V8 .cpuprofile (node --cpu-prof) and tells where the time went: self time by function and by
// package (node_modules/<name>, our own files by folder, node internals), as shares of all samples.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const packageOf = (url: string): string => {
  if (!url) return '(native/idle)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  const own = /\/(src\/[^/]+\/[^/]+|machines\/[^/]+)/.exec(url);
  if (own) return own[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
};

export interface ProfileSummary {
  totalSamples: number;
  idleShare: number;
  byFunction: { name: string; share: number }[];
  byPackage: { name: string; share: number }[];
}

export const summarizeProfile = (file: string, top = 20): ProfileSummary => {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') idle += functionName === '(idle)' ? hits : 0;
    const key = `${functionName || '(anonymous)'} ${packageOf(url)}:${lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + hits);
    const p = functionName.startsWith('(') ? functionName : packageOf(url);
    pkg.set(p, (pkg.get(p) ?? 0) + hits);
  }
  const busy = Math.max(1, total - idle);
  const ranked = (m: Map<string, number>) =>
    [...m]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, share: hits / busy }));
  return { totalSamples: total, idleShare: idle / Math.max(1, total), byFunction: ranked(fn), byPackage: ranked(pkg) };
};

export const printProfile = (label: string, summary: ProfileSummary) => {
  const pct = (s: number) => `${(s * 100).toFixed(1).padStart(5)} %`;
  console.log(`\n-- cpu profile: ${label} (${summary.totalSamples} samples, idle ${pct(summary.idleShare)}; shares of busy time)`);
  console.log('   by package:');
  for (const p of summary.byPackage) console.log(`   ${pct(p.share)}  ${p.name}`);
  console.log('   by function (self time):');
  for (const f of summary.byFunction) console.log(`   ${pct(f.share)}  ${f.name}`);
};
