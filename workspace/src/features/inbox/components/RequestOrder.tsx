import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@citable/shared';
import { RefundError, useRefundOrder, type RequestOrder as Order } from '../api/orders';
import { NS } from '../i18n';
import { relativeTime } from '../utils/inbox';

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
  const when = (iso: string) => relativeTime(iso, new Date(), i18n.language, t('justNow'));
  const [confirming, setConfirming] = useState(false);
  const refund = useRefundOrder();
  const order = (orders ?? []).find((o) => o.status === 'paid' || o.status === 'refunded');
  if (!order) return null;
  const amount = amountOf(order, i18n.language);

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
      <Badge color={STATUS_COLORS[order.status] ?? 'gray.7'} variant="filled" leftSection={<IconCreditCard size={12} aria-hidden />}>
        {t(`order.status.${order.status}`, { amount })}
      </Badge>
      {order.status === 'paid' && order.paid_at && <Text size="sm" c="gray.8">{t('order.paidAt', { when: when(order.paid_at) })}</Text>}
      {order.status === 'refunded' && order.refunded_at && <Text size="sm" c="gray.8">{t('order.refundedAt', { when: when(order.refunded_at) })}</Text>}
      {order.status === 'paid' && (
        <Button size="xs" variant="default" leftSection={<IconReceiptRefund size={14} aria-hidden />} onClick={() => setConfirming(true)} aria-label={t('order.refundLabel', { amount, who })}>
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
