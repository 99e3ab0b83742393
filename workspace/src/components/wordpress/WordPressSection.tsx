/**
 * The site's WordPress connection (issue 31, docs/worker.md#publishing-to-wordpress), a collapsible
 * section of the site detail: address, username and application password (sealed in the browser with
 * the worker's public key, write-only), the plain-http confirmation, automatic publishing; the
 * worker's test polled until it answers, with what it found (site, user, rights, SEO plugin).
 */
import './i18n';
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Collapse, Group, List, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAlertTriangle, IconBrandWordpress, IconCheck, IconChevronDown, IconChevronRight, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage, isDataError } from '@citable/shared/data';
import { ConfirmDeleteModal } from '../ConfirmDeleteModal';
import { LoadErrorAlert } from '../LoadErrorAlert';
import { usePublicKey, useConnection, useSaveConnection, useDeleteConnection } from './api';
import { WORDPRESS_ANCHOR, connectionState, failureKey, isPlainHttp, isWordPressUrl, refusalKey, type ConnectionFound, type ConnectionState, type WordPressConnection } from './connection';
import { NS } from './i18n';
import { sealPassword, SealError } from './seal';

/** Mantine's dimmed grey is under 4.5:1 on white: a darker grey for descriptions (WCAG AA). */
const READABLE = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' } as CSSProperties;

/** Alert titles and links on the light tints: dark text (Mantine's light-variant colour is under AA there). */
const ON_TINT = { title: { color: 'var(--mantine-color-dark-8)' } };

/** The test's success: a white box with a teal edge (the mint fill was loud for a steady state, audit W8). */
const OK_STYLES = { root: { background: 'var(--mantine-color-white)', borderColor: 'var(--mantine-color-teal-6)' }, title: { color: 'var(--mantine-color-dark-8)' }, message: { color: 'var(--mantine-color-dark-8)' } };

/** The placeholder of a stored password: darker than Mantine's (it says something: a password is stored). */
const STORED_PLACEHOLDER = { input: { '--input-placeholder-color': 'var(--mantine-color-gray-7)' } as CSSProperties };

const STATE_COLOR: Record<ConnectionState, string> = { none: 'gray', testing: 'blue', ok: 'teal', failed: 'red', error: 'red' };

