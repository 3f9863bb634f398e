// Shared part of the house game pages: the API over the signed session, the top bar, messages,
// the provably-fair panel and the round history. Plain ES module, no build step.

const TEXT = {
  en: {
    balance: 'Balance',
    demo: 'FREE PLAY',
    real: 'REAL MONEY',
    stake: 'Stake',
    win: 'You win {amount}!',
    noWin: 'No win this time',
    fairness: 'Provably fair',
    serverSeedHash: 'Server seed (SHA-256)',
    clientSeed: 'Client seed',
    nonce: 'Next nonce',
    nonceUsed: 'Nonce',
    newClientSeed: 'New client seed',
    rotate: 'Reveal seed and start a new pair',
    revealed: 'Revealed server seed',
    rounds: 'rounds',
    verify: 'Verify',
    verifyPage: 'Open the verifier',
    history: 'My rounds',
    time: 'Time',
    payout: 'Payout',
    result: 'Result',
    rtp: 'Return to player {rtp}%',
    paytable: 'Paytable',
    spin: 'SPIN',
    roll: 'ROLL',
    play: 'PLAY',
    under: 'Roll under',
    over: 'Roll over',
    target: 'Target',
    chance: 'Win chance',
    multiplier: 'Multiplier',
    cashOut: 'Auto cash-out',
    crashed: 'Crashed at {x}',
    cashed: 'Cashed out at {x}',
    buy: 'BUY TICKET',
    drawCloses: 'Draw {issue} closes in',
    drawing: 'Drawing…',
    betType: 'Bet',
    pick: 'Pick',
    results: 'Latest results',
    tickets: 'My tickets',
    issue: 'Draw',
    status: 'Status',
    OPEN: 'Waiting',
    WON: 'Won',
    LOST: 'Lost',
    LAST1: 'Last digit',
    LAST2: 'Last 2 digits',
    LAST3: 'Last 3 digits',
    BIG_SMALL: 'Big / Small',
    ODD_EVEN: 'Odd / Even',
    BIG: 'Big',
    SMALL: 'Small',
    ODD: 'Odd',
    EVEN: 'Even',
    pays: 'pays ×{m}',
    bought: 'Ticket bought for draw {issue}',
    none: 'Nothing yet',
    seed: 'Seed',
    serverSeed: 'Server seed',
    publishedHash: 'Published SHA-256 of the server seed',
    game: 'Game',
    gameCode: 'Game code',
    verifyExplain:
      'Each outcome is HMAC-SHA256(server seed, "<client seed>:<nonce>:<block>"), read 4 bytes per number; a lottery draw uses "<game code>:<draw>". The server seed is published as its SHA-256 before play and revealed afterwards.',
    hashOk: '✓ The seed matches the hash published before play',
    hashBad: '✗ The seed does NOT match the published hash',
    stops: 'Reel stops',
    crashPoint: 'Crash point',
    numbers: 'Numbers',
    errors: {
      INSUFFICIENT_BALANCE: 'Your balance is not enough for this stake.',
      AMOUNT_OUT_OF_RANGE: 'The stake is outside the limits.',
      GAME_SESSION_EXPIRED: 'This game session has expired. Close the game and start it again.',
      SIGNATURE_INVALID: 'This game link is not valid. Start the game again from the lobby.',
      DRAW_CLOSED: 'This draw is closed. Buy your ticket for the next draw.',
      GAME_MAINTENANCE: 'This game is under maintenance. Try one of our other hot games.',
      VALIDATION: 'Check your choice and try again.',
      NETWORK: 'Network problem, try again.',
    },
  },
  ty: {
    balance: 'Số dư',
    demo: 'CHƠI THỬ',
    real: 'TIỀN THẬT',
    stake: 'Tiền cược',
    win: 'Bạn thắng {amount}!',
    noWin: 'Lần này chưa trúng',
    fairness: 'Công bằng có thể kiểm chứng',
    serverSeedHash: 'Hạt giống máy chủ (SHA-256)',
    clientSeed: 'Hạt giống người chơi',
    nonce: 'Nonce kế tiếp',
    nonceUsed: 'Nonce',
    newClientSeed: 'Hạt giống người chơi mới',
    rotate: 'Công bố hạt giống và tạo cặp mới',
    revealed: 'Hạt giống máy chủ đã công bố',
    rounds: 'ván',
    verify: 'Kiểm tra',
    verifyPage: 'Mở trang kiểm tra',
    history: 'Các ván của tôi',
    time: 'Thời gian',
    payout: 'Tiền thắng',
    result: 'Kết quả',
    rtp: 'Tỷ lệ hoàn trả {rtp}%',
    paytable: 'Bảng trả thưởng',
    spin: 'QUAY',
    roll: 'GIEO',
    play: 'CHƠI',
    under: 'Nhỏ hơn',
    over: 'Lớn hơn',
    target: 'Mốc',
    chance: 'Cơ hội thắng',
    multiplier: 'Hệ số',
    cashOut: 'Tự động chốt',
    crashed: 'Nổ tại {x}',
    cashed: 'Đã chốt tại {x}',
    buy: 'MUA VÉ',
    drawCloses: 'Kỳ {issue} đóng sau',
    drawing: 'Đang quay…',
    betType: 'Kiểu cược',
    pick: 'Số chọn',
    results: 'Kết quả mới nhất',
    tickets: 'Vé của tôi',
    issue: 'Kỳ',
    status: 'Trạng thái',
    OPEN: 'Chờ quay',
    WON: 'Trúng',
    LOST: 'Trượt',
    LAST1: 'Số cuối',
    LAST2: '2 số cuối',
    LAST3: '3 số cuối',
    BIG_SMALL: 'Tài / Xỉu',
    ODD_EVEN: 'Lẻ / Chẵn',
    BIG: 'Tài',
    SMALL: 'Xỉu',
    ODD: 'Lẻ',
    EVEN: 'Chẵn',
    pays: 'trả ×{m}',
    bought: 'Đã mua vé cho kỳ {issue}',
    none: 'Chưa có',
    seed: 'Hạt giống',
    serverSeed: 'Hạt giống máy chủ',
    publishedHash: 'SHA-256 đã công bố của hạt giống máy chủ',
    game: 'Trò chơi',
    gameCode: 'Mã trò chơi',
    verifyExplain:
      'Mỗi kết quả là HMAC-SHA256(hạt giống máy chủ, "<hạt giống người chơi>:<nonce>:<khối>"), đọc 4 byte cho mỗi số; kỳ xổ số dùng "<mã trò chơi>:<kỳ>". Hạt giống máy chủ được công bố dưới dạng SHA-256 trước khi chơi và được tiết lộ sau đó.',
    hashOk: '✓ Hạt giống khớp với mã băm đã công bố trước khi chơi',
    hashBad: '✗ Hạt giống KHÔNG khớp với mã băm đã công bố',
    stops: 'Vị trí dừng',
    crashPoint: 'Điểm nổ',
    numbers: 'Các số',
    errors: {
      INSUFFICIENT_BALANCE: 'Số dư không đủ cho mức cược này.',
      AMOUNT_OUT_OF_RANGE: 'Mức cược nằm ngoài giới hạn.',
      GAME_SESSION_EXPIRED: 'Phiên trò chơi đã hết hạn. Hãy đóng trò chơi và mở lại.',
      SIGNATURE_INVALID: 'Liên kết trò chơi không hợp lệ. Hãy mở lại trò chơi từ sảnh.',
      DRAW_CLOSED: 'Kỳ xổ này đã đóng. Hãy mua vé cho kỳ tiếp theo.',
      GAME_MAINTENANCE: 'Trò chơi đang bảo trì. Hãy thử các trò chơi nổi bật khác.',
      VALIDATION: 'Hãy kiểm tra lựa chọn và thử lại.',
      NETWORK: 'Lỗi mạng, hãy thử lại.',
    },
  },
};

