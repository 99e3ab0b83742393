import { useEffect, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, showToast, useUser, type Site } from '@citable/shared';
import { useCountries, useLanguages } from '../api/locations';
import { useToneGroups } from '../../../components/toneGroups';
import { LogoUploadError, useSaveSite } from '../api/saveSite';
import {
  emptySiteForm,
  formToPayload,
  isValidEmail,
  normalizeSiteUrl,
  siteUrlError,
  languageChoice,
  CLIENT_NAME_MAX,
  siteToForm,
  SERPS_MAX,
  SERPS_MIN,
  SITE_STATUSES,
  toId,
  withCountry,
  localizedName,
  type LogoProblem,
  type SiteFormValues,
} from '../utils/siteForm';
import { focusFirstError } from '../../../utils/focusFirstError';
import { LogoField } from './LogoField';
import { resolveLogoUrl } from './SiteLogo';

interface SiteFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** the site to edit; null to create one */
  site: Site | null;
  onSaved?: (site: Site) => void;
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <div>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {hint}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

const LOGO_MESSAGES: Record<LogoProblem | 'auth' | 'required', string> = {
  format: 'form.logoFormat',
  size: 'form.logoSize',
  auth: 'form.logoAuth',
  required: 'form.logoRequired',
};

/** Mantine's dimmed grey (descriptions) is under 4.5:1 on white: a darker grey in this form (WCAG AA). */
const READABLE = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as CSSProperties;

/** Slider with its value shown, for the SERP counts (1 to 100, step 1). */
function CountSlider({ label, value, onChange, testId }: { label: string; value: number; onChange: (v: number) => void; testId: string }) {
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} id={`${testId}-label`}>
          {label}
        </Text>
        <Text size="sm" fw={600} data-testid={`${testId}-value`}>
          {value}
        </Text>
      </Group>
      <Slider
        min={SERPS_MIN}
        max={SERPS_MAX}
        step={1}
        value={value}
        onChange={onChange}
        thumbLabel={label}
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
        marks={[{ value: 1 }, { value: 50 }, { value: 100 }]}
        mt={6}
        mb="xs"
      />
    </div>
  );
}