export function WordPressSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation(NS);
  const location = useLocation();
  const linked = location.hash === WORDPRESS_ANCHOR;
  const [opened, setOpened] = useState(linked);
  const sectionRef = useRef<HTMLElement>(null);
  const bodyId = useId();
  const connection = useConnection(siteId);
  const state = connectionState(connection.data);

  // opened from a publish panel's link: open (during render, as React advises) and scroll to it
  const [wasLinked, setWasLinked] = useState(linked);
  if (linked !== wasLinked) {
    setWasLinked(linked);
    if (linked) setOpened(true);
  }
  useEffect(() => {
    if (linked) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [linked]);

  return (
    <Paper ref={sectionRef} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" id="wordpress" aria-labelledby={`${bodyId}-title`} data-testid="wordpress-section" style={READABLE}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {/* the accordion pattern: the heading holds the button that folds the section */}
        <Title order={2} size="h4" id={`${bodyId}-title`} style={{ flex: '1 1 auto' }}>
          <UnstyledButton
            onClick={() => setOpened((v) => !v)}
            aria-expanded={opened}
            aria-controls={bodyId}
            data-testid="wordpress-toggle"
            style={{ borderRadius: 4, font: 'inherit', display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 32 }}
          >
            {opened ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
            <IconBrandWordpress size={22} aria-hidden color="var(--mantine-color-indigo-7)" />
            {t('section.title')}
          </UnstyledButton>
        </Title>
        {connection.isSuccess && (
          <Badge
            variant="outline"
            color={STATE_COLOR[state]}
            styles={{ label: { color: `var(--mantine-color-${STATE_COLOR[state]}-9)` } }}
            leftSection={state === 'testing' ? <Loader size={10} color="blue" /> : undefined}
            data-testid="wordpress-state"
            data-state={state}
          >
            {t(`section.status.${state}`)}
          </Badge>
        )}
      </Group>
      <Collapse expanded={opened} id={bodyId}>
        <Stack gap="md" mt="md">
          <Text size="sm" c="gray.7">
            {t('section.intro')}
          </Text>
          {connection.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t('test.testing')}</Text>
            </Group>
          ) : connection.isError ? (
            <LoadErrorAlert title={t('section.loadError')} detail={dataErrorMessage(connection.error, t)} retryLabel={t('section.retry')} query={connection} />
          ) : (
            <ConnectionBody siteId={siteId} connection={connection.data} />
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}

function ConnectionBody({ siteId, connection }: { siteId: number; connection: WordPressConnection | null }) {
  const { t } = useTranslation(NS);
  const publicKey = usePublicKey();
  const [isDeleting, setIsDeleting] = useState(false);
  const remove = useDeleteConnection(siteId);

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setIsDeleting(false);
        showToast({ color: 'teal', message: t('delete.done') });
      },
      onError: (error) => showToast({ color: 'red', title: t('delete.error'), message: refusalText(error, t) }),
    });

  const notConfigured = publicKey.isSuccess && publicKey.data === null;
  return (
    <>
      <ConnectionStatus connection={connection} />
      {notConfigured && (
        <Alert color="yellow" variant="light" role="status" styles={ON_TINT} icon={<IconInfoCircle size={18} />} title={t('section.notConfiguredTitle')} data-testid="wordpress-not-configured">
          <Text size="sm">{t('section.notConfigured')}</Text>
        </Alert>
      )}
      {/* a remount after each test: the stored values again, the password field empty */}
      {!notConfigured && <ConnectionForm key={connection?.updated_at ?? 'new'} siteId={siteId} connection={connection} />}
      {connection && (
        <Group>
          <Button variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setIsDeleting(true)} data-testid="wordpress-delete">
            {t('form.delete')}
          </Button>
        </Group>
      )}
      <ConfirmDeleteModal
        opened={isDeleting}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        closeLabel={t('delete.close')}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setIsDeleting(false)}
      >
        <Text size="sm">{t('delete.body')}</Text>
      </ConfirmDeleteModal>
    </>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A refusal by its hint in the user's language, else the data layer's sentence. */
function refusalText(error: unknown, t: Translate) {
  const key = isDataError(error) ? refusalKey(error.hint) : null;
  return key ? t(key) : dataErrorMessage(error, t);
}

interface FormValues {
  url: string;
  username: string;
  password: string;
  plainHttpConfirmed: boolean;
  autoPublish: boolean;
}

const FIELD_OF_HINT: Record<string, keyof FormValues> = { wp_url: 'url', plain_http: 'plainHttpConfirmed', username: 'username', password: 'password' };

