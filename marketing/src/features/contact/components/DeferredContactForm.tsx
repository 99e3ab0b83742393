import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { loadOnce } from '@citable/shared';
import { useMarketingT } from '../../../lib/locale';
import { useNearViewport } from '../../../lib/useNearViewport';
import type { Voice } from '../../../content/types';
import type * as ContactFormModule from './ContactForm';

type Module = typeof ContactFormModule;

/**
 * The contact form's chunk (the form, its inputs and @mantine/form): every landing page ends with
 * it, so it is downloaded when the section comes near the viewport, not with the page. The
 * prerender awaits it, so the crawlable HTML has the whole form. A failed download is retried.
 */
export const loadContactForm = loadOnce<Module>(() => import(/* webpackChunkName: "contact-form" */ './ContactForm'));

/** The contact form, downloaded near the viewport (see loadContactForm). */
export function DeferredContactForm({ contactEmail, voice }: { contactEmail: string; voice?: Voice }) {
  const { t } = useMarketingT();
  const slot = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(slot);
  const [module, setModule] = useState<Module | undefined>(() => loadContactForm.peek());
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!isNear || module || failed) return undefined;
    let live = true;
    loadContactForm().then(
      (m) => live && setModule(m),
      (error: unknown) => {
        console.error('[marketing] contact form chunk', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [isNear, module, failed]);

  if (module) return <module.ContactForm contactEmail={contactEmail} voice={voice} />;
  return (
    // .cz-contact-slot: exactly the rendered form's height at every width (marketing.css), so nothing moves when it arrives
    <Center ref={slot} className="cz-contact-slot" data-testid="contact-form-slot">
      {failed ? (
        <Stack align="center" gap="sm">
          <Text fw={600}>{t('error.title')}</Text>
          <Button variant="light" onClick={() => setFailed(false)}>{t('error.retry')}</Button>
        </Stack>
      ) : (
        <Loader role="status" aria-label={t('loading')} />
      )}
    </Center>
  );
}
