import { Button, type ButtonProps } from '@mantine/core';
import { Link } from 'react-router-dom';
import { externalPaths } from '../config/paths';
import { IconMail } from './icons';

/** Link styled as a button to the sign-in / sign-up page. */
export function AuthButton({ children, ...props }: { children: string } & ButtonProps) {
  return <Button component={Link} to={externalPaths.auth} size="lg" radius="md" {...props}>{children}</Button>;
}

/** Button that jumps to an in-page anchor (#pricing, #how...), smoothly scrolled by CSS. */
export function AnchorButton({ href, children, ...props }: { href: `#${string}`; children: string } & ButtonProps) {
  return <Button component="a" href={href} size="lg" radius="md" variant="default" {...props}>{children}</Button>;
}

/** 'Reach Out Directly': a mailto link to the contact address. */
export function MailtoButton({ email, children, ...props }: { email: string; children: string } & ButtonProps) {
  return <Button component="a" href={`mailto:${email}`} size="lg" radius="md" variant="outline" leftSection={<IconMail size={18} aria-hidden />} {...props}>{children}</Button>;
}
