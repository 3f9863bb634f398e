// Dice: pick a target and a direction, see the chance and multiplier, roll.
import { api, errorText, fairnessPanel, h, mountShell, roundHistory, showRound, sleep, stakePicker, start, t } from './house.js';

/** The same payout rule as the server: 99 % over the winning share of 10 000 rolls, 4 places, rounded down. */
const winOutcomes = (target, direction) => (direction === 'UNDER' ? Math.round(target * 100) : 9999 - Math.round(target * 100));
const multiplierOf = (target, direction, edge) => Math.floor(((10000 * (1 - edge)) / winOutcomes(target, direction)) * 10000) / 10000;

start(async (info) => {
  const edge = info.config.houseEdge;
  const shell = mountShell(info);
  let direction = 'UNDER';
  const target = h('input', { type: 'number', min: '1', max: '98', step: '0.01', value: '49.50', id: 'target' });
  const slider = h('input', { type: 'range', min: '1', max: '98', step: '0.01', value: '49.50', 'aria-label': t('target') });
  const chance = h('strong', {});
  const multiplier = h('strong', {});
  const result = h('div', { class: 'dice-result' }, '50.00');
  const winZone = h('div', { class: 'dice-track__win' });
  const marker = h('div', { class: 'dice-track__marker', style: 'left:50%' });
  const under = h('button', { type: 'button', class: 'chip', 'aria-pressed': 'true', onclick: () => setDirection('UNDER') }, t('under'));
  const over = h('button', { type: 'button', class: 'chip', 'aria-pressed': 'false', onclick: () => setDirection('OVER') }, t('over'));

  const refresh = () => {
    const value = Number(target.value);
    const n = winOutcomes(value, direction);
    chance.textContent = `${(n / 100).toFixed(2)}%`;
    multiplier.textContent = n > 0 ? `×${multiplierOf(value, direction, edge).toFixed(4)}` : '—';
    winZone.style.left = direction === 'UNDER' ? '0' : `${value}%`;
    winZone.style.right = direction === 'UNDER' ? `${100 - value}%` : '0';
  };
  const setDirection = (d) => {
    direction = d;
    under.setAttribute('aria-pressed', String(d === 'UNDER'));
    over.setAttribute('aria-pressed', String(d === 'OVER'));
    refresh();
  };
  target.addEventListener('input', () => {
    slider.value = target.value;
    refresh();
  });
  slider.addEventListener('input', () => {
    target.value = Number(slider.value).toFixed(2);
    refresh();
  });
  refresh();

  const stake = stakePicker(info.limits, 10);
  const roll = h('button', { type: 'button', class: 'btn btn--primary btn--big', onclick: () => play() }, t('roll'));
  const fairness = fairnessPanel('dice', info.fairness);
  const history = roundHistory('dice', (o) => `${o.roll.toFixed(2)} ${o.direction === 'UNDER' ? '<' : '>'} ${o.target.toFixed(2)}`);

  shell.game.append(
    result,
    h('div', { class: 'dice-track', style: 'margin:10px 0 16px' }, winZone, marker),
    slider,
    h('div', { class: 'stats', style: 'margin:12px 0' }, h('div', {}, h('span', { class: 'muted' }, t('chance')), chance), h('div', {}, h('span', { class: 'muted' }, t('multiplier')), multiplier), h('div', { class: 'field' }, h('label', { for: 'target', class: 'muted' }, t('target')), target)),
    h('div', { class: 'controls' }, h('div', { class: 'chips' }, under, over), stake.element, h('span', { style: 'flex:1' }), roll),
  );
  shell.extras.append(history.element, fairness.element);
  void history.refresh();

  const play = async () => {
    roll.disabled = true;
    shell.say('');
    const ticker = setInterval(() => (result.textContent = (Math.random() * 100).toFixed(2)), 50);
    try {
      const [round] = await Promise.all([api.play(stake.value(), { engine: 'dice', target: Number(Number(target.value).toFixed(2)), direction }), sleep(450)]);
      clearInterval(ticker);
      result.textContent = round.outcome.roll.toFixed(2);
      result.style.color = round.outcome.win ? 'var(--win)' : 'var(--lose)';
      marker.style.left = `${round.outcome.roll}%`;
      showRound({ shell, fairness, history }, round);
    } catch (error) {
      shell.say(errorText(error), 'error');
    } finally {
      clearInterval(ticker);
      roll.disabled = false;
    }
  };
});
