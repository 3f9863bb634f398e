// The public verifier: recomputes a round or a draw from revealed seeds and checks the published hash.
import { api, errorText, h, t } from './house.js';

const params = new URLSearchParams(location.search);

const field = (id, label, value = '', attrs = {}) => {
  const input = h('input', { id, value, ...attrs });
  return { input, element: h('div', { class: 'field', style: 'flex:1 1 260px' }, h('label', { for: id }, label), input) };
};

const app = document.getElementById('app');
const engine = h('select', { id: 'engine' }, ['slot', 'dice', 'crash', 'lottery'].map((e) => h('option', { value: e, selected: params.get('engine') === e }, e)));
const serverSeed = field('server-seed', t('serverSeed'), params.get('serverSeed') ?? '', { class: 'hash' });
const expected = field('expected-hash', t('publishedHash'), params.get('hash') ?? '', { class: 'hash' });
const clientSeed = field('client-seed', t('clientSeed'), params.get('clientSeed') ?? '');
const nonce = field('nonce', 'Nonce', params.get('nonce') ?? '0', { type: 'number', min: 0 });
const gameCode = field('game-code', t('gameCode'), params.get('gameCode') ?? '');
const issueNo = field('issue-no', t('issue'), params.get('issueNo') ?? '');
const output = h('div', { class: 'panel', 'aria-live': 'polite' });
const roundFields = h('div', { class: 'controls' }, clientSeed.element, nonce.element);
const drawFields = h('div', { class: 'controls' }, gameCode.element, issueNo.element);

const sync = () => {
  const lottery = engine.value === 'lottery';
  roundFields.hidden = lottery;
  drawFields.hidden = !lottery;
};
engine.addEventListener('change', sync);
sync();

const run = async () => {
  const request =
    engine.value === 'lottery'
      ? { engine: 'lottery', serverSeed: serverSeed.input.value.trim(), gameCode: gameCode.input.value.trim(), issueNo: issueNo.input.value.trim() }
      : { engine: engine.value, serverSeed: serverSeed.input.value.trim(), clientSeed: clientSeed.input.value.trim(), nonce: Number(nonce.input.value) };
  try {
    const { serverSeedHash, result } = await api.verify(request);
    const want = expected.input.value.trim();
    const shown =
      result.engine === 'slot'
        ? `${t('stops')} ${result.stops.join(', ')} · ${result.grid.map((reel) => reel.join(' ')).join(' | ')}`
        : result.engine === 'dice'
          ? result.roll.toFixed(2)
          : result.engine === 'crash'
            ? `${t('crashPoint')} ${result.crashPoint.toFixed(2)}×`
            : `${t('numbers')} ${result.numbers.join(' ')}`;
    output.replaceChildren(
      h('p', {}, h('strong', {}, `${t('result')}: `), shown),
      h('p', {}, h('span', { class: 'muted' }, 'SHA-256: '), h('span', { class: 'hash' }, serverSeedHash)),
      want ? h('p', { class: want === serverSeedHash ? 'verify-ok' : 'verify-bad' }, want === serverSeedHash ? t('hashOk') : t('hashBad')) : '',
    );
  } catch (error) {
    output.replaceChildren(h('p', { class: 'message message--error' }, errorText(error)));
  }
};

app.replaceChildren(
  h('header', { class: 'panel topbar' }, h('h1', {}, `🛡 ${t('fairness')}`)),
  h(
    'section',
    { class: 'panel' },
    h('p', { class: 'muted' }, t('verifyExplain')),
    h('div', { class: 'controls' }, h('div', { class: 'field' }, h('label', { for: 'engine' }, t('game')), engine), serverSeed.element, expected.element),
    roundFields,
    drawFields,
    h('div', { class: 'controls', style: 'margin-top:12px' }, h('button', { type: 'button', class: 'btn btn--primary', onclick: run }, t('verify'))),
  ),
  output,
);
if (serverSeed.input.value) void run();
