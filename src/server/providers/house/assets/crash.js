// Crash with an automatic cash-out: the multiplier climbs until the crash point the seeds decided.
import { api, errorText, fairnessPanel, h, money, mountShell, roundHistory, showRound, sleep, stakePicker, start, t } from './house.js';

const SVG = 'http://www.w3.org/2000/svg';
const svg = (tag, attrs) => {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
};

start(async (info) => {
  const shell = mountShell(info);
  const display = h('div', { class: 'crash-multiplier' }, '1.00×');
  const curve = svg('path', { d: 'M0 100', fill: 'none', stroke: '#f5c451', 'stroke-width': 1.4, 'vector-effect': 'non-scaling-stroke' });
  const area = svg('path', { d: 'M0 100', fill: 'rgba(245,196,81,0.15)' });
  const plot = svg('svg', { viewBox: '0 0 100 100', preserveAspectRatio: 'none' });
  plot.append(area, curve);
  const stage = h('div', { class: 'crash-stage' });
  stage.append(plot, display);

  const cashOut = h('input', { type: 'number', min: '1.01', max: String(info.config.maxCashOut), step: '0.01', value: '2.00', id: 'cashout' });
  const stake = stakePicker(info.limits, 10);
  const playButton = h('button', { type: 'button', class: 'btn btn--primary btn--big', onclick: () => play() }, t('play'));
  const fairness = fairnessPanel('crash', info.fairness);
  const history = roundHistory('crash', (o) => `${o.crashPoint.toFixed(2)}× (${o.cashOut.toFixed(2)}×)`);

  shell.game.append(stage, h('div', { class: 'controls', style: 'margin-top:14px' }, h('div', { class: 'field' }, h('label', { for: 'cashout' }, t('cashOut')), cashOut), stake.element, h('span', { style: 'flex:1' }), playButton));
  shell.extras.append(history.element, fairness.element);
  void history.refresh();

  /** Draws the climb to `end`× over about 2.5 s on an exponential curve. */
  const animate = async (end, stopAt) => {
    const duration = Math.min(2600, 700 + Math.log(end) * 900);
    const startTime = performance.now();
    const points = [];
    for (;;) {
      const p = Math.min(1, (performance.now() - startTime) / duration);
      const value = Math.exp(Math.log(end) * p);
      points.push([p * 100, 100 - Math.min(95, (Math.log(value) / Math.log(Math.max(end, 2))) * 90)]);
      const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(2)} ${y.toFixed(2)}`).join(' ');
      curve.setAttribute('d', d);
      area.setAttribute('d', `${d} L${(p * 100).toFixed(2)} 100 L0 100 Z`);
      display.textContent = `${(Math.floor(value * 100) / 100).toFixed(2)}×`;
      if (stopAt && value >= stopAt) display.classList.add('is-cashed');
      if (p >= 1) return;
      await sleep(16);
    }
  };

  const play = async () => {
    playButton.disabled = true;
    shell.say('');
    display.className = 'crash-multiplier';
    try {
      const round = await api.play(stake.value(), { engine: 'crash', cashOut: Number(Number(cashOut.value).toFixed(2)) });
      await animate(round.outcome.crashPoint, round.outcome.win ? round.outcome.cashOut : null);
      display.textContent = `${round.outcome.crashPoint.toFixed(2)}×`;
      display.classList.add(round.outcome.win ? 'is-cashed' : 'is-crashed');
      showRound({ shell, fairness, history }, round, {
        text: round.outcome.win ? `${t('cashed', { x: `${round.outcome.cashOut.toFixed(2)}×` })} · ${t('win', { amount: money(round.payout) })}` : t('crashed', { x: `${round.outcome.crashPoint.toFixed(2)}×` }),
        kind: round.outcome.win ? 'win' : 'lose',
      });
    } catch (error) {
      shell.say(errorText(error), 'error');
    } finally {
      playButton.disabled = false;
    }
  };
});
