import { useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Flex, Group, Paper, Stack, Table, Text, TextInput, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconInfoCircle, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BriefQuestion } from '@citable/shared/engine';
import { useTapSize } from '../../../components/useTapSize';
import { NS } from '../i18n';
import {
  addQuestion,
  addTerm,
  dropSection,
  questionError,
  removeQuestion,
  removeTerm,
  restoreSection,
  setTargetWords,
  targetWordsError,
  termError,
  type EditableBrief,
  type TargetWordsError,
} from '../utils/briefEdit';

interface BlockProps {
  brief: EditableBrief;
  onChange: (brief: EditableBrief) => void;
  /** how many sources were read (the coverage's denominator) */
  readCount: number;
}

function Block({ id, title, hint, children, testId }: { id: string; title: ReactNode; hint?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="gray.7">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A one-field form: the typed text, its error (from `validate`), Add. */
function AddForm({ label, placeholder, addLabel, validate, onAdd, testId }: {
  label: string;
  placeholder: string;
  addLabel: string;
  validate: (value: string) => string | null;
  onAdd: (value: string) => void;
  testId: string;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(value);
    setError(problem);
    if (problem) return;
    onAdd(value);
    setValue('');
  };
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      {/* the label above; the input and Add side by side, or stacked on a phone (the input keeps its width) */}
      <TextInput
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          if (error) setError(null);
        }}
        error={error}
        styles={{ error: { color: 'var(--mantine-color-red-8)' } }}
        inputContainer={(input) => (
          <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" align={{ base: 'stretch', xs: 'flex-start' }}>
            <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
            <Button type="submit" variant="light" leftSection={<IconPlus size={16} aria-hidden />} style={{ flexShrink: 0 }}>
              {addLabel}
            </Button>
          </Flex>
        )}
      />
    </form>
  );
}

export function KeywordsBlock({ brief }: { brief: EditableBrief }) {
  const { t } = useTranslation(NS);
  return (
    <Block id="brief-keywords-title" title={t('keywords.title')} testId="brief-keywords">
      {brief.keywords.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('keywords.none')}
        </Text>
      ) : (
        <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {brief.keywords.map((keyword) => (
            <Badge key={keyword} component="li" variant="light" color="indigo" size="lg" tt="none" styles={{ label: { color: 'var(--mantine-color-indigo-9)' } }} data-testid="brief-keyword">
              {keyword}
            </Badge>
          ))}
        </Group>
      )}
      {brief.keywordsDerived && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} p="sm" data-testid="brief-keywords-derived">
          <Text size="sm" c="dark.8">
            {t('keywords.derived')}
          </Text>
        </Alert>
      )}
    </Block>
  );
}

export function LengthBlock({ brief, onChange, onErrorChange }: Omit<BlockProps, 'readCount'> & { onErrorChange: (error: TargetWordsError | null) => void }) {
  const { t, i18n } = useTranslation(NS);
  const number = new Intl.NumberFormat(i18n.language);
  const words = (n: number) => t('length.words', { count: n, formatted: number.format(n) });
  const [typed, setTyped] = useState(String(brief.targetWords));
  const [error, setError] = useState<TargetWordsError | null>(null);
  // a brief changed elsewhere (discarded, reloaded) shows its own length
  const [shownFor, setShownFor] = useState(brief.targetWords);
  if (shownFor !== brief.targetWords && error === null) {
    setShownFor(brief.targetWords);
    setTyped(String(brief.targetWords));
  }
  const cw = brief.competitorWords;
  return (
    <Block id="brief-length-title" title={t('length.title')} testId="brief-length">
      <Text fz={28} fw={700} lh={1.1} data-testid="brief-target-words">
        {words(brief.targetWords)}
      </Text>
      <Text size="sm" c="gray.7" data-testid="brief-competitor-words">
        {cw
          ? t('length.competitors', { count: cw.count, median: words(cw.median), min: number.format(cw.min), max: words(cw.max) })
          : t('length.noCompetitors')}
      </Text>
      <TextInput
        label={t('length.label')}
        description={t('length.description')}
        inputMode="numeric"
        value={typed}
        maw={260}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setTyped(value);
          const problem = targetWordsError(value);
          setError(problem);
          onErrorChange(problem);
          if (problem === null) {
            const next = setTargetWords(brief, value);
            setShownFor(next.targetWords);
            onChange(next);
          }
        }}
        error={error ? t(`length.errors.${error}`) : null}
        styles={{ error: { color: 'var(--mantine-color-red-8)' }, description: { color: 'var(--mantine-color-gray-7)' } }}
        data-testid="brief-target-input"
      />
    </Block>
  );
}

