/**
 * The HTML Content viewer (docs/product-rules.md#screens, docs/product-rules.md#states): rendered / code toggle; in code view an Edit
 * button; while editing, Cancel and Modify. The rendered view is the article HTML sanitized by
 * DOMPurify (@citable/shared/article-html); the code view and the editor are CodeMirror (lazy chunk).
 */
import { lazy, Suspense, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Box, Button, Group, SegmentedControl, Stack, Text, Tooltip, Typography } from '@mantine/core';
import { IconCode, IconDeviceFloppy, IconEye, IconPencil, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PageVersion } from '@citable/shared';
import { ScreenLoader } from '../../../components/ScreenLoader';
import { NS } from '../i18n';
import { sanitizeArticleHtml } from '@citable/shared/article-html';
import { ARTICLE_MAX_CHARS, articleLength, canEdit, canToggleView, type ViewerState } from '../utils/versions';

const CodeEditor = lazy(() => import('./CodeEditor'));

/** Past this many characters the rendered view is sanitized after the screen has painted. */
const LARGE_HTML = 100_000;

/**
 * The HTML sanitized for the rendered view; null while a large one is still being sanitized.
 * A small article is sanitized during the render, as before. A large one (2 MB) never is: its
 * sanitizing runs once, outside React's render, in a task queued after the screen has painted, and its
 * result is stored in state. (In a deferred render it would run again each time another update —
 * the actions list's polling, a click — restarts the render, and could never finish on a busy
 * machine.) Leaving the version (another row, the toggle) unmounts this and drops the result.
 */
function useSanitizedHtml(html: string): string | null {
  const isLarge = html.length > LARGE_HTML;
  const small = useMemo(() => (isLarge ? null : sanitizeArticleHtml(html)), [html, isLarge]);
  const [large, setLarge] = useState<{ html: string; safe: string } | null>(null);
  useEffect(() => {
    if (!isLarge) return undefined;
    // effects run once the screen has painted; the timeout lets pending input be handled first
    const timer = window.setTimeout(() => setLarge({ html, safe: sanitizeArticleHtml(html) }), 0);
    return () => window.clearTimeout(timer);
  }, [html, isLarge]);
  if (!isLarge) return small;
  return large && large.html === html ? large.safe : null;
}

function RenderedArticle({ html }: { html: string }) {
  const { t } = useTranslation(NS);
  const safe = useSanitizedHtml(html);
  if (safe === null) return <ScreenLoader label={t('viewer.preparing')} />;
  return (
    <Typography>
      <Box
        className="citable-article"
        data-testid="html-rendered"
        // sanitized by DOMPurify just above (scripts, handlers, javascript: URLs, frames, base, forms, styles removed)
        dangerouslySetInnerHTML={{ __html: safe }}
        style={{ overflowWrap: 'anywhere', maxHeight: 720, overflowY: 'auto', paddingRight: 8 }}
        tabIndex={0}
      />
    </Typography>
  );
}

export interface HtmlContentViewerProps {
  version: PageVersion;
  state: ViewerState;
  onModeChange: (mode: ViewerState['mode']) => void;
  onEditingChange: (editing: boolean) => void;
  /** saves the edited HTML as a new version; resolves when saved */
  onSave: (html: string) => Promise<void>;
  isSaving: boolean;
  /** shown in place of the content while comparing (the toggle stays, disabled) */
  comparePanel?: ReactNode;
  /** the HTML being edited, at each change (null when editing stops): the live content score */
  onDraftChange?: (html: string | null) => void;
  /**
   * The draft the screen kept (from onDraftChange), for a viewer mounted again while editing: the
   * versions screen moves the viewer when the window crosses its two-column width, and the text being
   * edited must survive that.
   */
  initialDraft?: string | null;
}

