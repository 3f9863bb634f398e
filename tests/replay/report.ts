import type { MachinePath } from '../models/machine-paths';
import type { StepReport } from '../models/path-runner';
import type { HttpCall, Traffic } from './browser-session';

/** What the replay captured as a step was reported. */
export interface StepCapture extends StepReport {
  /** A JPEG of the page once the step was checked, as a data URL. */
  screenshot: string | null;
  /** What the replay arranged on the server for this step. */
  notes: string[];
  /** When the step was reported. */
  at: number;
  /** The calls whose answers were this server step's evidence. */
  matchedCalls: HttpCall[];
}

export interface StepRecord extends StepCapture {
  traffic: Traffic;
}

/**
 * Gives each step its traffic: a server step the call that answered it, every other call and
 * event to the first step reported after it began.
 */
export const attributeTraffic = (steps: StepCapture[], traffic: Traffic): StepRecord[] => {
  const matched = new Set(steps.flatMap((step) => step.matchedCalls));
  const records: StepRecord[] = steps.map((step) => ({ ...step, traffic: { calls: [...step.matchedCalls], events: [] } }));
  spreadTraffic(records.filter((record) => record.verdict !== 'not reached'), { calls: traffic.calls.filter((call) => !matched.has(call)), events: traffic.events });
  return records;
};

/** Gives every call and event to the first of `reached` (in the order they were reported) reported after it began. */
export const spreadTraffic = (reached: { at: number; traffic: Traffic }[], traffic: Traffic): void => {
  const recordAfter = (at: number) => reached.find((record) => record.at >= at) ?? reached.at(-1);
  for (const call of traffic.calls) recordAfter(call.at)?.traffic.calls.push(call);
  for (const event of traffic.events) recordAfter(event.at)?.traffic.events.push(event);
  for (const record of reached) record.traffic.calls.sort((a, b) => a.at - b.at);
};

export interface PathRun {
  path: MachinePath;
  verdict: 'passed' | 'failed';
  error: string | null;
  steps: StepRecord[];
  ms: number;
}

export interface ReplayRun {
  title: string;
  startedAt: Date;
  ms: number;
  /** The server the paths ran against and how it was started. */
  server: string;
  commit: string;
  paths: PathRun[];
}

export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const VERDICT_CLASS: Record<string, string> = { passed: 'ok', 'passing through': 'through', failed: 'bad', 'not reached': 'idle' };

/** The event's payload, without its type, for the step's details. */
const payloadOf = (event: Record<string, unknown>) => {
  const { type: _type, ...rest } = event;
  return Object.keys(rest).length ? JSON.stringify(rest, null, 2) : '';
};

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error ?? ''));

/** A step's HTTP calls and socket events. */
export const renderTraffic = (traffic: Traffic): string => {
  const calls = traffic.calls
    .map(
      (call) =>
        `<tr><td>${escape(call.method)}</td><td class="mono">${escape(call.path)}</td><td>${call.status}</td><td class="${call.code === 'OK' ? 'ok-text' : 'bad-text'}">${escape(call.code ?? '')}</td><td>${call.ms} ms</td></tr>`,
    )
    .join('');
  const events = traffic.events
    .map((event) => `<li><span class="dir">${event.direction === 'in' ? '⬇' : '⬆'}</span> <b>${escape(event.name)}</b> <span class="mono">${escape(event.payload)}</span></li>`)
    .join('');
  return `${calls ? `<table class="calls"><thead><tr><th colspan="5">HTTP calls</th></tr></thead><tbody>${calls}</tbody></table>` : ''}
      ${events ? `<div class="events"><b>socket events</b><ul>${events}</ul></div>` : ''}`;
};

/** Zooms a screenshot on a click: the report's only script. */
export const ZOOM_SCRIPT = `<script>document.addEventListener('click',function(e){if(e.target.classList&&e.target.classList.contains('shot'))e.target.classList.toggle('zoom')});</script>`;

const renderStep = (record: StepRecord, index: number, pathIndex: number) => {
  const { step, verdict, traffic, notes, screenshot } = record;
  const payload = payloadOf(step.event);
  return `
  <section class="step ${VERDICT_CLASS[verdict]}" id="p${pathIndex}s${index}">
    <div class="step-text">
      <h4><span class="index">${step.index}</span> <span class="kind">${escape(step.kind)}</span> ${escape(step.label)}</h4>
      ${payload ? `<details><summary>event payload</summary><pre>${escape(payload)}</pre></details>` : ''}
      <p class="state">expects ${escape(step.state.text)}${step.state.waitingFor ? ` <i>(waiting for ${step.state.waitingFor === 'server' ? 'the server' : 'a delay'})</i>` : ''}</p>
      <p class="verdict">${escape(verdict)}</p>
      ${verdict === 'failed' ? `<pre class="error">${escape(errorMessage(record.error))}</pre>` : ''}
      ${notes.length ? `<ul class="notes">${notes.map((note) => `<li>arranged: ${escape(note)}</li>`).join('')}</ul>` : ''}
      ${renderTraffic(traffic)}
    </div>
    ${screenshot ? `<img class="shot" alt="the page after step ${step.index}" src="${screenshot}">` : '<div class="shot none">no screenshot</div>'}
  </section>`;
};

