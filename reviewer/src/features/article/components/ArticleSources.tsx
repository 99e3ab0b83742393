import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { sourceAnchor, sourceLabel, type ArticleSource } from '../utils/sources';

/** The numbered "Sources" list at the end of the article: each source's title (or domain), opened in a new tab. */
export function ArticleSources({ sources }: { sources: readonly ArticleSource[] }) {
  const { t } = useTranslation(NS);
  if (sources.length === 0) return null;
  return (
    <section className="cv-sources" aria-labelledby="cv-sources-title" data-testid="article-sources">
      <h2 id="cv-sources-title" className="cv-sources-title">
        {t('sources.title')}
      </h2>
      <ol className="cv-sources-list">
        {sources.map((source) => (
          <li key={source.n} id={sourceAnchor(source.n)} value={source.n} data-testid="article-source" data-n={source.n}>
            <span className="cv-sources-n" aria-hidden>
              [{source.n}]
            </span>
            <a href={source.url} target="_blank" rel="noopener noreferrer nofollow" className="cv-sources-link">
              {sourceLabel(source)}
              <span className="cv-visually-hidden"> {t('sources.newTab')}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
