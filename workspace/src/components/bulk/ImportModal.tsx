import './i18n';
import { useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from './i18n';
import { useImportKeywords, useImportPages } from './api';
import { ImportPreview } from './ImportPreview';
import {
  MAX_KEYWORD_ROWS,
  MAX_PAGE_ROWS,
  countStates,
  mergeOutcome,
  parseKeywordImport,
  parseKeywordList,
  parsePageImport,
  type ImportOutcome,
  type ImportRow,
  type ImportSource,
  type PreviewRow,
} from './importRows';

export type ImportKind = 'pages' | 'keywordsPage' | 'keywordsSite';

export interface ImportModalProps {
  opened: boolean;
  kind: ImportKind;
  siteId: number;
  siteUrl?: string | null;
  /** the page whose keywords are imported (kind keywordsPage) */
  pageId?: number | null;
  /** the page statuses to choose from for the created pages (kind pages) */
  statuses?: readonly { id: number; label: string }[];
  onClose: () => void;
}

const MODAL_STYLES = { root: { '--mantine-color-error': 'var(--mantine-color-red-8)', '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } };

/**
 * An import in two steps (issue 32): the input (a CSV file or pasted text), then a preview of what
 * will be created, what is already there, the duplicates and the rows in error with their reason
 * (the file's rules here, the database's answer to a dry run), then ONE request that creates.
 */
export function ImportModal({ opened, kind, siteId, siteUrl, pageId = null, statuses, onClose }: ImportModalProps) {
  const { t, i18n } = useTranslation(NS);
  const pagesImport = useImportPages(siteId);
  const keywordsImport = useImportKeywords(siteId, kind === 'keywordsPage' ? pageId : null);
  const [source, setSource] = useState<ImportSource>(kind === 'keywordsPage' ? 'paste' : 'csv');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [preview, setPreview] = useState<PreviewRow[] | null>(null);
  const [isReading, setIsReading] = useState(false);

  const isPages = kind === 'pages';
  const max = isPages ? MAX_PAGE_ROWS : MAX_KEYWORD_ROWS;
  const isPending = pagesImport.isPending || keywordsImport.isPending || isReading;
  const statusId = status === null ? null : Number(status);

  const run = (input: readonly ImportRow[], dryRun: boolean): Promise<ImportOutcome> =>
    isPages ? pagesImport.mutateAsync({ rows: input, dryRun, status: statusId }) : keywordsImport.mutateAsync({ rows: input, dryRun });

  const reset = () => {
    setFile(null);
    setText('');
    setError(null);
    setRows(null);
    setPreview(null);
    setStatus(null);
  };
  const close = () => {
    if (isPending) return;
    reset();
    onClose();
  };

  const readInput = async (): Promise<string> => (source === 'csv' && kind !== 'keywordsPage' ? ((await file?.text()) ?? '') : text);

  const parse = (input: string): ImportRow[] => {
    if (kind === 'pages') return parsePageImport(input, source, siteUrl);
    if (kind === 'keywordsSite') return parseKeywordImport(input, source, siteUrl);
    return parseKeywordList(input);
  };

  const startPreview = async () => {
    setError(null);
    setIsReading(true);
    let parsed: ImportRow[];
    try {
      parsed = parse(await readInput());
    } catch (readError) {
      console.error('[bulk] cannot read the import', readError);
      setError(t('readError'));
      setIsReading(false);
      return;
    }
    setIsReading(false);
    if (parsed.length === 0) return setError(t('empty'));
    if (parsed.length > max) return setError(t('tooMany', { max: max.toLocaleString(i18n.language), count: parsed.length.toLocaleString(i18n.language) }));
    try {
      const outcome = await run(parsed, true);
      setRows(parsed);
      setPreview(mergeOutcome(parsed, outcome));
    } catch (previewError) {
      setError(`${t('previewError')} ${dataErrorMessage(previewError, t)}`);
    }
  };

  const commit = async () => {
    if (!rows) return;
    setError(null);
    try {
      const outcome = await run(rows, false);
      const created = t(isPages ? 'pages.created' : 'keywords.created', { count: outcome.created });
      const skipped = rows.length - outcome.created;
      showToast({ color: 'teal', title: created, message: skipped > 0 ? t('skipped', { count: skipped }) : '' });
      reset();
      onClose();
    } catch (importError) {
      setError(`${t('importError')} ${dataErrorMessage(importError, t)}`);
    }
  };

  const counts = preview ? countStates(preview) : null;
  const title = isPages ? t('pages.title') : t('keywords.title');
  const intro = isPages ? t('pages.intro') : kind === 'keywordsSite' ? t('keywords.introSite') : t('keywords.introPage');
  const canPreview = source === 'csv' && kind !== 'keywordsPage' ? file !== null : text.trim() !== '';

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={MODAL_STYLES}
      data-testid="import-modal"
    >
      <Stack gap="md">
        {preview === null ? (
          <>
            <Text size="sm">{intro}</Text>
            {kind !== 'keywordsPage' && (
              <SegmentedControl
                aria-label={t('source.label')}
                value={source}
                onChange={(value) => setSource(value as ImportSource)}
                data={[
                  { value: 'csv', label: t('source.file') },
                  { value: 'paste', label: t('source.paste') },
                ]}
                data-testid="import-source"
              />
            )}
            {source === 'csv' && kind !== 'keywordsPage' ? (
              <FileInput
                label={t('file.label')}
                description={isPages ? t('pages.fileDescription') : t('keywords.fileDescription')}
                placeholder={t('file.placeholder')}
                accept=".csv,.tsv,.txt,text/csv,text/plain"
                leftSection={<IconFileTypeCsv size={18} aria-hidden />}
                value={file}
                onChange={setFile}
                clearable
                clearButtonProps={{ 'aria-label': t('file.clear') }}
                data-testid="import-file"
              />
            ) : (
              <Textarea
                label={isPages ? t('pages.pasteLabel') : kind === 'keywordsSite' ? t('keywords.pasteCsvLabel') : t('keywords.pasteLabel')}
                description={isPages ? t('pages.pasteDescription') : kind === 'keywordsSite' ? t('keywords.pasteCsvDescription') : t('keywords.pasteDescription')}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                // a fixed height: autosize measures the whole text on every render (a pasted list of 1,000 URLs)
                rows={8}
                resize="vertical"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
                data-testid="import-text"
              />
            )}
            {isPages && statuses && statuses.length > 0 && (
              <Select
                label={t('pages.status')}
                data={statuses.map((s) => ({ value: String(s.id), label: s.label }))}
                value={status ?? String(statuses[0]?.id ?? '')}
                onChange={setStatus}
                allowDeselect={false}
                checkIconPosition="right"
                w={{ base: '100%', xs: 260 }}
                data-testid="import-status"
              />
            )}
          </>
        ) : (
          <ImportPreview rows={preview} kind={kind} />
        )}

        {error && (
          <Alert color="red.8" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="import-error">
            {error}
          </Alert>
        )}
        {counts && counts.create === 0 && (
          <Text size="sm" fw={600} data-testid="import-nothing">
            {t('nothingToCreate')}
          </Text>
        )}

        <Group justify="flex-end" gap="sm">
          {preview === null ? (
            <>
              <Button variant="default" onClick={close} disabled={isPending}>
                {t('cancel')}
              </Button>
              <Button onClick={() => void startPreview()} disabled={!canPreview} loading={isPending} data-testid="import-preview-button">
                {t('preview')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="default"
                onClick={() => {
                  setPreview(null);
                  setRows(null);
                  setError(null);
                }}
                disabled={isPending}
              >
                {t('back')}
              </Button>
              <Button onClick={() => void commit()} disabled={!counts || counts.create === 0} loading={isPending} data-testid="import-commit">
                {t(isPages ? 'pages.commit' : 'keywords.commit', { count: counts?.create ?? 0 })}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
