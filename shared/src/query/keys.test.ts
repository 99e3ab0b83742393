import { QueryClient, matchQuery } from '@tanstack/react-query';
import { queryKeys } from './keys';

/** Whether invalidating `filter` reaches a query of key `key` (TanStack's own prefix matching). */
function reaches(filter: readonly unknown[], key: readonly unknown[]): boolean {
  const client = new QueryClient();
  return matchQuery({ queryKey: filter }, client.getQueryCache().build(client, { queryKey: key }));
}

const sampleArgs = (name: string): unknown[] =>
  name === 'latest' ? [[2, 1]] : name === 'search' || name === 'byName' ? ['x'] : name === 'count' ? [{}] : [1, {}];

describe('queryKeys', () => {
  it('has the TkDodo shape: all → lists/details → list(params)/detail(id)', () => {
    expect(queryKeys.sites.all).toEqual(['sites']);
    expect(queryKeys.sites.lists()).toEqual(['sites', 'list']);
    expect(queryKeys.sites.list()).toEqual(['sites', 'list', {}]);
    expect(queryKeys.sites.detail(7)).toEqual(['sites', 'detail', 7]);
    expect(queryKeys.locations.countries()).toEqual(['locations', 'countries']);
    expect(queryKeys.locations.languages(3)).toEqual(['locations', 'languages', { countryId: 3 }]);
    expect(queryKeys.pages.list(7, { search: 'seo', page: 2 })).toEqual(['pages', 'list', { siteId: 7, search: 'seo', page: 2 }]);
    expect(queryKeys.pages.lists(7)).toEqual(['pages', 'list', { siteId: 7 }]);
    expect(queryKeys.pages.detail(12)).toEqual(['pages', 'detail', 12]);
    expect(queryKeys.pageVersions.list(12)).toEqual(['pageVersions', 'list', { pageId: 12 }]);
    expect(queryKeys.pageVersions.detail('0b9e…')).toEqual(['pageVersions', 'detail', '0b9e…']);
    expect(queryKeys.keywords.list(12)).toEqual(['keywords', 'list', { pageId: 12 }]);
    expect(queryKeys.keywords.search('  SEO Local ')).toEqual(['keywords', 'search', 'seo local']);
    expect(queryKeys.serps.list(4, 7)).toEqual(['serps', 'list', { keywordId: 4, siteId: 7 }]);
    expect(queryKeys.serps.count({ siteId: 7, ownSite: true })).toEqual(['serps', 'count', { siteId: 7, ownSite: true }]);
    expect(queryKeys.llmAnswers.list(12)).toEqual(['llmAnswers', 'list', { pageId: 12 }]);
    expect(queryKeys.images.list(12, 'proposition')).toEqual(['images', 'list', { pageId: 12, type: 'proposition' }]);
    expect(queryKeys.toneArticles.groups()).toEqual(['toneArticles', 'list', { groupsOnly: true }]);
    expect(queryKeys.pageActions.list(12, 3)).toEqual(['pageActions', 'list', { pageId: 12, actionId: 3 }]);
    expect(queryKeys.statuses.list()).toEqual(['statuses', 'list']);
    expect(queryKeys.actions.byName('serps')).toEqual(['actions', 'byName', 'serps']);
  });

  it('every key of a domain starts with its `all`, and the domains do not overlap', () => {
    const domains = Object.entries(queryKeys);
    const firsts = domains.map(([, keys]) => keys.all[0]);
    expect(new Set(firsts).size).toBe(domains.length);
    for (const [, keys] of domains) {
      for (const [name, make] of Object.entries(keys)) {
        if (typeof make !== 'function') continue;
        const key = (make as (...args: unknown[]) => readonly unknown[])(...sampleArgs(name));
        expect([name, key[0]]).toEqual([name, keys.all[0]]);
      }
    }
  });

  it('prefixes reach what they should, and only that', () => {
    const siteSevenPage2 = queryKeys.pages.list(7, { page: 2, search: 'x' });
    expect(reaches(queryKeys.pages.all, siteSevenPage2)).toBe(true);
    expect(reaches(queryKeys.pages.lists(), siteSevenPage2)).toBe(true);
    expect(reaches(queryKeys.pages.lists(7), siteSevenPage2)).toBe(true);
    expect(reaches(queryKeys.pages.lists(8), siteSevenPage2)).toBe(false);
    expect(reaches(queryKeys.pages.lists(7), queryKeys.pages.detail(7))).toBe(false);
    expect(reaches(queryKeys.sites.all, siteSevenPage2)).toBe(false);
    expect(reaches(queryKeys.images.lists(12), queryKeys.images.list(12, 'example'))).toBe(true);
    expect(reaches(queryKeys.toneArticles.lists(), queryKeys.toneArticles.groups())).toBe(true);
  });

  it('the latest versions of a list of pages do not depend on the order of the ids', () => {
    expect(queryKeys.pageVersions.latest([3, 1, 2])).toEqual(queryKeys.pageVersions.latest([1, 2, 3]));
  });
});
