import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowRight } from '../../../components/icons';
import { useMarketingT } from '../../../lib/locale';
import { useClaimDialog } from '../hooks/useClaimDialog';

/** Opens the free-article dialog. */
export function ClaimButton({ label, ...props }: { label?: string } & ButtonProps) {
  const { t } = useMarketingT();
  const { open } = useClaimDialog();
  return (
    <Button size="lg" radius="md" rightSection={<IconArrowRight size={18} aria-hidden />} onClick={open} aria-haspopup="dialog" {...props}>
      {label ?? t('common.claimFree')}
    </Button>
  );
}
