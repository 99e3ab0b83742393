/**
 * Why a competitor page was not read, in the user's language. The worker stores a short English
 * reason on the source (BriefSource.error, worker/src/engine/research.ts fetchFailure/readPage):
 * the known shapes are recognised here and translated with their details; anything else is shown
 * as recorded.
 */
export type SourceReason =
  | { code: 'http'; status: string }
  | { code: 'notHtml'; type: string }
  | { code: 'notHtmlFile'; extension: string }
  | { code: 'timeout'; seconds: number }
  | { code: 'address' | 'redirects' | 'dns' | 'scheme' }
  | { code: 'unparsable' }
  | { code: 'tooShort'; words: number }
  | { code: 'none' }
  | { code: 'other'; text: string };

const FIXED: Record<string, SourceReason['code']> = {
  'refused address (not public)': 'address',
  'too many redirects': 'redirects',
  'unknown host': 'dns',
  'not an http(s) URL': 'scheme',
};

export function sourceReason(error: string | null | undefined): SourceReason {
  const text = (error ?? '').trim();
  if (!text) return { code: 'none' };
  const fixed = FIXED[text];
  if (fixed) return { code: fixed } as SourceReason;
  let match = /^HTTP (\d{3}|error)$/.exec(text);
  if (match) return { code: 'http', status: match[1] === 'error' ? '' : match[1] };
  match = /^not HTML \(\.([\w-]{1,10}) file\)$/.exec(text);
  if (match) return { code: 'notHtmlFile', extension: match[1] };
  match = /^not HTML \((.+)\)$/.exec(text);
  if (match) return { code: 'notHtml', type: match[1] === 'another type' ? '' : match[1] };
  match = /^no answer within (\d+(?:\.\d+)?) s$/.exec(text);
  if (match) return { code: 'timeout', seconds: Number(match[1]) };
  if (/^could not be parsed\b/.test(text)) return { code: 'unparsable' };
  match = /^too little text \((\d+) words?\)$/.exec(text);
  if (match) return { code: 'tooShort', words: Number(match[1]) };
  return { code: 'other', text };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The reason as a sentence fragment of the user's language (after « Raison : »). */
export function sourceReasonText(error: string | null | undefined, t: Translate, language: string): string {
  const reason = sourceReason(error);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  switch (reason.code) {
    case 'http':
      return reason.status ? t('sources.reasons.http', { status: reason.status }) : t('sources.reasons.httpUnknown');
    case 'notHtml':
      return reason.type ? t('sources.reasons.notHtml', { type: reason.type }) : t('sources.reasons.notHtmlUnknown');
    case 'notHtmlFile':
      return t('sources.reasons.notHtmlFile', { extension: reason.extension.toUpperCase() });
    case 'timeout':
      return t('sources.reasons.timeout', { seconds: number.format(reason.seconds) });
    case 'tooShort':
      return t('sources.reasons.tooShort', { count: reason.words, formatted: number.format(reason.words) });
    case 'none':
      return t('sources.noReason');
    case 'other':
      return reason.text;
    default:
      return t(`sources.reasons.${reason.code}`);
  }
}