export function HtmlContentViewer({ version, state, onModeChange, onEditingChange, onSave, isSaving, comparePanel, onDraftChange, initialDraft }: HtmlContentViewerProps) {
  const { t, i18n } = useTranslation(NS);
  const html = version.html_content ?? '';
  const [draft, setDraft] = useState<{ versionId: string; html: string } | null>(() =>
    state.editing && initialDraft != null ? { versionId: version.id, html: initialDraft } : null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const draftHtml = draft && draft.versionId === version.id ? draft.html : html;
  const toggleDisabled = !canToggleView(state);

  const startEdit = () => {
    setDraft({ versionId: version.id, html });
    setProblem(null);
    onEditingChange(true);
    onDraftChange?.(html);
  };
  const cancel = () => {
    setDraft(null);
    setProblem(null);
    onEditingChange(false);
    onDraftChange?.(null);
  };
  const save = async () => {
    if (draftHtml.trim() === '') return setProblem(t('viewer.emptyHtml'));
    if (draftHtml === html) return setProblem(t('viewer.unchanged'));
    const size = articleLength(draftHtml);
    if (size > ARTICLE_MAX_CHARS) {
      // the database refuses it (save_version_edit): say so before sending megabytes for nothing
      const number = new Intl.NumberFormat(i18n.language);
      return setProblem(t('viewer.tooLong', { size: number.format(size), max: number.format(ARTICLE_MAX_CHARS) }));
    }
    setProblem(null);
    try {
      await onSave(draftHtml);
      setDraft(null);
      onDraftChange?.(null);
    } catch {
      // the screen toasts 'Failed to save changes'; the draft stays for another try
    }
  };

  // a comparison is a diff of the HTML source: the toggle says Code while it is shown (locked), and comes
  // back to the reader's choice after (fresh-eyes audit 13, A14)
  const shownMode: ViewerState['mode'] = state.comparing ? 'code' : state.mode;
  const segmentStyle = (mode: ViewerState['mode']): CSSProperties =>
    shownMode === mode ? { color: 'var(--mantine-color-white)', fontWeight: 700 } : { color: 'var(--mantine-color-gray-8)' };
  const toggle = (
    <SegmentedControl
      aria-label={t('viewer.viewLabel')}
      value={shownMode}
      onChange={(value) => onModeChange(value as ViewerState['mode'])}
      disabled={toggleDisabled}
      // the active segment filled, white text: which view is on reads at a glance, even while locked (audit P9)
      color="brand.7"
      styles={{ label: { color: 'inherit' } }}
      data-testid="view-toggle"
      data-active-mode={shownMode}
      data={[
        {
          value: 'rendered',
          label: (
            <Group gap={6} wrap="nowrap" justify="center" style={segmentStyle('rendered')}>
              <IconEye size={16} aria-hidden />
              <span>{t('viewer.rendered')}</span>
            </Group>
          ),
        },
        {
          value: 'code',
          label: (
            <Group gap={6} wrap="nowrap" justify="center" style={segmentStyle('code')}>
              <IconCode size={16} aria-hidden />
              <span>{t('viewer.code')}</span>
            </Group>
          ),
        },
      ]}
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {toggleDisabled ? (
          <Tooltip label={t('viewer.toggleLocked')}>
            <div>{toggle}</div>
          </Tooltip>
        ) : (
          toggle
        )}
        {state.mode === 'code' && !state.editing && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={startEdit}
            disabled={!canEdit(state)}
          >
            {t('viewer.edit')}
          </Button>
        )}
        {state.editing && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconX size={16} />} onClick={cancel} disabled={isSaving}>
              {t('viewer.cancel')}
            </Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void save()} loading={isSaving}>
              {t('viewer.modify')}
            </Button>
          </Group>
        )}
      </Group>
      {problem && (
        <Alert color="orange" variant="light" role="alert" py="xs" data-testid="editor-problem">
          {problem}
        </Alert>
      )}
      {state.comparing ? (
        comparePanel
      ) : html === '' && !state.editing ? (
        <Text c="gray.7" py="lg" ta="center" data-testid="no-content">
          {t('viewer.noContent')}
        </Text>
      ) : state.mode === 'rendered' && !state.editing ? (
        <RenderedArticle html={html} />
      ) : (
        <Suspense fallback={<ScreenLoader label={t('viewer.loadingEditor')} />}>
          {state.editing ? (
            <CodeEditor
              key={`edit-${version.id}`}
              value={draftHtml}
              onChange={(value) => {
                setDraft({ versionId: version.id, html: value });
                onDraftChange?.(value);
              }}
              label={t('viewer.editorLabel')}
              autoFocus
            />
          ) : (
            <CodeEditor key={`read-${version.id}`} value={html} readOnly label={t('viewer.codeLabel')} />
          )}
        </Suspense>
      )}
    </Stack>
  );
}
