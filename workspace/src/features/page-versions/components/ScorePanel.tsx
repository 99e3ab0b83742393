/**
 * The content score of the selected version (docs/article-engine.md#content-score): the total as a
 * ring with its number and level in words, then each part with its bar and what to do. The score is
 * the one the server saved, or — while the HTML is edited, or when the server has not scored the
 * version — the same function run here against the page's brief ('live', 'estimated').
 */
import type { CSSProperties } from 'react';
import { Badge, Group, Paper, Progress, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconChecks, IconDeviceFloppy, IconTargetArrow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ContentScore } from '@citable/shared/engine';
import { LEVEL_COLOR, LEVEL_FILL, LEVEL_TEXT, scoreLevel } from '../../../components/content-score/scoreLevel';
import { NS } from '../i18n';
import { adviceText } from '../utils/score';

export type ScoreSource = 'live' | 'saved' | 'estimated';

export interface ScorePanelProps {
  score: ContentScore | null;
  source: ScoreSource | null;
}

const SOURCE_ICON = { live: IconBolt, saved: IconDeviceFloppy, estimated: IconTargetArrow } as const;

export function ScorePanel({ score, source }: ScorePanelProps) {
  const { t, i18n } = useTranslation(NS);

  if (!score || !source) {
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="score-title" data-testid="score-panel">
        <Title order={2} size="h4" id="score-title" mb="xs">
          {t('score.title')}
        </Title>
        <Stack gap={4} py="sm" data-testid="score-empty">
          <Text fw={600}>{t('score.empty')}</Text>
          <Text size="sm" c="gray.7">
            {t('score.emptyHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }

  const level = scoreLevel(score.total);
  const points = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const levelText = t(`score.level.${level}`);
  const SourceIcon = SOURCE_ICON[source];

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="score-title"
      data-testid="score-panel"
      data-source={source}
    >
      <Group justify="space-between" align="center" gap="xs" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="score-title">
          {t('score.title')}
        </Title>
        <Badge
          variant={source === 'live' ? 'filled' : 'light'}
          color={source === 'live' ? 'indigo.7' : 'gray'}
          style={source === 'live' ? undefined : ({ '--badge-color': '#343a40' } as CSSProperties)}
          leftSection={<SourceIcon size={12} aria-hidden />}
          data-testid="score-source"
        >
          {t(`score.source.${source}`)}
        </Badge>
      </Group>

      <Group gap="md" wrap="nowrap" align="center" mb="sm">
        <RingProgress
          size={96}
          thickness={9}
          roundCaps
          sections={[{ value: score.total, color: LEVEL_FILL[level] }]}
          rootColor="var(--mantine-color-gray-2)"
          role="img"
          aria-label={t('score.ringLabel', { score: score.total, level: levelText })}
          label={
            <Text ta="center" fw={800} size="xl" lh={1} aria-hidden data-testid="score-total">
              {score.total}
            </Text>
          }
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Badge
            size="lg"
            variant="light"
            color={LEVEL_COLOR[level]}
            style={{ '--badge-color': LEVEL_TEXT[level], textTransform: 'none', alignSelf: 'flex-start' } as CSSProperties}
            data-testid="score-level"
            data-level={level}
          >
            {t(`score.levelTitle.${level}`)} · {score.total} {t('score.of100')}
          </Badge>
          <Text size="xs" c="gray.7" aria-live="polite">
            {t(`score.sourceHint.${source}`)}
          </Text>
        </Stack>
      </Group>

      <Stack component="ul" gap="sm" aria-label={t('score.partsLabel')} p={0} m={0} style={{ listStyle: 'none' }}>
        {score.parts.map((part) => {
          const label = t(`score.part.${part.key}`, { defaultValue: part.key });
          const percent = Math.round(part.value * 100);
          const partLevel = scoreLevel(percent);
          const advice = adviceText(part.advice, t, i18n.language);
          return (
            <li key={part.key} data-testid="score-part" data-part={part.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                  {t('score.partValue', { points: points.format(part.value * part.weight), weight: part.weight })}
                </Text>
              </Group>
              <Progress value={percent} color={LEVEL_FILL[partLevel]} size="sm" radius="xl" aria-label={t('score.partBar', { label, percent })} />
              {advice ? (
                <Text size="sm" c="gray.8" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="score-advice">
                  {advice}
                </Text>
              ) : (
                <Group gap={4} mt={4} wrap="nowrap">
                  <IconChecks size={14} color="#05664a" aria-hidden />
                  <Text size="xs" c="#05664a">
                    {t('score.allGood')}
                  </Text>
                </Group>
              )}
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
