/**
 * A stored URL as a link the screens may open: its http(s) href, or null. URLs of sources, SERP
 * results and competitors are third-party text: a javascript: or data: URL is shown as text, never
 * as a link.
 */
export function webLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Whether a stored URL may be opened as a link (http(s) only). */
export const isWebUrl = (url: string | null | undefined): boolean => webLink(url) !== null;
