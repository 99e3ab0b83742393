import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowRight } from '../../../components/icons';
import type { Voice } from '../../../content/types';
import { useMarketingT } from '../../../lib/locale';
import { useClaimDialog } from '../hooks/useClaimDialog';

/** Opens the free-article dialog, worded in the voice of the page it is on. */
export function ClaimButton({ label, voice, ...props }: { label?: string; voice?: Voice } & ButtonProps) {
  const { t } = useMarketingT();
  const { open } = useClaimDialog();
  return (
    <Button size="lg" radius="md" rightSection={<IconArrowRight size={18} aria-hidden />} onClick={() => open(voice)} aria-haspopup="dialog" {...props}>
      {label ?? t('common.claimFree')}
    </Button>
  );
}
