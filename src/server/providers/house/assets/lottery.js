// House lotteries: the open draw with its published seed hash and a countdown, tickets, results.
import { api, errorText, h, lang, money, mountShell, start, t, timeOf } from './house.js';

const balls = (numbers, small = false) => h('span', { class: 'balls' }, numbers.map((n) => h('span', { class: `ball ${small ? 'ball--small' : ''}` }, n)));

start(async (info) => {
  const games = info.config.games;
  const shell = mountShell(info);
  const preferred = games.find((g) => g.gameCode === info.gameCode) ?? games[0];
  let game = preferred;
  let state = null;
  let timer = null;

  const tabs = h(
    'div',
    { class: 'tabs', role: 'tablist' },
    games.map((g) =>
      h('button', { type: 'button', class: 'tab', role: 'tab', 'aria-selected': String(g === game), 'data-code': g.gameCode, onclick: () => select(g) }, `${g.gameName} · ${g.intervalMinutes}′`),
    ),
  );
  const issue = h('span', {});
  const countdown = h('span', { class: 'countdown' }, '--:--');
  const seedHash = h('span', { class: 'hash muted' });
  const lastDraw = h('span', {});

  const betType = h('select', { id: 'bet-type' });
  const pickSlot = h('div', { class: 'field' });
  const stake = h('input', { type: 'number', id: 'lottery-stake', min: info.limits.minBet, max: info.limits.maxBet, step: '0.01', value: '10' });
  const buy = h('button', { type: 'button', class: 'btn btn--primary btn--big', onclick: () => purchase() }, t('buy'));
  let pick = () => '';

  const results = h('tbody');
  const tickets = h('tbody');

  const fillBetTypes = () => {
    betType.replaceChildren(...game.betTypes.map((b) => h('option', { value: b.betType }, `${t(b.betType)} (${t('pays', { m: b.multiplier })})`)));
    renderPick();
  };
  const renderPick = () => {
    const rule = game.betTypes.find((b) => b.betType === betType.value) ?? game.betTypes[0];
    if (rule.pickDigits > 0) {
      const input = h('input', { type: 'text', id: 'pick', inputmode: 'numeric', maxlength: rule.pickDigits, pattern: `[0-9]{${rule.pickDigits}}`, placeholder: '0'.repeat(rule.pickDigits) });
      pick = () => input.value.trim();
      pickSlot.replaceChildren(h('label', { for: 'pick' }, t('pick')), input);
    } else {
      let chosen = rule.picks[0];
      const buttons = rule.picks.map((p) =>
        h('button', { type: 'button', class: 'chip', 'aria-pressed': String(p === chosen), onclick: () => { chosen = p; buttons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.pick === p))); }, 'data-pick': p }, t(p)),
      );
      pick = () => chosen;
      pickSlot.replaceChildren(h('span', { class: 'label' }, t('pick')), h('div', { class: 'chips' }, buttons));
    }
  };
  betType.addEventListener('change', renderPick);

  const render = () => {
    shell.setBalance(state.balance);
    issue.textContent = state.current ? t('drawCloses', { issue: state.current.issueNo }) : t('drawing');
    seedHash.textContent = state.current ? `${t('serverSeedHash')}: ${state.current.serverSeedHash}` : '';
    const latest = state.recent[0];
    lastDraw.replaceChildren(latest ? h('span', {}, h('span', { class: 'muted' }, `${latest.issueNo} `), balls(latest.numbers)) : '');
    results.replaceChildren(
      ...(state.recent.length === 0
        ? [h('tr', {}, h('td', { colspan: 3, class: 'muted' }, t('none')))]
        : state.recent.map((d) =>
            h(
              'tr',
              {},
              h('td', {}, d.issueNo, h('br'), h('small', { class: 'muted' }, timeOf(d.openedAt))),
              h('td', {}, balls(d.numbers, true)),
              h('td', {}, h('a', { href: `/house/verify?${new URLSearchParams({ lang, engine: 'lottery', serverSeed: d.serverSeed, gameCode: d.gameCode, issueNo: d.issueNo, hash: d.serverSeedHash })}`, target: '_blank', rel: 'noopener' }, t('verify'))),
            ),
          )),
    );
    tickets.replaceChildren(
      ...(state.tickets.length === 0
        ? [h('tr', {}, h('td', { colspan: 5, class: 'muted' }, t('none')))]
        : state.tickets.map((k) =>
            h(
              'tr',
              {},
              h('td', {}, k.issueNo),
              h('td', {}, `${t(k.betType)}: ${t(k.pick)}`),
              h('td', { class: 'num' }, money(k.stake)),
              h('td', { class: k.status === 'WON' ? 'win' : '' }, t(k.status)),
              h('td', { class: `num ${k.status === 'WON' ? 'win' : ''}` }, k.payout === null ? '—' : money(k.payout)),
            ),
          )),
    );
  };

  const load = async () => {
    try {
      state = await api.lotteryState(game.gameCode);
      render();
    } catch (error) {
      shell.say(errorText(error), 'error');
    }
  };

  /** Counts down to the draw and reloads just after it, when the result and the next draw are there. */
  const tick = () => {
    if (!state?.current) return;
    const left = Math.max(0, new Date(state.current.closesAt).getTime() - Date.now());
    const s = Math.ceil(left / 1000);
    countdown.textContent = `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
    if (left <= 0) {
      state.current = null;
      issue.textContent = t('drawing');
      setTimeout(load, 2500);
    }
  };

  const select = (g) => {
    game = g;
    tabs.querySelectorAll('.tab').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.code === g.gameCode)));
    fillBetTypes();
    void load();
  };

  const purchase = async () => {
    if (!state?.current) return;
    buy.disabled = true;
    shell.say('');
    try {
      const { ticket, balance } = await api.lotteryBet({
        gameCode: game.gameCode,
        issueNo: state.current.issueNo,
        betType: betType.value,
        pick: pick(),
        stake: Math.round(Number(stake.value) * 100) / 100,
      });
      shell.setBalance(balance);
      shell.say(t('bought', { issue: ticket.issueNo }), 'win');
      await load();
    } catch (error) {
      shell.say(errorText(error), 'error');
    } finally {
      buy.disabled = false;
    }
  };

  shell.game.append(
    tabs,
    h('div', { class: 'draw-head', style: 'margin:14px 0' }, h('div', {}, h('div', { class: 'muted' }, issue), countdown), h('span', { style: 'flex:1' }), lastDraw),
    h('p', {}, seedHash),
    h(
      'div',
      { class: 'controls' },
      h('div', { class: 'field' }, h('label', { for: 'bet-type' }, t('betType')), betType),
      pickSlot,
      h('div', { class: 'field' }, h('label', { for: 'lottery-stake' }, t('stake')), stake),
      h('span', { style: 'flex:1' }),
      buy,
    ),
  );
  shell.extras.append(
    h('details', { class: 'panel', open: true }, h('summary', {}, t('tickets')), h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, t('issue')), h('th', {}, t('pick')), h('th', { class: 'num' }, t('stake')), h('th', {}, t('status')), h('th', { class: 'num' }, t('payout')))), tickets)),
    h('details', { class: 'panel', open: true }, h('summary', {}, t('results')), h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, t('issue')), h('th', {}, t('result')), h('th', {}, t('seed')))), results)),
  );
  fillBetTypes();
  await load();
  timer = setInterval(tick, 250);
  window.addEventListener('pagehide', () => clearInterval(timer));
});
