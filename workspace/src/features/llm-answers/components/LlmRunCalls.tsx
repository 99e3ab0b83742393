import '../../../components/run-estimate/i18n';
import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dataErrorMessage } from '@citable/shared/data';
import { NS } from '../../../components/run-estimate/i18n';
import { llmRunCalls } from '../utils/answers';

interface LlmRunCallsProps {
  /** the number of models (llms table), null while unknown */
  models: number | null;
  perModel: number;
  questions: number;
  isPending: boolean;
  error: unknown;
}

/**
 * How many model calls an LLM answers run makes, and why: questions × models × answers per model
 * (issue 32), said in the run confirmation before the estimated cost.
 */
export function LlmRunCalls({ models, perModel, questions, isPending, error }: LlmRunCallsProps) {
  const { t } = useTranslation(NS);
  if (error) {
    return (
      <Text size="sm" data-testid="llm-run-calls">
        {t('llm_answers.callsUnknown', { reason: dataErrorMessage(error, t) })}
      </Text>
    );
  }
  if (isPending || models === null) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="gray.7">
          {t('llm_answers.callsLoading')}
        </Text>
      </Group>
    );
  }
  const calls = llmRunCalls({ questions, models, perModel });
  return (
    <div data-testid="llm-run-calls" data-calls={calls}>
      <Text size="sm" fw={600} data-testid="llm-run-calls-count">
        {t('llm_answers.calls', { count: calls })}
      </Text>
      <Text size="sm" c="gray.7" data-testid="llm-run-calls-detail">
        {[t('llm_answers.questions', { count: questions }), t('llm_answers.models', { count: models }), t('llm_answers.perModel', { count: perModel })].join(' × ')}
      </Text>
    </div>
  );
}
