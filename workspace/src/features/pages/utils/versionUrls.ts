/** The text 'copy version URLs' puts on the clipboard (docs/data-model.md#calls "Other"). */

export interface SelectedPage {
  id: number;
  name: string;
}

/**
 * One line per page that has a version, in the order of `pages`: '- {page title} -- {host}/view/{versionId}'
 * with the page's latest version. Pages without a version are left out.
 */
export function versionUrlLines(pages: readonly SelectedPage[], latestVersionByPage: ReadonlyMap<number, string>, host: string): string[] {
  const origin = host.replace(/\/+$/, '');
  return pages.flatMap((page) => {
    const versionId = latestVersionByPage.get(page.id);
    return versionId ? [`- ${page.name} -- ${origin}/view/${encodeURIComponent(versionId)}`] : [];
  });
}

/** The latest version per page from versions sorted newest first (the first seen wins). */
export function latestByPage(versions: readonly { id: string; page: number }[]): Map<number, string> {
  const latest = new Map<number, string>();
  for (const version of versions) if (!latest.has(version.page)) latest.set(version.page, version.id);
  return latest;
}

/** What 'copy version URLs' did: how many lines were copied, and how many selected pages had no version to copy. */
export function copyOutcome(selectedCount: number, copiedCount: number): { copied: number; withoutVersion: number } {
  return { copied: copiedCount, withoutVersion: Math.max(0, selectedCount - copiedCount) };
}
