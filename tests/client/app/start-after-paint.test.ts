import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** public/static/start-after-paint.js, run as the browser runs it: a deferred script with its data attributes. */
const LOADER = fs.readFileSync(path.resolve('public/static/start-after-paint.js'), 'utf8');

const runLoader = ({ imageComplete }: { imageComplete: boolean | null }) => {
  document.body.innerHTML = imageComplete === null ? '<div data-first-paint><p>Agents</p></div>' : '<div data-first-paint><img src="/static/banners/home-welcome.svg" alt=""></div>';
  const image = document.querySelector('img');
  if (image) Object.defineProperty(image, 'complete', { value: imageComplete });
  const loader = document.createElement('script');
  loader.setAttribute('data-entry', '/assets/index-A.js');
  loader.setAttribute('data-preloads', '/assets/boot-app-B.js /assets/texts-C.js');
  Object.defineProperty(document, 'currentScript', { value: loader, configurable: true });
  new Function(LOADER)();
  return image;
};

const started = () => ({
  entry: [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src')),
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
});

describe('the app starts after the painted page (issue 15: the banner has the link to itself)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    document.head.innerHTML = '';
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'currentScript');
  });

  it('[LOBBY-09] asks for the entry and its preloads once the painted banner has come and a frame has been painted, once', () => {
    const image = runLoader({ imageComplete: false })!;
    vi.advanceTimersByTime(500);
    expect(started()).toEqual({ entry: [], preloads: [] });
    image.dispatchEvent(new Event('load'));
    expect(started().entry).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(started()).toEqual({ entry: ['/assets/index-A.js'], preloads: ['/assets/boot-app-B.js', '/assets/texts-C.js'] });
    vi.advanceTimersByTime(1_000);
    expect(started().entry).toHaveLength(1);
  });

  it('starts the app a second on when the banner is slow to come (or the tab paints no frame)', () => {
    runLoader({ imageComplete: false });
    vi.advanceTimersByTime(999);
    expect(started().entry).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started().entry).toEqual(['/assets/index-A.js']);
  });

  it('starts after the first frame when the image is there already, or the page paints no image (the agent login)', () => {
    for (const imageComplete of [true, null]) {
      document.head.innerHTML = '';
      runLoader({ imageComplete });
      vi.advanceTimersByTime(20);
      expect(started().entry).toEqual(['/assets/index-A.js']);
      vi.advanceTimersByTime(1_000);
    }
  });
});