/** The form itself, mounted at each opening (so it starts from the site, or from the defaults). */
function SiteForm({ onClose, site, onSaved }: Omit<SiteFormModalProps, 'opened'>) {
  const { t, i18n } = useTranslation('sites');
  const opened = true;
  const user = useUser();
  const isEdit = site !== null;
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const logoField = (formNode: HTMLElement | null) => formNode?.querySelector<HTMLElement>('[data-testid="logo-dropzone"]') ?? null;
  const formOf = (event: FormEvent | undefined) => (event?.currentTarget as HTMLFormElement | undefined) ?? null;

  const form = useForm<SiteFormValues>({
    mode: 'controlled',
    initialValues: site ? siteToForm(site) : emptySiteForm(),
    validate: {
      url: (value) => {
        const problem = siteUrlError(value);
        return problem ? t(`form.${problem}`) : null;
      },
      client_email: (value) => (value.trim() === '' || isValidEmail(value) ? null : t('form.clientEmailInvalid')),
      client_name: (value) => (value.trim().length > CLIENT_NAME_MAX ? t('form.clientNameTooLong', { max: CLIENT_NAME_MAX }) : null),
    },
  });

  const countries = useCountries(opened);
  const toneGroups = useToneGroups(opened);
  const countryId = toId(form.values.country);
  const languages = useLanguages(opened ? countryId : null);
  const choice = languageChoice(languages.data ?? []);

  // one language: it is the site's language, shown as fixed
  useEffect(() => {
    if (choice.kind === 'fixed' && form.values.language !== String(choice.language.id)) {
      form.setFieldValue('language', String(choice.language.id));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choice.kind, choice.kind === 'fixed' ? choice.language.id : null]);

  useEffect(() => {
    if (countries.isError) showToast({ color: 'red', title: t('form.errorTitle'), message: t('form.countriesError') });
  }, [countries.isError, t]);
  useEffect(() => {
    if (languages.isError) showToast({ color: 'red', title: t('form.errorTitle'), message: t('form.languagesError') });
  }, [languages.isError, t]);
  useEffect(() => {
    if (toneGroups.isError) showToast({ color: 'red', title: t('form.errorTitle'), message: t('form.toneGroupsError') });
  }, [toneGroups.isError, t]);

  const save = useSaveSite();

  const handleLogoProblem = (problem: LogoProblem) => {
    setLogo(null);
    setLogoError(t(LOGO_MESSAGES[problem]));
  };

  const handleSubmit = (values: SiteFormValues, event?: FormEvent<HTMLFormElement>) => {
    setSaveError(null);
    if (!user) {
      setSaveError(t('form.loginRequired'));
      return;
    }
    if (!isEdit && !logo) {
      setLogoError(t('form.logoRequired'));
      focusFirstError(formOf(event), {}, [logoField(formOf(event))]);
      return;
    }
    save.mutate(
      { site, payload: formToPayload(values), logo, userId: user.id },
      {
        onSuccess: (saved) => {
          showToast({
            color: 'green',
            title: t(isEdit ? 'form.updated' : 'form.created'),
            message: t(isEdit ? 'form.updatedText' : 'form.createdText', { name: saved.name }),
          });
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          if (error instanceof LogoUploadError) {
            setLogo(null);
            setLogoError(error.problem === 'other' ? t('form.logoUpload', { message: error.message }) : t(LOGO_MESSAGES[error.problem]));
            return;
          }
          const message =
            error.message === 'You must be logged in to create a site.' ? t('form.loginRequired') : error.message || t('form.saveError');
          setSaveError(message);
          showToast({ color: 'red', title: t('form.saveError'), message });
        },
      },
    );
  };

  // refused: the first field in error (in the page's order) is scrolled to and focused
  const handleInvalid = (errors: Record<string, unknown>, _values: SiteFormValues, event?: FormEvent<HTMLFormElement>) => {
    const logoMissing = !isEdit && !logo;
    if (logoMissing) setLogoError(t('form.logoRequired'));
    const formNode = formOf(event);
    focusFirstError(formNode, errors, logoMissing ? [logoField(formNode)] : []);
  };

  const currentLogo = resolveLogoUrl(site?.image_logo);
  const typedUrl = form.values.url.trim();
  const storedUrl = typedUrl ? normalizeSiteUrl(typedUrl) : null;

  const lng = i18n.resolvedLanguage ?? i18n.language;
  const countryData = (countries.data ?? [])
    .map((c) => ({ value: String(c.id), label: localizedName('region', c.country_code, c.country_name, lng) }))
    .sort((a, b) => a.label.localeCompare(b.label, lng));
  const languageLabel = (l: { language_name: string; language_code: string | null }) =>
    localizedName('language', l.language_code, l.language_name, lng);
  const toneData = [{ value: 'none', label: t('form.none') }, ...(toneGroups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))];
  const statusData = SITE_STATUSES.map((s) => ({ value: s, label: t(`form.status.${s}`) }));

  return (
      <form onSubmit={form.onSubmit(handleSubmit, handleInvalid)} noValidate style={READABLE} data-testid="site-form">
        <Stack gap="lg">
          {saveError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('form.saveError')} role="alert">
              {saveError}
            </Alert>
          )}

          <Section title={t('form.sections.site')} hint={t('form.sections.siteHint')}>
            <TextInput
              label={t('form.url')}
              placeholder={t('form.urlPlaceholder')}
              withAsterisk
              type="url"
              autoComplete="url"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              {...form.getInputProps('url')}
            />
            {storedUrl && storedUrl !== typedUrl && (
              <Text size="xs" c="gray.7" mt={-8} style={{ overflowWrap: 'anywhere' }} data-testid="site-url-preview">
                {t('form.urlPreview', { url: storedUrl })}
              </Text>
            )}
            <TextInput label={t('form.name')} description={t('form.nameHint')} {...form.getInputProps('name')} />
          </Section>

          <Divider />
          <Section title={t('form.sections.client')} hint={t('form.sections.clientHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('form.clientName')} autoComplete="off" maxLength={CLIENT_NAME_MAX} data-testid="client-name" {...form.getInputProps('client_name')} />
              <TextInput
                label={t('form.clientEmail')}
                description={t('form.clientEmailHint')}
                type="email"
                autoComplete="off"
                data-testid="client-email"
                {...form.getInputProps('client_email')}
              />
            </SimpleGrid>
          </Section>

          <Divider />
          <Section title={t('form.sections.audience')} hint={t('form.sections.audienceHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('form.country')}
                placeholder={t('form.countryPlaceholder')}
                data={countryData}
                searchable
                clearable
                nothingFoundMessage="—"
                value={form.values.country || null}
                onChange={(value) => form.setValues(withCountry(form.values, value))}
              />
              {countryId === null ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('form.language')}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {t('form.languageChooseCountry')}
                  </Text>
                </Stack>
              ) : languages.isPending ? (
                <Text size="sm" c="gray.7">
                  {t('form.languagesLoading')}
                </Text>
              ) : choice.kind === 'fixed' ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('form.language')}
                  </Text>
                  <Text size="sm" data-testid="language-fixed">
                    {languageLabel(choice.language)}
                  </Text>
                </Stack>
              ) : choice.kind === 'radio' ? (
                <Radio.Group label={t('form.language')} {...form.getInputProps('language')}>
                  <Group gap="md" mt={6}>
                    {choice.languages.map((l) => (
                      <Radio key={l.id} value={String(l.id)} label={languageLabel(l)} />
                    ))}
                  </Group>
                </Radio.Group>
              ) : (
                <Text size="sm" c="gray.7">
                  {t('form.languageNone')}
                </Text>
              )}
            </SimpleGrid>
            <Switch
              label={t('form.forceLanguage')}
              description={t('form.forceLanguageHint')}
              {...form.getInputProps('force_defined_language_for_serps', { type: 'checkbox' })}
            />
          </Section>

          <Divider />
          <Section title={t('form.sections.tone')} hint={t('form.sections.toneHint')}>
            <Select
              label={t('form.toneGroup')}
              description={t('form.toneGroupHint')}
              data={toneData}
              allowDeselect={false}
              value={form.values.tone_articles_group || 'none'}
              onChange={(value) => form.setFieldValue('tone_articles_group', value ?? 'none')}
            />
            <Switch
              label={t('form.familiarTerms')}
              description={t('form.familiarTermsHint')}
              {...form.getInputProps('familiar_terms', { type: 'checkbox' })}
            />
            <Switch
              label={t('form.addressWithI')}
              description={t('form.addressWithIHint')}
              {...form.getInputProps('address_the_reader_with_i', { type: 'checkbox' })}
            />
          </Section>

          <Divider />
          <Section title={t('form.sections.research')} hint={t('form.sections.researchHint')}>
            <CountSlider
              label={t('form.serps')}
              testId="serps-slider"
              value={Number(form.values.serps_nb_results) || SERPS_MIN}
              onChange={(v) => form.setFieldValue('serps_nb_results', v)}
            />
            <CountSlider
              label={t('form.serpsImg')}
              testId="serps-img-slider"
              value={Number(form.values.serps_img_nb_results) || SERPS_MIN}
              onChange={(v) => form.setFieldValue('serps_img_nb_results', v)}
            />
          </Section>

          <Divider />
          <Section title={t('form.sections.content')} hint={t('form.sections.contentHint')}>
            <TextInput
              label={t('form.acceptedTopics')}
              placeholder={t('form.acceptedTopicsPlaceholder')}
              {...form.getInputProps('accepted_topics')}
            />
            <Textarea
              label={t('form.additionalGuidelines')}
              placeholder={t('form.additionalGuidelinesPlaceholder')}
              autosize
              minRows={3}
              maxRows={10}
              {...form.getInputProps('additional_guidelines')}
            />
            <Textarea
              label={t('form.toScrape')}
              description={t('form.toScrapeHint')}
              autosize
              minRows={2}
              maxRows={8}
              {...form.getInputProps('to_scrape')}
            />
          </Section>

          <Divider />
          <Section title={t('form.sections.images')} hint={t('form.sections.imagesHint')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput label={t('form.coverWidth')} min={1} max={10000} allowDecimal={false} {...form.getInputProps('cover_image_width')} />
              <NumberInput label={t('form.coverHeight')} min={1} max={10000} allowDecimal={false} {...form.getInputProps('cover_image_height')} />
              <NumberInput label={t('form.nbImages')} min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('nb_images_to_create')} />
            </SimpleGrid>
            <Switch
              label={t('form.autoPublishImage')}
              description={t('form.autoPublishImageHint')}
              {...form.getInputProps('auto_publish_image', { type: 'checkbox' })}
            />
          </Section>

          <Divider />
          <Section title={t('form.sections.publishing')} hint={t('form.sections.publishingHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('form.defaultType')} description={t('form.defaultTypeHint')} {...form.getInputProps('default_type_page_post')} />
              <Select
                label={t('form.defaultStatus')}
                data={statusData}
                allowDeselect={false}
                value={form.values.default_status}
                onChange={(value) => value && form.setFieldValue('default_status', value as SiteFormValues['default_status'])}
              />
            </SimpleGrid>
          </Section>

          <Divider />
          <Section title={t('form.sections.logo')} hint={t('form.sections.logoHint')}>
            <LogoField
              currentUrl={currentLogo}
              file={logo}
              error={logoError}
              onChange={(file) => {
                setLogo(file);
                setLogoError(null);
              }}
              onProblem={handleLogoProblem}
            />
          </Section>

          {/* kept in view at the bottom of the scrolling form: saving never needs a scroll to the end */}
          <Group
            justify="flex-end"
            gap="sm"
            mt="sm"
            py="sm"
            pos="sticky"
            bottom={0}
            bg="var(--mantine-color-body)"
            style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(isEdit ? 'form.save' : 'form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
  );
}

/** The site form (create and edit) in a modal, full screen on phones. */
export function SiteFormModal({ opened, onClose, site, onSaved }: SiteFormModalProps) {
  const { t } = useTranslation('sites');
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} size="lg" component="span">
          {t(site ? 'form.editTitle' : 'form.createTitle')}
        </Text>
      }
      fullScreen={Boolean(isMobile)}
      size="xl"
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      {opened && <SiteForm site={site} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