function ConnectionForm({ siteId, connection }: { siteId: number; connection: WordPressConnection | null }) {
  const { t } = useTranslation(NS);
  const publicKey = usePublicKey();
  const save = useSaveConnection(siteId);
  const [formError, setFormError] = useState<string | null>(null);
  const hasPassword = Boolean(connection?.has_password);
  const testing = connectionState(connection) === 'testing';
  const form = useForm<FormValues>({
    initialValues: {
      url: connection?.pending?.wp_url ?? connection?.wp_url ?? '',
      username: connection?.pending?.username ?? connection?.username ?? '',
      password: '',
      plainHttpConfirmed: Boolean(connection?.plain_http_confirmed),
      autoPublish: Boolean(connection?.auto_publish),
    },
    validate: {
      url: (v) => (!v.trim() ? t('form.required') : isWordPressUrl(v) ? null : t('form.invalidUrl')),
      username: (v) => (v.trim() ? null : t('form.required')),
      plainHttpConfirmed: (v, values) => (isPlainHttp(values.url) && !v ? t('refusal.plain_http') : null),
    },
  });

  const submit = async (values: FormValues, withPassword: boolean) => {
    setFormError(null);
    if (withPassword && !values.password && !hasPassword) {
      form.setFieldError('password', t('form.passwordRequired'));
      return;
    }
    let sealed: string | null = null;
    let kid: string | null = null;
    if (withPassword && values.password) {
      try {
        const key = publicKey.data ?? (await publicKey.refetch()).data;
        if (!key) throw new SealError('no public key');
        sealed = await sealPassword(values.password, key);
        kid = key.kid;
      } catch (error) {
        setFormError(error instanceof SealError ? t('form.sealError') : dataErrorMessage(error, t));
        return;
      }
    }
    try {
      await save.mutateAsync({ siteId, url: values.url, username: values.username, passwordSealed: sealed, kid, plainHttpConfirmed: values.plainHttpConfirmed, autoPublish: values.autoPublish });
      form.setFieldValue('password', '');
      showToast({ color: 'teal', message: t('form.saved') });
    } catch (error) {
      const hint = isDataError(error) ? error.hint : undefined;
      const field = hint ? FIELD_OF_HINT[hint] : undefined;
      const text = refusalText(error, t);
      if (field) form.setFieldError(field, text);
      else setFormError(text);
      // a key that changed since the page loaded: the next try seals with the new one
      if (hint === 'password') void publicKey.refetch();
    }
  };

  const busy = save.isPending || testing;
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values, true))} noValidate data-testid="wordpress-form">
      <Stack gap="sm">
        <TextInput
          label={t('form.url')}
          description={t('form.urlHint')}
          placeholder="https://"
          required
          type="url"
          autoComplete="url"
          data-testid="wordpress-url"
          {...form.getInputProps('url')}
        />
        <TextInput label={t('form.username')} description={t('form.usernameHint')} required autoComplete="off" data-testid="wordpress-username" {...form.getInputProps('username')} />
        <PasswordInput
          label={t('form.password')}
          description={
            <>
              {t('form.passwordHint')}
              {hasPassword && ` ${t('form.passwordKeep')}`}
            </>
          }
          placeholder={hasPassword ? t('form.passwordStored') : undefined}
          styles={STORED_PLACEHOLDER}
          required={!hasPassword}
          autoComplete="new-password"
          data-testid="wordpress-password"
          {...form.getInputProps('password')}
        />
        {(isPlainHttp(form.values.url) || form.values.plainHttpConfirmed) && (
          // a security warning, not an ordinary option: amber, with its icon (audit W9)
          <Alert color="yellow" variant="light" styles={ON_TINT} icon={<IconAlertTriangle size={18} aria-hidden />} p="sm" data-testid="wordpress-plain-http-warning">
            <Checkbox label={t('form.plainHttp')} color="orange.8" styles={{ label: { color: 'var(--mantine-color-dark-8)' } }} data-testid="wordpress-plain-http" {...form.getInputProps('plainHttpConfirmed', { type: 'checkbox' })} />
          </Alert>
        )}
        <Checkbox label={t('form.autoPublish')} description={t('form.autoPublishHint')} data-testid="wordpress-auto-publish" {...form.getInputProps('autoPublish', { type: 'checkbox' })} />
        {formError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="wordpress-form-error">
            {formError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={testing} data-testid="wordpress-save">
            {t('form.save')}
          </Button>
          {hasPassword && (
            <Button
              variant="default"
              disabled={busy}
              onClick={() => {
                if (!form.validate().hasErrors) void submit(form.values, false);
              }}
              data-testid="wordpress-test"
            >
              {t('form.test')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The last test: being run, its failure with the text of its code, or what it found. */
function ConnectionStatus({ connection }: { connection: WordPressConnection | null }) {
  const { t, i18n } = useTranslation(NS);
  const state = connectionState(connection);
  if (!connection || state === 'none') return null;
  if (state === 'testing') {
    return (
      <Group gap="xs" role="status" data-testid="wordpress-testing">
        <Loader size="xs" />
        <Text size="sm">{t('test.testing')}</Text>
      </Group>
    );
  }
  if (state === 'error') {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="wordpress-request-error">
        {t('test.requestError', { message: connection.pending?.error ?? '' })}
      </Alert>
    );
  }
  const tested = connection.tested_at ? t('test.testedAt', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(connection.tested_at)) }) : null;
  if (state === 'failed') {
    const failure = failureKey(connection.test_status);
    return (
      <Alert color="red" styles={ON_TINT} icon={<IconAlertCircle size={18} />} title={t('test.failedTitle')} data-testid="wordpress-test-failed" data-code={connection.test_status ?? ''}>
        <Text size="sm" data-testid="wordpress-failure">
          {t(failure.key, failure.params)}
        </Text>
        {tested && (
          <Text size="xs" c="gray.8" mt={4}>
            {tested}
          </Text>
        )}
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="outline" styles={OK_STYLES} icon={<IconCheck size={18} />} title={t('test.okTitle')} data-testid="wordpress-test-ok">
      <FoundDetails found={connection.found ?? {}} url={connection.wp_url} />
      {tested && (
        <Text size="xs" c="gray.8" mt={6}>
          {tested}
        </Text>
      )}
    </Alert>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      <Text span fw={600} size="sm">
        {label}
      </Text>
      {' '}
      {children}
    </Text>
  );
}

const CAPABILITIES = ['publish_posts', 'publish_pages', 'upload_files', 'edit_posts'] as const;

function FoundDetails({ found, url }: { found: ConnectionFound; url: string | null }) {
  const { t, i18n } = useTranslation(NS);
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  const colon = i18n.language.startsWith('fr') ? '\u00a0:' : ':';
  const rights = CAPABILITIES.filter((c) => found.capabilities?.[c]).map((c) => t(`test.can.${c}`));
  const seo = found.seo;
  const plugin = seo?.plugin ?? 'none';
  const seoText = [t(`test.seoPlugin.${plugin}`), seo?.writable ? t('test.seoWritable') : seo?.reason ? t(`test.seoReason.${seo.reason}`, { defaultValue: '' }) : ''].filter(Boolean).join(' — ');
  const warnings = found.warnings ?? [];
  return (
    <Stack gap={2}>
      {found.siteName && (
        <Row label={`${t('test.siteName')}${colon}`} testId="wordpress-found-site">
          {found.siteName}
          {(found.siteUrl || url) && (
            <>
              {' '}
              (
              <Anchor href={found.siteUrl || url || undefined} target="_blank" rel="noopener noreferrer" size="sm" c="dark.8" td="underline">
                {found.siteUrl || url}
              </Anchor>
              )
            </>
          )}
        </Row>
      )}
      {found.user && (
        <Row label={`${t('test.user')}${colon}`} testId="wordpress-found-user">
          {found.user.name || found.user.slug}
          {/* the role by WordPress's own name for it, as the field's help says it ('Éditeur', 'Administrateur') */}
          {found.user.roles && found.user.roles.length > 0 && ` — ${t('test.roleLabel', { roles: list.format(found.user.roles.map((r) => t(`test.role.${r}`, { defaultValue: r }))) })}`}
        </Row>
      )}
      <Row label={`${t('test.capabilities')}${colon}`}>{rights.length ? list.format(rights) : t('test.none')}</Row>
      <Row label={`${t('test.seo')}${colon}`} testId="wordpress-found-seo">
        {seoText}
      </Row>
      {warnings.length > 0 && (
        <>
          <Text size="sm" fw={600} mt={4}>
            {t('test.warningsTitle')}
          </Text>
          <List size="sm" data-testid="wordpress-found-warnings">
            {warnings.map((w) => (
              <List.Item key={w}>{t(`test.warning.${w}`, { defaultValue: w })}</List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
