import type { RecordedSession } from '@client/dev/session-format';
import type { Traffic } from './browser-session';
import { escape, renderTraffic, seconds, spreadTraffic, STYLE, ZOOM_SCRIPT } from './report';
import type { SessionReplayResult, SessionStepResult } from './session-replay';

export interface SessionRun {
  /** The session file as given on the command line. */
  file: string;
  session: RecordedSession;
  result: SessionReplayResult;
  traffic: Traffic;
  startedAt: Date;
  ms: number;
  server: string;
  commit: string;
}

const VERDICT_CLASS: Record<SessionStepResult['verdict'], string> = { matched: 'ok', diverged: 'bad', 'not reached': 'idle', reconnect: 'idle' };

const stateText = (state: unknown) => JSON.stringify(state);

const payloadOf = (event: Record<string, unknown>) => {
  const { type: _type, ...rest } = event;
  return Object.keys(rest).length ? JSON.stringify(rest, null, 2) : '';
};

const renderStep = (step: SessionStepResult & { traffic: Traffic }, divergedAt: number | null) => {
  const { recorded, replayed, verdict } = step;
  const payload = payloadOf(recorded.event);
  const first = recorded.index === divergedAt;
  const how =
    verdict === 'reconnect'
      ? 'the socket reconnected while recording: the transport\'s step, not compared'
      : recorded.source === 'user'
      ? step.sent === false
        ? 'the page sent it by itself'
        : step.sent
          ? 'sent by the replay'
          : ''
      : step.reordered
        ? 'came in another order than recorded'
        : '';
  return `
  <section class="step ${VERDICT_CLASS[verdict]}" id="${first ? 'divergence' : `s${recorded.index}`}">
    <div class="step-text">
      ${first ? '<p class="first-divergence">⚠ The replay diverges from the recording here</p>' : ''}
      <h4><span class="index">${recorded.index}</span> <span class="kind">${escape(recorded.source)}</span> <b>${escape(recorded.actor)}</b> ${escape(recorded.event.type)} <span class="time">at ${seconds(recorded.at)} · ${escape(recorded.url)}</span></h4>
      ${payload ? `<details><summary>event payload</summary><pre>${escape(payload)}</pre></details>` : ''}
      <p class="state">recorded ${escape(stateText(recorded.state))}${replayed ? ` · replay reached ${escape(stateText(replayed.state))}` : ''}${how ? ` <i>(${how})</i>` : ''}</p>
      <p class="verdict">${escape(verdict)}</p>
      ${step.difference ? `<pre class="error">${escape(step.difference)}</pre>` : ''}
      ${renderTraffic(step.traffic)}
    </div>
    ${step.screenshot ? `<img class="shot" alt="the page after step ${recorded.index}" src="${step.screenshot}">` : '<div class="shot none">no screenshot</div>'}
  </section>`;
};

/** The replay of a recorded session as one self-contained HTML file, the first divergence marked and linked. */
export const renderSessionReport = (run: SessionRun): string => {
  const { result, session } = run;
  const steps = result.steps.map((step) => ({ ...step, traffic: { calls: [], events: [] } as Traffic }));
  spreadTraffic(steps.filter((step) => step.verdict !== 'not reached'), run.traffic);
  const matched = steps.filter((step) => step.verdict === 'matched').length;
  const reconnects = steps.filter((step) => step.verdict === 'reconnect').length;
  const diverged = result.divergedAt !== null ? steps[result.divergedAt]! : null;
  const title = `Session replay: ${run.file}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}
.first-divergence{margin:0 0 6px;font-weight:700;color:#d23b3b}.summary-line{font-size:16px;margin:8px 0}
</style></head>
<body>
<header>
  <h1>${escape(title)}</h1>
  <p>${matched} of ${steps.length - reconnects} recorded steps matched${reconnects ? ` (${reconnects} more made by a socket reconnect while recording, not compared)` : ''} · recorded ${escape(session.recordedAt)} from ${escape(session.startUrl)} · replayed ${run.startedAt.toISOString()} · ${seconds(run.ms)} · commit ${escape(run.commit)}</p>
  <p>${escape(run.server)}</p>
</header>
<main>
  <p class="summary-line">${
    diverged
      ? `<span class="badge" style="background:#d23b3b">diverged</span> at <a href="#divergence">step ${diverged.recorded.index}</a>: ${escape(diverged.difference ?? '')}`
      : '<span class="badge">matched</span> The replay made every recorded step, in each actor\'s order, reaching the recorded states.'
  }</p>
  <article class="path ${diverged ? 'bad' : 'ok'}"><details open><summary>${steps.length} steps</summary>
  ${steps.map((step) => renderStep(step, result.divergedAt)).join('')}
  </details></article>
</main>
${ZOOM_SCRIPT}
</body></html>
`;
};
