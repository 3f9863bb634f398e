import { describe, expect, it } from 'vitest';
import { AGENT_LOGIN_PATH, AGENT_PAGE_PATHS, LOBBY_PAGE_PATHS } from '@shared/boot-reads';
import { AGENT_VIEW_PATHS, CATEGORY_BY_PREFIX, INDEX_VIEW_PATHS, agentPageHref, categoryOfPath, isGamePagePath, isIndexViewPath, mainViewKey, memberPageHref, paths } from '@client/config/paths';

describe('paths', () => {
  it('[SHELL-17] the path prefixes map to their categories', () => {
    expect(
      ['/sports', '/esports', '/live', '/lott', '/elott', '/fish', '/pvp', '/rng'].map((p) => categoryOfPath(p)),
    ).toEqual(['SPORTS', 'ESPORTS', 'LIVE', 'LOTT', 'ELOTT', 'FISH', 'PVP', 'RNG']);
  });

  it('[SHELL-17] sub-paths keep their category; other paths have none', () => {
    expect(categoryOfPath('/rng/')).toBe('RNG');
    expect(categoryOfPath('/LIVE')).toBe('LIVE');
    expect(categoryOfPath('/fish/table')).toBe('FISH');
    expect(categoryOfPath('/')).toBeNull();
    expect(categoryOfPath('/promotions')).toBeNull();
    expect(categoryOfPath('/lottery')).toBeNull();
    expect(categoryOfPath('/constructor')).toBeNull();
  });

  it('[SHELL-20] the home paths share the index view; other views are keyed by full path', () => {
    for (const p of ['/', '/index', '/index.html', '/home', '/login', '/register']) expect(mainViewKey({ pathname: p, search: '' })).toBe('index');
    expect(mainViewKey({ pathname: '/rng', search: '?vassalage=PG' })).toBe('/rng?vassalage=PG');
    expect(isIndexViewPath('/live')).toBe(false);
  });

  it('[SHELL-21] the game pages are seamless and the lottery pages, however the path is cased', () => {
    for (const p of ['/seamless', '/lottery', '/vnLottery', '/vnlottery', '/seaLottery', '/sealottery']) expect(isGamePagePath(p)).toBe(true);
    expect(isGamePagePath('/live')).toBe(false);
  });

  it('[SHELL-14] member- and agent-center page URLs come from one configurable table', () => {
    expect(memberPageHref('depositv2')).toBe('/member?page=depositv2');
    expect(agentPageHref('agentHourSalary')).toBe('/agentHome?page=agentHourSalary');
    expect(paths.member.getHref('transactionHistory', 'deposit')).toBe('/member?page=transactionHistory&filter=deposit');
    expect(paths.help.getHref('term')).toBe('/help#term');
    expect(paths.rng.getHref('PG')).toBe('/rng?vassalage=PG');
  });

  it('the server answers the lobby and agent pages with the reads their first render needs: the paths the client names', () => {
    const categoryPaths = Object.keys(CATEGORY_BY_PREFIX).map((prefix) => `/${prefix}`);
    expect([...LOBBY_PAGE_PATHS].sort()).toEqual([...INDEX_VIEW_PATHS, ...categoryPaths].sort());
    expect([...AGENT_PAGE_PATHS].sort()).toEqual([...AGENT_VIEW_PATHS].sort());
    expect(AGENT_LOGIN_PATH).toBe(paths.agent.path);
  });
});
