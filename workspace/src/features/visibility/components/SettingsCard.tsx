import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { dataErrorMessage } from '@citable/shared/data';
import { samplesForPrecision } from '@citable/shared/stats';
import { NS } from '../i18n';
import type { Engine, VisibilityOverview } from '../api/figures';
import { useSaveSettings, type SettingsInput } from '../api/settings';

const MARGINS = [0.05, 0.1, 0.15, 0.2];

/** The site's engines, answers per question, schedule, monthly budget and target precision. */
export function SettingsCard({
  siteId,
  overview,
  engines,
  prompts,
  currentRate,
  dateFormat,
}: {
  siteId: number;
  overview: VisibilityOverview;
  engines: Engine[];
  prompts: number;
  /** the cited rate measured so far (null: none) */
  currentRate: number | null;
  dateFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation(NS);
  const save = useSaveSettings(siteId);
  // three choices do not fit side by side on a phone
  const narrow = useMediaQuery('(max-width: 30em)');
  const s = overview.settings;
  const [form, setForm] = useState<SettingsInput>({
    engines: s.engines,
    runs_per_prompt: s.runs_per_prompt,
    schedule: s.schedule,
    monthly_budget_usd: Number(s.monthly_budget_usd),
    target_margin: Number(s.target_margin),
  });
  const selected = (form.engines ?? engines.map((e) => e.id)).map(String);
  const errors = {
    engines: selected.length === 0 ? t('settings.enginesError') : null,
    runs: !Number.isInteger(form.runs_per_prompt) || form.runs_per_prompt < 1 || form.runs_per_prompt > 50 ? t('settings.runsError') : null,
    budget: !Number.isFinite(form.monthly_budget_usd) || form.monthly_budget_usd < 0 || form.monthly_budget_usd > 100000 ? t('settings.budgetError') : null,
  };
  const [submitted, setSubmitted] = useState(false);
  const rate = currentRate ?? 0.5;
  const needed = samplesForPrecision(form.target_margin, rate);
  const runsNeeded = Math.min(50, Math.max(1, Math.ceil(needed / Math.max(1, prompts))));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.engines || errors.runs || errors.budget) return;
    const all = selected.length === engines.length;
    // mutateAsync: the card is drawn again with the saved settings (its key) before the call settles,
    // and mutate's own callbacks would not run for the card that asked
    save.mutateAsync({ ...form, engines: all ? null : selected.map(Number) }).then(
      () => showToast({ color: 'teal', message: t('settings.saved') }),
      (error: unknown) => showToast({ color: 'red', title: t('settings.saveError'), message: dataErrorMessage(error, t) }),
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="settings-title" data-testid="settings-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="settings-title">
              {t('settings.heading')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('settings.hint')}
            </Text>
          </div>
          <Checkbox.Group
            label={t('settings.engines')}
            value={selected}
            onChange={(v) => setForm((f) => ({ ...f, engines: v.map(Number) }))}
            error={submitted ? errors.engines : null}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
              {engines.map((e) => (
                <Checkbox key={e.id} value={String(e.id)} label={e.name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="schedule-label">
              {t('settings.schedule')}
            </Text>
            <SegmentedControl
              aria-labelledby="schedule-label"
              orientation={narrow ? 'vertical' : 'horizontal'}
              fullWidth
              value={form.schedule}
              onChange={(v) => setForm((f) => ({ ...f, schedule: v as SettingsInput['schedule'] }))}
              data={[
                { value: 'weekly', label: t('settings.weekly') },
                { value: 'daily', label: t('settings.daily') },
                { value: 'paused', label: t('settings.paused') },
              ]}
              data-testid="schedule"
            />
            <Text size="xs" c="gray.7" data-testid="next-run">
              {s.schedule === 'paused'
                ? t('settings.pausedNote')
                : s.next_run_at
                  ? t('settings.nextRun', { date: dateFormat.format(new Date(s.next_run_at)) })
                  : t('settings.nextRunSoon')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label={t('settings.runs')}
              value={form.runs_per_prompt}
              onChange={(v) => setForm((f) => ({ ...f, runs_per_prompt: typeof v === 'number' ? v : Number.NaN }))}
              min={1}
              max={50}
              allowDecimal={false}
              error={submitted ? errors.runs : null}
              data-testid="runs-per-prompt"
            />
            <NumberInput
              label={t('settings.budget')}
              value={form.monthly_budget_usd}
              onChange={(v) => setForm((f) => ({ ...f, monthly_budget_usd: typeof v === 'number' ? v : Number.NaN }))}
              min={0}
              max={100000}
              decimalScale={2}
              error={submitted ? errors.budget : null}
              data-testid="monthly-budget"
            />
          </SimpleGrid>
          <Select
            label={t('settings.precision')}
            data={MARGINS.map((m) => ({ value: String(m), label: t('settings.precisionOption', { points: Math.round(m * 100) }) }))}
            value={String(form.target_margin)}
            onChange={(v) => v && setForm((f) => ({ ...f, target_margin: Number(v) }))}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <Group gap="xs" align="center" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 240px' }} data-testid="precision-needed">
              {t('settings.needed', { points: Math.round(form.target_margin * 100), rate: Math.round(rate * 100), count: needed, runs: runsNeeded, tracked: t('units.tracked', { count: prompts }) })}
            </Text>
            <Button variant="light" size="xs" onClick={() => setForm((f) => ({ ...f, runs_per_prompt: runsNeeded }))} disabled={prompts === 0}>
              {t('settings.apply')}
            </Button>
          </Group>
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="save-settings">
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
