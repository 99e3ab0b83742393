/**
 * The routes of the reviewer remote (spec/app.md §2), as a typed table. The shell mounts this remote
 * on /view/*; a new screen there is a release of this remote alone.
 */
export const patterns = {
  view: '/view/:versionId',
} as const;

export const paths = {
  view: (versionId: string) => `/view/${encodeURIComponent(versionId)}`,
} as const;
