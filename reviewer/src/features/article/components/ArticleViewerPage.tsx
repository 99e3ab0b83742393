import '../i18n';
import './article.css';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig, showToast, type ArticleForView } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { NS } from '../i18n';
import { externalPaths, paths } from '../../../config/paths';
import { useArticle, useArticleViewContext, useSetCoverImage } from '../api/article';
import { assetUrl, coverImage, displayTitle, formatDate, isVersionId, readingMinutes, withoutRepeatedTitle } from '../utils/article';
import { markUnsupported } from '../utils/claims';
import { sanitizeArticleHtml } from '@citable/shared/article-html';
import { ReviewBar, ReviewPanel, useReview } from './ReviewPanel';
import { ChangesSection } from './ChangesSection';
import { ArticleLoading } from './ArticleLoading';
import { ArticleSources } from './ArticleSources';
import { linkCitations, listedSources, sourceLabel } from '../utils/sources';

// the dialogs (Mantine's Modal and what it brings) download when first opened, not with the article
const DemoArticleModal = lazy(() => import('./DemoArticleModal').then((m) => ({ default: m.DemoArticleModal })));
const SelectImageModal = lazy(() => import('./SelectImageModal').then((m) => ({ default: m.SelectImageModal })));

function backendUrl(): string {
  try {
    return getRuntimeConfig().supabaseUrl;
  } catch {
    return '';
  }
}

/**
 * The site the article belongs to, at the top of /view: its logo (alt: its name) and its name — the
 * client reads their own site's article, not a Citable page (docs/operator-desk.md).
 */
function SiteBrand({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!name && !logoUrl) return null;
  const showLogo = Boolean(logoUrl) && !broken;
  return (
    <div className="cv-site" data-testid="site-brand">
      {showLogo && (
        <img className="cv-site-logo" src={logoUrl as string} alt={name} data-testid="site-logo" onError={() => setBroken(true)} />
      )}
      {name && (
        <span className="cv-site-name" data-testid="site-name" aria-hidden={showLogo ? true : undefined} title={displayTitle(name) !== name ? name : undefined}>
          {/* a site named by its address (a claimed site): its host, not a slug broken mid-word (audit L10) */}
          {displayTitle(name)}
        </span>
      )}
    </div>
  );
}

function ArticleNotFound({ malformed, versionId }: { malformed: boolean; versionId: string }) {
  const { t } = useTranslation(NS);
  useEffect(() => {
    document.title = `${t('notFound.title')} · Citable`;
  }, [t]);
  return (
    <div className="cv-page" data-testid="article-not-found">
      <Stack maw={560} mx="auto" py={48} gap="md" align="flex-start">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dark.5">{malformed ? t('notFound.malformed') : t('notFound.text')}</Text>
        {versionId && (
          <Text size="sm" c="dark.4" style={{ overflowWrap: 'anywhere' }}>
            {t('notFound.reference', { path: paths.view(versionId) })}
          </Text>
        )}
        <Button component={Link} to={externalPaths.home()} color="indigo.8" leftSection={<IconArrowLeft size={16} aria-hidden />} data-testid="not-found-home">
          {t('notFound.home')}
        </Button>
      </Stack>
    </div>
  );
}

/** What useReview reads before the article is there (its result is not shown then). */
const PLACEHOLDER = {
  version: { id: '', page: 0, html_content: null, created_date: '', sent_in_revision: false, approved: false, comments_to_modify: null, client_comments: null },
  page: { id: 0, name: '', url: '', hide_cover_image_from_preview: false, hide_revisions_texts_from_preview: false },
  site: { name: '', logo_url: null },
  is_demo: false,
  cover_image_url: null,
  images: [],
  sources: [],
  unsupported_claims: 0,
  unsupported_sentences: [],
} satisfies ArticleForView;