export const lang = document.body.dataset.lang === 'ty' ? 'ty' : 'en';
const dict = TEXT[lang];

/** A translated text with {placeholders}. */
export const t = (key, params = {}) => String(dict[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));

/** Creates an element: h('div', { class: 'x', onclick }, child, 'text'). */
export const h = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child instanceof Node ? child : String(child));
  return el;
};

export class ApiFailure extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export const sessionToken = new URLSearchParams(location.search).get('session') ?? '';

/** A version 4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
const requestId = () => {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** How often a bet whose answer was lost on the network is sent again, with its same requestId. */
const BET_RETRIES = 2;

const call = async (method, path, { query, body, retries = 0 } = {}) => {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  let response;
  for (let attempt = 0; !response; attempt += 1) {
    try {
      response = await fetch(url, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      // The server may have played the bet before the answer was lost: the same requestId returns it.
      if (attempt >= retries) throw new ApiFailure('NETWORK', 'network');
    }
  }
  const envelope = await response.json().catch(() => null);
  if (!envelope?.success) throw new ApiFailure(envelope?.code ?? 'NETWORK', envelope?.message ?? response.statusText);
  return envelope.value;
};

export const api = {
  session: () => call('GET', '/house/api/session', { query: { session: sessionToken } }),
  play: (stake, params) => call('POST', '/house/api/play', { body: { session: sessionToken, stake, params, requestId: requestId() }, retries: BET_RETRIES }),
  rounds: () => call('GET', '/house/api/rounds', { query: { session: sessionToken, pageSize: 10 } }),
  rotate: (clientSeed) => call('POST', '/house/api/fairness/rotate', { body: { session: sessionToken, ...(clientSeed ? { clientSeed } : {}) } }),
  verify: (request) => call('POST', '/house/api/fairness/verify', { body: request }),
  lotteryState: (gameCode) => call('GET', '/house/api/lottery/state', { query: { session: sessionToken, gameCode } }),
  lotteryBet: (ticket) =>
    call('POST', '/house/api/lottery/bet', { body: { session: sessionToken, ...ticket, requestId: requestId() }, retries: BET_RETRIES }),
};

export const errorText = (error) => dict.errors[error?.code] ?? error?.message ?? dict.errors.NETWORK;

let currency = '';
export const money = (amount) =>
  `${currency}${Number(amount).toLocaleString(lang === 'ty' ? 'vi-VN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const timeOf = (iso) => new Date(iso).toLocaleTimeString(lang === 'ty' ? 'vi-VN' : 'en-US', { hour12: false });

/** The page frame: top bar with the game, mode and balance; returns the slots the game fills. */
export const mountShell = (info) => {
  currency = info.currencySymbol ?? '';
  const balance = h('span', { class: 'balance', 'aria-live': 'polite' }, money(info.balance));
  const message = h('p', { class: 'message', role: 'status' });
  const game = h('section', { class: 'panel game' });
  const extras = h('div', { class: 'extras' });
  const app = document.getElementById('app');
  app.removeAttribute('aria-busy');
  app.replaceChildren(
    h(
      'header',
      { class: 'panel topbar' },
      h('h1', {}, info.gameName),
      h('span', { class: `badge ${info.freePlay ? 'badge--demo' : ''}` }, info.freePlay ? t('demo') : t('real')),
      h('span', { class: 'muted' }, t('rtp', { rtp: info.rtp })),
      h('span', { class: 'spacer' }),
      h('span', {}, h('small', { class: 'muted' }, `${t('balance')} `), balance),
    ),
    game,
    message,
    extras,
  );
  return {
    game,
    extras,
    setBalance: (amount) => {
      balance.textContent = money(amount);
    },
    say: (text, kind = '') => {
      message.textContent = text;
      message.className = `message ${kind ? `message--${kind}` : ''}`;
    },
  };
};

/**
 * Shows a played round: the new balance, the next fairness commitment, what it paid (or the game's
 * own words for it, `said`) and the history with it.
 */
export const showRound = ({ shell, fairness, history }, round, said = round.payout > 0 ? { text: t('win', { amount: money(round.payout) }), kind: 'win' } : { text: t('noWin'), kind: 'lose' }) => {
  shell.setBalance(round.balance);
  fairness.advance(round);
  shell.say(said.text, said.kind);
  void history.refresh();
};

/** Stake chips plus a free amount, within the game's limits. */
export const stakePicker = (limits, initial = 10) => {
  const input = h('input', { type: 'number', min: limits.minBet, max: limits.maxBet, step: '0.01', value: initial, id: 'stake', inputmode: 'decimal' });
  const chips = [1, 5, 10, 50, 100, 500].filter((v) => v >= limits.minBet && v <= limits.maxBet);
  const buttons = chips.map((v) =>
    h('button', { type: 'button', class: 'chip', 'aria-pressed': String(v === initial), onclick: () => select(v) }, String(v)),
  );
  const select = (v) => {
    input.value = String(v);
    buttons.forEach((b) => b.setAttribute('aria-pressed', String(Number(b.textContent) === v)));
  };
  input.addEventListener('input', () => buttons.forEach((b) => b.setAttribute('aria-pressed', String(Number(b.textContent) === Number(input.value)))));
  return {
    element: h('div', { class: 'field' }, h('label', { for: 'stake' }, t('stake')), input, h('div', { class: 'chips' }, buttons)),
    value: () => Math.round(Number(input.value) * 100) / 100,
  };
};

const verifyLink = (engine, fairness) =>
  `/house/verify?${new URLSearchParams({ lang, engine, serverSeed: fairness.serverSeed ?? '', clientSeed: fairness.clientSeed, nonce: String(fairness.nonce), hash: fairness.serverSeedHash })}`;

/** The provably-fair panel: the published hash, the client seed and nonce, and seed rotation. */
export const fairnessPanel = (engine, initial) => {
  const hash = h('span', { class: 'hash' });
  const client = h('span', { class: 'hash' });
  const nonce = h('span', {});
  const revealed = h('div', {});
  const clientInput = h('input', { type: 'text', maxlength: 64, id: 'client-seed', placeholder: t('newClientSeed') });
  const show = (state) => {
    hash.textContent = state.serverSeedHash;
    client.textContent = state.clientSeed;
    nonce.textContent = String(state.nonce);
  };
  show(initial);
  const rotate = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      onclick: async () => {
        rotate.disabled = true;
        try {
          const result = await api.rotate(clientInput.value.trim());
          show(result.current);
          clientInput.value = '';
          revealed.replaceChildren(
            h('p', {}, h('strong', {}, `${t('revealed')}: `), h('span', { class: 'hash' }, result.revealed.serverSeed)),
            h('p', { class: 'muted' }, `${result.revealed.rounds} ${t('rounds')} · ${t('clientSeed')} ${result.revealed.clientSeed} · `, h('a', { href: verifyLink(engine, { ...result.revealed, nonce: 0 }), target: '_blank', rel: 'noopener' }, t('verifyPage'))),
          );
        } finally {
          rotate.disabled = false;
        }
      },
    },
    t('rotate'),
  );
  return {
    element: h(
      'details',
      { class: 'panel' },
      h('summary', {}, `🛡 ${t('fairness')}`),
      h('div', { class: 'fair-grid' }, h('span', { class: 'muted' }, t('serverSeedHash')), hash, h('span', { class: 'muted' }, t('clientSeed')), client, h('span', { class: 'muted' }, t('nonce')), nonce),
      h('div', { class: 'controls' }, h('div', { class: 'field' }, h('label', { for: 'client-seed' }, t('newClientSeed')), clientInput), rotate),
      revealed,
    ),
    advance: (round) => show({ serverSeedHash: round.fairness.serverSeedHash, clientSeed: round.fairness.clientSeed, nonce: round.fairness.nonce + 1 }),
  };
};

/** The latest rounds with what decided them; a round whose seed is revealed links to the verifier. */
export const roundHistory = (engine, describe) => {
  const body = h('tbody');
  const element = h(
    'details',
    { class: 'panel', open: true },
    h('summary', {}, t('history')),
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, t('time')), h('th', {}, t('result')), h('th', { class: 'num' }, t('stake')), h('th', { class: 'num' }, t('payout')), h('th', {}, t('nonceUsed')))), body),
  );
  const refresh = async () => {
    const { list } = await api.rounds();
    body.replaceChildren(
      ...(list.length === 0
        ? [h('tr', {}, h('td', { colspan: 5, class: 'muted' }, t('none')))]
        : list.map((r) =>
            h(
              'tr',
              {},
              h('td', {}, timeOf(r.createdAt)),
              h('td', {}, describe(r.outcome)),
              h('td', { class: 'num' }, money(r.stake)),
              h('td', { class: `num ${r.payout > 0 ? 'win' : ''}` }, money(r.payout)),
              h('td', {}, r.fairness.serverSeed ? h('a', { href: verifyLink(engine, r.fairness), target: '_blank', rel: 'noopener' }, `#${r.fairness.nonce} ${t('verify')}`) : `#${r.fairness.nonce}`),
            ),
          )),
    );
  };
  return { element, refresh };
};

/** Loads the session and mounts the page, or shows why it cannot. */
export const start = async (mount) => {
  try {
    const info = await api.session();
    await mount(info);
  } catch (error) {
    const app = document.getElementById('app');
    app.removeAttribute('aria-busy');
    app.replaceChildren(h('section', { class: 'panel notice' }, h('p', { class: 'message message--error' }, errorText(error))));
  }
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
