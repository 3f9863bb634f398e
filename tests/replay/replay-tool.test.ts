import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machinePaths } from '../models/paths';
import type { HttpCall } from './browser-session';
import { socketEventsIn } from './browser-session';
import { isBuildStale } from './build';
import { attributeTraffic, renderReport, type StepCapture } from './report';

const call = (at: number, path: string, code = 'OK'): HttpCall => ({ at, method: 'GET', path, status: 200, code, ms: 5 });

describe('the path replay tool', () => {
  it('reads socket.io events from websocket frames and from polling bodies, with or without an ack id', () => {
    expect(socketEventsIn('42["balance:updated",{"balance":12.5}]')).toEqual([{ name: 'balance:updated', payload: '{"balance":12.5}' }]);
    expect(socketEventsIn('2\x1e421["events:since",{"after":4},7]\x1e40{"sid":"x"}')).toEqual([{ name: 'events:since', payload: '[{"after":4},7]' }]);
    expect(socketEventsIn('3')).toEqual([]);
  });

  it('gives a server step the call that answered it, and every other call and event to the step shown after it began', () => {
    const [start, submit, answer] = machinePaths('login').paths.find((path) => path.id === '318f738b')!.steps;
    const login = call(150, '/wps/session/login');
    const captures: StepCapture[] = [
      { step: start!, verdict: 'passed', screenshot: null, notes: [], at: 100, matchedCalls: [] },
      { step: submit!, verdict: 'passing through', screenshot: null, notes: [], at: 300, matchedCalls: [] },
      { step: answer!, verdict: 'passed', screenshot: null, notes: [], at: 400, matchedCalls: [login] },
    ];
    const records = attributeTraffic(captures, {
      calls: [call(10, '/wps/system/permission'), call(120, '/wps/verification/challenge'), login, call(350, '/wps/member/info')],
      events: [{ at: 390, direction: 'in', name: 'unread:count', payload: '{}' }],
    });
    expect(records.map((record) => record.traffic.calls.map((c) => c.path))).toEqual([
      ['/wps/system/permission'],
      ['/wps/verification/challenge'],
      ['/wps/session/login', '/wps/member/info'],
    ]);
    expect(records[2]!.traffic.events.map((event) => event.name)).toEqual(['unread:count']);
  });

  it('writes one self-contained report: no outside resource, failures open with their cause, a command to replay each path', () => {
    const path = machinePaths('login').paths.find((p) => p.id === '318f738b')!;
    const html = renderReport({
      title: 'Path replay: login <script>',
      startedAt: new Date('2026-11-26T00:00:00Z'),
      ms: 12_000,
      server: 'server http://127.0.0.1:1',
      commit: 'abc1234',
      paths: [
        {
          path,
          verdict: 'failed',
          error: 'the screen does not show the account menu',
          ms: 9_000,
          steps: path.steps.map((step, i) => ({
            step,
            verdict: i < 3 ? 'passed' : 'failed',
            error: i === 3 ? new Error('the screen does not show the account menu') : undefined,
            screenshot: 'data:image/jpeg;base64,AAAA',
            notes: ['registered rp1'],
            at: i,
            matchedCalls: [],
            traffic: { calls: [call(i, '/wps/session/login', 'INVALID_CREDENTIALS')], events: [] },
          })),
        },
      ],
    });
    expect(html).not.toMatch(/(src|href)="(?!data:|#)/);
    expect(html).toContain('Path replay: login &lt;script&gt;');
    expect(html).toContain('0 of 1 paths passed');
    expect(html).toMatch(/<details open>\s*<summary><span class="badge">failed<\/span> <b>login 318f738b<\/b>/);
    expect(html).toContain('npm run replay -- login 318f738b');
    expect(html).toContain('arranged: registered rp1');
    expect(html).toContain('INVALID_CREDENTIALS');
  });

  it('rebuilds when the client build is missing or older than any of its sources', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-build-'));
    try {
      fs.mkdirSync(path.join(root, 'src/client'), { recursive: true });
      fs.writeFileSync(path.join(root, 'src/client/main.tsx'), '');
      expect(isBuildStale(root)).toBe(true);
      fs.mkdirSync(path.join(root, 'dist/client'), { recursive: true });
      const index = path.join(root, 'dist/client/index.html');
      fs.writeFileSync(index, '');
      const past = new Date(Date.now() - 60_000);
      fs.utimesSync(path.join(root, 'src/client/main.tsx'), past, past);
      fs.utimesSync(path.join(root, 'src/client'), past, past);
      fs.utimesSync(path.join(root, 'src'), past, past);
      expect(isBuildStale(root)).toBe(false);
      fs.writeFileSync(path.join(root, 'src/client/main.tsx'), 'changed');
      expect(isBuildStale(root)).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('counts the failed paths apart from the passed ones, opens them, and shows why each failed', () => {
    const [replayed, stale] = machinePaths('contract-popup').paths.filter((p) => ['74081822', 'aa3035aa'].includes(p.id));
    const html = renderReport({
      title: 'Path replay: contract-popup',
      startedAt: new Date('2026-11-26T00:00:00Z'),
      ms: 12_000,
      server: 'server http://127.0.0.1:1',
      commit: 'abc1234',
      paths: [
        { path: replayed!, verdict: 'passed', error: null, ms: 9_000, steps: [] },
        { path: stale!, verdict: 'failed', error: 'POST /wps/relay/ACS_realtimeSalaryContractProcessing answered OK, the path expects INVALID_STATE', ms: 3_000, steps: [] },
      ],
    });
    expect(html).toContain('1 of 2 paths passed');
    expect(html).toContain('<pre class="error">POST /wps/relay/ACS_realtimeSalaryContractProcessing answered OK, the path expects INVALID_STATE</pre>');
    expect(html).toMatch(/<article class="path bad" id="path1">\s*<details open>/);
    expect(html).toMatch(/<article class="path ok" id="path0">\s*<details >/);
  });
});
