import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSideMenuShown, onPathChanged, setSideMenuShown, shellUiStore } from '@client/state/ui-state';

const screenIsNarrow = (narrow: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: narrow, media: query }) as MediaQueryList);

describe('the frame state when the path changes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    shellUiStore.reset();
  });

  it('[SHELL-21] forgets a side-menu choice made on a game page', () => {
    screenIsNarrow(false);
    setSideMenuShown(true, true);
    onPathChanged();
    expect(isSideMenuShown(shellUiStore.get(), true)).toBe(false);
  });

  it('closes the side menu on a narrow screen (a drawer over the page), keeps it on a wide one', () => {
    screenIsNarrow(true);
    setSideMenuShown(true, false);
    onPathChanged();
    expect(isSideMenuShown(shellUiStore.get(), false)).toBe(false);

    screenIsNarrow(false);
    setSideMenuShown(true, false);
    onPathChanged();
    expect(isSideMenuShown(shellUiStore.get(), false)).toBe(true);
  });

  it('tells no one when it changes nothing, so the first page of a visit does not render its frame twice', () => {
    screenIsNarrow(false);
    setSideMenuShown(true, false);
    const listener = vi.fn();
    const unsubscribe = shellUiStore.subscribe(listener);
    onPathChanged();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });
});
