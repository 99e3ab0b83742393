import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { RefundError, useRefundOrder, type RequestOrder as Order } from '../api/orders';
import { NS } from '../i18n';
import { relativeWithTime } from '../utils/inbox';
import { useIsMobile } from './inboxHooks';

// filled: white text on the dark shade (contrast 4.5:1 at least, WCAG AA)
const STATUS_COLORS: Record<string, string> = { paid: 'teal.9', refunded: 'gray.7' };

/** "1 €" / "€1" */
function amountOf(order: Order, language: string): string {
  return new Intl.NumberFormat(language.startsWith('fr') ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency: order.currency.toUpperCase(),
    minimumFractionDigits: order.amount_cents % 100 === 0 ? 0 : 2,
  }).format(order.amount_cents / 100);
}

/**
 * A request's discovery order (issue 34), in its inbox row: "Order paid 1 €" (or refunded), and for a
 * paid one the Refund action (confirmed first: Stripe gives the money back to the client's card).
 * Nothing for a free claim.
 */
export function RequestOrder({ orders, who }: { orders: Order[] | null | undefined; who: string }) {
  const { t, i18n } = useTranslation(NS);
  const when = (iso: string) => relativeWithTime(iso, new Date(), i18n.language, t('justNow'), (day, time) => t('atTime', { day, time }));
  const isMobile = useIsMobile();
  const [confirming, setConfirming] = useState(false);
  const refund = useRefundOrder();
  const order = (orders ?? []).find((o) => o.status === 'paid' || o.status === 'refunded');
  if (!order) return null;
  const amount = amountOf(order, i18n.language);
  const date = order.status === 'paid' ? order.paid_at : order.refunded_at;

  const onRefund = () =>
    refund.mutate(order.id, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ color: 'teal', message: t('order.refunded', { amount, who }) });
      },
      onError: (error) => {
        setConfirming(false);
        const code = error instanceof RefundError ? error.code : 'unknown';
        showToast({ color: 'red', title: t('order.refundError'), message: t(`order.errors.${code}`, { defaultValue: t('order.errors.unknown') }) });
      },
    });

  return (
    <Group gap="xs" wrap="wrap" data-testid="inbox-order" data-order-status={order.status}>
      {/* one line, "Payée 1 € · à l’instant" (audit D9): the state said once, with its time */}
      <Badge color={STATUS_COLORS[order.status] ?? 'gray.7'} variant="filled" tt="none" h="auto" mih={22} leftSection={<IconCreditCard size={12} aria-hidden />} data-testid="inbox-order-state">
        {date ? t(`order.line.${order.status}`, { amount, when: when(date) }) : t(`order.status.${order.status}`, { amount })}
      </Badge>
      {order.status === 'paid' && (
        // money going back: a red, lighter-weight action than the workflow's, confirmed in a dialog
        <Button
          size={isMobile ? 'sm' : 'xs'}
          h={isMobile ? 44 : undefined}
          variant="outline"
          color="red.8"
          leftSection={<IconReceiptRefund size={14} aria-hidden />}
          onClick={() => setConfirming(true)}
          aria-label={t('order.refundLabel', { amount, who })}
          data-testid="inbox-refund"
        >
          {t('order.refund')}
        </Button>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('order.confirmTitle', { amount })} centered>
        <Stack gap="md">
          <Text size="sm">{t('order.confirmText', { amount, who })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={refund.isPending}>{t('order.cancel')}</Button>
            <Button color="red.8" onClick={onRefund} loading={refund.isPending}>{t('order.confirm', { amount })}</Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