export function SectionsBlock({ brief, onChange, readCount }: BlockProps) {
  const { t } = useTranslation(NS);
  const tapSize = useTapSize();
  const dropped = brief.droppedSections ?? [];
  const coverage = (coveredBy: number[]) => (
    <Tooltip label={t('sections.coverageLabel', { count: coveredBy.length, total: readCount })}>
      <Badge variant="outline" tt="none" color={coveredBy.length > readCount / 2 ? 'teal' : 'gray'} styles={{ label: { color: `var(--mantine-color-${coveredBy.length > readCount / 2 ? 'teal' : 'gray'}-9)` } }} style={{ flexShrink: 0 }} data-testid="brief-section-coverage">
        <span aria-hidden>{t('sections.coverage', { count: coveredBy.length, total: readCount })}</span>
        <VisuallyHidden>{t('sections.coverageLabel', { count: coveredBy.length, total: readCount })}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
  return (
    <Block id="brief-sections-title" title={t('sections.title')} hint={t('sections.hint')} testId="brief-sections">
      {brief.sections.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('sections.none')}
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {brief.sections.map((section) => (
            <Group key={section.title} component="li" gap="xs" wrap="nowrap" justify="space-between" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="brief-section" data-title={section.title}>
              <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {section.title}
              </Text>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                {coverage(section.coveredBy)}
                <Tooltip label={t('sections.drop')}>
                  <ActionIcon size={tapSize} variant="subtle" color="red.8" aria-label={t('sections.dropOf', { title: section.title })} onClick={() => onChange(dropSection(brief, section.title))} data-testid="brief-section-drop">
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {dropped.length > 0 && (
        <Stack gap={4} data-testid="brief-sections-dropped">
          <Text size="sm" fw={600} c="gray.8">
            {t('sections.dropped')}
          </Text>
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {dropped.map((section) => (
              <Group key={section.title} component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="brief-section-dropped" data-title={section.title}>
                <Text size="sm" c="gray.7" td="line-through" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {section.title}
                </Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconArrowBackUp size={14} aria-hidden />}
                  aria-label={t('sections.restoreOf', { title: section.title })}
                  onClick={() => onChange(restoreSection(brief, section.title))}
                  style={{ flexShrink: 0 }}
                  data-testid="brief-section-restore"
                >
                  {t('sections.restore')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </Block>
  );
}

export function TermsBlock({ brief, onChange, readCount }: BlockProps) {
  const { t, i18n } = useTranslation(NS);
  const tapSize = useTapSize();
  const weight = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <Block id="brief-terms-title" title={t('terms.title')} hint={t('terms.hint')} testId="brief-terms">
      {brief.terms.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('terms.none')}
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" aria-label={t('terms.tableLabel')} data-testid="brief-terms-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('terms.term')}</Table.Th>
              {/* phones: the term and its target (weight and sources from 576 px) */}
              <Table.Th ta="right" visibleFrom="xs">
                {t('terms.weight')}
              </Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                {t('terms.sources')}
              </Table.Th>
              <Table.Th ta="right">{t('terms.target')}</Table.Th>
              <Table.Th w={tapSize === 'xl' ? 52 : 36}>
                <VisuallyHidden>{t('terms.remove')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {brief.terms.map((term) => (
              <Table.Tr key={term.term} data-testid="brief-term" data-term={term.term}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text span size="sm" fw={500}>
                    {term.term}
                  </Text>
                  {term.added && (
                    <Badge ml={6} size="xs" variant="outline" color="indigo.8" tt="none">
                      {t('terms.added')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                  {term.added ? '—' : weight.format(term.weight)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                  {term.added ? '—' : t('terms.sourcesValue', { count: term.sources, total: readCount })}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('terms.targetValue', { count: term.target })}
                </Table.Td>
                <Table.Td>
                  <ActionIcon size={tapSize} variant="subtle" color="red.8" aria-label={t('terms.removeOf', { term: term.term })} onClick={() => onChange(removeTerm(brief, term.term))} data-testid="brief-term-remove">
                    <IconX size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddForm
        label={t('terms.addLabel')}
        placeholder={t('terms.addPlaceholder')}
        addLabel={t('terms.add')}
        validate={(value) => {
          const problem = termError(brief, value);
          return problem ? t(`terms.errors.${problem}`) : null;
        }}
        onAdd={(value) => onChange(addTerm(brief, value))}
        testId="brief-term-add"
      />
    </Block>
  );
}

function originOf(question: BriefQuestion): { label: string; title: string } {
  const key = question.from === 'page' && question.n === undefined ? 'pageNoSource' : question.from;
  return { label: key, title: key };
}

export function QuestionsBlock({ brief, onChange }: Omit<BlockProps, 'readCount'>) {
  const { t } = useTranslation(NS);
  const tapSize = useTapSize();
  return (
    <Block id="brief-questions-title" title={t('questions.title')} hint={t('questions.hint')} testId="brief-questions">
      {brief.questions.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('questions.none')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {brief.questions.map((question) => {
            const origin = originOf(question);
            return (
              <Group key={question.question} component="li" gap="xs" wrap="nowrap" justify="space-between" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="brief-question" data-from={question.from}>
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {question.question}
                </Text>
                <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Tooltip label={t(`questions.fromLabel.${origin.title}`, { n: question.n })}>
                    <Badge variant="outline" color="gray.8" tt="none" styles={{ label: { color: 'var(--mantine-color-gray-8)' } }} data-testid="brief-question-origin">
                      <span aria-hidden>{t(`questions.from.${origin.label}`, { n: question.n })}</span>
                      <VisuallyHidden>{t(`questions.fromLabel.${origin.title}`, { n: question.n })}</VisuallyHidden>
                    </Badge>
                  </Tooltip>
                  <ActionIcon size={tapSize} variant="subtle" color="red.8" aria-label={t('questions.removeOf', { question: question.question })} onClick={() => onChange(removeQuestion(brief, question.question))} data-testid="brief-question-remove">
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      <AddForm
        label={t('questions.addLabel')}
        placeholder={t('questions.addPlaceholder')}
        addLabel={t('questions.add')}
        validate={(value) => {
          const problem = questionError(brief, value);
          return problem ? t(`questions.errors.${problem}`) : null;
        }}
        onAdd={(value) => onChange(addQuestion(brief, value))}
        testId="brief-question-add"
      />
    </Block>
  );
}