const PATH_CLASS: Record<PathRun['verdict'], string> = { passed: 'ok', failed: 'bad' };
const BADGE_COLOUR: Record<PathRun['verdict'], string> = { passed: '#2e9e5b', failed: '#d23b3b' };

const renderPath = (run: PathRun, pathIndex: number, open: boolean) => `
<article class="path ${PATH_CLASS[run.verdict]}" id="path${pathIndex}">
  <details ${open ? 'open' : ''}>
    <summary><span class="badge">${run.verdict}</span> <b>${escape(run.path.machine)} ${escape(run.path.id)}</b> ${escape(run.path.description)} <span class="time">${seconds(run.ms)}</span></summary>
    ${run.error ? `<pre class="error">${escape(run.error)}</pre>` : ''}
    <p class="replay">Replay this path alone: <code>npm run replay -- ${escape(run.path.machine)} ${escape(run.path.id)}</code></p>
    ${run.steps.map((record, index) => renderStep(record, index, pathIndex)).join('')}
  </details>
</article>`;

export const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1d2430}
header{background:#1d2430;color:#fff;padding:16px 24px}header h1{margin:0 0 4px;font-size:20px}header p{margin:2px 0;color:#c8cfdb}
main{padding:16px 24px}
.summary td,.summary th{padding:4px 10px;text-align:left;border-bottom:1px solid #dde1e8}.summary td:nth-child(-n+2),.summary td:last-child{white-space:nowrap}.summary a{color:inherit}
.path{background:#fff;border:1px solid #dde1e8;border-left:6px solid #2e9e5b;border-radius:6px;margin:12px 0}
.path.bad{border-left-color:#d23b3b}.path summary{cursor:pointer;padding:10px 12px}
.badge{display:inline-block;min-width:52px;text-align:center;border-radius:10px;padding:1px 8px;color:#fff;background:#2e9e5b;font-size:12px}
.path.bad .badge{background:#d23b3b}.time{color:#6b7588}
.step{display:grid;grid-template-columns:minmax(360px,1fr) 520px;gap:16px;padding:12px;border-top:1px solid #eceef2}
.step h4{margin:0 0 4px;font-size:14px}.index{display:inline-block;width:22px;height:22px;border-radius:11px;background:#e4e8ef;text-align:center}
.kind{font-size:11px;text-transform:uppercase;color:#6b7588;border:1px solid #d0d5de;border-radius:4px;padding:0 4px}
.verdict{font-weight:600;margin:4px 0}.step.ok .verdict{color:#2e9e5b}.step.bad .verdict{color:#d23b3b}.step.through .verdict{color:#8a6d00}.step.idle .verdict{color:#8a93a3}
.step.bad{background:#fff4f4}.state{margin:2px 0;color:#39465a}
.shot{width:520px;border:1px solid #d0d5de;border-radius:4px;cursor:zoom-in}.shot.zoom{position:fixed;inset:2vh 2vw;width:96vw;height:auto;max-height:96vh;object-fit:contain;background:#000;z-index:9;cursor:zoom-out}
.shot.none{height:60px;display:flex;align-items:center;justify-content:center;color:#8a93a3}
.calls{border-collapse:collapse;margin:6px 0;font-size:12px}.calls td,.calls th{padding:2px 6px;border-bottom:1px solid #eceef2;text-align:left}
.mono,pre,code{font-family:ui-monospace,Menlo,monospace;font-size:12px}.ok-text{color:#2e9e5b}.bad-text{color:#d23b3b}
.events ul,.notes{margin:4px 0;padding-left:18px;font-size:12px}.dir{color:#6b7588}.notes{color:#5b3fa0}
pre{white-space:pre-wrap;word-break:break-word;background:#f0f2f5;padding:6px;border-radius:4px;max-height:240px;overflow:auto}pre.error{background:#fde8e8;color:#8c1d1d}
`;

/** One HTML file with everything in it (screenshots as data URLs): it can be mailed or attached to a bug. */
export const renderReport = (run: ReplayRun): string => {
  const count = (verdict: PathRun['verdict']) => run.paths.filter((path) => path.verdict === verdict).length;
  const rows = run.paths
    .map(
      (path, i) =>
        `<tr><td><span class="badge" style="background:${BADGE_COLOUR[path.verdict]}">${path.verdict}</span></td><td><a href="#path${i}">${escape(path.path.machine)} ${escape(path.path.id)}</a></td><td>${escape(path.path.description)}</td><td>${seconds(path.ms)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(run.title)}</title><style>${STYLE}</style></head>
<body>
<header>
  <h1>${escape(run.title)}</h1>
  <p>${count('passed')} of ${run.paths.length} paths passed · ${run.startedAt.toISOString()} · ${seconds(run.ms)} · commit ${escape(run.commit)}</p>
  <p>${escape(run.server)}</p>
</header>
<main>
  <table class="summary"><thead><tr><th></th><th>path</th><th>description</th><th>time</th></tr></thead><tbody>${rows}</tbody></table>
  ${run.paths.map((path, i) => renderPath(path, i, path.verdict === 'failed' || run.paths.length === 1)).join('')}
</main>
${ZOOM_SCRIPT}
</body></html>
`;
};
