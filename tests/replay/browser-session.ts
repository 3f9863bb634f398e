import type { Browser, Locator, Page, Request, Response, WebSocket } from 'playwright-core';

/** An HTTP call the page made: what a tester would read in the network panel. */
export interface HttpCall {
  at: number;
  method: string;
  path: string;
  status: number;
  /** The envelope's code (`OK`, `INVALID_CREDENTIALS`...), when the answer was the API's JSON. */
  code: string | null;
  ms: number;
}

/** A socket.io event on the page's connection, either way. */
export interface SocketEvent {
  at: number;
  direction: 'in' | 'out';
  name: string;
  /** The payload as JSON, cut short. */
  payload: string;
}

export interface Traffic {
  calls: HttpCall[];
  events: SocketEvent[];
}

const API_PREFIXES = ['/wps/', '/lgw/', '/ops/', '/house/', '/lotto/'];
const SOCKET_PATH = '/socket.io/';
const PAYLOAD_CHARS = 300;

/** socket.io event packets (`42["name",payload]`, `421[...]` with an ack id) in an engine.io frame or polling body. */
export const socketEventsIn = (text: string): { name: string; payload: string }[] =>
  text.split('\x1e').flatMap((packet) => {
    const match = /^42\d*(\[.*)$/s.exec(packet);
    if (!match) return [];
    try {
      const [name, ...args] = JSON.parse(match[1]!) as [string, ...unknown[]];
      return [{ name, payload: JSON.stringify(args.length === 1 ? args[0] : args).slice(0, PAYLOAD_CHARS) }];
    } catch {
      return [];
    }
  });

const announcementsOf = (page: Page) => page.getByRole('dialog', { name: 'Announcements' });
/**
 * Closes announcements one after another while one is on top, as a player would. A popup that opens over one
 * makes it inert and hidden from the locator, which ends the loop too; it is closed once it is on top again.
 */
export const closeAnnouncementsOnTop = async (announcements: Locator, closeName: string | RegExp = 'Close') => {
  const top = announcements.first();
  while (await top.isVisible().catch(() => false)) {
    await top.getByRole('button', { name: closeName }).click({ timeout: 2_000 }).catch(() => undefined);
  }
};
const closeAnnouncements = (page: Page) => closeAnnouncementsOnTop(announcementsOf(page));
const pagesClosingAnnouncements = new WeakSet<Page>();

/**
 * Closes an announcement popup that covers the page, unless the popups are the flow replayed. A
 * modal hides the page from the accessibility tree, so waiting for the page's roles needs it gone.
 */
export const clearAnnouncements = async (page: Page): Promise<boolean> => {
  if (!pagesClosingAnnouncements.has(page) || !(await announcementsOf(page).isVisible())) return false;
  // The page's own handler may close it first (it runs before any action): then this finds nothing.
  await closeAnnouncements(page);
  return true;
};

/** From now on the page closes any announcement popup that covers it, as a player would. */
export const closeAnnouncementsFromNowOn = async (page: Page) => {
  await page.addLocatorHandler(announcementsOf(page), () => closeAnnouncements(page));
  pagesClosingAnnouncements.add(page);
};

/** Runs `action` with the page closing any announcement popup that covers it, then leaves them open again. */
export const closingAnnouncements = async <T>(page: Page, action: () => Promise<T>): Promise<T> => {
  const announcements = announcementsOf(page);
  await page.addLocatorHandler(announcements, () => closeAnnouncements(page));
  try {
    return await action();
  } finally {
    await page.removeLocatorHandler(announcements);
  }
};

/**
 * One path's browser: a fresh context whose requests come from the path's own address, in English,
 * and a record of its API calls and socket events, taken step by step. Announcement popups may
 * open over any screen; unless they are the flow replayed, the page closes them as a player would.
 */
export const openPathPage = async (browser: Browser, ip: string, options: { keepAnnouncements?: boolean; viewport?: { width: number; height: number } } = {}) => {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  await context.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  const page: Page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (!options.keepAnnouncements) await closeAnnouncementsFromNowOn(page);
  const started = new Map<Request, number>();
  const pending = new Set<Promise<void>>();
  const events: SocketEvent[] = [];
  const all: HttpCall[] = [];
  const consumed = new Set<HttpCall>();
  let consumedSinceTaken: HttpCall[] = [];
  let mark = 0;

  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const pathOf = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  };

  page.on('request', (request) => {
    started.set(request, Date.now());
    const { pathname } = new URL(request.url());
    const body = request.postData();
    if (pathname.startsWith(SOCKET_PATH) && body) {
      for (const event of socketEventsIn(body)) events.push({ at: Date.now(), direction: 'out', ...event });
    }
  });
  page.on('response', (response: Response) => {
    const request = response.request();
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(SOCKET_PATH)) {
      if (request.method() === 'GET') {
        track(response.text().then((text) => void events.push(...socketEventsIn(text).map((event) => ({ at: Date.now(), direction: 'in' as const, ...event }))), () => undefined));
      }
      return;
    }
    if (!API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
    const begun = started.get(request) ?? Date.now();
    track(
      response
        .json()
        .then((body: { code?: unknown }) => (typeof body?.code === 'string' ? body.code : null), () => null)
        .then((code) => {
          all.push({ at: begun, method: request.method(), path: pathOf(request.url()), status: response.status(), code, ms: Date.now() - begun });
        }),
    );
  });
  page.on('websocket', (socket: WebSocket) => {
    socket.on('framereceived', ({ payload }) => events.push(...socketEventsIn(String(payload)).map((event) => ({ at: Date.now(), direction: 'in' as const, ...event }))));
    socket.on('framesent', ({ payload }) => events.push(...socketEventsIn(String(payload)).map((event) => ({ at: Date.now(), direction: 'out' as const, ...event }))));
  });

  return {
    context,
    page,
    /** Every call and event so far, in order. */
    traffic: async (): Promise<Traffic> => {
      await Promise.all(pending);
      return { calls: [...all].sort((a, b) => a.at - b.at), events: [...events] };
    },
    /** The calls `nextCall` matched to server steps since the last time they were taken. */
    takeMatchedCalls: (): HttpCall[] => {
      const taken = consumedSinceTaken;
      consumedSinceTaken = [];
      return taken;
    },
    /** From now on, `nextCall` looks only at calls the page makes after this moment (a driven step begins). */
    markStep: () => {
      mark = Date.now();
    },
    /** Waits for the page's next answered call to `method path` (any query) since the mark, one call per server step. */
    nextCall: async (method: string, path: string, timeoutMs = 20_000): Promise<HttpCall> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await Promise.all(pending);
        const found = all.find((call) => !consumed.has(call) && call.at >= mark && call.method === method && call.path.split('?')[0] === path);
        if (found) {
          consumed.add(found);
          consumedSinceTaken.push(found);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no answer to ${method} ${path} within ${timeoutMs / 1000} s`);
        await page.waitForTimeout(100);
      }
    },
    screenshot: async (): Promise<string> => `data:image/jpeg;base64,${(await page.screenshot({ type: 'jpeg', quality: 60 })).toString('base64')}`,
    close: () => context.close(),
  };
};

export type PathPage = Awaited<ReturnType<typeof openPathPage>>;
