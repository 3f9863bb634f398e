// The 5x3 slot page: reels, stake, spin, winning lines, paytable, history and fairness.
import { api, errorText, fairnessPanel, h, mountShell, roundHistory, showRound, sleep, stakePicker, start, t } from './house.js';

start(async (info) => {
  const { config } = info;
  const glyph = Object.fromEntries(config.symbols.map((s) => [s.symbol, s.glyph]));
  const shell = mountShell(info);
  const reels = Array.from({ length: config.reels }, () => h('div', { class: 'reel' }, Array.from({ length: config.rows }, () => h('div', { class: 'cell' }, '?'))));
  const cells = reels.map((reel) => [...reel.children]);
  const randomGlyph = () => config.symbols[Math.floor(Math.random() * config.symbols.length)].glyph;
  cells.flat().forEach((cell) => {
    cell.textContent = randomGlyph();
  });

  const stake = stakePicker(info.limits, 10);
  const spin = h('button', { type: 'button', class: 'btn btn--primary btn--big', onclick: () => play() }, t('spin'));
  const fairness = fairnessPanel('slot', info.fairness);
  const history = roundHistory('slot', (o) => `${o.grid.map((reel) => glyph[reel[1]] ?? reel[1]).join(' ')}${o.lineWins.length ? ` · ${o.lineWins.length}×` : ''}`);
  const paytable = h(
    'details',
    { class: 'panel' },
    h('summary', {}, t('paytable')),
    h(
      'div',
      { class: 'paytable' },
      config.symbols
        .filter((s) => s.pays.length > 0)
        .map((s) => h('div', {}, h('span', { class: 'glyph' }, s.glyph), h('span', {}, s.pays.map((p, i) => `${i + 3}× ${p}`).join(' · ')))),
      h('div', {}, h('span', { class: 'glyph' }, glyph[config.wild]), h('span', { class: 'muted' }, 'WILD')),
      h('div', {}, h('span', { class: 'glyph' }, glyph[config.scatter]), h('span', {}, config.scatterPays.map((p, i) => `${i + 3}× ${p}×`).join(' · '))),
    ),
  );

  shell.game.append(h('div', { class: 'reels' }, reels), h('div', { class: 'controls', style: 'margin-top:14px' }, stake.element, h('span', { style: 'flex:1' }), spin));
  shell.extras.append(paytable, history.element, fairness.element);
  void history.refresh();

  const play = async () => {
    spin.disabled = true;
    shell.say('');
    cells.flat().forEach((c) => c.classList.remove('is-win'));
    reels.forEach((r) => r.classList.add('is-spinning'));
    const ticker = setInterval(() => cells.forEach((reel, r) => reels[r].classList.contains('is-spinning') && reel.forEach((c) => (c.textContent = randomGlyph()))), 70);
    try {
      const [round] = await Promise.all([api.play(stake.value(), { engine: 'slot' }), sleep(600)]);
      for (let reel = 0; reel < reels.length; reel += 1) {
        await sleep(160);
        reels[reel].classList.remove('is-spinning');
        round.outcome.grid[reel].forEach((symbol, row) => {
          cells[reel][row].textContent = glyph[symbol] ?? symbol;
        });
      }
      for (const win of round.outcome.lineWins) {
        config.lines[win.line].slice(0, win.count).forEach((row, reel) => cells[reel][row].classList.add('is-win'));
      }
      if (round.outcome.scatterPayout > 0) {
        round.outcome.grid.forEach((reel, r) => reel.forEach((s, row) => s === config.scatter && cells[r][row].classList.add('is-win')));
      }
      showRound({ shell, fairness, history }, round);
    } catch (error) {
      shell.say(errorText(error), 'error');
    } finally {
      clearInterval(ticker);
      reels.forEach((r) => r.classList.remove('is-spinning'));
      spin.disabled = false;
    }
  };
});