/** The article viewer at /view/:versionId (docs/product-rules.md#screens): public, the link is the capability. */
export default function ArticleViewerPage() {
  const { t, i18n } = useTranslation(NS);
  const { versionId: rawId } = useParams();
  const versionId = isVersionId(rawId) ? rawId.toLowerCase() : null;
  const article = useArticle(versionId);
  const context = useArticleViewContext(versionId, article.isSuccess);
  const setCover = useSetCoverImage(versionId ?? '');
  const [demoOpen, setDemoOpen] = useState(false);
  const [imagesOpen, setImagesOpen] = useState(false);
  // once opened, a dialog stays mounted so that it can play its closing transition
  const [demoUsed, setDemoUsed] = useState(false);
  const [imagesUsed, setImagesUsed] = useState(false);
  const openDemo = () => {
    setDemoUsed(true);
    setDemoOpen(true);
  };

  const data = article.data;
  const name = data?.page.name ?? '';
  const sources = useMemo(() => listedSources(data?.sources), [data]);
  const { html, targets } = useMemo(() => {
    if (!data) return { html: '', targets: [] };
    const clean = sanitizeArticleHtml(withoutRepeatedTitle(data.version.html_content ?? '', data.page.name));
    // the blocks holding an unsupported claim, marked for the warning's links (audit L8)
    const marked = markUnsupported(clean, data.is_demo ? [] : (data.unsupported_sentences ?? []), t('unsupported.inText'));
    // each [n] of a listed source links to its entry in the Sources list
    return { html: linkCitations(marked.html, sources, (source) => t('sources.citation', { n: source.n, label: sourceLabel(source) })), targets: marked.targets };
  }, [data, sources, t]);

  const siteName = data?.site?.name?.trim() || '';
  // a page named by its address shows its host (audit L10): "fournil.fr", not "https://www.fournil.fr/pain-au-…"
  const title = displayTitle(name);
  useEffect(() => {
    // the page is the site's: its name, not Citable's, after the article's
    if (title) document.title = `${title} · ${siteName || 'Citable'}`;
  }, [title, siteName]);
  const review = useReview({ versionId: versionId ?? '', article: data ?? PLACEHOLDER, onDemo: openDemo });
  const cardRef = useRef<HTMLDivElement>(null);

  // the server's static copy (first paint) goes once this screen shows the article or a message
  const settled = !versionId || !article.isPending;
  useEffect(() => {
    if (settled) document.getElementById('cv-prerender')?.remove();
  }, [settled]);

  if (!versionId) return <ArticleNotFound malformed versionId={rawId ?? ''} />;
  if (article.isPending) {
    return (
      <div className="cv-page">
        <ArticleLoading />
      </div>
    );
  }
  if (article.isError) {
    if (isDataError(article.error) && article.error.kind === 'not_found') return <ArticleNotFound malformed={false} versionId={versionId} />;
    return (
      <div className="cv-page">
        <Alert maw={560} mx="auto" color="red" variant="light" title={t('loadError.title')} role="alert" data-testid="article-error">
          <Text size="sm" mb="sm">
            {dataErrorMessage(article.error, t)}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => void article.refetch()}>
            {t('loadError.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  const a = article.data;
  const backend = backendUrl();
  const cover = coverImage(a);
  const ctx = context.data ?? null;
  const lng = i18n.language;

  function changeImage() {
    if (a.is_demo) openDemo();
    else {
      setImagesUsed(true);
      setImagesOpen(true);
    }
  }

  function selectImage(imageId: number) {
    setCover.mutate(imageId, {
      onSuccess: () => {
        setImagesOpen(false);
        showToast({ color: 'teal', message: t('toast.imageUpdated') });
      },
      onError: (error) => {
        if (isDataError(error) && error.hint === 'demo_article') {
          setImagesOpen(false);
          openDemo();
        } else {
          showToast({ color: 'red', title: t('toast.imageFailed'), message: dataErrorMessage(error, t) });
        }
      },
    });
  }

  return (
    <article className="cv-page" data-testid="article-viewer" data-version-id={versionId} lang={undefined}>
      <SiteBrand name={a.site?.name ?? ''} logoUrl={a.site?.logo_url ? assetUrl(a.site.logo_url, backend) : null} />
      <div className="cv-layout">
        <header className="cv-header">
          <div className="cv-kicker">
            {a.is_demo ? (
              <Badge variant="outline" color="indigo.9" data-testid="demo-badge">
                {t('demo.badge')}
              </Badge>
            ) : null}
            {/* the review state is said once, in "Votre relecture" (audit L7) */}
            <span>{t('meta.readingTime', { count: readingMinutes(a.version.html_content ?? '') })}</span>
          </div>
          <Title order={1} className="cv-title" data-testid="article-title" title={title !== a.page.name ? a.page.name : undefined}>
            {title}
          </Title>
          <Text className="cv-byline">{t('meta.versionOf', { date: formatDate(a.version.created_date, lng) })}</Text>
        </header>

        {!a.is_demo && <ReviewBar review={review} cardRef={cardRef} />}

        <div className="cv-notices" data-print="hide">
          {ctx?.newer_version && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('newer.title')} data-testid="newer-version">
              <Text size="sm">{t('newer.text', { date: formatDate(ctx.newer_version.created_date, lng) })}</Text>
              <Anchor component={Link} to={paths.view(ctx.newer_version.id)} fw={600} size="sm" c="indigo.9">
                {t('newer.link')}
              </Anchor>
            </Alert>
          )}
          {ctx?.is_owner && ctx.site_id !== null && (
            <Anchor
              component={Link}
              to={externalPaths.pageVersions(ctx.site_id, a.page.id)}
              c="indigo.9"
              fw={600}
              size="sm"
              data-testid="owner-link"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
            >
              <IconArrowLeft size={16} aria-hidden />
              {t('owner.link')}
            </Anchor>
          )}
        </div>

        {!a.page.hide_cover_image_from_preview && (
          <div className="cv-cover">
            <div className="cv-cover-frame">
              {cover && (
                <img
                  className="cv-cover-img"
                  src={assetUrl(cover, backend)}
                  alt={t('images.coverAlt', { name: a.page.name })}
                  width={1200}
                  height={630}
                  fetchPriority="high"
                  data-testid="cover-image"
                />
              )}
              <Button
                className={cover ? 'cv-cover-change' : undefined}
                variant={cover ? 'white' : 'light'}
                color="dark"
                size="xs"
                leftSection={<IconPhoto size={16} aria-hidden />}
                onClick={changeImage}
                data-print="hide"
              >
                {t('actions.changeImage')}
              </Button>
            </div>
          </div>
        )}

        {ctx?.sent_back && !a.is_demo && (
          <div className="cv-changes" data-print="hide">
            <ChangesSection sentBack={ctx.sent_back} currentHtml={a.version.html_content ?? ''} />
          </div>
        )}

        <div className="cv-body">
          <div className="cv-prose" data-testid="article-body" dangerouslySetInnerHTML={{ __html: html }} />
          <ArticleSources sources={sources} />
        </div>

        <aside className="cv-panel" data-print="hide">
          <ReviewPanel review={review} targets={targets} cardRef={cardRef} />
        </aside>
      </div>

      <p className="cv-made-with" data-print="hide" data-testid="made-with">
        <Anchor component={Link} to={externalPaths.home()} size="sm" c="dark.4" aria-label={t('site.madeWithLabel')}>
          {t('site.madeWith')}
        </Anchor>
      </p>

      {review.dialogs}
      <Suspense fallback={null}>
        {(demoOpen || demoUsed) && <DemoArticleModal opened={demoOpen} onClose={() => setDemoOpen(false)} />}
        {(imagesOpen || imagesUsed) && (
          <SelectImageModal
            opened={imagesOpen}
            onClose={() => setImagesOpen(false)}
            images={a.images}
            currentUrl={cover}
            resolve={(url) => assetUrl(url, backend)}
            busy={setCover.isPending}
            onSelect={selectImage}
          />
        )}
      </Suspense>
    </article>
  );
}
